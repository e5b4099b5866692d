"""Properties of random legal Hashmi games (tests/hashmi_synth.py), each day run through the
engine's phases with audited dice: one agent per square, ammunition never negative, no eliminated
agent acts, the game always ends, same seed same bytes, the state round-trips through JSON, and
no secret (missions, the undealt ones, hands, deck order) changes a public post or another
player's message."""

from __future__ import annotations

import json
import random

import pytest

from gm.engines.hashmi.state import State
from gm.forum.render import event_dicts
from gm.forum.templating import environment
from hashmi_synth import play_game

SEEDS = list(range(1, 9))
ACTING = {"moved": "agent", "shot": "agent", "allocated": "agent", "portkey": "agent", "healer_shift": "agent"}


def _check_day(before, state, orders, events, dice):
    occupied = [a.at for a in state.agents() if a.alive and a.at is not None]
    assert len(occupied) == len(set(occupied)), "two agents on one square"
    assert all(a.ammo >= 0 for a in state.agents()), "negative ammunition"
    assert all(not a.alive or a.at is not None for a in state.agents() if state.stage != "placement")
    assert State.from_json(json.loads(json.dumps(state.to_json()))).to_json() == state.to_json()
    dead = {f"{a['owner']}.{a['number']}" for p in before["players"] for a in p["agents"] if not a["alive"]}
    for e in events:
        if e.kind == "eliminated":
            dead.add(e.data["agent"])
        elif e.kind == "revived":
            dead.discard(e.data["agent"])
        elif e.kind in ACTING:
            assert e.data[ACTING[e.kind]] not in dead, f"{e.data[ACTING[e.kind]]} acts while eliminated ({e.kind})"
    if state.day > 0:  # only Day 0 (sealed until the end) may roll for something secret
        for r in dice.log:
            assert "shuffle" not in r.purpose and "mission" not in r.purpose, f"day {state.day}: {r.purpose}"
    out = {p["name"] for p in before["players"] if p["out"]}
    for e in events:
        if e.kind == "turn_start":
            assert e.data["player"] not in out, f"{e.data['player']} is out but takes a turn"


@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_keep_the_invariants_and_end(seed):
    n = 3 if seed % 3 == 0 else 4
    eng, rules, state, days = play_game(n, seed, on_day=_check_day)
    assert state.over, f"not over after {len(days)} days"
    # set-up, then at most one day a turn: max_rounds x players
    assert len(days) <= 2 + rules.max_rounds * n + 1
    assert state.victory in ("battle_royale", "assassin", "peaceful", "mission", "boring", "nobody")


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_games_that_stop_for_choices_keep_the_invariants_and_end(seed):
    """House rule ask [move, aim, go]: turns stop at unplanned end squares, shots and Go squares, and resume the next day."""
    stops = []
    eng, rules, state, days = play_game(4, seed, max_days=200, house_rules={"ask": ["move", "aim", "go"]},
                                        on_day=lambda b, s, o, e, d: (_check_day(b, s, o, e, d), stops.append(s.pending)))
    assert state.over
    assert any(stops), "no turn stopped for a choice"


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_games_of_several_turns_a_day_keep_the_invariants_and_end_sooner(seed):
    """House rule turns_per_day (T-1): up to that many turns a forum day, none twice a day, each
    taken in turn order; the game ends in about a turns_per_day-th of the days."""
    n, per_day = 4, 2 + seed % 3
    order: list = []

    def day(before, state, orders, events, dice):
        _check_day(before, state, orders, events, dice)
        played = list(dict.fromkeys(e.step for e in events if e.step.endswith("'s turn")))
        assert len(played) <= per_day, played
        starts = [e.data["player"] for e in events if e.kind == "turn_start"]
        assert len(starts) == len(set(starts[:-1])) + 1 or len(starts) <= 1 or state.over, starts  # none twice
        order.append(played)

    eng, rules, state, days = play_game(n, seed, house_rules={"turns_per_day": per_day}, on_day=day)
    assert state.over and rules.turns_per_day == per_day
    assert any(len(s) > 1 for s in order), "no day played more than one turn"
    assert len(days) <= 2 + -(-rules.max_rounds * n // per_day) * 2 + 1


def test_same_seed_same_game():
    a = play_game(4, 5)
    b = play_game(4, 5)
    assert a[2].to_json() == b[2].to_json()
    assert [[e.record() for e in d] for d in a[3]] == [[e.record() for e in d] for d in b[3]]


# ---- secrets ------------------------------------------------------------------------------------


def _scramble(state: State, rules, keep: str | None, rnd: random.Random) -> State:
    """The same game with every secret the reader may not know changed: other players' missions
    (and the undealt ones), other players' hands (same sizes), the decks' order."""
    s = State.from_json(state.to_json())
    others = [p for p in s.players.values() if p.name != keep]
    if not s.over:
        pool = [p.mission for p in others] + list(s.spare_missions)
        rnd.shuffle(pool)
        for p in others:
            p.mission = pool.pop()
        s.spare_missions = pool
    cards = sorted(rules.cards_in_play()) + sorted(rules.comp.weapons)
    for p in others:
        p.hand = [rnd.choice(cards) for _ in p.hand]
        p.standing = {"charm": rnd.choice(["always", "never"])}
    rnd.shuffle(s.action_deck)
    rnd.shuffle(s.weapon_deck)
    return s


def _posts(eng, rules, state, events, reader):
    env = environment(eng.facts.name, "bbcode")
    game = {"title": "t", "day": state.day, "engine": eng.facts.title}
    public = [e for e in events if e.is_public]
    if reader is None:  # with the phrase pools, as render_day gives them (the same key for both states)
        from gm.narration import Narrator, load_pools

        narrator = Narrator(load_pools(eng.facts.name), env, b"k" * 32, f"hashmi|{state.day}|narration")
        return env.get_template("narration.j2").render(game=game, view=eng.public_view(state, rules),
                                                       events=event_dicts(public), phrase=narrator.phrase,
                                                       pronouns=narrator.pronouns, story=None, places={})
    own = [e for e in events if reader in e.concerns()]
    return env.get_template("message.j2").render(game=game, view=eng.player_view(state, rules, reader),
                                                 events=event_dicts(own), public_events=event_dicts(public),
                                                 no_orders=False, salt=None)


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_no_secret_reaches_a_public_post_or_another_players_message(seed):
    """Non-interference: change every secret a reader may not know and render the day again; the
    public post, and each player's message, must not change by one byte. Public events carry no
    secret either: no hand, mission or deck leaves through an event anyone else sees."""
    rnd = random.Random(seed)
    seen = []

    def check(before, state, orders, events, dice):
        eng = check.eng
        rules = check.rules
        for reader in [None] + state.seats:
            original = _posts(eng, rules, state, events, reader)
            changed = _posts(eng, rules, _scramble(state, rules, reader, rnd), events, reader)
            assert original == changed, f"day {state.day}: a secret changes {'the public post' if reader is None else reader + ''''s message'''}"
        for e in events:
            if e.kind in ("drew", "mission", "discarded", "know_it_all_seen", "standing", "skipped", "no_orders", "place_skipped"):
                assert not e.is_public and not e.about, f"{e.kind} must be private"
                assert len(e.visibility) == 1
        seen.append(state.day)

    from hashmi_synth import new_game

    check.eng, check.rules, _ = new_game()
    play_game(4 if seed % 2 else 3, seed, on_day=check)
    assert len(seen) > 5


def test_the_secret_check_can_fail():
    """A post that printed another player's hand would be caught: scrambling changes it."""
    eng, rules, state, days = play_game(4, 2, max_days=4)
    rnd = random.Random(0)
    name = state.seats[1]
    leaky = lambda s: f"{sorted(s.players[name].hand)} {s.players[name].mission}"  # noqa: E731
    assert leaky(state) != leaky(_scramble(state, rules, state.seats[0], rnd))
