"""The rulebook's outcome table for a confrontation ("Confrontations"), as a pure function.

Each team shows all "team" (T), all "kill" (K), or a mix (M). For the active team A and the
confronted team B:

    A \\ B   T                 K                   M
    T       one big team      A team-killed       A team-killed
    K       B team-killed     showdown            showdown
    M       B team-killed     showdown            everyone to 1-person teams
"""

from __future__ import annotations

TEAM, KILL = "team", "kill"
MERGE, TEAM_KILL, SHOWDOWN, DISSOLVE = "merge", "team_kill", "showdown", "dissolve"


def side(signs: list[str]) -> str:
    """T, K or M for one team's signs."""
    if all(s == TEAM for s in signs):
        return "T"
    if all(s == KILL for s in signs):
        return "K"
    return "M"


def outcome(a_signs: list[str], b_signs: list[str]) -> tuple[str, str | None]:
    """(what happens, the side team-killed: "a", "b" or None)."""
    a, b = side(a_signs), side(b_signs)
    if a == "T" and b == "T":
        return MERGE, None  # "If all players showed the "team" sign, all players now form one big team."
    if a == "T":
        return TEAM_KILL, "a"  # "If all players from one team showed the "team" sign and are opposed by at least one "kill""
    if b == "T":
        return TEAM_KILL, "b"
    if a == "M" and b == "M":
        return DISSOLVE, None  # "If both teams have mixed results. All players return to individual 1-person teams."
    return SHOWDOWN, None  # "If all players from one team showed the "kill" sign."
