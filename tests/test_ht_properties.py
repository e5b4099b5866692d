"""What must hold in every Hostile Takeover game (hypothesis): random legal boards, random orders,
audited dice from random seeds.

- no two pawns on one square, no pawn on a building or a hole, after every single turn;
- lives never below zero; a player is out exactly when their lives are gone, and has no pawn;
- the game always ends (here within the house rule's max_rounds);
- the state survives a save and a load; the order checker never crashes, whatever the file says.
"""

from __future__ import annotations

import copy
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm.dice import AuditedDice
from gm.engine import Day
from gm.engines.hostile_takeover import HostileTakeover, grid
from gm.engines.hostile_takeover.board import tile_squares
from gm.engines.hostile_takeover.state import State
from gm.pipeline.day import CheckedDay
from gm.yamlio import load_text

ENGINE = HostileTakeover()
NAMES = ["Akane", "Bruno", "Chiaki", "Dana"]
COLOURS = ["Red", "Blue", "Green", "Yellow"]


def random_board(rng: random.Random, players: int, max_rounds: int):
    """A game.yaml (as a mapping) with a random board; None if this draw is not a legal board."""
    tiles = [(rng.randrange(0, 6), rng.randrange(0, 6))]
    covered = set(tile_squares(tiles[0]))
    for _ in range(rng.randrange(3, 10)):
        options = []
        for c in range(0, 14):
            for r in range(0, 14):
                squares = tile_squares((c, r))
                if covered.intersection(squares):
                    continue
                if any(grid.step(s, d) in covered for s in squares for d in "NESW"):
                    options.append((c, r))
        tiles.append(rng.choice(options))
        covered.update(tile_squares(tiles[-1]))
    floor = sorted(covered, key=grid.reading_order)
    holes = [s for s in floor if rng.random() < 0.06]
    free = [s for s in floor if s not in holes]
    buildings, used = [], set()
    for _ in range(rng.randrange(0, 8)):
        sq = rng.choice(free)
        if sq in used:
            continue
        if rng.random() < 0.3:
            other = grid.step(sq, rng.choice("ES"))
            if other in free and other not in used:
                buildings.append([grid.name(sq), grid.name(other)])
                used.update((sq, other))
            continue
        buildings.append(grid.name(sq))
        used.add(sq)
    large = {grid.parse(s) for b in buildings if isinstance(b, list) for s in b}
    spots = [s for s in free if s not in used and not any(grid.adjacent(s, x) for x in large)]
    if len(spots) < players:
        return None
    spawns = rng.sample(spots, players)
    doc = {
        "roster": [{"name": n, "colour": c} for n, c in zip(NAMES[:players], COLOURS)],
        "first_player": NAMES[rng.randrange(players)],
        "house_rules": {"tiles": len(tiles), "max_rounds": max_rounds, "lives": rng.choice([1, 2, 3])},
        "board": {"tiles": [grid.name(t) for t in tiles], "holes": [grid.name(h) for h in holes],
                  "buildings": buildings, "spawns": {n: grid.name(s) for n, s in zip(NAMES, spawns)}},
    }
    setup = ENGINE.setup(doc, "game.yaml")
    if any(p.severity == "error" for p in setup.problems):
        return None
    return setup


def random_orders(rng: random.Random, state: State) -> str:
    """An orders file: for each player, one to three orders that are valid on any board position."""
    squares = sorted(state.floor() - set(state.building_at()), key=grid.reading_order)
    lines = []
    for p in state.in_game():
        if rng.random() < 0.1:
            continue  # no orders this round
        choices = []
        for _ in range(rng.randrange(1, 4)):
            kind = rng.choice(["move", "move", "square", "claim", "attack", "attack", "pass"])
            others = [o for o in state.in_game() if o.name != p.name]
            if kind == "move":
                choices.append(f"move: {rng.choice(list(grid.DIRECTIONS))}")
            elif kind == "square" and squares:
                choices.append(f"move: {grid.name(rng.choice(squares))}")
            elif kind == "claim" and state.buildings:
                b = rng.choice(state.buildings)
                choices.append(f"claim: {grid.name(rng.choice(b.squares))}")
            elif kind == "attack" and others:
                o = rng.choice(others)
                choices.append(f"attack: {rng.choice([o.name, o.colour])}")
            else:
                choices.append("pass")
        lines.append(f"{p.name}: [{', '.join(choices)}]")
    return "\n".join(lines) + "\n"


def assert_sound(state: State, rules, where: str) -> None:
    pawns = [p.at for p in state.players.values() if p.on_board]
    assert len(pawns) == len(set(pawns)), f"{where}: two pawns on one square"
    walls = state.building_at()
    floor = state.floor()
    for p in state.players.values():
        assert 0 <= p.lives <= rules.lives, f"{where}: {p.name} has {p.lives} lives"
        assert p.out == (p.lives == 0), f"{where}: {p.name} out={p.out} with {p.lives} lives"
        if p.out:
            assert p.at is None, f"{where}: {p.name} is out but still on the board"
        else:
            assert p.at in floor and p.at not in walls, f"{where}: {p.name} stands on {p.at}"
    for b in state.buildings:
        assert 1 <= b.points <= rules.full_points(b.size)
        assert b.owner is None or b.owner in state.players


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_random_games_stay_sound_and_always_end(seed, players):
    rng = random.Random(seed)
    setup = None
    for _ in range(20):
        setup = random_board(rng, players, max_rounds=rng.randrange(3, 12))
        if setup is not None:
            break
    if setup is None:
        return
    rules = setup.rules
    state = copy.deepcopy(setup.initial_state)
    day = 0
    while not state.over:
        assert day <= rules.max_rounds + 1, "the game did not end by max_rounds"
        text = random_orders(rng, state) if day > 0 else ""
        doc = load_text(text, __import__("pathlib").Path("orders.yaml"))
        orders, problems = ENGINE.check_orders(doc, "orders.yaml", rules, state, day, {})
        assert not [p for p in problems if p.severity == "error"], [str(p) for p in problems]
        for name in ENGINE.players_due(state):
            orders.setdefault(name, ENGINE.default_orders(name, day))
        checked = CheckedDay(day, state, orders, [], problems)
        dice = AuditedDice(seed.to_bytes(8, "big"), ENGINE.facts.name, day)
        state = copy.deepcopy(checked.state)
        state.day = day
        ctx = Day(day, state, orders, dice, rules, ENGINE.new_notes())
        for phase in ENGINE.phases(day, state):
            ctx.step = phase.name
            phase.resolve(ctx)
            if state.stage == "play":
                assert_sound(state, rules, f"Day {day}, {phase.name}")
            if ENGINE.decided(state, rules):
                break
        ENGINE.final_phase().resolve(ctx)
        assert_sound(state, rules, f"after Day {day}")
        assert State.from_json(state.to_json()).to_json() == state.to_json()
        for r in dice.log:
            assert 1 <= r.value <= rules.die
        day += 1
    assert state.scores and state.end in ("last_standing", "max_rounds", "stuck")
    if state.end == "last_standing":
        assert len(state.in_game()) == 1
        assert sum(r["bonus"] for r in state.scores) == rules.last_standing_bonus


yaml_leaf = st.one_of(st.none(), st.booleans(), st.integers(-5, 30), st.sampled_from(
    ["move", "claim", "attack", "pass", "NE", "n", "C3", "Z99", "A0", "Red", "Akane", "bruno", "[b]x", "", "D4-E4"]))
yaml_node = st.recursive(yaml_leaf, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(
        ["Akane", "Bruno", "Red", "move", "claim", "attack", "tiles", "buildings", "spawn", "x"]), inner, max_size=4)),
    max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(doc=yaml_node, stage=st.sampled_from(["opening", "placement", "play"]))
def test_the_order_checker_never_crashes(doc, stage):
    setup = ENGINE.setup({
        "roster": [{"name": "Akane", "colour": "Red"}, {"name": "Bruno", "colour": "Blue"}],
        "first_player": "Akane", "house_rules": {"tiles": 2},
        "board": {"tiles": ["A1", "C1"], "buildings": ["B1", ["C2", "D2"]], "spawns": {"Akane": "A2", "Bruno": "A1"}}},
        "game.yaml")
    state = copy.deepcopy(setup.initial_state)
    state.stage = stage
    if stage == "play":
        for p in state.players.values():
            p.at = p.spawn
    orders, problems = ENGINE.check_orders(doc, "orders.yaml", setup.rules, state, 1, {})
    if stage == "placement":
        ENGINE.check_all(orders, [n for n in state.players if n not in orders], state, setup.rules, 1, "orders")
    for name, o in orders.items():
        assert name in state.players
        o.record()


game_leaf = st.one_of(st.none(), st.booleans(), st.integers(-3, 30), st.sampled_from(
    ["Akane", "Bruno", "Red", "Blue", "Purple", "A1", "C1", "B2", "D2", "Z9", "A1-A2", "", "[b]x"]))
game_node = st.recursive(game_leaf, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(st.sampled_from(
        ["name", "colour", "at", "owner", "points", "tiles", "holes", "buildings", "spawns", "Akane", "Red"]),
        inner, max_size=4)), max_leaves=16)


@settings(max_examples=300, deadline=None)
@given(roster=game_node, board=game_node, first=game_leaf, house=game_node)
def test_game_yaml_never_crashes_the_set_up(roster, board, first, house):
    setup = ENGINE.setup({"roster": roster, "board": board, "first_player": first, "house_rules": house}, "game.yaml")
    if setup.initial_state is not None:
        assert not [p for p in setup.problems if p.severity == "error"]
        State.from_json(setup.initial_state.to_json())
