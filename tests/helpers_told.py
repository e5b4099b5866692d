"""Simulated games of any registered engine, every day rendered as `gm resolve` renders it: the
balance lab's game (gm/simulate: the engine's own simulation game and policies, seeded dice), each
day's public post and every player's message kept beside the state and events they were made
from. For the tests that read what the posts and messages say (tests/test_told_facts.py)."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gm.balance import Chooser
from gm.forum.render import render_day
from gm.gamedir import Game
from gm.pipeline.day import ResolvedDay, resolve_checked
from gm.simulate.dice import SimDice
from gm.simulate.game import load_sim_game
from gm.simulate.play import check_policy_orders


@dataclass
class ToldDay:
    """One day: the state before and after, the events, and the texts rendered from them."""

    day: int
    before: Any
    after: Any
    events: list
    post: str
    messages: dict[str, str] = field(repr=False)  # player -> their message


def told_game(engine_name: str, players: int | None, seed: int, policy: str = "random",
              max_days: int = 60) -> tuple[Game, list[ToldDay]]:
    sim = load_sim_game(engine_name, players)
    engine = sim.engine
    game = Game(Path("."), engine, "Told", "bbcode", sim.rules, list(sim.roster), sim.initial_state)
    write = engine.policies().get(policy) or engine.policies()["defaults"]
    dice_rng = random.Random(f"told|{engine_name}|{seed}|dice")
    choose = Chooser(random.Random(f"told|{engine_name}|{seed}|orders"))
    state = copy.deepcopy(sim.initial_state)
    days: list[ToldDay] = []
    for day in range(max_days):
        due = engine.players_due(state)
        doc = write(state, sim.rules, day, due, choose) if due else {}
        checked, _ = check_policy_orders(sim, state, day, doc)
        after, events = resolve_checked(sim, checked, SimDice(dice_rng))
        files = render_day(game, ResolvedDay(day, seed.to_bytes(8, "big"), checked, after, events, []))
        post = "\n".join(v for k, v in sorted(files.items()) if k.startswith("narration."))
        messages = {}
        names = {_stem(n): n for n in game.roster}
        for k, v in files.items():
            if k.startswith("messages/") and ".part" not in k:
                messages[names[k[len("messages/"):].rsplit(".", 1)[0]]] = v
        days.append(ToldDay(day, state, after, events, post, messages))
        state = after
        if engine.ended(state):
            break
    return game, days


def _stem(name: str) -> str:
    from gm.forum.render import message_filename

    return message_filename(name, set())
