"""The GM's steps in a day's orders (`gm:`): what a Power the engine cannot know does, as the GM
reads the real card, by player; and `no_yeah` (house rule yeah_rule), who did not cheer the last
Kharnage. A card with such a Power needs its steps, and steps need such a card (orders.py check_all).

    gm:
      Bruno:
        - discard: {army: Akane, unit: Ironshield}
        - note: "The Horde keeps coming."
      no_yeah: [Chiaki]
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gm.checker import Checker
from gm.errors import Location
from gm.suggest import did_you_mean
from gm.yamlio import item_loc, key_loc, value_loc

from .powers import EVERY_OTHER, STEP_KINDS, UNIT_RULES
from .state import player_named

GM = "gm"
NO_YEAH = "no_yeah"
MAX_STEPS = 20  # steps for one player's Power, and players named in no_yeah


@dataclass
class GmSteps:
    """`gm:` of the day's orders: steps for the Powers the engine cannot know, by player."""

    steps: dict[str, list[dict]] = field(default_factory=dict)
    where: dict[str, Location] = field(default_factory=dict)
    no_yeah: list[str] = field(default_factory=list)  # house rule yeah_rule: who did not cheer a Kharnage
    no_yeah_where: Location | None = None
    received: bool = True
    player: str = GM

    def record(self) -> dict:
        return {"gm_steps": self.steps, "no_yeah": self.no_yeah}


def read_gm_steps(c: Checker, node, at: Location, out: GmSteps) -> None:
    if not isinstance(node, dict):
        c.error(at, "gm maps a player (whose card's Power it is) to a list of steps")
        return
    for raw in node:
        pat = key_loc(c.path, node, raw)
        if raw == NO_YEAH:
            _no_yeah(c, node, out)
            continue
        who = player_named(c.state, raw)
        if who is None:
            c.error(pat, f"no player {raw!r}{did_you_mean(str(raw), c.state.players)}")
            continue
        seq = node[raw]
        if seq is None:
            seq = []
        if not isinstance(seq, list) or len(seq) > MAX_STEPS:
            c.error(value_loc(c.path, node, raw), f"the GM's steps for {who} are a list (at most {MAX_STEPS})")
            continue
        if who in out.steps:
            c.error(pat, f"the GM's steps for {who} are given twice")
            continue
        steps = []
        for i, step in enumerate(seq):
            got = _gm_step(c, step, item_loc(c.path, seq, i))
            if got is not None:
                steps.append(got)
        out.steps[who] = steps
        out.where[who] = pat


def _no_yeah(c: Checker, node, out: GmSteps) -> None:
    """`no_yeah: [players]`: those who did not cheer the last Kharnage lose a Kharnage token."""
    at = value_loc(c.path, node, NO_YEAH)
    out.no_yeah_where = key_loc(c.path, node, NO_YEAH)
    seq = node[NO_YEAH]
    if not c.rules.yeah_rule:
        c.error(out.no_yeah_where, "no_yeah needs the house rule `yeah_rule: true` (the rulebook's yelling is optional)")
        return
    if not isinstance(seq, list) or len(seq) > MAX_STEPS:
        c.error(at, "no_yeah lists the players who did not cheer «YEAH!»")
        return
    for i, raw in enumerate(seq):
        who = c.name(raw, c.state.players, item_loc(c.path, seq, i), "player")
        if who is not None and who not in out.no_yeah:
            out.no_yeah.append(who)


def _gm_step(c: Checker, step, at: Location) -> dict | None:
    if not isinstance(step, dict) or len(step) != 1:
        c.error(at, f"a GM step is one of {', '.join(STEP_KINDS)}, e.g. `- destroy: {{army: Akane, unit: Footman}}`")
        return None
    kind = str(next(iter(step)))
    value = step[kind]
    vat = value_loc(c.path, step, kind)
    if kind not in STEP_KINDS:
        c.error(key_loc(c.path, step, kind), f"unknown GM step '{kind}'{did_you_mean(kind, STEP_KINDS)}")
        return None
    if kind == "note":
        if not isinstance(value, str) or not value.strip() or len(value) > 500:
            c.error(vat, "note is a line of text (at most 500 characters)")
            return None
        return {"kind": kind, "text": value.strip()}
    if kind == "reinforce":
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10:
            c.error(vat, "reinforce is a number of Units from 1 to 10")
            return None
        return {"kind": kind, "n": value}
    if kind == "attack":
        if not isinstance(value, dict) or value.get("type") not in ("assault", "shooting") or \
                isinstance(value.get("points"), bool) or not isinstance(value.get("points"), int) or \
                not 1 <= value["points"] <= 50 or set(value) - {"type", "points"}:
            c.error(vat, "attack is {type: assault | shooting, points: N} (N from 1 to 50)")
            return None
        return {"kind": kind, "type": str(value["type"]), "points": value["points"]}
    if not isinstance(value, dict) or not {"army", "unit"} <= set(value) <= {"army", "unit", "line"}:
        c.error(vat, f"{kind} is {{army: PLAYER, unit: UNIT NAME}}, or rules worked out when the Power is played: "
                     f"{{army: every_other, unit: cheapest | toughest, line: 1 | 2 | 3}}")
        return None
    line = value.get("line")
    if line is not None and (isinstance(line, bool) or line not in (1, 2, 3)):
        c.error(value_loc(c.path, value, "line"), f"line is 1, 2 or 3 (the army's lines), not {line!r}")
        return None
    raw_army = value["army"]
    every = isinstance(raw_army, str) and raw_army.strip().casefold() == EVERY_OTHER
    who = None if every else player_named(c.state, raw_army)
    if who is None and not every:
        c.error(value_loc(c.path, value, "army"), f"no player or army {raw_army!r}"
                                                  f"{did_you_mean(str(raw_army), list(c.state.players) + [EVERY_OTHER])} "
                                                  f"(or `{EVERY_OTHER}`: every army but the active player's)")
        return None
    unit = value["unit"]
    by_rule = isinstance(unit, str) and unit.strip().casefold() in UNIT_RULES
    if by_rule:
        hit = unit.strip().casefold()
    else:
        pool = [c.state.players[who].army] if who else sorted({p.army for p in c.state.players.values()})
        names = [u.name for a in pool for u in c.rules.components.armies[a].units + c.rules.components.armies[a].generals]
        hit = next((n for n in names if isinstance(unit, str) and n.casefold() == unit.strip().casefold()), None)
        if hit is None:
            what = f"{c.rules.components.armies[pool[0]].name} have no Unit" if who else "no army in this game has a Unit"
            c.error(value_loc(c.path, value, "unit"), f"{what} {unit!r}{did_you_mean(str(unit), names)} "
                                                      f"(or a rule: {', '.join(UNIT_RULES)})")
            return None
    out = {"kind": kind, "army": EVERY_OTHER if every else who, "unit": hit}
    if line is not None:
        out["line"] = line
    return out
