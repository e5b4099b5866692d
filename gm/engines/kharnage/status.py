"""A player's own status as the thread knows it (said in every message, issue 24): the army they
lead, in the battle or taken out by the GM, their Domination points and place, whose activation
comes next, and at the end why they won or lost. Read from the public view alone (the hands,
decks and Reserves the engine's `secrets` hide are not in it)."""

from __future__ import annotations


def _why_not(top: dict, row: dict) -> str:
    if row.get("out"):
        return "the GM's ruling took you out of the battle, and a player taken out wins nothing"
    if top["points"] != row["points"]:
        return f"{top['player']} has more Domination points ({top['points']} to your {row['points']})"
    if top["kharnages"] != row["kharnages"]:
        return f"equal points, and {top['player']} made more Kharnages ({top['kharnages']} to your {row['kharnages']})"
    return f"equal points and Kharnages, and {top['player']}'s last card had the better initiative"


def public_status(view: dict, name: str, events: list[dict]) -> list[str]:
    p = view["by_name"][name]
    out = [f"leading the {p['army']}" + (", taken out of the battle by the GM's ruling" if p.get("out") else ", in the battle")]
    if not view["over"]:
        place = next(i for i, r in enumerate(view["standings"], 1) if r["player"] == name)
        out.append(f"{p['points']} Domination point{'' if p['points'] == 1 else 's'}, place {place} of {len(view['standings'])} so far")
        if view.get("next_active"):
            out.append("the next activation is yours" if view["next_active"] == name
                       else f"the next activation is {view['next_active']}'s")
        return out
    row = next(r for r in view["scores"] if r["player"] == name)
    top = view["scores"][0]
    row = dict(row, out=p.get("out"))
    if top["player"] == name:
        out.append(f"the battle is over and you won: the most Domination points ({row['points']})")
    else:
        out.append(f"the battle is over and you did not win (place {row['place']}): {_why_not(top, row)}")
    return out
