"""Linear days for every registered engine (issue 17): what a player reads, and the work done for
each player, must not grow with the number of players. No timings (they depend on the machine):
sizes of what the players and the GM read, and counts of the views built.

Each engine says how many players its rules seat (`Facts.players`); its simulation game
(`Engine.sim_game`) is played at the fewest and at the most (or at SMALL and BIG players when the
rules set no maximum) through the library, as `gm resolve` plays a day (tests/helpers_scale.py).
An engine is tested here by being registered; one whose rules seat a single number of players
(`Facts.players` (n, n)) has no two sizes to compare, and is skipped saying so.
"""

from __future__ import annotations

import sys

import pytest

from gm.engines import REGISTRY, get_engine
from helpers_scale import play

ENGINES = sorted(REGISTRY)
SMALL, BIG = 10, 80  # the sizes played when the rules set no maximum (Battle Royale: a class of any size)
DAYS = 3  # Day 0 and two days of play: every engine's first days of fighting
FACTOR = 3  # how much more a player, or the GM per player, may read at the larger size


def sizes(name: str) -> tuple[int, int]:
    low, high = get_engine(name).facts.players
    if high is None:
        return max(low, SMALL), BIG
    return low, high


@pytest.mark.parametrize("name", ENGINES)
def test_every_engine_says_how_many_players_its_rules_seat(name):
    engine = get_engine(name)
    seats = engine.facts.players
    assert seats is not None, f"{name}: Facts.players must say how many players the rules seat, e.g. (2, 4) or (2, None)"
    low, high = seats
    assert low >= 1 and (high is None or high >= low)
    for n in dict.fromkeys(sizes(name)):
        setup = engine.setup(engine.sim_game(n), f"{name} with {n} players")
        assert [p for p in setup.problems if p.severity == "error"] == [], f"{name} cannot seat {n} players"
        assert len(setup.roster) == n


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """(engine, players) -> the days played, each played once for this module."""
    cache: dict = {}

    def get(name: str, players: int):
        if (name, players) not in cache:
            with ViewCounter(name) as counter:
                days = play(name, players, tmp_path_factory.mktemp(f"{name}-{players}") / "game", DAYS)
            cache[name, players] = days, counter.per_day
        return cache[name, players]

    return get


class ViewCounter:
    """Counts the calls of the engine's `public_view` in each day (wherever in its package it is
    called from): the table as everyone sees it, which a message must not build once per player."""

    def __init__(self, name: str):
        self.engine = get_engine(name)
        self.package = type(self.engine).__module__
        self.calls = 0
        self.per_day: list[int] = []
        self.patched: list[tuple[object, str, object]] = []

    def __enter__(self):
        import gm.pipeline.record

        self.engine.public_view  # noqa: B018 - an engine whose views load when first used (gm/capabilities.py): now
        for mod_name, mod in list(sys.modules.items()):
            if mod is None or not (mod_name == self.package or mod_name.startswith(self.package + ".")):
                continue
            fn = getattr(mod, "public_view", None)
            if callable(fn) and getattr(fn, "__module__", "").startswith(self.package):
                self._patch(mod, "public_view", self._counted(fn))
        day_files = gm.pipeline.record.day_files

        def counted_day(game, rd, *args, **kwargs):  # rendering the day: views, messages, summary, post
            before = self.calls
            files = day_files(game, rd, *args, **kwargs)
            self.per_day.append(self.calls - before)
            return files

        self._patch(gm.pipeline.record, "day_files", counted_day)  # helpers_scale.play imports it when it plays
        return self

    def _counted(self, fn):
        def counted(*args, **kwargs):
            self.calls += 1
            return fn(*args, **kwargs)

        return counted

    def _patch(self, obj, attr, value):
        self.patched.append((obj, attr, getattr(obj, attr, None)))
        setattr(obj, attr, value)

    def __exit__(self, *exc):
        for obj, attr, old in reversed(self.patched):
            setattr(obj, attr, old)


def _ranged(name: str) -> tuple[int, int]:
    low, high = sizes(name)
    if low == high:
        pytest.skip(f"{name}: its rules seat {low} players only (Facts.players), no two sizes to compare")
    return low, high


@pytest.mark.parametrize("name", ENGINES)
def test_a_players_message_does_not_grow_with_the_players(name, played):
    low, high = _ranged(name)
    small, big = played(name, low)[0], played(name, high)[0]
    assert all(d.messages() for d in small + big), "a day with no message measures nothing"
    longest_small = max(d.longest_message for d in small)
    longest_big = max(d.longest_message for d in big)
    assert longest_big <= FACTOR * longest_small, (
        f"{name}: the longest message is {longest_big} characters with {high} players, {longest_small} with {low}: "
        "a message lists everyone (cap the list and count the rest, a ruling in RULINGS.md)")


@pytest.mark.parametrize("name", ENGINES)
def test_the_gm_summary_and_the_post_grow_no_faster_than_the_players(name, played):
    low, high = _ranged(name)
    small, big = played(name, low)[0], played(name, high)[0]
    for what in ("summary", "narration"):
        per_small = max(getattr(d, what) for d in small) / low
        per_big = max(getattr(d, what) for d in big) / high
        assert per_small > 0, f"{name}: no {what} written"
        assert per_big <= FACTOR * per_small, (
            f"{name}: the {what} is {per_big:.0f} characters a player with {high} players, {per_small:.0f} with {low}")


@pytest.mark.parametrize("name", ENGINES)
def test_the_views_a_day_builds_do_not_grow_with_the_players(name, played):
    low, high = _ranged(name)
    small, big = played(name, low)[1], played(name, high)[1]
    assert min(small + big) >= 1, (f"{name}: no call of a function called public_view in its package was counted "
                                    "(the post is made from it): name the engine's public view so, or count it here")
    assert max(big) <= max(small), (
        f"{name}: a day built the public view {max(big)} times with {high} players, {max(small)} times with "
        f"{low}: a view built for each player walks the whole table for each player (override player_views)")
