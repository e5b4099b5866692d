"""A player's own status as the thread knows it (said in every message, issue 24): in the game or
eliminated and how, the team they are on and their teammates, whose turn is next, and at the end
why they won or lost. Read from the public view and the day's public events alone: the cards in
hands, which the engine's `secrets` hide, are not in them."""

from __future__ import annotations

from gm.markup import and_join

HOW = {"showdown": ", in a showdown", "team_killed": ", team-killed (a \"team\" met a \"kill\")",
       "all_passed": ", in a full circle of passes", "ruling": " by the GM's ruling", "bomb_lose": ", in the Bomb's showdown"}


def _team(members: list[str]) -> str:
    return members[0] if len(members) == 1 else f"the team of {and_join(members)}"


def _how(name: str, persons: list[str], events: list[dict]) -> str:
    """How the player's persons went out, if today's public events say it (else only the day)."""
    for e in events:
        if e["kind"] == "eliminated" and set(e["persons"]) & set(persons):
            how = HOW.get(e.get("how"), f", {e.get('how')}" if e.get("how") else "")
            return how + (f", by {_team(e['by'])}" if e.get("by") else "")
    return ""


def public_status(view: dict, name: str, events: list[dict]) -> list[str]:
    persons = [p for p in view["persons"] if p["player"] == name]
    live = [p for p in persons if not p["out"]]
    out: list[str] = []
    if not live:
        day = max((p["out_day"] or 0) for p in persons) if persons else 0
        out.append(f"eliminated on Day {day}{_how(name, [p['name'] for p in persons], events)}")
    else:
        mates = [m for p in live for m in p["teammates"] if view["by_name"][m]["player"] != name]
        mine = [p["name"] for p in live]
        who = f"in the game ({and_join(mine)})" if view["variant"] else "in the game"
        if view["variant"] and len(persons) > len(live):
            gone = [p["name"] for p in persons if p["out"]]
            out.append(f"{and_join(gone)} eliminated on Day {max(p['out_day'] for p in persons if p['out'])}")
        out.append(f"{who}, on a team with {and_join(mates)}" if mates else f"{who}, on your own")
        if not view["over"] and view["active"]:
            mine_turn = view["active_player"] == name
            out.append("the next turn is yours" + (f" ({view['active']})" if view["variant"] else "") if mine_turn
                       else f"the next turn is {view['active']}'s")
    if view["over"]:
        winners = view["winners"]
        if name in winners:
            others = [w for w in winners if w != name]
            out.append("the game is over and you won: " + (f"you and {and_join(others)} are the last two left"
                                                          if others else "you are the last player left"))
        elif winners:
            out.append(f"the game is over and you did not win: {and_join(winners)} "
                       + ("won" if len(winners) > 1 else "is the last player left"))
        else:
            out.append("the game is over and everyone lost: "
                       + ("a full circle of passes" if view["end"] == "all_passed" else "the last players went out together"))
    return out
