"""Queueing-theory references the module is checked against."""

from __future__ import annotations


def erlang_c(c: int, rho: float) -> float:
    """Probability of waiting in M/M/c at utilisation rho (Erlang C)."""
    if not 0 <= rho < 1:
        raise ValueError("rho must be in [0, 1)")
    a = rho * c
    b = 1.0  # Erlang B by its stable recursion
    for k in range(1, c + 1):
        b = a * b / (k + a * b)
    return b / (1 - rho * (1 - b))


def mmc_mean_sojourn(c: int, rho: float, mean_service: float) -> float:
    """Mean sojourn of M/M/c FCFS (same unit as mean_service)."""
    return erlang_c(c, rho) * mean_service / (c * (1 - rho)) + mean_service
