"""Orders in words: the standing orders a message echoes, `gm status --player` lists and the GM
summary records. One place, so the three say it the same way."""

from __future__ import annotations

from typing import Any

from .state import State

UNSENT = {
    "turn": "none sent (you pass)",
    "sign": "none sent (you show kill)",
    "reveal": "none sent (your best card)",
    "loot": "split (none sent)",
    "show_cards": "no",
}


def _cond(pol: dict, show) -> str:
    parts = [f"against {who}: {show(v)}" for who, v in pol.get("by", [])]
    if pol.get("default"):
        parts.append(("otherwise " if parts else "") + show(pol["default"]))
    return "; ".join(parts)


def describe(key: str, value: Any, player: str) -> str:
    """One order, normalised by orders.py, in words."""
    if key == "turn":
        return "pass" if value["kind"] == "pass" else f"confront {value.get('side') or value.get('target')}"
    if key == "sign":
        if "all" in value:
            return _cond(value["all"], str)
        return "; ".join(f"{player} {k}: " + _cond(value[k], str) for k in sorted(value))
    if key == "reveal":
        return _cond(value, lambda v: ", then ".join(v))
    if key == "loot":
        if value["kind"] == "split":
            return "split"
        if value["kind"] == "to":
            return f"all to {value['to']}"
        parts = [f"{who}: {', '.join(cards)}" for who, cards in value["to"]]
        if value.get("rest"):
            parts.append(f"the rest to {value['rest']}")
        return "; ".join(parts)
    if key == "show_cards":
        return ", ".join(value) if isinstance(value, list) and value else ("yes" if value is True else "no")
    if key == "give":
        return "; ".join(f"{g['card']} to {g['to']}" for g in value)
    if key == "leave_team":
        return "yes" if value else "no"
    return str(value)


def stale_turn(state: State, player: str, turn: dict | None = None) -> str | None:
    """Why a standing `turn` no longer does what it said when it was sent (the table changed since):
    its target is out or no longer a neighbour, or the side it names now holds a teammate. None: it
    still does. Only the player's own standing orders and the public table go into it."""
    turn = turn if turn is not None else state.standing.get(player, {}).get("turn")
    mine = [p for p in state.persons_of(player) if not state.persons[p].out]
    if not turn or turn.get("kind") != "confront" or not mine:
        return None
    if "target" in turn:
        t = turn["target"]
        if t not in state.persons:
            return None
        if state.persons[t].out:
            return f"{t} is out of the game: this turn would be a pass"
        if t not in {x for p in mine for x in state.neighbours(p) if x}:
            return f"{t} is no longer a neighbour: this turn would be a pass"
        return None
    for p in mine:
        left, right = state.neighbours(p)
        who = left if turn.get("side") == "left" else right
        if who and state.player_of(who) != player and who in state.team_of(p).members:
            return f"{turn['side']} is now {who}, a teammate: confronting them means leaving the team first"
    return None


def standing_lines(state: State, player: str) -> list[str]:
    """A player's standing orders, in words, with what holds where they sent none; a standing turn
    the table has overtaken says so."""
    s = state.standing.get(player, {})
    out = [f"{key}: " + (describe(key, s[key], player) if s.get(key) else UNSENT[key]) for key in UNSENT]
    stale = stale_turn(state, player)
    if stale:
        out = [line + f" (check it: {stale})" if line.startswith("turn:") else line for line in out]
    if s.get("bomb_choice"):
        out.append(f"bomb_choice: {s['bomb_choice']}")
    return out
