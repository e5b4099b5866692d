"""The numbers of a simulation, from the games' records (gm/balance.py): sums, means with
95% confidence intervals, and the paired comparison of two sets of house rules played on the same seeds.

Games are independent; the players of one game are not (one student's win is another's loss). So a
rate over players (a role's win rate) is a ratio of per-game sums, and its interval is the ratio
estimator's, computed over games; a comparison pairs game i of one run with game i of the other.
"""

from __future__ import annotations

import math
from typing import Iterable, Sequence

Z95 = 1.959963984540054


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its 95% interval (normal approximation; the interval is the mean alone for one game)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    m = math.fsum(values) / n
    if n == 1:
        return m, m, m
    var = math.fsum((v - m) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return m, m - half, m + half


def wilson(successes: int, n: int) -> tuple[float, float, float]:
    """A proportion and its 95% Wilson interval (good near 0 and 1, where the normal one is not)."""
    if n == 0:
        return 0.0, 0.0, 0.0
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def ratio_ci(numerators: Sequence[float], denominators: Sequence[float]) -> tuple[float, float, float]:
    """sum(x) / sum(y) over games, with the ratio estimator's 95% interval (clustered by game)."""
    n = len(numerators)
    total_y = math.fsum(denominators)
    if n == 0 or total_y == 0:
        return 0.0, 0.0, 0.0
    r = math.fsum(numerators) / total_y
    if n == 1:
        return r, r, r
    ybar = total_y / n
    resid = math.fsum((x - r * y) ** 2 for x, y in zip(numerators, denominators))
    se = math.sqrt(resid / (n * (n - 1))) / ybar
    lo, hi = r - Z95 * se, r + Z95 * se
    if all(x >= 0 for x in numerators):
        lo = max(lo, 0.0)  # a count over a count is never negative...
        if all(x <= y for x, y in zip(numerators, denominators)):
            hi = min(hi, 1.0)  # ...nor above 1 when it is a share (winners among players)
    return r, lo, hi


def paired_test(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """Mean difference b - a over paired games and its two-sided p-value (normal approximation of
    the paired t-test; p = 1 when the games never differ)."""
    n = min(len(a), len(b))
    if n == 0:
        return 0.0, 1.0
    d = [b[i] - a[i] for i in range(n)]
    m = math.fsum(d) / n
    if n == 1:
        return m, 1.0
    var = math.fsum((x - m) ** 2 for x in d) / (n - 1)
    if var == 0:
        return m, 1.0 if m == 0 else 0.0
    z = m / math.sqrt(var / n)
    return m, math.erfc(abs(z) / math.sqrt(2))


def holm(pvalues: Iterable[float], alpha: float = 0.05) -> list[bool]:
    """Holm's step-down correction: which of many differences stay significant at `alpha` together
    (comparing dozens of figures at 5% each would flag one in twenty by chance)."""
    ps = list(pvalues)
    order = sorted(range(len(ps)), key=lambda i: ps[i])
    keep = [False] * len(ps)
    m = len(ps)
    for rank, i in enumerate(order):
        if ps[i] > alpha / (m - rank):
            break
        keep[i] = True
    return keep
