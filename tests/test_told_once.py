"""A message, or the public post, tells each fact once (stop 33's closing note, items 1 and 2): a
player's team, that they are out, and who won are said in the "Your status" line, and no other line
of the same message says them again; a post tells the end of the game once, not in its story and
again in its list. Read by tests/told_facts.py's extractor, one line at a time, over every day of
every registered engine's demo and over simulated games of every engine (their finales too, with
and without a winner)."""

from __future__ import annotations

import pytest

from gm.engines import REGISTRY
from gm.gamedir import GameDir

from helpers_told import ToldDay, told_game
from told_facts import engine_module, resolved_day, told_twice

ENGINES = sorted(REGISTRY)
SEEDS = (0, 1, 2, 3, 7)  # Hashmi seed 7 (aggressive) ends with no one left to win (tests/test_finales.py)
POLICIES = ("random", "aggressive", "cautious")


def _table(engine_name: str):
    """The engine's smallest table the fact tests play (tests/told/<package>.py's TABLES), else the new game's."""
    return getattr(engine_module(engine_name), "TABLES", (None,))[0]


@pytest.mark.parametrize("engine_name", ENGINES)
def test_every_demo_day_tells_each_fact_once(engine_name, demo_games):
    root = demo_games.pristine(engine_name)
    problems = []
    for n in GameDir(root).resolved_days():
        game, day = resolved_day(root, n)
        problems += [f"Day {n}: {p}" for p in told_twice(game, day)]
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("engine_name", ENGINES)
def test_simulated_games_and_their_finales_tell_each_fact_once(engine_name):
    problems, ends = [], 0
    for seed in SEEDS:
        game, days = told_game(engine_name, _table(engine_name), seed, policy=POLICIES[seed % len(POLICIES)])
        ends += game.engine.ended(days[-1].after)
        for day in days:
            problems += [f"seed {seed}, Day {day.day}: {p}" for p in told_twice(game, day)]
    assert not problems, "\n".join(problems[:20])
    assert ends, "no simulated game reached its end"


def test_a_fact_told_twice_is_caught(demo_games):
    root = demo_games.pristine("team-kill")
    game, day = resolved_day(root, max(GameDir(root).resolved_days()))
    me = next(iter(day.messages))
    again = ToldDay(day.day, day.before, day.after, day.events, day.post,
                    {**day.messages, me: day.messages[me] + "\nYou did not win.\n"})
    assert any(p.startswith(f"{me}'s message tells won of {me} on 2 lines") for p in told_twice(game, again))
    post = ToldDay(day.day, day.before, day.after, day.events, day.post + "\nEveryone passed a full circle.\n", day.messages)
    assert any(p.startswith("the post tells won") for p in told_twice(game, post))
