"""The tests' oracle: gm's report computed from the full list of records, as gm/simulate/summary.py
did before the runner added games to a Tally as they arrive (#30). tests/test_simulate_tally.py
checks that the tally gives this report, on random records and on real games of every engine."""

from __future__ import annotations

from collections import Counter
from typing import Any

from gm.simulate.stats import holm, mean_ci, paired_test, ratio_ci, wilson


def _r(x: float, digits: int = 4) -> float:
    return round(x, digits)


def _ci(t: tuple[float, float, float], digits: int = 4) -> dict:
    return {"value": _r(t[0], digits), "low": _r(t[1], digits), "high": _r(t[2], digits)}


def per_game(records: list[dict], getter) -> list[float]:
    return [float(getter(r)) for r in records]


def alive_curve(records: list[dict]) -> list[list[int]]:
    """Each game's players left after Day 0, 1, ... up to the longest game (an ended game keeps its last count)."""
    longest = max((len(r.get("alive") or []) for r in records), default=0)
    out = []
    for r in records:
        a = list(r.get("alive") or [0])
        out.append(a + [a[-1]] * (longest - len(a)))
    return out


def deaths_matrix(records: list[dict]) -> list[list[int]]:
    """Each game's deaths on Day 0, 1, ... (the engine's count, else the fall in players left)."""
    curve = alive_curve(records)
    longest = len(curve[0]) if curve else 0
    out = []
    for r, a in zip(records, curve):
        d = list(r["deaths"]) if "deaths" in r else [0] + [max(0, a[i - 1] - a[i]) for i in range(1, len(a))]
        out.append(d + [0] * (longest - len(d)))
    return out


def summarize(records: list[dict], reference: dict | None = None) -> dict[str, Any]:
    n = len(records)
    reference = reference or {}
    out: dict[str, Any] = {"games": n}
    if n == 0:
        return out
    lengths = per_game(records, lambda r: r["length"])
    out["length"] = {**_ci(mean_ci(lengths), 3), "min": int(min(lengths)), "max": int(max(lengths)),
                     "histogram": {str(k): v for k, v in sorted(Counter(int(x) for x in lengths).items())}}
    out["ended"] = dict(sorted(Counter(r.get("ended", "game over") for r in records).items()))
    undecided = sum(bool(r.get("undecided")) for r in records)
    out["undecided"] = {"games": undecided, "share": _ci(wilson(undecided, n)),
                        "means": reference.get("undecided") or "no one won", "warning": undecided / n > 0.5}
    out["wins"] = _wins(records)
    curve = alive_curve(records)
    deaths = deaths_matrix(records)
    out["days"] = [{"day": d,
                    "alive": _ci(mean_ci([c[d] for c in curve]), 3),
                    "deaths": _ci(mean_ci([x[d] for x in deaths]), 3),
                    "games_going": sum(1 for r in records if r["length"] >= d)}
                   for d in range(len(curve[0]))]
    out["weapons"] = _weapons(records, reference.get("weapons") or {})
    for key in ("weapons_note", "weapons_label"):
        if reference.get(key):
            out[key] = reference[key]
    out["rules"] = _counts(records, "rules")
    out["events"] = _counts(records, "events")
    refused = [m for r in records for m in r.get("refused", [])]
    out["refused_orders"] = {"count": len(refused), "examples": refused[:3]}
    return out


def _wins(records: list[dict]) -> dict:
    n = len(records)
    cats: dict[str, set] = {}
    for r in records:
        for c, groups in (r.get("entrants") or {}).items():
            cats.setdefault(c, set()).update(groups)
    table: dict[str, dict] = {}
    for c in sorted(cats):
        rows = {}
        for g in sorted(cats[c]):
            won = [float((r.get("wins") or {}).get(c, {}).get(g, 0)) for r in records]
            seated = [float((r.get("entrants") or {}).get(c, {}).get(g, 0)) for r in records]
            games_won = sum(1 for w in won if w > 0)
            rows[g] = {"players": int(sum(seated)), "wins": int(sum(won)),
                       "win_rate": _ci(ratio_ci(won, seated)),
                       "games_won": games_won, "games_won_share": _ci(wilson(games_won, n))}
        table[c] = rows
    return table


def _weapons(records: list[dict], reference: dict) -> dict:
    totals: dict[str, Counter] = {}
    for r in records:
        for w, counts in (r.get("weapons") or {}).items():
            totals.setdefault(w, Counter()).update(counts)
    n = len(records)
    out = {}
    for w in sorted(totals):
        t = totals[w]
        attempts = t.get("attempts", 0)
        row: dict[str, Any] = {k: int(v) for k, v in sorted(t.items())}
        if attempts:
            per = [float((r.get("weapons") or {}).get(w, {}).get("damage", 0)) for r in records]
            tries = [float((r.get("weapons") or {}).get(w, {}).get("attempts", 0)) for r in records]
            row["hit_rate"] = _r(t.get("hits", 0) / attempts)
            row["damage_per_attempt"] = _ci(ratio_ci(per, tries), 3)
        row["kills_per_game"] = _r(t.get("kills", 0) / n)
        if w in reference:
            row["rulebook"] = reference[w]
        out[w] = row
    return out


def _counts(records: list[dict], key: str) -> dict:
    totals: Counter = Counter()
    games: Counter = Counter()
    for r in records:
        for k, v in (r.get(key) or {}).items():
            totals[k] += v
            if v:
                games[k] += 1
    n = len(records)
    return {k: {"total": int(totals[k]), "per_game": _r(totals[k] / n, 3), "games": int(games[k]),
                "games_share": _r(games[k] / n, 3)} for k in sorted(totals)}


# ---- two sets of house rules, on the same seeds -------------------------------------------------


def _metrics(records: list[dict]) -> dict[str, list[float]]:
    """Every per-game figure the comparison tests, by a readable name."""
    m: dict[str, list[float]] = {"game length (days)": per_game(records, lambda r: r["length"])}
    deaths = deaths_matrix(records)
    m["deaths per game"] = [float(sum(d)) for d in deaths]
    for d in range(1, min(len(deaths[0]), 8) if deaths else 0):
        m[f"deaths on Day {d}"] = [float(x[d]) if d < len(x) else 0.0 for x in deaths]
    cats: dict[str, set] = {}
    for r in records:
        for c, groups in (r.get("entrants") or {}).items():
            cats.setdefault(c, set()).update(groups)
    for c in sorted(cats):
        for g in sorted(cats[c]):
            def share(r, c=c, g=g):
                seated = (r.get("entrants") or {}).get(c, {}).get(g, 0)
                return (r.get("wins") or {}).get(c, {}).get(g, 0) / seated if seated else 0.0
            m[f"win rate: {c} {g}"] = per_game(records, share)
    for key, label in (("rules", "fired"), ("weapons", "kills")):
        names = sorted({k for r in records for k in (r.get(key) or {})})
        for k in names:
            if key == "rules":
                m[f"{label}: {k}"] = per_game(records, lambda r, k=k: (r.get("rules") or {}).get(k, 0))
            else:
                m[f"{label}: {k}"] = per_game(records, lambda r, k=k: (r.get("weapons") or {}).get(k, {}).get("kills", 0))
    return m


def compare(a: list[dict], b: list[dict]) -> dict[str, Any]:
    """Game i of `a` against game i of `b` (same seed, other house rules), for every figure; which
    differences are larger than chance, with Holm's correction over all of them."""
    n = min(len(a), len(b))
    ma, mb = _metrics(a[:n]), _metrics(b[:n])
    rows = []
    for name in sorted(set(ma) | set(mb), key=lambda k: (list(ma) + list(mb)).index(k)):
        xa = ma.get(name, [0.0] * n)
        xb = mb.get(name, [0.0] * n)
        diff, p = paired_test(xa, xb)
        rows.append({"figure": name, "a": _r(sum(xa) / n if n else 0), "b": _r(sum(xb) / n if n else 0),
                     "difference": _r(diff), "p": _r(p, 6)})
    for row, sig in zip(rows, holm([r["p"] for r in rows])):
        row["significant"] = sig
    return {"games": n, "alpha": 0.05, "correction": "Holm", "figures": rows}
