"""A player's own status as the thread knows it (said in every message, issue 24): in the game or
out and how, where their pawn stands, their place in the turn order, and at the end why they won or
lost. Read from the public view alone: everything on the board is public here."""

from __future__ import annotations

from gm.markup import and_join


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def public_status(view: dict, name: str, events: list[dict]) -> list[str]:
    p = view["by_name"][name]
    out: list[str] = []
    if p["out"]:
        how = "the GM's ruling put you out" if p.get("ruled_out") else "you lost your last life"
        out.append(f"out of the game since Round {p['out_round']} ({how}); your buildings still count")
    else:
        where = f", your pawn on {p['at']}" if p["at"] else ""
        out.append(f"in the game, {p['lives']} of {p['max_lives']} lives{where}")
        if view["stage"] == "play" and not view["over"] and name in view["turns"]:
            turns = view["turns"]
            out.append(f"you play {_ordinal(turns.index(name) + 1)} of {len(turns)} each round")
    if not view["over"]:
        out.append(f"{p['points']} point{'' if p['points'] == 1 else 's'} from your buildings so far")
        return out
    row = next(r for r in view["scores"] if r["player"] == name)
    winners = view["winners"]
    if name in winners:
        others = [w for w in winners if w != name]
        bonus = f" (with +{row['bonus']} for the last one standing)" if row.get("bonus") else ""
        why = f"the best score, {_points(row['score'])}{bonus}" + (f", shared with {and_join(others)}" if others else "")
        out.append(f"the game is over and you won: {why}")
    else:
        top = view["scores"][0]
        out.append(f"the game is over and you did not win: {and_join(winners)} scored {_points(top['score'])}, "
                   f"you {row['score']} (place {row['place']})")
    return out


def _points(n: int) -> str:
    return f"{n} point" + ("" if n == 1 else "s")
