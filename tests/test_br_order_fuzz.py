"""The Battle Royale order checker never crashes, whatever an orders file says: every problem is a located
line (hypothesis builds order-shaped documents from the real vocabulary and random values)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm.engines.battle_royale import BattleRoyale
from gm.engines.battle_royale.common import new_item
from gm.engines.battle_royale.rules import load_rules
from gm.engines.battle_royale.state import Player, State, Trap, ZoneState
from gm.yamlio import load_text
from tests.helpers_synth import yaml_json

ENGINE = BattleRoyale()
RULES = load_rules()
WORDS = ["free", "action", "movement", "votes", "drop", "pick_up", "trade", "store", "take_out", "wear", "take_off",
         "track", "proficiency", "with", "give", "get", "attack", "all_out_attack", "cover", "analyze", "heal",
         "use_item", "set_trap", "defend", "search", "weapon", "targets", "target", "item", "path", "day", "move",
         "run", "hold", "stay", "follow", "escape", "mark", "close", "reward", "start", "bonus", "Battle", "Lone Wolf",
         "Dedicated Student", "Scavenger", "Shadow", "Akane", "Bruno", "Chiaki", "Dana", "Beach", "Forest",
         "The Septagon", "Field", "unarmed"] + sorted(RULES.items)
scalars = st.one_of(st.sampled_from(WORDS), st.integers(-3, 9), st.booleans(), st.none(), st.text(max_size=4))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.sampled_from(WORDS), inner, max_size=3)),
                      max_leaves=12)
documents = st.dictionaries(st.sampled_from(["Akane", "Bruno", "Chiaki", "Dana", "Nobody"]), values, max_size=4)


def _state(day: int) -> State:
    state = State(day=day - 1, players={}, zones={z: ZoneState(z) for z in RULES.zones})
    bags = {"Akane": ["Rifle", "Backpack", "Headband"], "Bruno": ["Grenade", "Deactivator", "Tracking Unit"],
            "Chiaki": ["Poison Vial", "Land Mine", "C-4"], "Dana": ["First Aid Kit", "Megaphone", "Smoke Grenade"]}
    for name, zone in (("Akane", "Beach"), ("Bruno", "Beach"), ("Chiaki", "Forest"), ("Dana", "Beach")):
        p = Player(name, "Lone Wolf" if name == "Bruno" else "Dedicated Student", "School A" if day else None,
                   zone if day else None, 10, 10)
        p.items = [new_item(state, RULES, n) for n in bags[name]]
        state.players[name] = p
    state.players["Akane"].items[1].contents.append(new_item(state, RULES, "Knife"))
    state.players["Dana"].pending_proficiency = True
    state.zones["Forest"].closing = True
    state.traps.append(Trap(new_item(state, RULES, "Land Mine"), "mine", "Chiaki", "Forest", 1, "Beach"))
    return state


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents, st.sampled_from([0, 1, 3]))
def test_the_checker_never_crashes(doc, day):
    state = _state(day)
    parsed = load_text(yaml_json(doc), Path("orders.yaml"))
    orders, problems = ENGINE.check_orders(parsed, "orders.yaml", RULES, state, day, {})
    for p in problems:
        assert p.where.path == "orders.yaml" and p.where.line is not None, p
        assert "\n" not in p.message
    for o in orders.values():
        o.record()
