"""What templates may see. The board is public in Hostile Takeover; a player's view adds their own
sheet and what they could do from where they stand. Orders and skipped orders are not in views."""

from __future__ import annotations

from . import grid
from .mapdraw import draw
from .rules import BBCODE_COLOURS, COLOURS, Rules
from .state import State
from .turns import options


def _player(state: State, rules: Rules, p) -> dict:
    owned = state.owned_by(p.name)
    large = sum(1 for b in owned if b.size == "large")
    return {
        "name": p.name, "colour": p.colour, "letter": COLOURS[p.colour], "bb": BBCODE_COLOURS[p.colour],
        "lives": p.lives, "max_lives": rules.lives, "out": p.out, "out_round": p.out_round,
        "ruled_out": p.ruled_out,
        "at": grid.name(p.at) if p.at else None, "spawn": grid.name(p.spawn) if p.spawn else None,
        "large": large, "small": len(owned) - large,
        "buildings": [b.label for b in owned],
        "points": large * rules.score_large + (len(owned) - large) * rules.score_small,
    }


def _building(state: State, rules: Rules, b) -> dict:
    owner = state.players[b.owner] if b.owner else None
    return {"label": b.label, "squares": grid.names(b.squares), "size": b.size, "owner": b.owner,
            "colour": owner.colour if owner else None, "bb": BBCODE_COLOURS[owner.colour] if owner else None,
            "points": b.points, "full": rules.full_points(b.size)}


def public_view(state: State, rules: Rules) -> dict:
    players = [_player(state, rules, p) for p in state.players.values()]
    return {
        "stage": state.stage,
        "day": state.day,
        "round": state.round,
        "max_rounds": rules.max_rounds,
        "first_player": state.first_player,
        "order": state.turn_order(),
        "turns": [n for n in state.turn_order() if not state.players[n].out],  # who still takes turns
        "map": draw(state),
        "players": players,
        "by_name": {p["name"]: p for p in players},
        "in_game": [p.name for p in state.in_game()],
        "buildings": [_building(state, rules, b) for b in state.buildings],
        "over": state.over,
        "end": state.end,
        "scores": state.scores,
        "winners": [r["player"] for r in state.scores if r["place"] == 1],
        "score_table": score_table(state.scores) if state.scores else "",
        "bb": dict(BBCODE_COLOURS),
        "rules": {"lives": rules.lives, "small_points": rules.small_points, "large_points": rules.large_points,
                  "score_small": rules.score_small, "score_large": rules.score_large,
                  "last_standing_bonus": rules.last_standing_bonus},
    }


def _choice(state: State, c) -> dict:
    """An order the player could give now: as a sentence, and as it is written in an orders file."""
    if c.kind == "attack":
        colour = state.players[c.target].colour
        return {"text": f"attack {c.target} ({colour})", "yaml": f"attack: {colour}"}
    return {"text": c.text, "yaml": c.text.replace(" ", ": ", 1)}


def player_view(state: State, rules: Rules, name: str) -> dict:
    return _with_me(state, rules, name, public_view(state, rules))


def player_views(state: State, rules: Rules, players: list[str]) -> dict[str, dict]:
    """Every message's view from one public view (each player's own part added to a copy of it):
    a public view built for each player would walk the whole table once per player."""
    base = public_view(state, rules)
    return {name: _with_me(state, rules, name, dict(base)) for name in players}


def _with_me(state: State, rules: Rules, name: str, view: dict) -> dict:
    """The public view with the player's own part (`me`) added."""
    p = state.players[name]
    me = dict(view["by_name"][name])
    me["owned"] = [b for b in view["buildings"] if b["owner"] == name]
    me["options"] = [_choice(state, c) for c in options(state, p)] if state.stage == "play" and not state.over else []
    # an example of fallbacks from what is legal now: an attack or claim first, then a move
    me["example"] = [o["yaml"] for o in sorted(me["options"], key=lambda o: o["yaml"].startswith("move"))][:2]
    me["neighbours"] = [o.name for o in state.in_game() if o.name != name and o.on_board and p.on_board
                        and grid.adjacent(o.at, p.at)]
    me["next_to"] = [b.label for b in state.buildings if p.on_board and b.touches(p.at)]
    view["me"] = me
    return view


def gm_view(state: State, rules: Rules) -> dict:
    return public_view(state, rules)


def score_table(scores: list[dict]) -> str:
    """The final table, monospace. Names are the players' own; the code block keeps them inert."""
    head = ["", "player", "colour", "large", "small", "last", "score"]
    rows = [[str(r["place"]), r["player"], r["colour"], str(r["large"]), str(r["small"]),
             f"+{r['bonus']}" if r["bonus"] else "", str(r["score"])] for r in scores]
    widths = [max(len(x[i]) for x in [head] + rows) for i in range(len(head))]
    left = {1, 2}

    def fmt(row):
        return "  ".join(c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))).rstrip()

    return "\n".join([fmt(head), "  ".join("-" * w for w in widths)] + [fmt(r) for r in rows])


def status_rows(state: State, rules: Rules) -> tuple[list[str], list[list[str]]]:
    head = ["seat", "player", "colour", "lives", "square", "spawn", "buildings", "points", "status"]
    rows = []
    order = state.turn_order()
    for seat, p in enumerate(state.players.values(), 1):
        v = _player(state, rules, p)
        turn = order.index(p.name) + 1 if state.first_player else None
        status = f"out (Round {p.out_round})" if p.out else ("in the game (first player)" if p.name == state.first_player else "in the game")
        if state.over:
            row = next(r for r in state.scores if r["player"] == p.name)
            status = f"place {row['place']}, {row['score']} points" + (" (last standing)" if row["bonus"] else "")
        rows.append([str(seat) + (f" (turn {turn})" if turn else ""), p.name, p.colour, f"{p.lives}/{rules.lives}",
                     v["at"] or "-", v["spawn"] or "-", f"{v['large']} large, {v['small']} small", str(v["points"]), status])
    return head, rows


def player_status(state: State, rules: Rules, name: str) -> list[str]:
    v = player_view(state, rules, name)
    me = v["me"]
    lines = [f"  colour: {me['colour']}", f"  lives: {me['lives']} of {me['max_lives']}" + (" (out)" if me["out"] else ""),
             f"  square: {me['at'] or '-'}; spawn: {me['spawn'] or '-'}",
             "  buildings: " + (", ".join(f"{b['label']} ({b['size']}, {b['points']}/{b['full']})" for b in me["owned"]) or "none"),
             f"  points from buildings: {me['points']}"]
    if me["neighbours"] or me["next_to"]:
        lines.append("  next to: " + ", ".join(me["neighbours"] + [f"the building at {b}" for b in me["next_to"]]))
    if me["options"]:
        lines.append("  legal orders now: " + ", ".join(o["yaml"] for o in me["options"]))
    if v["map"]:
        lines += ["", *v["map"].splitlines()]
    return lines
