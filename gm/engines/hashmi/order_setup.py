"""Orders that are not a turn's actions: the set-up day's agent exchange and trades (#7, #8), and
the standing orders every player keeps for other players' turns (Charm, the Russian Roulette
sacrifice, the draw split, the Wanted prize, Hitchhike, You Too)."""

from __future__ import annotations

from gm.errors import Location
from gm.suggest import did_you_mean
from gm.yamlio import plain, value_loc

from .order_base import OrderChecker, TurnOrders

STANDING_KEYS = ("charm", "sacrifice", "draw", "wanted_prize", "hitchhike", "you_too", "healer_shift")


def read_standing(c: OrderChecker, node, at: Location) -> dict | None:
    if not isinstance(node, dict):
        c.error(at, "standing is a mapping: charm, sacrifice, draw, wanted_prize")
        return None
    c.keys(node, STANDING_KEYS, "standing")
    out = plain(node)
    if "charm" in out and out["charm"] not in ("always", "never") and not (
            isinstance(out["charm"], list) and all(isinstance(x, int) for x in out["charm"])):
        c.error(value_loc(c.path, node, "charm"), "charm is always, never, or a list of agent numbers")
    if "draw" in out:
        d = out["draw"]
        if not (isinstance(d, dict) and set(d) <= {"action", "weapon"} and all(isinstance(v, int) and v >= 0 for v in d.values())
                and sum(d.values()) == c.rules.draws):
            c.error(value_loc(c.path, node, "draw"), f"draw splits the {c.rules.draws} draws, e.g. {{action: 1, weapon: 1}}")
    if "sacrifice" in out and not (isinstance(out["sacrifice"], list) and all(isinstance(x, int) for x in out["sacrifice"])):
        c.error(value_loc(c.path, node, "sacrifice"), "sacrifice lists your agents' numbers, e.g. [3, 2, 1]")
    if "wanted_prize" in out:
        wp = out["wanted_prize"]
        ok = isinstance(wp, list) and all(isinstance(w, dict) and len(w) == 1 and next(iter(w)) in ("revive", "terminate") for w in wp)
        if not ok:
            c.error(value_loc(c.path, node, "wanted_prize"), "wanted_prize lists {revive: any|N} and {terminate: nearest|Player.N}")
    if "hitchhike" in out:
        h = out["hitchhike"]
        hat = value_loc(c.path, node, "hitchhike")
        if h in (None, "never"):
            out["hitchhike"] = None
        elif not isinstance(h, dict) or not isinstance(h.get("agent"), int) or set(h) - {"after", "agent", "to", "toward", "shootout"}:
            c.error(hat, "hitchhike is {after: [Player, ...] or any, agent: N, to: [squares], toward: SQUARE, shootout: avoid|allow|seek}, or never")
        else:
            after = h.get("after", "any")
            if after != "any" and not (isinstance(after, list) and all(a in c.state.players for a in after)):
                c.error(hat, f"hitchhike.after is `any` or a list of players ({', '.join(c.state.players)})")
            for sq in list(h.get("to") or []) + ([h["toward"]] if h.get("toward") else []):
                c.square(sq, hat)
    if "healer_shift" in out:
        hs = out["healer_shift"]
        if not (isinstance(hs, list) and hs and all(w in ("up", "right", "down", "left") for w in hs)):
            c.error(value_loc(c.path, node, "healer_shift"), "healer_shift lists ways in order: up, right, down, left")
    if "you_too" in out:
        yt = out["you_too"]
        if not (isinstance(yt, list) and set(yt) <= {"Miss a Turn", "Freeze", "Disarm", "Hypnotise"}):
            c.error(value_loc(c.path, node, "you_too"), "you_too lists the cards it answers: Miss a Turn, Freeze, Disarm")
    return out


def read_exchange(c: OrderChecker, name: str, node, at: Location, o: TurnOrders) -> None:
    """ "If a player gets both the "Doomed" and the "Wanted" agents, he/she can exchange either one
    of them with any agent of any other player": `exchange: {give: 1, take: Bruno.2}`."""
    kinds = {a.kind for a in c.state.players[name].agents}
    if not {"Doomed", "Wanted"} <= kinds:
        c.error(at, f"only a player dealt both the Doomed and the Wanted agents may exchange one (yours: {', '.join(sorted(kinds))})")
        return
    if not isinstance(node, dict) or set(node) != {"give", "take"}:
        c.error(at, "exchange is {give: N (your Doomed or Wanted), take: Player.N}")
        return
    give = c.agent(name, node["give"], value_loc(c.path, node, "give"), own=True)
    take = c.agent(name, node["take"], value_loc(c.path, node, "take"), own=False)
    if give and c.state.agent(give).kind not in ("Doomed", "Wanted"):
        c.error(value_loc(c.path, node, "give"), f"{give} is neither the Doomed nor the Wanted agent")
        return
    if give and take:
        o.exchange = (give, take)


def read_trade(c: OrderChecker, name: str, node, at: Location, o: TurnOrders) -> None:
    """ "players are allowed to trade agents among themselves": `trade: {with: Bruno, give: 2, take: 1}`,
    made when Bruno's orders name the same trade from his side."""
    if not isinstance(node, dict) or set(node) != {"with", "give", "take"}:
        c.error(at, "trade is {with: PLAYER, give: N (yours), take: N (theirs)}")
        return
    other = next((n for n in c.state.players if isinstance(node["with"], str) and n.casefold() == node["with"].strip().casefold()), None)
    if other is None or other == name:
        c.error(value_loc(c.path, node, "with"), f"trade with another player{did_you_mean(str(node['with']), c.state.players)}")
        return
    give = c.agent(name, node["give"], value_loc(c.path, node, "give"), own=True)
    take = c.agent(other, node["take"], value_loc(c.path, node, "take"), own=True)
    if give and take:
        o.trades.append((other, give, take))
