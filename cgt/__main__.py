"""``python -m cgt``: the ``cgt`` command (see `cgt.cli`)."""

if __name__ == "__main__":
    from cgt.cli import main

    raise SystemExit(main())
