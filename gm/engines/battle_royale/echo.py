"""A player's orders as received, in one short line for the top of their message: so a player sees
at once what the GM read, and a misread order is caught the same day. Python, not a template
macro: a 2,000-player day echoes 2,000 orders."""

from __future__ import annotations

from gm.markup import and_join
from gm.text import the

ACTIONS = {"all_out_attack": "All-Out Attack", "set_trap": "set a trap", "use_item": "use"}
VOTES = {"mark": "mark", "close": "close", "reward": "supply drop"}


def _aims(targets: list[str]) -> str:
    """'Rosa (8 times) and Farah (7 times)': repeated targets counted, in the order given."""
    runs: list[list[str]] = []
    for t in targets:
        if runs and runs[-1][0] == t:
            runs[-1].append(t)
        else:
            runs.append([t])
    return and_join([r[0] + (f" ({len(r)} times)" if len(r) > 1 else "") for r in runs])


def orders_echo(o: dict, places: dict[str, str]) -> str:
    """The orders record (PlayerOrders.record()) in words: 'attack Juno (2 times) with Rifle; stay; ...'."""
    at = lambda z: places.get(z) or "in " + the(z)  # noqa: E731
    parts: list[str] = []
    if o.get("start") is not None:
        parts.append("start " + at(o["start"]))
    for role, bonus in (o.get("bonus") or {}).items():
        parts.append(f"{role} bonus {bonus}")
    for fa in o.get("free") or []:
        rest = " ".join(str(v) for k, v in sorted(fa.items()) if k != "kind")
        parts.append(f"{str(fa.get('kind', '')).replace('_', ' ')} {rest}".strip())
    action = o.get("action")
    if action:
        what = ACTIONS.get(action, action.replace("_", " "))
        if "targets" in o:
            weapon = o.get("weapon") or "Unarmed"
            what += f" {_aims(o['targets'])} with {'bare hands' if weapon == 'Unarmed' else weapon}"
        if "item" in o:
            what += (" " if action == "use_item" else " with ") + str(o["item"])
        if "target" in o:
            what += (" on " if "item" in o else " ") + str(o["target"])
        parts.append(what)
    movement = o.get("movement")
    if movement:
        move = movement
        if o.get("route"):
            move += " to " + ", then ".join(the(z) for z in o["route"])
        if o.get("follow"):
            move += " after " + str(o["follow"])
        parts.append(move)
    for kind, choice in (o.get("votes") or {}).items():
        parts.append(f"vote {VOTES.get(kind, kind)} {choice}")
    return "; ".join(parts)
