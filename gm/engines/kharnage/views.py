"""What templates may see. Armies, the Hill, tokens and scores are public; a player's hand, the cards
left in their Battle deck and their war plan are theirs; the order of every deck and Reserve is
the GM's alone."""

from __future__ import annotations

from . import armies
from .rules import Rules
from .state import PLAY, State, Unit


def _unit(rules: Rules, u: Unit) -> dict:
    d = armies.unit_def(rules, u)
    return {"name": d.name, "armor": armies.armor(rules, u), "lines": list(armies.lines_of(rules, u)),
            "large": d.large, "general": d.general, "absent": u.absent, "web": u.web}


def _label(x: dict) -> str:
    span = "-".join(str(n) for n in x["lines"])
    tag = "".join([f" (Large, lines {span})" if x["large"] else "", " (General)" if x["general"] else "", " (web)" if x["web"] else "",
                   " (absent)" if x["absent"] else ""])
    return f"{x['name']} {x['armor']}{tag}"


def _line_text(units: list[dict], line: int) -> str:
    here = [x for x in units if x["lines"][0] == line]
    counts: dict[str, int] = {}
    for x in here:
        key = _label(x)
        counts[key] = counts.get(key, 0) + 1
    return ", ".join(f"{k} x{n}" if n > 1 else k for k, n in counts.items()) or "-"


def army_table(players: list[dict]) -> str:
    """The armies by line, monospace: a Unit is listed in its front line (a Large unit: [L], all its
    lines); the number after a name is its Armor with Shields."""
    out = []
    for p in players:
        head = f"{p['name']} ({p['army']}): {p['points']} pts = {p['skulls']} skulls + {p['kharnages']} Kharnage"
        out.append(head)
        for line in (1, 2, 3):
            out.append(f"  line {line}: {_line_text(p['units'], line)}")
        out.append(f"  Reserve {p['reserve']}, Battle cards in hand {p['hand']}, deck {p['deck']}"
                   + (f", Generals set aside: {', '.join(p['generals'])}" if p["generals"] else ""))
    return "\n".join(out)


def _card(rules: Rules, cid: str) -> dict:
    c = rules.components.battle[cid]
    return {"name": c.name, "id": c.id, "initiative": c.initiative, "flags": c.flags, "bicolor": c.bicolor,
            "attacks": list(c.attacks), "power": c.power_text}


def standings(state: State) -> list[dict]:
    place = {n: i for i, n in enumerate(state.order)}
    rows = sorted(state.players.values(), key=lambda p: (-p.points, -p.kharnages, place.get(p.name, 99)))
    return [{"player": p.name, "army": p.army, "skulls": p.skulls, "tokens": list(p.tokens),
             "kharnages": p.kharnages, "points": p.points} for p in rows]


def public_view(state: State, rules: Rules) -> dict:
    players = []
    for p in state.players.values():
        units = [_unit(rules, u) for u in p.units]
        players.append({
            "name": p.name, "army": p.army, "out": p.out, "units": units, "reserve": len(p.reserve), "hand": len(p.hand),
            "deck": len(p.deck), "generals": [rules.components.unit_of[g].name for g in p.generals],
            "played": [rules.components.battle[c].name for c in p.played],
            "skulls": p.skulls, "tokens": list(p.tokens), "kharnages": p.kharnages, "points": p.points,
            "attack": {"assault": armies.attack_points(rules, p, "assault"),
                       "shooting": armies.attack_points(rules, p, "shooting")},
        })
    return {
        "stage": state.stage, "round": state.round, "rounds": rules.rounds, "over": state.over,
        "players": players, "by_name": {p["name"]: p for p in players},
        "army_table": army_table(players), "hill": len(state.hill), "order": list(state.order),
        "standings": standings(state), "scores": state.scores,
        "next_round": state.round + 1 if state.stage == PLAY and not state.over and not state.pending else None,
        "next_active": state.pending[0] if state.pending else None, "pace": state.pace,
        "yeah_rule": rules.yeah_rule,
        "last_round_next": state.round + 1 == rules.rounds,
        "supply": dict(sorted(state.supply.items())),
    }


def plan_lines(plan: dict, rules: Rules) -> list[str]:
    """The war plan as understood, one entry a line."""
    out = []
    for key in ("general", "assault", "shooting", "elite", "split", "destroy", "knights", "web", "stomp"):
        v = plan.get(key)
        if key == "general" and v not in ("first", "no", None):
            v = rules.components.unit_of[v].name
        out.append(f"{key}: {', '.join(v) if isinstance(v, list) else v}")
    return out


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
    me["hand_cards"] = [_card(rules, c) for c in sorted(p.hand, key=lambda c: rules.components.battle[c].initiative)]
    me["deck_cards"] = [_card(rules, c) for c in sorted(p.deck, key=lambda c: rules.components.battle[c].initiative)]
    me["plan"] = plan_lines(p.plan, rules)
    view["me"] = me
    return view


def gm_view(state: State, rules: Rules) -> dict:
    view = public_view(state, rules)
    comp = rules.components
    view["secrets"] = [{
        "name": p.name,
        "hand": [comp.battle[c].name for c in p.hand],
        "deck": [comp.battle[c].name for c in p.deck],
        "reserve": [comp.unit_of[c].name for c in p.reserve],
        "plan": plan_lines(p.plan, rules),
    } for p in state.players.values()]
    view["hill_cards"] = [comp.unit_of[c].name for c in state.hill]
    view["components"] = comp.source
    return view


def status_rows(state: State, rules: Rules) -> tuple[list[str], list[list[str]]]:
    head = ["seat", "player", "army", "units", "reserve", "hand", "skulls", "Kharnage", "points"]
    rows = []
    for seat, p in enumerate(state.players.values(), 1):
        rows.append([str(seat), p.name + (" (out: the GM's ruling)" if p.out else ""), p.army, str(len(p.units)),
                     str(len(p.reserve)), str(len(p.hand)),
                     str(p.skulls), str(p.kharnages), str(p.points)])
    return head, rows


def player_status(state: State, rules: Rules, name: str) -> list[str]:
    v = player_view(state, rules, name)
    me = v["me"]
    lines = [f"  army: {me['army']}; {me['points']} points ({me['skulls']} skulls, {me['kharnages']} Kharnage)",
             "  hand: " + (", ".join(f"{c['name']} ({c['initiative']})" for c in me["hand_cards"]) or "none"),
             "  still in the Battle deck: " + (", ".join(c["name"] for c in me["deck_cards"]) or "none"),
             f"  Reserve: {me['reserve']} cards; Generals set aside: {', '.join(me['generals']) or 'none'}",
             "  war plan: " + "; ".join(me["plan"])]
    if state.players[name].out:  # rulings.py: public, announced with the day
        lines.insert(0, "  out of the game by the GM's ruling (the tokens won stay, placed last in the final score)")
    return lines + [""] + v["army_table"].splitlines()
