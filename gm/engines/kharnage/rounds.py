"""One round (one forum day): reveal, every activation in initiative order, the end of the round.

"The player with the lowest initiative (number) is the active player, he begins and resolves his
entire Battle card" -- reinforcement (with the skills of each Unit placed), the attacks left to
right, the Power; then the Veteran Assault ("After all your attacks of this round") and Flight.
"""

from __future__ import annotations

from gm.dice import DiceBase
from gm.events import Event

from . import armies, combat, powers, reinforce
from .context import Ctx
from .rules import Rules
from .state import State

REVEAL, END, YEAH = "reveal", "end of round", "YEAH!"


def card_of(rules: Rules, card_id: str):
    return rules.components.battle[card_id]


def silent_card(state: State, rules: Rules, dice: DiceBase, name: str) -> str:
    """The card of a player who sent nothing (house rule `silent_card`)."""
    p = state.players[name]
    hand = sorted(p.hand, key=lambda c: (card_of(rules, c).initiative, c))
    if rules.silent_card == "lowest":
        return hand[0]
    if rules.silent_card == "highest":
        return hand[-1]
    # hides: the die's value, beside the card it played (public once played), tells how many cards of
    # the hand come before it by initiative: a day with such a draw is sealed (RULINGS.md)
    return dice.pick(hand, f"{name} sent no orders: the Battle card played, from the hand", about=(name,), hides=True)


def yeah(state: State, orders: dict, dice: DiceBase, rules: Rules) -> list[Event]:
    """House rule `yeah_rule`: "The other players must cheer him by yelling «YEAH!», if not, they
    lose a Kharnage token (if they have one.)" The GM lists who did not; first thing of the day."""
    ctx = Ctx(state, rules, dice, YEAH)
    gm = orders.get("gm")
    for name in (gm.no_yeah if gm is not None else []):
        p = state.players[name]
        lost = p.kharnages > 0
        if lost:
            p.kharnages -= 1
            state.supply["kharnage"] = state.supply.get("kharnage", 0) + 1
        ctx.public("no_yeah", [name], player=name, lost=lost, total=p.kharnages)
    return ctx.events


def reveal(state: State, orders: dict, dice: DiceBase, rules: Rules) -> list[Event]:
    """Everyone's card at once, and the order of play (ties: a roll-off or seat order, R1)."""
    ctx = Ctx(state, rules, dice, REVEAL)
    chosen: dict[str, str] = {}
    for name in state.seats:
        o = orders.get(name)
        p = state.players[name]
        if not p.hand:
            continue
        if o is not None and o.received and o.card:
            card = o.card
        else:
            card = silent_card(state, rules, dice, name)
            ctx.private("silent", name, card=card_of(rules, card).name)
        if o is not None and o.received and o.plan is not None:
            p.plan = o.plan
        p.hand.remove(card)
        p.played.append(card)
        chosen[name] = card
    by_ini: dict[int, list[str]] = {}
    for name in state.seats:  # seat order inside a group of equals
        if name in chosen:
            by_ini.setdefault(card_of(rules, chosen[name]).initiative, []).append(name)
    order: list[str] = []
    for ini in sorted(by_ini):
        group = by_ini[ini]
        if len(group) > 1 and rules.initiative_ties == "rolloff":
            group = dice.shuffled(group, f"initiative {ini} tie: order of play")
            ctx.public("initiative_tie", group, initiative=ini, players=list(group), rule="rolloff")
        elif len(group) > 1:
            ctx.public("initiative_tie", group, initiative=ini, players=list(group), rule="seat")
        order += group
    state.order = order
    state.round += 1
    if state.pace == "activation":
        state.pending = list(order)
    cards = []
    for name in order:
        c = card_of(rules, chosen[name])
        cards.append({"player": name, "army": state.players[name].army, "name": c.name, "id": c.id,
                      "initiative": c.initiative, "flags": c.flags, "bicolor": c.bicolor,
                      "attacks": list(c.attacks), "power": c.power_text})
    ctx.public("reveal", list(order), round=state.round, cards=cards, last=state.round >= rules.rounds,
               pace=state.pace)
    return ctx.events


def activation(name: str):
    def resolve(state: State, orders: dict, dice: DiceBase, rules: Rules) -> list[Event]:
        ctx = Ctx(state, rules, dice, step_name(name))
        p = state.players[name]
        o = orders.get(name)
        if o is not None and o.received and o.plan is not None:
            p.plan = o.plan  # with `pace: activation`, the plan sent on the activation's own day
        if name in state.pending:
            state.pending.remove(name)
        card = card_of(rules, p.played[-1])
        ctx.public("activation", [name], player=name, card=card.name, initiative=card.initiative)
        if card.flags:
            reinforce.reinforce(ctx, p, card.flags, card.bicolor, "card")
        for n, kind in enumerate(card.attacks, 1):
            combat.battle_attack(ctx, p, kind, n)
        gm = orders.get("gm")
        powers.power(ctx, p, card, (gm.steps.get(name) if gm is not None else None))
        veteran = sum(armies.symbols(rules, u, "veteran") for u in p.present())
        if veteran:
            combat.fixed_attack(ctx, p, "assault", veteran, "veteran")
        flown = []
        for key in ctx.flyers.get(name, []):
            unit = next((u for u in p.units if u.key == key), None)
            if unit is not None and not unit.absent:
                unit.absent = True
                flown.append(armies.name_of(rules, unit))
        if flown:
            ctx.public("flight", [name], player=name, units=flown)
        return ctx.events
    return resolve


def step_name(name: str) -> str:
    return f"{name}'s activation"


def end_of_round(state: State, orders: dict, dice: DiceBase, rules: Rules) -> list[Event]:
    """Domination tokens by Unit cards destroyed (ties: the lower initiative), destroyed Units to
    the Hill, Absent Units back, Webs off, and a new Battle card unless the last one was drawn."""
    ctx = Ctx(state, rules, dice, END)
    place = {n: i for i, n in enumerate(state.order)}
    counts = {n: len(p.collected) for n, p in state.players.items()}
    ranked = sorted((n for n in state.order), key=lambda n: (-counts[n], place[n]))
    values = [5, 3, 1] if len(state.players) > 2 else [5, 3]
    awards = []
    for n in ranked:
        if not values:
            break
        if counts[n] == 0 and not rules.zero_scores:
            break
        value = values.pop(0)
        key = f"skull_{value}"
        if state.supply.get(key, 0) > 0:
            state.supply[key] -= 1
            state.players[n].tokens.append(value)
            awards.append({"player": n, "skulls": value, "cards": counts[n]})
        else:
            awards.append({"player": n, "skulls": 0, "cards": counts[n], "supply_out": value})
    table = [{"player": n, "army": state.players[n].army, "cards": counts[n],
              "skulls": next((a["skulls"] for a in awards if a["player"] == n), 0),
              "kharnages": state.players[n].kharnages, "points": state.players[n].points}
             for n in state.order]
    for n in state.seats:
        p = state.players[n]
        state.hill.extend(p.collected)
        p.collected = []
        for u in p.units:
            u.absent = False
            if u.web:
                u.web = False
                state.supply["web"] = state.supply.get("web", 0) + 1
    ctx.public("round_end", list(state.seats), round=state.round, table=table, awards=awards)
    if state.round < rules.rounds:
        for n in state.seats:
            p = state.players[n]
            if p.deck:
                card = p.deck.pop(0)
                p.hand.append(card)
                ctx.private("drew", n, card=card_of(rules, card).name, last=not p.deck)
    return ctx.events
