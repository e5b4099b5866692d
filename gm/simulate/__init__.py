"""`gm simulate`: a balance lab that plays thousands of complete games with an engine's own rules.

    game.py     what is played: a game folder or an engine's defaults, house rules laid over
    dice.py     SimDice (the phases' dice on a seeded random.Random) and the policies' Chooser
    play.py     one game from Day 0 to its end: policy -> the engine's checker -> resolve_checked
    (gm/balance.py: what every engine gets: the Chooser, the `defaults` policy, the generic record)
    runner.py   worker processes, progress, Ctrl-C
    tally.py    the games' figures merged as they arrive (memory flat in the number of games)
    sums.py     exact sums over games, and the means, ratios and paired differences read from them
    stats.py    intervals and the paired test;  summary.py  the report as data from a list of records
    charts.py   text charts and PNG pictures;   report.py   the tables a GM reads

Engines plug in through `Engine.sim_game`, `policies`, `sim_stats` and `sim_reference` (gm/engine.py).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from gm.errors import StateError

from .runner import Run, Setup, run_games


@dataclass
class Lab:
    """One `gm simulate` asked for: checked, and ready to play."""

    setup: Setup
    policy: str
    games: int
    seed: str
    vs: Path | None = None


DEFAULT_POLICIES = ("forum", "random")  # without --policy: the first of these the engine has, else `defaults`


def undecided_warning(policy: str, summary: dict, side: str = "") -> str | None:
    """The report's warning when the policy left most games undecided (each engine says what that
    means): a balance answer drawn from such games measures the policy more than the rules."""
    u = summary.get("undecided")
    if not u or not u["warning"]:
        return None
    n = summary["games"]
    return (f"{side}policy '{policy}' left {u['games']:,} of {n:,} games ({u['share']['value'] * 100:.0f}%) undecided "
            f"- {u['means']}. The figures say more about the policy than about the rules.")


def new_seed() -> str:
    return secrets.token_hex(4)


MAX_GAMES = 10 ** 9  # a typo's bound, not memory's (a run's memory is flat in its games): thousands of CPU-hours


def _bounded(games: int) -> None:
    """Refuse, before any game is played, a number of games no one means (a slip of the keyboard).
    Memory sets no bound: each game is tallied as it arrives and dropped (tally.py)."""
    if games > MAX_GAMES:
        raise StateError(f"--games {games:,} is more than {MAX_GAMES:,} games a run (thousands of CPU-hours); "
                         "play several runs with other --seed values instead")


def prepare(target: str, games: int, players: int | None = None, policy: str | None = None,
            house_rules: Path | None = None, vs: Path | None = None, seed: str | None = None) -> tuple[Lab, Any]:
    """Check everything before any game is played: the game, the house rules, the policy."""
    from gm.suggest import did_you_mean

    if games < 1:
        raise StateError(f"--games must be at least 1, not {games}")
    _bounded(games)
    if players is not None and not 2 <= players <= 10000:
        raise StateError(f"--players must be from 2 to 10000, not {players}")
    setup = Setup(target, players, house_rules)
    sim = setup.load()
    if vs is not None:
        Setup(target, players, house_rules, vs).load()  # a mistake in the --vs file is found now
    policies = sim.engine.policies()
    if policy is None:  # players who play as forum players do where the engine has them, else random, else defaults
        policy = next((p for p in DEFAULT_POLICIES if p in policies), "defaults")
        if policy == "defaults":
            sim.notes.append(f"the {sim.engine.facts.title} engine has no random policy yet: every player "
                             "gets the engine's defaults (--policy defaults)")
    if policy not in policies:
        raise StateError(f"unknown policy '{policy}'{did_you_mean(policy, policies)} for {sim.engine.facts.title} "
                         f"(policies: {', '.join(sorted(policies))})")
    return Lab(setup, policy, games, seed if seed is not None else new_seed(), vs), sim


def report_of(lab: Lab, sim: Any, run: Run) -> dict[str, Any]:
    """The report as data, from the run's tally of the finished games."""
    engine = sim.engine
    results = run.results
    out: dict[str, Any] = {
        "engine": engine.facts.name,
        "game": sim.source,
        "players": len(sim.roster),
        "policy": lab.policy,
        "seed": lab.seed,
        "games_asked": lab.games,
        "house_rules": sim.house_rules,
        "notes": list(sim.notes),
        "stopped": run.interrupted,
        "summary": results.tally.summary(engine.sim_reference()),
    }
    if results.vs is not None:
        out["vs"] = {"file": str(lab.vs), "policy": lab.policy, "summary": results.vs.summary(engine.sim_reference()),
                     "comparison": results.paired.comparison(results.tally, results.vs)}
    sides = [("", out["summary"])] + ([(f"with {lab.vs}: ", out["vs"]["summary"])] if "vs" in out else [])
    out["warnings"] = [w for side, s in sides for w in [undecided_warning(lab.policy, s, side)] if w]
    return out


def simulate(lab: Lab, sim: Any, jobs: int = 1, progress: Callable[[int], None] | None = None,
             cluster: str | None = None) -> tuple[dict, dict]:
    """Play the games (each also under the --vs rules, on the same seed); the report and the timing
    apart from it (the report is the same whatever `jobs`, or on a cluster; the timing and where it
    ran are not)."""
    vs_setup = Setup(lab.setup.target, lab.setup.players, lab.setup.house_rules, lab.vs) if lab.vs is not None else None
    run = run_games(lab.setup, lab.policy, lab.games, lab.seed, jobs, progress,
                    sim if jobs <= 1 or cluster else None, cluster, vs=vs_setup)
    played, seconds = run.played, run.seconds
    timing = {"jobs": jobs, "seconds": round(seconds, 3), "games_per_second": round(played / seconds, 1) if seconds else 0.0}
    if run.where:
        timing = {**run.where, "seconds": timing["seconds"], "games_per_second": timing["games_per_second"]}
    return report_of(lab, sim, run), timing
