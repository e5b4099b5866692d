"""A forum day in play: the rest of the active player's turn, then the start of the next
player's turn (so they see their new cards before they write orders).

The turn: each action in the order written, within the budget (26-32), skipped with a reason
when it cannot be played when reached; victories checked after every action. The end of the
turn: Go-landed agents still in the storm, the storm, the hand limit (117). The start of the next
turn is turn_start.py's."""

from __future__ import annotations

from .cards import play as play_card
from .context import Ctx
from .deaths import player_out_check
from .movement import do_move, hitchhikes
from .order_base import Action, TurnOrders
from .shooting import do_shoot
from . import storm, victory


def cost(ctx: Ctx, act: Action) -> int:
    if act.kind in ("move", "allocate", "give"):
        return 1
    if act.kind == "shoot":
        return ctx.rules.comp.weapons[act.spec["weapon"]].actions
    if act.kind == "play":
        return ctx.rules.comp.card_cost(act.spec["card"])
    return 0


def why_not(ctx: Ctx, player: str, act: Action, budget: dict) -> str | None:
    """Why the action cannot be played now, or None."""
    st = ctx.state
    p = st.players[player]
    need = cost(ctx, act)
    if budget["used"] + need > ctx.rules.actions + budget["bonus"]:
        return f"it needs {need} action(s) and {ctx.rules.actions + budget['bonus'] - budget['used']} are left"
    spec = act.spec
    a = st.agent(spec["agent"]) if spec.get("agent") else None
    if act.kind in ("move", "shoot") and (a is None or not a.alive):
        return f"{spec.get('agent')} is not on the board"
    if act.kind == "move":
        if a.owner != player and a.id not in budget["controlled"]:
            return f"{a.id} is not {player}'s to move"
        if budget["moves"] >= ctx.rules.max_moves:
            return f"{ctx.rules.max_moves} MOVE actions already made"
        if a.frozen:
            return f"{a.id} is frozen"
        if spec.get("invisible") and "Invisible" not in ctx.hand(player):
            return "no Invisible card left in hand"
    if act.kind == "shoot":
        w = ctx.rules.comp.weapons[spec["weapon"]]
        if budget["shots"] >= ctx.rules.max_shots:
            return f"{ctx.rules.max_shots} SHOOTING actions already made"
        if spec["weapon"] not in a.weapons:
            return f"{a.id} carries no {spec['weapon']}"
        if ctx.rules.ammunition and a.ammo < w.ammo:
            return f"{a.id} has {a.ammo} ammunition and a {w.name} shot needs {w.ammo}"
        if ctx.ceasefire():
            return "a ceasefire holds"
    if act.kind == "allocate":
        if spec["card"] not in ctx.hand(player):
            return f"{spec['card']} is no longer in hand"
        b = st.agent(spec["agent"])
        if b is None or not b.alive:
            return f"{spec['agent']} is not on the board"
        if b.zombie and not spec["card"].startswith("Ammo +"):
            return f"{b.id} is a zombie and \"cannot have any other weapons\""
    if act.kind == "give":
        src, dst = st.agent(spec["from"] or ""), st.agent(spec["to"] or "")
        if src is None or dst is None or not src.alive or not dst.alive or src is dst:
            return "both agents must be on the board, and two different agents"
        if "weapon" in spec and spec["weapon"] not in src.weapons:
            return f"{src.id} carries no {spec['weapon']}"
        if "weapon" in spec and dst.zombie:
            return f"{dst.id} is a zombie and \"cannot have any other weapons\""
        if "ammo" in spec and src.ammo < spec["ammo"]:
            return f"{src.id} has only {src.ammo} ammunition"
    if act.kind == "play" and spec["card"] not in ctx.hand(player):
        return f"{spec['card']} is no longer in hand"
    if act.kind == "declare_storm":
        return storm.why_not_declare(ctx, player)
    return None


def play_turn(ctx: Ctx, player: str, orders: TurnOrders | None) -> None:
    st = ctx.state
    if orders is None or not orders.received:
        ctx.tell("no_orders", [ctx.state.controller(player)], player=player)
        ctx.pub("turn_forfeited", [player], player=player)
    if st.pending is not None:
        budget = _resume(ctx, player, orders)
    else:
        budget = {"used": 0, "bonus": 0, "moves": 0, "shots": 0, "actions_used": 0, "controlled": set()}
    if orders is not None and orders.received:
        for n, act in enumerate(orders.actions, 1):
            if st.over or st.players[player].out:  # looked up afresh: an undone action replaces the records
                break
            if act.kind == "pass":
                ctx.pub("passed", [player], player=player, used=budget["used"])
                break
            why = why_not(ctx, player, act, budget)
            if why is not None:
                ctx.tell("skipped", [player], player=player, n=n, order=act.text, why=why)
                continue
            ctx.doomed_zones = set()
            budget["actions_used"] = budget["used"]
            if st.hypnotised == player:
                refused = _hypnotised_action(ctx, player, act, budget)
            else:
                refused = carry_out(ctx, player, act, budget)
            if refused:
                ctx.tell("skipped", [player], player=player, n=n, order=act.text, why=refused)
                continue
            budget["used"] += cost(ctx, act)
            budget["moves"] += act.kind == "move"
            budget["shots"] += act.kind == "shoot"
            if ctx.pause is not None:
                # house rule ask: the turn stops here, the rest waits for the next day's orders
                st.pending = dict(ctx.pause, budget={k: (sorted(v) if isinstance(v, set) else v) for k, v in budget.items()})
                return
            if victory.check(ctx):
                return
    end_turn(ctx, player, orders)


def _resume(ctx: Ctx, player: str, orders: TurnOrders | None) -> dict:
    """The turn that stopped at a choice goes on: the move ends where `decide:` says (with no
    orders, where the else-policy puts it), then the day's `actions:` continue the turn."""
    from .movement import finish_move
    from .shooting import finish_aim

    st = ctx.state
    pending, st.pending = st.pending, None
    choice = orders.decide if orders is not None and orders.received else None
    ctx.doomed_zones = set()
    if pending["kind"] == "aim":
        finish_aim(ctx, pending, choice, player)
    elif pending["kind"] == "go":
        from .cards import finish_go

        finish_go(ctx, pending, choice, player)
    else:
        finish_move(ctx, pending, choice, player)
        hitchhikes(ctx)
    budget = dict(pending["budget"])
    budget["controlled"] = set(budget.get("controlled", []))
    return budget


def _hypnotised_action(ctx: Ctx, player: str, act: Action, budget: dict) -> str | None:
    """ "Cannot perform actions that result in the elimination of the hypnotised player's agents
    without other players' agents being eliminated at the same time": such an action is played (its
    rolls stay in the log, so the day replays the same) and then undone (ruling H-1)."""
    import copy

    st = ctx.state
    saved = copy.deepcopy(st.__dict__)
    mark = len(ctx.events)
    refused = carry_out(ctx, player, act, budget)
    if refused:
        return refused
    gone = [e.data["agent"] for e in ctx.events[mark:] if e.kind == "eliminated"]
    own = [g for g in gone if g.rpartition(".")[0] == player]
    if own and len(own) == len(gone):
        st.__dict__.update(saved)
        del ctx.events[mark:]
        return f"under hypnosis it would eliminate only {player}'s own agents ({', '.join(own)}): undone"
    return None


def carry_out(ctx: Ctx, player: str, act: Action, budget: dict) -> str | None:
    st = ctx.state
    p = st.players[player]
    spec = act.spec
    if act.kind == "move":
        if spec.get("invisible"):
            ctx.hand(player).remove("Invisible")
            st.discards.append("Invisible")
        do_move(ctx, st.agent(spec["agent"]), spec, player, bool(spec.get("invisible")))
        hitchhikes(ctx)
    elif act.kind == "shoot":
        do_shoot(ctx, st.agent(spec["agent"]), spec["weapon"], spec, player)
    elif act.kind == "allocate":
        a = st.agent(spec["agent"])
        card = spec["card"]
        ctx.hand(player).remove(card)
        if card.startswith("Ammo +"):
            a.ammo += int(card[6:])
            st.discards.append(card)
        else:
            a.weapons.append(card)  # the card stays with the piece until it goes back to the supply
        ctx.pub("allocated", [player], agent=a.id, card=card, ammo=a.ammo, weapons=list(a.weapons))
    elif act.kind == "give":
        src, dst = st.agent(spec["from"]), st.agent(spec["to"])
        if "weapon" in spec:
            src.weapons.remove(spec["weapon"])
            dst.weapons.append(spec["weapon"])
        else:
            src.ammo -= spec["ammo"]
            dst.ammo += spec["ammo"]
        ctx.pub("given", [player], source=src.id, target=dst.id, weapon=spec.get("weapon"), ammo=spec.get("ammo"))
    elif act.kind == "play":
        hand = ctx.hand(player)
        i = hand.index(spec["card"])
        hand.pop(i)  # out of the hand while it plays: the card may eliminate its own player
        refused = play_card(ctx, player, spec["card"], spec, budget)
        if refused:
            hand.insert(i, spec["card"])
            return refused
        st.discards.append(spec["card"])
    elif act.kind == "declare_storm":
        storm.declare(ctx, player)
    elif act.kind == "know_it_all":
        know_it_all(ctx, player, spec["guess"])
    return None


def know_it_all(ctx: Ctx, player: str, guess: dict[str, str]) -> None:
    """Free, on one's own turn: right about every other player wins; wrong eliminates (112)."""
    st = ctx.state
    p = st.players[player]
    if p.mission != "Know it All":
        right = False
    else:
        right = all(st.players[n].mission == guess.get(n) for n in st.players if n != player)
    ctx.pub("know_it_all", [player], player=player, right=right)
    ctx.tell("know_it_all_seen", [player], player=player,
             missions={n: st.players[n].mission for n in st.players if n != player})
    if right:
        victory.check(ctx, extra=[("mission", player)])
        return
    from .deaths import strike

    for a in p.living():
        strike(ctx, a, "know_it_all", None, None, "a wrong Know it All")
    player_out_check(ctx, player, "a wrong Know it All")


def end_turn(ctx: Ctx, player: str, orders: TurnOrders | None) -> None:
    st = ctx.state
    if st.hypnotised == player:
        # "Any cards not used by end of round are given back to the hypnotised player."
        back = list(st.hypno_hand)
        st.players[player].hand += back
        ctx.pub("hypnosis_over", [player, st.hypnosis.get(player, player)], player=player, returned=back)
        st.hypno_hand, st.hypnotised = [], None
        st.hypnosis.pop(player, None)
    if st.over:
        return
    storm.sweep(ctx, only=list(st.go_landed))
    st.go_landed = []
    storm.sweep(ctx)
    p = st.players[player]
    over = len(p.hand) - ctx.rules.hand_limit
    if over > 0:
        wanted = list(orders.discard) if orders else []
        gone = []
        for card in wanted + list(reversed(p.hand)):
            if len(gone) == over:
                break
            if card in p.hand:
                p.hand.remove(card)
                gone.append(card)
        st.discards += gone
        ctx.tell("discarded", [player], player=player, cards=gone)
        ctx.pub("discard_count", [player], player=player, n=len(gone))
    victory.check(ctx)
