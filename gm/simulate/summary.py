"""A run's report as plain data (what `--json` prints and the tables show), from games' records.

The runner does not keep records: it adds each game to a `Tally` (gm/simulate/tally.py) as it
arrives. These two functions are the same report from a list of records, for a caller that has one
(record i being game number i)."""

from __future__ import annotations

from typing import Any

from .tally import Paired, Tally


def summarize(records: list[dict], reference: dict | None = None) -> dict[str, Any]:
    """The summary of these games (record i is game number i)."""
    tally = Tally()
    for i, r in enumerate(records):
        tally.add(i, r)
    return tally.summary(reference)


def compare(a: list[dict], b: list[dict]) -> dict[str, Any]:
    """Game i of `a` against game i of `b` (same seed, other house rules), for every figure; which
    differences are larger than chance, with Holm's correction over all of them."""
    n = min(len(a), len(b))
    ta, tb, paired = Tally(), Tally(), Paired()
    for i in range(n):
        ta.add(i, a[i])
        tb.add(i, b[i])
        paired.add(a[i], b[i])
    return paired.comparison(ta, tb)
