"""A player's message and the public post never state contradictory facts about the same event
(issue 24, item 4), over simulated games of every registered engine.

Each day of a game played by the balance lab's policies (tests/helpers_told.py) is rendered as
`gm resolve` renders it, and read as claims by tests/told_facts.py (a small fact extractor per
engine: where a player ended the day, who is out, by whom and how, who won). Every claim about the same subject, from the post and from every message of the day, must agree;
a player's own message must agree with itself. The extractor is shown to fail on planted
contradictions (test_a_planted_contradiction_is_caught), and each engine's run must read claims
of each kind it has, so it cannot pass by reading nothing.
"""

from __future__ import annotations

import os
import re

import pytest

from gm.engines import REGISTRY

from helpers_told import ToldDay, told_game
from told_facts import contradictions, day_claims, engine_module, status_line, victims_of

ENGINES = sorted(REGISTRY)
SEEDS = range(int(os.environ.get("GM_TOLD_GAMES", "3")))  # GM_TOLD_GAMES multiplies the games


def tables(engine_name: str) -> tuple:
    """The sizes of the games played, small and larger (tests/told/<package>.py's TABLES; None: the
    new game's table)."""
    return getattr(engine_module(engine_name), "TABLES", (None,))


def expected_kinds(engine_name: str) -> set[str]:
    """The kinds of claim the engine's texts must yield over the run, so the extractor reads something
    (tests/told/<package>.py's KINDS; without it, the status lines' "out")."""
    return set(getattr(engine_module(engine_name), "KINDS", {"out"}))


POLICIES = ("random", "aggressive", "cautious")  # one a seed, in turn (an engine lacking one plays its defaults)


def _games(engine_name: str):
    for players in tables(engine_name):
        for seed in SEEDS:
            yield players, seed, told_game(engine_name, players, seed, policy=POLICIES[seed % len(POLICIES)])


@pytest.mark.parametrize("engine_name", ENGINES)
def test_messages_and_posts_never_contradict_each_other(engine_name):
    kinds: set[str] = set()
    problems = []
    for players, seed, (game, days) in _games(engine_name):
        for day in days:
            claims = day_claims(game, day)
            kinds.update(c.kind for c in claims)
            problems += [f"{players} players, seed {seed}, Day {day.day}: {p}" for p in contradictions(claims)]
    assert not problems, "\n".join(problems[:20])
    expected = expected_kinds(engine_name)
    assert expected <= kinds, f"the extractor read no {sorted(expected - kinds)} claims"


def _plant(engine_name: str, game, day: ToldDay) -> ToldDay | None:
    """The day with one contradiction planted in a message's status line, about a fact some other
    text of the day states too: another square, a fate turned over, the other side of the win."""
    claims = day_claims(game, day)
    for c in claims:
        if not c.source.endswith("(status)"):
            continue
        others = [o for o in claims if (o.kind, o.subject) == (c.kind, c.subject) and o.source != c.source]
        if not others:
            continue
        me = c.subject
        text = day.messages[me]
        status = status_line(text)
        if c.kind == "place":
            planted = text.replace(f"your pawn on {c.value}", "your pawn on " + ("A1" if c.value != "A1" else "B1"))
        elif c.kind == "won":
            planted = text.replace("you won", "you did not win") if c.value else text.replace("you did not win", "you won")
        elif c.kind == "out":
            planted = text.replace(status, "in the game" if c.value else "out of the game")
        else:
            continue
        if planted != text:
            return ToldDay(day.day, day.before, day.after, day.events, day.post, {**day.messages, me: planted})
    return None


@pytest.mark.parametrize("engine_name", ENGINES)
def test_a_planted_contradiction_is_caught(engine_name):
    if getattr(engine_module(engine_name), "post_claims", None) is None:
        pytest.skip(f"{engine_name} has no reader of its posts (tests/told/<package>.py): its messages' status "
                    "lines are the only claims, one a player, so there is no second text to contradict")
    game, days = told_game(engine_name, tables(engine_name)[0], 0)
    caught = 0
    for day in days:
        planted = _plant(engine_name, game, day)
        if planted is None:
            continue
        assert contradictions(day_claims(game, planted)), f"Day {day.day}: a planted contradiction passed"
        caught += 1
    assert caught, "nothing to plant"


def test_a_planted_killer_is_caught():
    """Team Kill: a message that names another player as the one who eliminated someone."""
    game, days = told_game("team-kill", 4, 0)
    names = list(game.roster)
    day = next(d for d in days if victims_of(d, names) and any(c.kind == "by" for c in day_claims(game, d)))
    claim = next(c for c in day_claims(game, day) if c.kind == "by")
    wrong = next(n for n in names if n not in claim.value and n != claim.subject)
    me = next(iter(day.messages))
    planted = day.messages[me] + f"\n{claim.subject} is eliminated by {wrong}.\n"
    doctored = ToldDay(day.day, day.before, day.after, day.events, day.post, {**day.messages, me: planted})
    assert any(p.startswith(f"by of {claim.subject}") for p in contradictions(day_claims(game, doctored)))
