"""The limits of databases: defaults, set in Python or the environment, and every request past one
refused before any file is made."""

import pytest

from cgt import GameTooLargeError
from cgt.db import LIMITS, build, build_octal, create
from cgt.db.build import shards_for


def test_defaults():
    assert repr(LIMITS).startswith("Limits(max_cells=18, max_shards=100000, max_workers=")
    assert (LIMITS.max_digits, LIMITS.max_heap, LIMITS.query_seconds) == (6, 1_000_000, 300.0)


def test_the_default_plan_of_the_largest_census_is_within_the_shards_limit():
    assert shards_for("domineering", LIMITS.max_cells) <= LIMITS.max_shards


def test_a_limit_is_set_in_python_and_in_the_environment(limits_environment):
    limits_environment.setenv("CGT_DB_MAX_HEAP", "5000")
    assert LIMITS.max_heap == 5000
    LIMITS.max_heap = 7
    try:
        assert LIMITS.max_heap == 7           # Python's value comes first
    finally:
        del LIMITS.max_heap
    assert LIMITS.max_heap == 5000
    limits_environment.delenv("CGT_DB_MAX_HEAP")
    assert LIMITS.max_heap == 1_000_000


@pytest.mark.parametrize("name, value", [("max_cells", 0), ("max_cells", 2.5), ("max_cells", True),
                                         ("max_cells", "18"), ("query_seconds", float("nan")),
                                         ("query_seconds", -1), ("query_seconds", float("inf"))])
def test_a_limit_is_a_number_greater_than_0(name, value):
    before = getattr(LIMITS, name)
    with pytest.raises(ValueError, match=f"cgt.db.LIMITS.{name} must be a"):
        setattr(LIMITS, name, value)
    assert getattr(LIMITS, name) == before


def test_a_limit_from_the_environment_is_checked_when_used(limits_environment):
    limits_environment.setenv("CGT_DB_QUERY_SECONDS", "soon")
    with pytest.raises(ValueError, match="the environment variable CGT_DB_QUERY_SECONDS must be a number of "
                                         "seconds greater than 0, not 'soon'"):
        LIMITS.query_seconds
    limits_environment.setenv("CGT_DB_QUERY_SECONDS", "0.5")
    assert LIMITS.query_seconds == 0.5


@pytest.mark.parametrize("start, error, message", [
    (lambda path: build(path, "domineering", 26), GameTooLargeError, "max_cells = 18"),
    (lambda path: build(path, "domineering", 8, shards_per_size=10**9), GameTooLargeError, "max_shards"),
    (lambda path: build(path, "domineering", 3, workers=0), ValueError, "at least 1 worker"),
    (lambda path: build(path, "domineering", 3, workers=10**6), GameTooLargeError, "max_workers"),
    (lambda path: build(path, "domineering", 3, workers=1, client=object()), ValueError, "not more than one"),
    (lambda path: build(path, "domineering", "3"), TypeError, "the cells of a census is a whole number"),
    (lambda path: build(path, "chess", 3), ValueError, "unknown ruleset 'chess'"),
    (lambda path: build_octal(path, digits=12), GameTooLargeError, "max_digits = 6"),
    (lambda path: build_octal(path, max_heap=10**9), GameTooLargeError, "max_heap = 1000000"),
    (lambda path: build_octal(path, shard_size=0), ValueError, "at least 1 code"),
    (lambda path: create(path, "go"), ValueError, "unknown ruleset 'go'"),
])
def test_a_build_past_a_limit_or_with_a_bad_argument_makes_nothing(tmp_path, start, error, message):
    with pytest.raises(error, match=message):
        start(tmp_path / "x.sqlite")
    assert list(tmp_path.iterdir()) == []


def test_a_raised_limit_lets_a_build_through(tmp_path):
    LIMITS.max_cells = 3
    try:
        with pytest.raises(GameTooLargeError, match="4 is past the limit max_cells = 3; raise it with "
                                                    "cgt.db.LIMITS.max_cells = 4"):
            build(tmp_path / "x.sqlite", "cram", 4)
        LIMITS.max_cells = 4
        assert build(tmp_path / "x.sqlite", "cram", 4) == {1: 1, 2: 1, 3: 2, 4: 5}
    finally:
        del LIMITS.max_cells
