"""Exact sums over games, and the figures read from them: means, ratios and paired differences
with their 95% intervals, as gm/simulate/stats.py computes them from the full list of values.

A sum is of Python integers (a float that is not whole is kept as the exact Fraction it is), so
sums added in any order, or merged from any number of workers, agree to the last digit
(gm/simulate/tally.py keeps them, game by game).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from .stats import Z95


def exact(v: Any) -> int | Fraction:
    """A record's number as an exact one: whole numbers as int, any other float as the Fraction it is."""
    if type(v) is int:
        return v
    if isinstance(v, int):  # bool
        return int(v)
    f = float(v)
    return int(f) if f.is_integer() else Fraction(f)


def exact_div(a, b) -> float:
    """a / b as the old float code gave it (correctly rounded), for ints or Fractions."""
    if type(a) is int and type(b) is int:
        return a / b
    return float(Fraction(a) / Fraction(b))


def rounded(x: float, digits: int = 4) -> float:
    return round(x, digits)


def interval(t: tuple[float, float, float], digits: int = 4) -> dict:
    return {"value": rounded(t[0], digits), "low": rounded(t[1], digits), "high": rounded(t[2], digits)}


def mean_from(n: int, s, q) -> tuple[float, float, float]:
    """stats.mean_ci from n, Σx and Σx² (the spread about the mean computed exactly)."""
    if n == 0:
        return 0.0, 0.0, 0.0
    m = float(s) / n
    if n == 1:
        return m, m, m
    mf = Fraction(m)
    var = float(q - 2 * mf * s + n * mf * mf) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return m, m - half, m + half


def ratio_from(n: int, sx, sy, sxx, syy, sxy, nonneg: bool, share: bool) -> tuple[float, float, float]:
    """stats.ratio_ci from n, Σx, Σy, Σx², Σy², Σxy; `nonneg` (every x >= 0) and `share` (every x <= y)
    say whether the interval may be clipped to 0 and to 1."""
    total_y = float(sy)
    if n == 0 or total_y == 0:
        return 0.0, 0.0, 0.0
    r = float(sx) / total_y
    if n == 1:
        return r, r, r
    ybar = total_y / n
    rf = Fraction(r)
    resid = sxx - 2 * rf * sxy + rf * rf * syy  # Σ(x - r·y)², exactly
    se = math.sqrt(float(resid) / (n * (n - 1))) / ybar
    lo, hi = r - Z95 * se, r + Z95 * se
    if nonneg:
        lo = max(lo, 0.0)
        if share:
            hi = min(hi, 1.0)
    return r, lo, hi


def paired_from(n: int, sd, sdd) -> tuple[float, float]:
    """stats.paired_test from n, Σd and Σd² of the paired differences d = b - a."""
    if n == 0:
        return 0.0, 1.0
    m = float(sd) / n
    if n == 1:
        return m, 1.0
    mf = Fraction(m)
    var = float(sdd - 2 * mf * sd + n * mf * mf) / (n - 1)
    if var == 0:
        return m, 1.0 if m == 0 else 0.0
    z = m / math.sqrt(var / n)
    return m, math.erfc(abs(z) / math.sqrt(2))


def add_ratio(acc: list, x, y) -> None:
    """acc = [Σx, Σy, Σx², Σy², Σxy, every x >= 0, every x <= y]."""
    acc[0] += x
    acc[1] += y
    acc[2] += x * x
    acc[3] += y * y
    acc[4] += x * y
    acc[5] = acc[5] and x >= 0
    acc[6] = acc[6] and x <= y


def merge_ratio(acc: list, other: list) -> None:
    for k in range(5):
        acc[k] += other[k]
    acc[5] = acc[5] and other[5]
    acc[6] = acc[6] and other[6]


def new_ratio() -> list:
    return [0, 0, 0, 0, 0, True, True]
