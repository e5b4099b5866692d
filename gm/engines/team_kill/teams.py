"""Forming and dissolving teams (rulebook: "Playing the Game", "Forming a Team", and the 4/5
player game's "A player's two persons are always in a team. That team is never dissovled.")."""

from __future__ import annotations

from .state import State, Team


def own_unit(state: State, person: str) -> list[str]:
    """The smallest team a person can be in: alone, or (4/5-player variant) with their player's
    other person while it is still in."""
    if not state.variant:
        return [person]
    player = state.player_of(person)
    return [n for n in state.persons_of(player) if not state.persons[n].out]


def split(state: State, team: Team) -> list[Team]:
    """A team broken into its members' own units, in seat order."""
    units: list[Team] = []
    seen: set[str] = set()
    for m in team.members:
        if m in seen:
            continue
        unit = [x for x in own_unit(state, m) if x in team.members]
        seen.update(unit)
        units.append(Team(unit))
    return units


def leave(state: State, person: str) -> bool:
    """The person (with their other person, in the variant) leaves their team for their own.
    False when they already are on their own. (The caller ends the show agreements.)"""
    team = state.team_of(person)
    unit = own_unit(state, person)
    if sorted(team.members) == sorted(unit):
        return False
    team.members = [m for m in team.members if m not in unit]
    state.teams.append(Team(unit))
    state.sort_teams()
    return True


def merge(state: State, persons: list[str], day: int) -> Team:
    """Every listed person's team becomes one big team (rulebook: "all players now form one big team")."""
    involved = {id(state.team_of(p)): state.team_of(p) for p in persons}
    members = [m for t in involved.values() for m in t.members]
    state.teams = [t for t in state.teams if id(t) not in involved]
    team = Team(members, day)
    state.teams.append(team)
    state.sort_teams()
    return team


def dissolve(state: State, team: Team) -> list[Team]:
    """Everyone in the team back to their own units (the caller ends the show agreements: TK-11)."""
    units = split(state, team)
    state.teams = [t for t in state.teams if t is not team] + units
    state.sort_teams()
    return units


def whole_table(state: State) -> Team | None:
    """The team everyone still in belongs to, when it is not a single player's (rulebook: "If at
    any point in the game all players belong to the same team. That team is immediately
    dissolved."); None otherwise."""
    live = state.in_play()
    if not live:
        return None
    team = state.team_of(live[0])
    if len(state.team_players(team)) < 2 or any(m not in team.members for m in live):
        return None
    return team


def remove(state: State, persons: list[str]) -> None:
    """Eliminated persons leave every team."""
    gone = set(persons)
    for t in state.teams:
        t.members = [m for m in t.members if m not in gone]
    state.sort_teams()


def end_broken_shows(state: State) -> list[list[str]]:
    """Show agreements last while both players stay in one team (TK-11); returns those that ended."""
    ended = []
    keep = []
    for a, b in state.shows:
        pa = [n for n in state.persons_of(a) if not state.persons[n].out]
        pb = [n for n in state.persons_of(b) if not state.persons[n].out]
        together = bool(pa and pb) and state.team_of(pa[0]) is state.team_of(pb[0])
        (keep if together else ended).append([a, b])
    state.shows = keep
    return ended

