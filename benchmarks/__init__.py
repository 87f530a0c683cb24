"""Timed workloads for cgt, side by side with the peer package cgt-py (run ``python -m benchmarks``)."""
