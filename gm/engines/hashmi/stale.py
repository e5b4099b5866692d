"""Orders the board has overtaken (issue 25): a square listed for a move or a standing Hitchhike
that now lies next to an enemy agent while the order says `shootout: avoid` (a listed square is
taken as written, S-12, and ending next to an enemy starts a shootout, S-13), a standing order
naming an agent no longer on the board or only players out of the game. Said in the player's
receipt (a `gm check` warning that concerns them) and in their message, as Team Kill's stale
standing turns are; the orders themselves are played as written."""

from __future__ import annotations

from .rules import Rules
from .state import State


def enemies_next_to(state: State, rules: Rules, player: str, sq) -> list[str]:
    """Other players' living agents on a square next to `sq` with no wall between (S-13)."""
    occ = state.occupied()
    return sorted(b.id for nb in rules.board.neighbours(sq) if (b := occ.get(nb)) is not None and b.owner != player)


def avoid_but_listed(state: State, rules: Rules, player: str, to, shootout, moving: str | None = None) -> list[str]:
    """'K14 (next to Bruno.2)' for each listed square next to an enemy under `shootout: avoid`."""
    if (shootout or "avoid") != "avoid":
        return []
    out = []
    for raw in to or []:
        sq = rules.board.parse(raw) if isinstance(raw, str) else (tuple(raw) if raw is not None else None)
        if sq is None:
            continue
        near = [b for b in enemies_next_to(state, rules, player, sq) if b != moving]
        if near:
            out.append(f"{rules.board.name(sq)} (next to {', '.join(near)})")
    return out


AVOID_NOTE = ("with shootout: avoid, but a listed square is taken as written (S-12), so ending there starts "
              "a shootout.")


def stale_standing(state: State, rules: Rules, player: str, standing: dict | None = None,
                   whose: str = "Your") -> list[str]:
    """One sentence per standing order the board has overtaken, naming the order (`whose`: "Your"
    in the player's message, "Bruno's" in a gm check warning, which their receipt says as "Your")."""
    p = state.players[player]
    standing = p.standing if standing is None else standing
    out: list[str] = []
    wish = standing.get("hitchhike")
    if isinstance(wish, dict):
        agent = next((a for a in p.living() if a.number == wish.get("agent")), None)
        if agent is None:
            out.append(f"{whose} Hitchhike moves agent {wish.get('agent')}, no longer on the board: it never moves.")
        after = wish.get("after", "any")
        if isinstance(after, list) and after and all(state.players[n].out for n in after if n in state.players):
            out.append(f"{whose} Hitchhike follows only {', '.join(after)}, out of the game: it never moves.")
        near = avoid_but_listed(state, rules, player, wish.get("to"), wish.get("shootout"),
                                agent.id if agent is not None else None)
        if near:
            out.append(f"{whose} Hitchhike lists {'; '.join(near)} {AVOID_NOTE}")
    for i, prize in enumerate(standing.get("wanted_prize") or []):
        target = prize.get("terminate") if isinstance(prize, dict) else None
        if isinstance(target, str) and target != "nearest":
            a = state.agent(target)
            if a is None or not a.alive:
                out.append(f"{whose} Wanted prize names {target}, no longer on the board: choice {i + 1} is passed over.")
    return out


def stale_moves(state: State, rules: Rules, player: str, actions, whose: str = "Your") -> list[str]:
    """The day's written moves whose listed squares lie next to an enemy under `shootout: avoid`."""
    out = []
    for n, act in enumerate(actions, 1):
        if act.kind != "move":
            continue
        near = avoid_but_listed(state, rules, player, act.spec.get("to"), act.spec.get("shootout"), act.spec.get("agent"))
        if near:
            out.append(f"{whose} action {n} moves {act.spec.get('agent')} to {'; '.join(near)} {AVOID_NOTE}")
    return out


# ---- on a day of several turns (turns_per_day > 1): what an earlier turn of the day overtook (S-12)

def stale_lines(state: State, rules: Rules, orders: dict, turns_of: list[tuple[str, str]]) -> list[str]:
    """The checks above on `state`: every standing order in force (the day's orders'
    over the kept ones, as `gm check` sees them), and the written moves of the given turns (the turn's
    player, its writer), worded as `gm check` words them."""
    out = []
    for n in state.seats:
        p, o = state.players[n], orders.get(n)
        if not p.out:
            out += stale_standing(state, rules, n, dict(p.standing) | dict((o.standing or {}) if o is not None else {}),
                                  f"{n}'s")
    for name, writer in turns_of:
        o = orders.get(writer)
        out += stale_moves(state, rules, name, o.actions, f"{writer}'s") if o is not None else []
    return out


def overtaken(day, name: str, writer: str, known: set[str]) -> None:
    """A warning for the GM summary: what the check before the day could not see, because an earlier
    turn of the same day moved an agent (a listed square now next to an enemy, a Hitchhike's agent
    gone); each said once, on the turn it first applies to."""
    new = [x for x in stale_lines(day.state, day.rules, day.orders, [(name, writer)]) if x not in known]
    if new:
        known.update(new)
        day.gm("overtaken", player=writer, turn=name, warnings=new)
