"""`gm simulate --sweep`: the same games played under every combination of house-rule values, and
the answer to the designer's question (`--target "Lone Wolf wins 8-12%"`).

Each combination plays the same game numbers on the same seed, so the combinations differ by their
rules alone (as `--vs` compares two files). Each combination's games are tallied as they arrive
(gm/simulate/tally.py) and never kept, so a sweep's memory is flat in the number of games.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Any, Callable

from gm.errors import StateError

MAX_COMBINATIONS = 64  # a sweep wider than this is a typo more often than a plan: say so
MAX_VALUES = 32


@dataclass(frozen=True)
class Target:
    """`GROUP wins LOW-HIGH%`: the share of games a player of GROUP wins, wanted within a range."""

    group: str
    low: float  # fractions, not percents
    high: float
    text: str


def _value(text: str) -> Any:
    """A sweep value as YAML would read it in game.yaml: a whole number, a number, true/false, or text."""
    t = text.strip()
    if re.fullmatch(r"[+-]?\d{1,12}", t):
        return int(t)
    if re.fullmatch(r"[+-]?(\d{1,12}\.\d*|\.\d{1,12})", t):
        return float(t)
    if t.lower() in ("true", "false"):
        return t.lower() == "true"
    return t


def parse_sweeps(texts: tuple[str, ...] | list[str]) -> list[tuple[str, list[Any]]]:
    """`--sweep key=v1,v2,...` (repeatable): each setting with its values, in the order given."""
    out: list[tuple[str, list[Any]]] = []
    for text in texts:
        key, sep, values = text.partition("=")
        key = key.strip()
        if not sep or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,63}", key):
            raise StateError(f"--sweep takes SETTING=VALUE,VALUE,... (e.g. lone_wolf_chance=10,20,30), not {text!r}")
        items = [v for v in values.split(",") if v.strip()]
        if not items:
            raise StateError(f"--sweep {key}= names no value: give at least one (e.g. {key}=10,20)")
        if len(items) > MAX_VALUES:
            raise StateError(f"--sweep {key} has {len(items)} values; at most {MAX_VALUES}")
        if any(k == key for k, _ in out):
            raise StateError(f"--sweep names {key} twice: give all its values in one --sweep")
        out.append((key, [_value(v) for v in items]))
    total = 1
    for _, values in out:
        total *= len(values)
    if total > MAX_COMBINATIONS:
        raise StateError(f"the sweep has {total} combinations; at most {MAX_COMBINATIONS} (fewer values, or "
                         "one sweep after another)")
    return out


def combinations(sweeps: list[tuple[str, list[Any]]]) -> list[dict[str, Any]]:
    keys = [k for k, _ in sweeps]
    return [dict(zip(keys, values)) for values in itertools.product(*(v for _, v in sweeps))]


_TARGET = re.compile(r"\s*(?P<group>.+?)\s+wins?\s+(?P<low>\d{1,3}(?:\.\d+)?)\s*(?:%\s*)?(?:-|to|–)\s*"
                     r"(?P<high>\d{1,3}(?:\.\d+)?)\s*%\s*(?:of\s+(?:the\s+)?games)?\s*", re.I)


def parse_target(text: str) -> Target:
    m = _TARGET.fullmatch(text or "")
    if not m:
        raise StateError(f"--target takes 'GROUP wins LOW-HIGH%', e.g. \"Lone Wolf wins 8-12%\", not {text!r}")
    low, high = float(m.group("low")) / 100, float(m.group("high")) / 100
    if not 0 <= low <= high <= 1:
        raise StateError(f"--target {text!r}: the range must run from a lower to a higher percent, within 0-100%")
    return Target(m.group("group").strip(), low, high, text.strip())


def find_group(wins: dict, group: str) -> tuple[str, str] | None:
    """(category, group) of the report's wins that the target names, case and spacing forgiven."""
    want = re.sub(r"\s+", " ", group).casefold()
    for category, rows in wins.items():
        for name in rows:
            if re.sub(r"\s+", " ", name).casefold() == want:
                return category, name
    return None


def judge(target: Target, summary: dict) -> dict:
    """Whether a combination meets the target: its share of games won by GROUP within the range
    (`met`), and whether its whole 95% interval is (`clearly`)."""
    found = find_group(summary.get("wins") or {}, target.group)
    if found is None:
        return {"met": False, "clearly": False, "share": None}
    category, name = found
    share = summary["wins"][category][name]["games_won_share"]
    met = target.low <= share["value"] <= target.high
    clearly = target.low <= share["low"] and share["high"] <= target.high
    return {"met": met, "clearly": clearly, "share": share, "category": category, "group": name}


def run_sweep(lab, sim, sweeps: list[tuple[str, list[Any]]], target: Target | None, jobs: int,
              progress: Callable[[int], None] | None = None) -> tuple[dict, dict]:
    """Every combination on the same seed: (the report as data, the timing apart from it)."""
    from dataclasses import replace

    from . import report_of
    from .runner import run_games

    if target is not None and find_group(_groups_of(sim), target.group) is None:
        groups = sorted({g for rows in _groups_of(sim).values() for g in rows})
        raise StateError(f"--target names {target.group!r}, which is no group of this game (groups: {', '.join(groups)})")
    rows, played, seconds, stopped = [], 0, 0.0, False
    for settings in combinations(sweeps):
        setup = replace(lab.setup, settings=tuple(settings.items()))
        setup.load()  # a value the rules refuse is one clear error, before any game of it is played
        run = run_games(setup, lab.policy, lab.games, lab.seed, jobs, progress)
        report = report_of(lab, sim, run)
        played += run.played
        seconds += run.seconds
        row = {"settings": settings, "summary": report["summary"]}
        if target is not None:
            row["target"] = judge(target, report["summary"])
        rows.append(row)
        if run.interrupted:  # Ctrl-C: the report of what was played, this combination marked as cut short
            row["stopped"] = stopped = True
            break
    from . import undecided_warning

    warnings = [w for r in rows for w in [undecided_warning(lab.policy, r["summary"], ", ".join(
        f"{k}={v}" for k, v in r["settings"].items()) + ": ")] if w]
    out: dict[str, Any] = {
        "warnings": warnings,
        "engine": sim.engine.facts.name, "game": sim.source, "players": len(sim.roster), "policy": lab.policy,
        "seed": lab.seed, "games_asked": lab.games, "house_rules": sim.house_rules, "notes": list(sim.notes),
        "sweep": [{"setting": k, "values": v} for k, v in sweeps], "combinations": rows, "stopped": stopped,
    }
    if target is not None:
        out["target"] = {"text": target.text, "group": target.group, "low": target.low, "high": target.high,
                         "met_by": [r["settings"] for r in rows if r["target"]["met"]],
                         "clearly_met_by": [r["settings"] for r in rows if r["target"]["clearly"]]}
    timing = {"jobs": jobs, "seconds": round(seconds, 3), "games_per_second": round(played / seconds, 1) if seconds else 0.0}
    return out, timing


def _groups_of(sim) -> dict:
    """The groups players are seated in (roles, bonuses, armies...), from one game's record."""
    from .runner import play_record

    record = play_record(sim, "defaults" if "defaults" in sim.engine.policies() else next(iter(sim.engine.policies())), 0, "groups")
    return {c: {g: None for g in groups} for c, groups in (record.get("entrants") or {}).items()}
