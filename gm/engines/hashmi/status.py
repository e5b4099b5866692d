"""A player's own status as the thread knows it (said in every message, issue 24): in the game or
out and why, their agents still standing, whose turn is next, and at the end why they won or lost.
Read from the public view alone (missions and hands, which the engine's `secrets` hide, are not in
it until the game ends)."""

from __future__ import annotations

from gm.markup import and_join

VICTORY = {"battle_royale": "the Battle Royale Victory (the last player with agents left)",
           "assassin": "the Assassin Victory", "peaceful": "the Peaceful Victory (every treasure chest)",
           "mission": "the Mission Accomplished Victory", "boring": "the Boring Victory (the most assassinations)"}


def public_status(view: dict, name: str, events: list[dict]) -> list[str]:
    p = view["by_name"][name]
    out: list[str] = []
    if p["out"]:
        out.append(f"out of the game ({p['out_reason']})")
    else:
        total = len(p["agents"])
        out.append(f"in the game, {p['living']} of your {total} agents standing" if total
                   else "in the game")
        if not view["over"] and view["stage"] != "opening" and view["active"]:
            out.append("the next turn is yours" if view["active"] == name else f"the next turn is {view['active']}'s")
    if view["over"]:
        winners = view["winners"]
        how = VICTORY.get(view["victory"], view["victory"] or "")
        if name in winners:
            others = [w for w in winners if w != name]
            out.append(f"the game is over and you won: {how}" + (f", shared with {and_join(others)}" if others else ""))
        elif winners:
            out.append(f"the game is over and you did not win: {and_join(winners)} won {how}")
        else:
            out.append("the game is over and no one won")
    return out
