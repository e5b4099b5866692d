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


def standing_lines(state: State, player: str) -> list[str]:
    """A player's standing orders, in words, with what holds where they sent none."""
    s = state.standing.get(player, {})
    out = [f"{key}: " + (describe(key, s[key], player) if s.get(key) else UNSENT[key]) for key in UNSENT]
    if s.get("bomb_choice"):
        out.append(f"bomb_choice: {s['bomb_choice']}")
    return out
