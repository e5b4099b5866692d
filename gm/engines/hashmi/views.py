"""What templates may see. Public: the board, agents, weapons, ammunition, chests, storm, timers,
credit, hand and deck counts. A player's view adds their own hand, mission and standing orders.
Only the GM view holds every hand, every mission (the undealt ones too) and the decks' order."""

from __future__ import annotations

from .mapdraw import LEGEND, draw, seat_letter
from .rules import Rules
from .state import State


def _agent(state: State, rules: Rules, a) -> dict:
    b = rules.board
    return {"id": a.id, "number": a.number, "kind": a.kind, "power": a.power, "alive": a.alive,
            "square": b.name(a.at) if a.at else None, "zone": b.zone(a.at) if a.at else None,
            "base": b.name(a.base) if a.base else None, "credit": a.credit, "weapons": list(a.weapons),
            "ammo": a.ammo, "chests": a.chests, "frozen": a.frozen, "shield": a.shield,
            "tag": f"{seat_letter(state, a.owner)}{a.number}"}


def _player(state: State, rules: Rules, p) -> dict:
    return {"name": p.name, "seat": p.seat, "letter": seat_letter(state, p.name), "out": p.out,
            "out_reason": p.out_reason, "assassinations": p.assassinations, "cards": len(p.hand),
            "agents": [_agent(state, rules, a) for a in p.agents], "living": len(p.living()),
            "chests": sum(a.chests for a in p.agents), "active": p.name == state.active}


def public_view(state: State, rules: Rules) -> dict:
    b = rules.board
    players = [_player(state, rules, p) for p in state.players.values()]
    return {
        "stage": state.stage, "day": state.day, "round": state.round, "max_rounds": rules.max_rounds,
        "active": state.active, "first_player": state.first_player, "order": state.turn_order(),
        "players": players, "by_name": {p["name"]: p for p in players},
        "map": draw(state, b) if state.stage != "opening" else "", "legend": LEGEND,
        "storm": state.storm, "storm_by": state.storm_by, "storm_zones": list(b.storm_zones),
        "storm_after": rules.storm_after, "gas_zones": list(state.gas_zones),
        "chests": [b.name(c) for c in state.chests], "seedo_zone": state.seedo_zone, "seedo_left": state.seedo_left,
        "ceasefire_left": state.ceasefire_left, "action_deck": len(state.action_deck),
        "weapon_deck": len(state.weapon_deck), "discards": len(state.discards),
        "over": state.over, "victory": state.victory, "winners": list(state.winners),
        "hypnotised": state.hypnotised, "hypnotist": state.controller(state.hypnotised) if state.hypnotised else None,
        "hypno_hand": list(state.hypno_hand), "turns_per_day": state.turns_per_day,
        "pending": ({k: v for k, v in state.pending.items() if k not in ("budget", "spec", "shot")}
                    if state.pending else None),
        "revealed": dict(state.revealed) if state.over else {},
        "spare_missions": list(state.spare_missions) if state.over else [],
        "assassinations_total": state.assassinations_total,
    }


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
    me["hand"] = sorted(p.hand)
    me["mission"] = p.mission
    me["standing"] = dict(p.standing)
    from .stale import stale_standing

    me["stale"] = stale_standing(state, rules, name) if not (p.out or state.over) else []
    from .today import writers

    today = writers(state) if not state.over else {}
    turn_of = today.get(name)  # whose turn the player writes today
    me["my_turn"] = turn_of is not None
    me["turn_of"] = turn_of
    me["later_turn"] = turn_of is not None and turn_of != state.active  # after the day's first (T-1)
    me["after"] = list(today.values())[:list(today).index(name)] if turn_of is not None else []
    me["actions"] = rules.actions
    me["in_reach"] = in_reach(state, rules, turn_of) if me["my_turn"] else []
    view["me"] = me
    return view


def in_reach(state: State, rules: Rules, name: str) -> list[dict]:
    """For each of the player's armed agents and weapons: the enemy agents a shot could reach from
    where things stand, with the best RANGE roll (what the player may aim at with `at:`)."""
    from .context import Ctx
    from .shooting import reach, shot_paths

    ctx = Ctx(state, rules, None, "")
    out = []
    for a in state.players[name].living():
        for wname in dict.fromkeys(a.weapons):
            w = rules.comp.weapons[wname]
            found: dict[str, str] = {}
            for rng in range(w.range[0], w.range[1] + 1):
                for label, squares in shot_paths(ctx, a, w, rng):
                    for b in reach(ctx, a, w, squares):
                        if b.owner != name:
                            found.setdefault(b.id, label)
            if found:
                out.append({"agent": a.id, "weapon": wname, "targets": [f"{t} ({way})" for t, way in sorted(found.items())]})
    return out


def gm_view(state: State, rules: Rules) -> dict:
    view = public_view(state, rules)
    view["hands"] = {p.name: sorted(p.hand) for p in state.players.values()}
    view["missions"] = {p.name: p.mission for p in state.players.values()}
    view["spare_missions"] = list(state.spare_missions)
    view["next_action_cards"] = list(reversed(state.action_deck[-3:]))
    view["next_weapon_cards"] = list(reversed(state.weapon_deck[-3:]))
    view["standing"] = {p.name: dict(p.standing) for p in state.players.values()}
    return view


def status_rows(state: State, rules: Rules):
    head = ["seat", "player", "agents", "assassinations", "chests", "cards", "status"]
    rows = []
    for p in state.players.values():
        v = _player(state, rules, p)
        agents = ", ".join(f"{a['tag']} {a['power']} {a['square'] or 'out'}" for a in v["agents"]) or "-"
        status = "out" if p.out else ("to play" if p.name == state.active else "in the game")
        if state.over:
            status = "winner" if p.name in state.winners else "lost"
        rows.append([f"{p.seat} ({v['letter']})", p.name, agents, str(p.assassinations), str(v["chests"]),
                     str(len(p.hand)), status])
    return head, rows


def player_status(state: State, rules: Rules, name: str) -> list[str]:
    v = player_view(state, rules, name)
    me = v["me"]
    lines = [f"  seat: {me['seat']} ({me['letter']} on the map)", f"  mission: {me['mission'] or '-'}",
             f"  hand ({len(me['hand'])}): {', '.join(me['hand']) or 'empty'}",
             f"  assassinations: {me['assassinations']}"]
    for a in me["agents"]:
        where = a["square"] or f"eliminated (base {a['base'] or '-'})"
        lines.append(f"  {a['tag']} {a['power']}: {where}; weapons: {', '.join(a['weapons']) or 'none'}; "
                     f"ammo {a['ammo']}; chests {a['chests']}")
    if v["map"]:
        lines += ["", *v["map"].splitlines()]
    return lines
