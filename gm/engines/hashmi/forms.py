"""A Hashmi player's orders echoed back (a receipt): the shared words of the orders, then the odds
of each shot they can already know (the weapons table is printed in the rules: the SHOOT die's
faces and the TARGET die's accuracy), nothing of anyone else's cards or mission."""

from __future__ import annotations


def shot_odds(orders, rules) -> list[str]:
    """One line for each weapon the orders shoot with, in the order first used."""
    lines: list[str] = []
    seen: set[str] = set()
    for a in orders.actions:
        name = a.spec.get("weapon") if a.kind == "shoot" else None
        if name is None or name in seen or name not in rules.comp.weapons:
            continue
        seen.add(name)
        w = rules.comp.weapons[name]
        faces = [f"{word} {n} in 6" for word, n in (("fires", w.fire), ("misfires", w.misfire), ("backfires", w.backfire)) if n]
        fire = "always fires" if w.always_fires else ", ".join(faces)
        lines.append(f"Odds with the {name}: the SHOOT die {fire}; the TARGET die hits {w.accuracy} in 6 "
                     "(before the cards and the agents' powers)")
    return lines


def order_form(state, rules, player: str | None, view: dict | None = None) -> list[str]:
    """The blank form for the thread (Engine.order_form, `gm form` with no player): the day's orders
    as YAML to copy under one's own name, naming nothing secret; a player's own is form_text."""
    from .state import OPENING, PLACEMENT
    from .today import turns_today

    if state.stage == OPENING or state.over:
        return []
    if state.stage == PLACEMENT:
        return ["YOUR NAME:",
                "  place: [ SQUARE, SQUARE, SQUARE ]   # your agents, one a round, on the first free legal square (like G12)",
                "  chests: [ SQUARE, SQUARE ]   # by preference, in a zone no agent stands in",
                f"  hand: {{action: 3, weapon: 2}}   # your opening hand's split ({rules.opening_hand} cards)"]
    today = [p for p, _ in turns_today(state)]
    whose = " then ".join(f"{p}'s" for p in today) or "no one's"
    split = f"action: {rules.draws - rules.draws // 2}, weapon: {rules.draws // 2}"
    return [f"## today's turn: {whose}; its player writes `actions:` (up to {rules.actions}, at least one move)",
            "YOUR NAME:",
            "  actions:",
            "    - move: {agent: 1, to: [ SQUARE ], shootout: avoid}   # the die's exact steps; avoid, allow or seek",
            "    - shoot: {agent: 1, weapon: WEAPON, at: [ PLAYER.1 ]}",
            "    - play: {card: CARD}",
            "    - pass",
            f"  standing: {{charm: always, sacrifice: [ 3, 2, 1 ], draw: {{{split}}}}}   # anyone, any day: for other players' turns",
            f"## a player who sends nothing: {'their turn is forfeited' if today else 'nothing changes'}"]


def form_text(state, rules, player: str, view: dict | None = None) -> str:
    """`player`'s form as orders YAML under their name (Engine.form_text), in the board's notation:
    the set-up day's squares, chests and hand; on their turn, their own agents, weapons and cards;
    on any day, the standing orders for other players' turns (they count as orders too)."""
    from gm.text import yaml_scalar as q

    from .state import PLACEMENT

    rows = [f"{q(player)}:"]
    p = state.players[player]
    if p.out:
        return "\n".join(rows + ["  ## you are out of the game: no orders"]) + "\n"
    if state.stage == PLACEMENT:
        rows += ["  # place: [ SQUARE, SQUARE, SQUARE ]   # your agents, one a round, on the first listed square "
                 "that is free and in no zone an opponent holds (squares like G12)",
                 "  # chests: [ SQUARE, SQUARE ]   # by preference, in a zone no agent stands in",
                 f"  # hand: {{action: 3, weapon: 2}}   # your opening hand's split",
                 "  # trade: {with: NAME, give: 1, take: 2}   # swap agents, if their orders name the same trade"]
    else:
        from .views import player_view

        me = (view if view is not None else player_view(state, rules, player))["me"]
        if me["my_turn"]:
            board = rules.board
            living = p.living()
            spots = ", ".join(f"{a.number} ({a.kind}) on {board.name(a.at)}" for a in living if a.at)
            weapons = [c for c in me["hand"] if c in rules.comp.weapons]
            cards = [c for c in me["hand"] if c not in rules.comp.weapons]
            first = living[0] if living else None
            if me.get("later_turn"):
                rows.append(f"  ## your turn comes today after {', '.join(me['after'])}'s: play only cards you hold now")
            rows.append(f"  ## your turn: {me['actions']} actions, played in the order written; at least one move")
            rows.append("  # actions:")
            if first is not None:
                rows.append(f"  #   - move: {{agent: {first.number}, to: [ SQUARE ], shootout: avoid}}   "
                            f"# your agents: {spots}; the die's exact steps; shootout: avoid, allow or seek")
            for r in me["in_reach"]:
                num = r["agent"].rsplit(".", 1)[-1]
                aims = ", ".join(t.split(" (")[0] for t in r["targets"])
                rows.append(f"  #   - shoot: {{agent: {num}, weapon: {q(r['weapon'])}, at: [ {aims.split(', ')[0]} ]}}"
                            f"   # in reach now: {aims}")
            if weapons and first is not None:
                rows.append(f"  #   - allocate: {{card: {q(weapons[0])}, agent: {first.number}}}   "
                            f"# weapon cards in your hand: {', '.join(weapons)}")
            if cards:
                rows.append(f"  #   - play: {{card: CARD}}   # action cards in your hand: {', '.join(cards)}")
            rows.append("  #   - pass")
        else:
            rows.append(f"  ## not your turn: {state.active}'s; you may change your standing orders")
    from gm.markup import as_written

    now = ", ".join(f"{k}: {as_written(v)}" for k, v in sorted(p.standing.items())) or "the defaults"
    rows.append(f"  ## standing orders for other players' turns (now: {now}), kept until changed:")
    numbers = ", ".join(str(a.number) for a in sorted(p.living(), key=lambda a: -a.number)) or "1"
    split = f"action: {rules.draws - rules.draws // 2}, weapon: {rules.draws // 2}"
    rows.append(f"  # standing: {{charm: always, sacrifice: [ {numbers} ], draw: {{{split}}}}}"
                "   # charm: always, never or agent numbers; sacrifice: your agents, in Russian Roulette's order")
    return "\n".join(rows) + "\n"


def _action_words(a, board) -> str:
    """One action as the player wrote it, in the board's notation (squares like G12)."""
    s = a.spec
    names = lambda squares: ", ".join(board.name(tuple(q)) for q in squares)  # noqa: E731
    if a.kind == "move":
        to = f" to the first of {names(s['to'])} reachable in exactly the roll" if s.get("to") else ""
        toward = s.get("toward")
        extra = [f"else toward {board.name(tuple(toward))}" if toward else None, f"shootouts: {s.get('shootout', 'avoid')}",
                 "invisible" if s.get("invisible") else None,
                 f"portkeys: {names(s['portkey'])}" if s.get("portkey") else None]
        return f"move {s.get('agent')}{to} ({'; '.join(x for x in extra if x)})"
    if a.kind == "shoot":
        at = f" at {', '.join(s['at'])}" if s.get("at") else ""
        way = f", else {s['else']}" if s.get("else") else ""
        return f"shoot {s.get('agent')}'s {s.get('weapon')}{at}{way}"
    if a.kind == "play" and s.get("to"):
        return f"{a.text} ({names(s['to'])})"
    return a.text


def _words(v) -> str:
    """A standing order's value without brackets (a forum would take `[Miss` for a tag)."""
    if isinstance(v, dict):
        return ", ".join(f"{k} {_words(x)}" for k, x in v.items())
    if isinstance(v, (list, tuple)):
        return ", ".join(_words(x) for x in v) or "none"
    return "none" if v is None else str(v)


def receipt_lines(orders, state, rules, player: str) -> list[str]:
    """Everything the player sent, as they wrote it: squares in the board's notation, agents by
    name and number, cards by name; then the odds of each shot they can already know."""
    board = rules.board
    names = lambda squares: ", ".join(board.name(tuple(q)) for q in squares)  # noqa: E731
    lines = []
    if orders.place:
        lines.append(f"Agents: each on the first free legal square of {names(orders.place)}")
    if orders.chests:
        lines.append(f"Chests: each on the first legal square of {names(orders.chests)}")
    if orders.hand:
        lines.append("Opening hand: " + ", ".join(f"{n} {k}" for k, n in orders.hand.items()))
    if orders.exchange:
        lines.append(f"Exchange: your {orders.exchange[0]} for {orders.exchange[1]}")
    for other, give, take in orders.trades:
        lines.append(f"Trade with {other}: your {give} for their {take} (if their orders agree)")
    if orders.decide is not None:
        d = orders.decide
        lines.append(f"Decide: {board.name(tuple(d)) if isinstance(d, (tuple, list)) else d}")
    from .today import writers

    today = writers(state)
    if orders.actions and today.get(player) not in (None, state.active):  # a later turn of the day (T-1)
        before = list(today.values())[:list(today).index(player)]
        lines.append(f"Your turn, today after {', '.join(before)}'s (if the day's events leave it to you)")
    lines += [f"Action {i}: {_action_words(a, board)}" for i, a in enumerate(orders.actions, 1)]
    if orders.discard:
        lines.append(f"Discard: {', '.join(orders.discard)}")
    if orders.standing:
        lines.append("Standing orders: " + "; ".join(f"{k} {_words(v)}" for k, v in orders.standing.items()))
    return (lines or ["No orders"]) + shot_odds(orders, rules)
