"""One turn (rulebook: "During a player's turn he/she either passes or confronts another player
to his/her immediate left or right"): the declaration, the signs, the outcome table, the
showdown, the eliminations and the teams after."""

from __future__ import annotations

from gm.events import Event

from . import teams
from .eliminate import eliminate
from .notify import private, public
from .outcome import DISSOLVE, KILL, MERGE, SHOWDOWN, TEAM_KILL, outcome
from .policy import shows_to, sign_for
from .rules import Rules
from .showdown import settle
from .state import State


def target_of(state: State, person: str, turn: dict | None) -> tuple[str | None, str, str | None]:
    """(the person confronted or None, the reason for a pass or the side, the named target)."""
    if not turn:
        return None, "silent", None
    if turn["kind"] == "pass":
        return None, "chose", None
    left, right = state.neighbours(person)
    if "side" in turn:
        target, side = (left, "left") if turn["side"] == "left" else (right, "right")
    else:
        named = turn["target"]
        wanted = [named] if named in state.persons else []
        if state.persons.get(named) is not None:
            wanted += [n for n in state.persons_of(state.player_of(named)) if n != named]
        target = next((t for t in (left, right) if t in wanted), None)
        side = "left" if target == left else "right"
        if target is None:
            return None, "not_neighbour", named
    if target is None:
        return None, "alone", None
    if state.player_of(target) == state.player_of(person):
        return None, "own_person", target  # TK-18: a player's two persons are never split
    return target, side, None


def _signs(state: State, mine: list[str], theirs: list[str]) -> tuple[dict[str, str], list[str]]:
    """Every participant's sign, and who showed the default because they had no sign order."""
    signs, defaults = {}, []
    for side, other in ((mine, theirs), (theirs, mine)):
        opposite = list(dict.fromkeys(state.player_of(m) for m in other))
        for person in side:
            signs[person], chosen = sign_for(state, person, opposite)
            if not chosen:
                defaults.append(person)
    return signs, defaults


def confront(state: State, rules: Rules, person: str, target: str, side: str, day: int, step: str) -> list[Event]:
    events: list[Event] = []
    me = state.player_of(person)
    if target in state.team_of(person).members:
        # "If a player confronts his own team, he first forms his own 1-person team"
        teams.leave(state, person)
        events.append(public("left_team", step, about=[me], person=person, player=me, why="to_confront",
                             persons=teams.own_unit(state, person)))
        events += [private("shows_ended", pair, step, players=pair) for pair in teams.end_broken_shows(state)]
    a = list(state.team_of(person).members)
    b = list(state.team_of(target).members)
    signs, defaults = _signs(state, a, b)
    result, killed = outcome([signs[m] for m in a], [signs[m] for m in b])
    involved = list(dict.fromkeys(state.player_of(m) for m in a + b))
    events.append(public("confrontation", step, about=involved, person=person, player=me, target=target,
                         side=side, team_a=a, team_b=b, signs=signs, result=result, team_killed=killed))
    for player in dict.fromkeys(state.player_of(m) for m in defaults):
        mine = [m for m in defaults if state.player_of(m) == player]
        events.append(private("default_sign", [player], step, player=player, persons=mine))
    if result == MERGE:
        events += _merge(state, a + b, day, step)
    elif result == DISSOLVE:
        for t in {id(state.team_of(m)): state.team_of(m) for m in a + b}.values():
            teams.dissolve(state, t)
        events.append(public("teams_dissolved", step, about=involved, why="mixed",
                             teams=[list(state.team_of(m).members) for m in dict.fromkeys(a + b)
                                    if state.team_of(m).members[0] == m]))
        events += [private("shows_ended", pair, step, players=pair) for pair in teams.end_broken_shows(state)]
    elif result == TEAM_KILL:
        losers, winners = (a, b) if killed == "a" else (b, a)
        lead = person if person in winners else target
        events += eliminate(state, rules, losers, "team_killed", winners, lead, day, step)
    elif result == SHOWDOWN:
        events += _showdown(state, rules, person, target, {"a": a, "b": b}, signs, involved, day, step)
    events += whole_table(state, step)
    return events


def _merge(state: State, members: list[str], day: int, step: str) -> list[Event]:
    team = teams.merge(state, members, day)
    players = state.team_players(team)
    events: list[Event] = [public("team_formed", step, about=players, members=list(team.members), players=players)]
    for i, x in enumerate(players):
        for y in players[i + 1:]:
            if shows_to(state, x, y) and shows_to(state, y, x) and not state.shows_between(x, y):
                state.shows.append(sorted([x, y]))
                events.append(private("shows_agreed", [x, y], step, players=sorted([x, y])))
    state.shows.sort()
    return events


def whole_table(state: State, step: str) -> list[Event]:
    """"If at any point in the game all players belong to the same team. That team is immediately dissolved.\""""
    team = teams.whole_table(state)
    if team is None:
        return []
    units = teams.dissolve(state, team)
    players = state.players_in()
    return ([public("teams_dissolved", step, about=players, why="whole_table", teams=[list(t.members) for t in units])]
            + [private("shows_ended", pair, step, players=pair) for pair in teams.end_broken_shows(state)])


def _showdown(state: State, rules: Rules, person: str, target: str, sides: dict[str, list[str]],
              signs: dict[str, str], involved: list[str], day: int, step: str) -> list[Event]:
    if "reveal" in rules.ask:
        # the day stops: the kill-voters choose their card by the next day's orders (ask: [reveal])
        state.pending = {"kind": "reveal", "turn": state.turn, "person": person, "target": target,
                         "a": sides["a"], "b": sides["b"], "signs": signs}
        voters = [m for m in sides["a"] + sides["b"] if signs[m] == KILL]
        return [public("decision_due", step, about=[state.player_of(m) for m in voters], what="reveal",
                       persons=voters, day=day + 1)]
    return finish_showdown(state, rules, person, target, sides, signs, day, step)


def finish_showdown(state: State, rules: Rules, person: str, target: str, sides: dict[str, list[str]],
                    signs: dict[str, str], day: int, step: str, shown: list[dict] | None = None) -> list[Event]:
    """The cards, the special cards, the sums; the eliminations. `shown`: cards revealed on an
    earlier day, when the day stopped for the Bomb holder's choice."""
    involved = list(dict.fromkeys(state.player_of(m) for m in sides["a"] + sides["b"]))
    v = settle(state, rules, sides, signs, shown, may_ask=shown is None)
    events: list[Event] = []
    if shown is None:
        events.append(private("showdown", involved, step, team_a=sides["a"], team_b=sides["b"], reveals=v.reveals,
                              sums=v.sums, result=v.result, bomb_holder=v.bomb_holder, bomb_chose=v.bomb_chose))
    if v.result == "bomb_pending":
        state.pending = {"kind": "bomb", "turn": state.turn, "person": person, "target": target,
                         "a": sides["a"], "b": sides["b"], "signs": signs, "reveals": v.reveals,
                         "holder": v.bomb_holder}
        holder = state.player_of(v.bomb_holder)
        return events + [public("decision_due", step, about=[holder], what="bomb", persons=[v.bomb_holder],
                                day=day + 1)]
    bangs = [r["person"] for r in v.reveals if r["bang"]] if rules.bang_public else []
    events.append(public("showdown_result", step, about=involved, team_a=sides["a"], team_b=sides["b"],
                         result=v.result, bangs=bangs, out=v.out, bomb_chose=v.bomb_chose))
    if v.bomb_chose and not v.bomb_chose_by_order:
        events.append(private("default_bomb_choice", [state.player_of(v.bomb_holder)], step, choice=v.bomb_chose))
    if v.result == "two_winners":
        state.over, state.end = True, "two_winners"
        state.winners = [p for p in state.players if p in involved]
        return events
    lead = person if v.by == "a" else target
    for s in v.out:
        by = sides[v.by] if v.by else None
        how = {"a": "showdown", "b": "showdown"}.get(v.result, v.result)
        events += eliminate(state, rules, sides[s], how, by, lead, day, step)
    return events
