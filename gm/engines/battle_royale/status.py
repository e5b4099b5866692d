"""A student's own status as the thread knows it (said in every message, issue 24): alive on the
island, dead or escaped, marked for elimination, and at the end what the Program made of them.
Read from the public view alone: the role, school and partner, which the engine's `secrets` hide,
are the message's own lines (message.j2), never this one."""

from __future__ import annotations

RESULT = {"winner": "you won", "marked for reward": "you did not win", "survived": "you did not win"}


def public_status(view: dict, name: str, events: list[dict]) -> list[str]:
    dead = next((d for d in view["dead"] if d["name"] == name), None)
    left = next((e for e in view["escaped"] if e["name"] == name), None)
    if dead:
        out = [f"removed from the game by the GM on Day {dead['day']}" if dead.get("cause") == "ruling"
               else f"dead since Day {dead['day']}"]
    elif left:
        out = [f"escaped the island on Day {left['day']}"]
    else:
        out = ["alive on the island"]
    if name in view["marked"] and not dead:
        out.append("marked for elimination: whoever eliminates you wins a reward")
    if view["over"] and name in view["outcome"]:
        result = view["outcome"][name]
        out.append("the Program is over: " + RESULT.get(result, "you did not win (you escaped it)" if left
                                                        else "you did not win (the GM removed you)"
                                                        if dead and dead.get("cause") == "ruling"
                                                        else "you did not win (you died)" if dead else result))
    return out
