"""What templates may see. The public view holds no card names at all: hands are counts, showdowns
are outcomes. A player's view adds their own hand, the hands of teammates who agreed to show
(TK-11), their standing orders and, on their turn, whom they can confront."""

from __future__ import annotations

from .describe import standing_lines
from .rules import Rules
from .state import State
from .teams import own_unit

EFFECT_TEXT = {
    "bomb": "when revealed, everyone in the confrontation is eliminated (you too); against $1000 Dollars "
            "between the last two players, you choose: both win or both lose",
    "scream_mask": "when revealed, a lone opponent is eliminated before the sums are compared",
    "thousand_dollars": "when revealed between the last two players, both win",
}


def _team_label(state: State, members: list[str]) -> str:
    return ", ".join(members)


def public_view(state: State, rules: Rules) -> dict:
    team_no = {m: i + 1 for i, t in enumerate(state.teams) for m in t.members}
    persons = []
    for p in state.persons.values():
        persons.append({"name": p.name, "player": p.player, "out": p.out, "out_day": p.out_day,
                        "cards": len(p.hand), "team": team_no.get(p.name),
                        "teammates": [m for m in state.teams[team_no[p.name] - 1].members if m != p.name]
                        if p.name in team_no else []})
    by_name = {p["name"]: p for p in persons}
    active = state.active
    left, right = state.neighbours(active) if active else (None, None)
    return {
        "stage": state.stage, "day": state.day, "turn": state.turn, "variant": state.variant,
        "players": list(state.players), "players_in": state.players_in(), "persons": persons, "by_name": by_name,
        "in_play": state.in_play(), "out": [p["name"] for p in persons if p["out"]],
        "teams": [list(t.members) for t in state.teams],
        "big_teams": [list(t.members) for t in state.teams if len(state.team_players(t)) > 1],
        "active": active, "active_player": state.player_of(active) if active else None,
        "left": left, "right": right,
        "left_team": list(state.team_of(left).members) if left else [],
        "right_team": list(state.team_of(right).members) if right else [],
        "passes": state.passes, "circle": len(state.in_play()),
        "discarded": len(state.discarded), "over": state.over, "end": state.end, "winners": list(state.winners),
        "turns_per_day": rules.turns_per_day, "reveal_default": rules.reveal_default,
        "bomb_default": rules.bomb_default, "ask": list(rules.ask),
        "waiting": _waiting(state),
    }


def _waiting(state: State) -> dict | None:
    """The decision the game waits for (house rule `ask`), as the public may know it."""
    p = state.pending
    if p is None:
        return None
    if p["kind"] == "loot":
        return {"what": "loot", "persons": list(p["members"]), "count": len(p["cards"])}
    if p["kind"] == "bomb":
        return {"what": "bomb", "persons": [p["holder"]]}
    return {"what": "reveal", "persons": [m for m in p["a"] + p["b"] if p["signs"][m] == "kill"]}


def _card(rules: Rules, name: str) -> dict:
    c = rules.deck.card(name)
    return {"name": c.name, "value": c.value, "bang": c.bang, "effect": EFFECT_TEXT.get(c.effect or "", "")}


def _hands(state: State, rules: Rules, player: str) -> list[dict]:
    return [{"person": n, "out": state.persons[n].out,
             "cards": [_card(rules, c) for c in rules.deck.by_value(state.persons[n].hand)]}
            for n in state.persons_of(player)]


def player_view(state: State, rules: Rules, name: str) -> dict:
    return _with_me(state, rules, name, public_view(state, rules), None)


def player_views(state: State, rules: Rules, players: list[str]) -> dict[str, dict]:
    """Every message's view from one public view and one index of teams by person: a view built
    for each player would walk the whole table for each player (the square of a big table)."""
    base = public_view(state, rules)
    teams = {m: t for t in state.teams for m in t.members}
    return {name: _with_me(state, rules, name, dict(base), teams) for name in players}


def _with_me(state: State, rules: Rules, name: str, view: dict, teams: dict | None) -> dict:
    """The public view with the player's own part (`me`) added (from the indexes, when given)."""
    mine = state.persons_of(name)
    live = [p for p in mine if not state.persons[p].out]
    shown = []
    for a, b in state.shows:
        if name in (a, b):
            other = b if a == name else a
            shown.append({"player": other, "hands": _hands(state, rules, other)})
    my_turn = bool(state.active in mine and not state.over)
    options = []
    if my_turn:
        for side, who, team in (("left", view["left"], view["left_team"]), ("right", view["right"], view["right_team"])):
            if who is None:
                continue
            own = state.player_of(who) == name
            own_team = who in state.team_of(state.active).members
            if own_team:  # the active person leaves first: the rest of the team is confronted
                mine_now = own_unit(state, state.active)
                team = [m for m in team if m not in mine_now]
            options.append({"side": side, "person": who, "team": team, "own_person": own, "own_team": own_team})
    view["me"] = {
        "name": name, "persons": mine, "out": not live, "hands": _hands(state, rules, name),
        "cards": sum(len(state.persons[p].hand) for p in mine),
        "teammates": [m for p in live for m in (state.teammates(p) if teams is None else teams[p].members)
                      if m != p and state.player_of(m) != name],
        "shown": shown, "standing": standing_lines(state, name), "my_turn": my_turn, "options": options,
        "won": name in state.winners,
        "loot_waiting": list(state.pending["cards"]) if state.pending and state.pending["kind"] == "loot"
        and any(state.player_of(m) == name for m in state.pending["members"]) else [],
    }
    return view


def gm_view(state: State, rules: Rules) -> dict:
    view = public_view(state, rules)
    view["hands"] = {n: list(p.hand) for n, p in state.persons.items()}
    view["pending"] = state.pending
    view["discarded_cards"] = list(state.discarded)
    view["undealt"] = list(state.undealt)
    view["shows"] = [list(s) for s in state.shows]
    view["standing"] = {p: standing_lines(state, p) for p in state.players}
    view["deck"] = rules.deck.source
    return view


def status_rows(state: State, rules: Rules) -> tuple[list[str], list[list[str]]]:
    head = ["seat", "person", "player", "cards", "team", "status"]
    rows = []
    team_of = {m: t for t in state.teams for m in t.members}
    for i, p in enumerate(state.persons.values(), 1):
        if p.out:
            status = f"eliminated (Day {p.out_day}, turn {p.out_turn})"
        elif state.over:
            status = "winner" if p.player in state.winners else "in"
        else:
            status = "to play next" if p.name == state.active else "in"
        team = "-" if p.out else _team_label(state, team_of[p.name].members)
        rows.append([str(i), p.name, p.player, str(len(p.hand)), team, status])
    return head, rows


def player_status(state: State, rules: Rules, name: str) -> list[str]:
    v = player_view(state, rules, name)
    me = v["me"]
    lines = []
    for h in me["hands"]:
        label = h["person"] if state.variant else "hand"
        if h["out"]:
            lines.append(f"  {label}: eliminated")
        else:
            lines.append(f"  {label}: " + ", ".join(f"{c['name']} ({c['value']})" for c in h["cards"]))
    lines.append("  team: " + (", ".join(me["teammates"]) if me["teammates"] else "on their own"))
    for s in me["shown"]:
        for h in s["hands"]:
            if not h["out"]:
                lines.append(f"  {h['person']} shows: " + ", ".join(c["name"] for c in h["cards"]))
    lines += ["  standing orders:"] + [f"    {x}" for x in me["standing"]]
    if me["my_turn"]:
        lines.append("  next turn is theirs: " + "; ".join(f"{o['side']}: {', '.join(o['team'])}" for o in me["options"]))
    return lines
