"""Bounded memory (#30): games are tallied as they arrive (gm/simulate/tally.py), never kept.

The tally's report is the one the full list of records gave (tests/sim_oracle.py, the list-based code
gm had before), on random records and on real games of every engine; merging tallies in any order
or split gives the same report; --jobs 1 and 2 give the same bytes, --vs too; the parent's memory
does not grow with the number of games; Ctrl-C in the middle of a merge waits for it."""

from __future__ import annotations

import json
import os
import signal
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sim_oracle
from gm.engines import REGISTRY, get_engine
from gm.simulate import prepare, simulate
from gm.simulate.runner import play_record
from gm.simulate.summary import compare, summarize
from gm.simulate.tally import Paired, Results, Tally

# ---- the tally gives the list-based report ------------------------------------------------------

small = st.integers(0, 4)
number = st.one_of(st.integers(0, 9), st.sampled_from([0.5, 1.25, 2.0, 3.75]))
groups = st.dictionaries(st.sampled_from(["A", "B", "Lone Wolf"]), small, max_size=3)
categories = st.dictionaries(st.sampled_from(["role", "seat"]), groups, max_size=2)


@st.composite
def records(draw) -> dict:
    r: dict = {"length": draw(st.integers(0, 6))}
    if draw(st.booleans()):
        r["ended"] = draw(st.sampled_from(["last standing", "last day", "unfinished"]))
    r["entrants"] = draw(categories)
    r["wins"] = draw(categories)
    if draw(st.booleans()):
        alive = draw(st.lists(st.integers(0, 20), max_size=7))
        r["alive"] = alive
        if alive and draw(st.booleans()):  # an engine's own count of deaths, one a day (Battle Royale's)
            r["deaths"] = draw(st.lists(st.integers(0, 5), min_size=len(alive), max_size=len(alive)))
    if draw(st.booleans()):
        r["weapons"] = draw(st.dictionaries(
            st.sampled_from(["Uzi", "Rifle", "Knife"]),
            st.dictionaries(st.sampled_from(["attempts", "hits", "damage", "kills"]), number, max_size=4), max_size=3))
    for key in ("rules", "events"):
        if draw(st.booleans()):
            r[key] = draw(st.dictionaries(st.sampled_from(["closure", "trap", "bounty"]), small, max_size=3))
    if draw(st.booleans()):
        r["refused"] = draw(st.lists(st.sampled_from(["Day 1: a", "Day 2: b", "Day 3: c"]), max_size=2))
    return r


REFERENCE = {"weapons": {"Uzi": 0.8}, "weapons_note": "the handbook's"}


@settings(max_examples=150, deadline=None)
@given(st.lists(records(), max_size=12))
def test_the_tally_gives_the_report_of_the_full_list(recs):
    assert summarize(recs, REFERENCE) == sim_oracle.summarize(recs, REFERENCE)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(records(), records()), max_size=12))
def test_the_paired_sums_give_the_comparison_of_the_full_lists(pairs):
    a, b = [x for x, _ in pairs], [y for _, y in pairs]
    assert compare(a, b) == sim_oracle.compare(a, b)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(records(), records()), min_size=1, max_size=12), st.randoms(use_true_random=False))
def test_merging_in_any_order_and_split_gives_the_same_report(pairs, rnd):
    """As workers send their blocks back: blocks of any sizes, merged in any order."""
    whole = Results(paired=True)
    for i, (a, b) in enumerate(pairs):
        whole.add(i, a, b)
    numbers = list(range(len(pairs)))
    rnd.shuffle(numbers)
    merged = Results(paired=True)
    while numbers:
        take = rnd.randint(1, 4)
        block = Results(paired=True)
        for i in numbers[:take]:
            block.add(i, *pairs[i])
        numbers = numbers[take:]
        merged.merge(block)
    assert merged.tally.summary(REFERENCE) == whole.tally.summary(REFERENCE)
    assert merged.vs.summary() == whole.vs.summary()
    assert (merged.paired.comparison(merged.tally, merged.vs)
            == whole.paired.comparison(whole.tally, whole.vs))


def _records(engine_name: str, policy: str, games: int, seed: str) -> list[dict]:
    lab, sim = prepare(engine_name, games, policy=policy, seed=seed)
    return [play_record(sim, policy, i, seed) for i in range(games)]


@pytest.mark.parametrize("engine_name", sorted(REGISTRY))
def test_real_games_of_every_engine_give_the_report_of_the_full_list(engine_name):
    policies = sorted(get_engine(engine_name).policies())
    policy = "aggressive" if "aggressive" in policies else policies[0]
    a = _records(engine_name, policy, 8, "t1")
    b = _records(engine_name, policy, 8, "t2")
    reference = get_engine(engine_name).sim_reference()
    assert summarize(a, reference) == sim_oracle.summarize(a, reference)
    assert compare(a, b) == sim_oracle.compare(a, b)


# ---- the same bytes whatever the workers ----------------------------------------------------------


def _report(target: str, games: int, jobs: int, **kw) -> str:
    lab, sim = prepare(target, games, seed="tally", **kw)
    out, _ = simulate(lab, sim, jobs)
    return json.dumps(out, sort_keys=True)


def test_the_report_is_the_same_bytes_with_one_or_two_workers_vs_too(tmp_path):
    assert _report("team-kill", 150, 1) == _report("team-kill", 150, 2)
    always = tmp_path / "always.yaml"
    always.write_text("lone_wolf_chance: 100\n")
    one = _report("battle-royale", 10, 1, policy="aggressive", vs=always)
    assert one == _report("battle-royale", 10, 2, policy="aggressive", vs=always)
    assert json.loads(one)["vs"]["comparison"]["games"] == 10


# ---- memory flat in the number of games --------------------------------------------------------


def _peak(games: int) -> int:
    lab, sim = prepare("team-kill", games, seed="mem")
    tracemalloc.start()
    try:
        out, _ = simulate(lab, sim, 1)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert out["summary"]["games"] == games
    return peak


def test_the_parents_memory_does_not_grow_with_the_games():
    """Ten times the games, about the same peak: no game's record is kept (with the records kept,
    2,000 Team Kill games peaked at 8.5x what 200 did)."""
    small, large = _peak(200), _peak(2000)
    assert large < 1.5 * small, (small, large)


# ---- Ctrl-C while a block is merged ------------------------------------------------------------


def test_ctrl_c_during_a_merge_waits_for_it(monkeypatch):
    """A real SIGINT arriving inside the merge: the game is counted whole (its length, its days and
    its wins all say the same number of games), then the run stops."""
    real = Results.add
    calls = []

    def add(self, index, record, vs_record=None):
        calls.append(index)
        if len(calls) == 3:
            os.kill(os.getpid(), signal.SIGINT)  # delivered at once, in the middle of the merge
        real(self, index, record, vs_record)

    monkeypatch.setattr(Results, "add", add)
    lab, sim = prepare("battle-royale", 50, seed="int")
    out, _ = simulate(lab, sim, 1)
    s = out["summary"]
    assert out["stopped"] and s["games"] == 3
    assert sum(s["length"]["histogram"].values()) == 3 and s["days"][0]["games_going"] == 3
    assert sum(r["players"] for r in s["wins"]["role"].values()) == 3 * out["players"]


def test_ctrl_c_with_vs_reports_and_compares_the_pairs_that_finished(tmp_path):
    always = tmp_path / "always.yaml"
    always.write_text("lone_wolf_chance: 100\n")
    lab, sim = prepare("battle-royale", 60, policy="defaults", seed="c", vs=always)
    seen = []

    def progress(n):
        seen.append(n)
        if len(seen) == 3:
            raise KeyboardInterrupt

    out, timing = simulate(lab, sim, 1, progress)
    assert out["stopped"] and seen == [2, 2, 2]  # each game counts under both rules
    assert out["summary"]["games"] == out["vs"]["summary"]["games"] == out["vs"]["comparison"]["games"] == 3


def test_an_empty_tally_reports_no_games():
    assert Tally().summary() == {"games": 0} == sim_oracle.summarize([])
    assert Paired().comparison(Tally(), Tally()) == sim_oracle.compare([], [])
