"""One day, end to end: load, check, resolve in the engine's order, render. No writing here."""

from __future__ import annotations

import copy
import hashlib
import secrets
from dataclasses import dataclass, field
from typing import Any, Callable

from gm.dice import AuditedDice, DiceBase, Roll, dice_key
from gm.errors import OrderError, Problem, StateError
from gm.events import Event
from gm.gamedir import Game, GameDir
from gm.yamlio import display_path


@dataclass
class CheckedDay:
    day: int
    state: Any  # the state before the day
    orders: dict[str, Any]  # every player due, defaults filled in
    missing: list[str]  # players due who sent nothing
    problems: list[Problem]
    files: list[str] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)  # files that are not valid YAML
    due: list[str] = field(default_factory=list)  # who owed orders
    defaults_note: str = ""  # what a player who sent nothing gets, in the engine's words
    salts: dict[str, str] = field(default_factory=dict)  # player -> salt (gm/salts.py)
    votes_file: str | None = None  # days/NN/votes.yaml, when the thread's votes were laid over the orders
    # a new copy of `state` made again from what it was loaded from (far cheaper than a deepcopy)
    fresh_state: Callable[[], Any] | None = field(default=None, repr=False)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "warning"]


@dataclass
class ResolvedDay:
    day: int
    seed: bytes
    checked: CheckedDay
    state: Any
    events: list[Event]
    rolls: list[Roll]
    key: bytes = b""  # the dice key: the seed, mixed with the day's salts if there are any


def state_before(gd: GameDir, game: Game, day: int) -> Any:
    return _state_before(gd, game, day)[0]


def _state_before(gd: GameDir, game: Game, day: int) -> tuple[Any, Callable[[], Any]]:
    """The state before the day, and a function that makes another copy of it for resolving: from
    the saved JSON, kept in marshal's form, which is several times faster than copy.deepcopy."""
    if day < 0:
        raise StateError(f"there is no Day {day}")
    if day == 0:
        return copy.deepcopy(game.initial_state), lambda: copy.deepcopy(game.initial_state)
    if not gd.is_resolved(day - 1):
        raise StateError(f"Day {day - 1} has not been resolved yet: run `gm resolve {display_path(gd.root)} --day {day - 1}` first")
    import marshal

    data = gd.read_json(day - 1, "state.json")
    saved = marshal.dumps(data)  # JSON data is only dicts, lists, str, int, float, bool and None
    state = game.engine.state_from_json(data)
    if game.engine.is_over(state):
        raise StateError(f"the game ended on Day {day - 1}; there is no Day {day}")
    return state, lambda: game.engine.state_from_json(marshal.loads(saved))


def check_day(gd: GameDir, game: Game, day: int) -> CheckedDay:
    """Every orders file of the day checked against the state before it; all problems at once."""
    from gm.gcpause import gc_paused

    with gc_paused():  # hundreds of thousands of objects that all stay alive: nothing to collect
        return _check_day(gd, game, day)


def _check_day(gd: GameDir, game: Game, day: int) -> CheckedDay:
    from gm.errors import LocatedError
    from gm.salts import attribute, take_salts
    from gm.yamlio import load_file

    state, fresh_state = _state_before(gd, game, day)
    engine = game.engine
    orders: dict[str, Any] = {}
    problems: list[Problem] = list(game.warnings)
    seen: dict[str, Any] = {}
    files = gd.orders_files(day)
    unreadable = []
    salts: dict[str, str] = {}
    due = engine.players_due(state)
    for path in files:
        try:
            doc = load_file(path)
        except LocatedError as exc:
            problems.append(exc.problem)
            unreadable.append(display_path(path))
            continue
        taken, salt_problems = take_salts(doc, display_path(path))  # the engine never sees `salt:`
        got, found = engine.check_orders(doc, display_path(path), game.rules, state, day, seen)
        orders.update(got)
        salts.update(attribute(taken, due, salt_problems))
        problems += sorted(salt_problems + found, key=lambda p: (p.where.line or 0, p.where.column or 0))
    missing = [p for p in due if p not in orders]
    for p in missing:
        orders[p] = engine.default_orders(p, day)
    votes_file = _lay_thread_votes(gd, game, day, state, orders, problems, unreadable)
    if not unreadable:
        problems += engine.check_all(orders, missing, state, game.rules, day, display_path(gd.orders_dir(day)))
    return CheckedDay(day, state, dict(sorted(orders.items())), missing, problems,
                      [display_path(p) for p in files], unreadable, due, engine.defaults_note(state),
                      salts=dict(sorted(salts.items())), votes_file=votes_file, fresh_state=fresh_state)


def _lay_thread_votes(gd: GameDir, game: Game, day: int, state, orders: dict, problems: list, unreadable: list) -> str | None:
    """days/NN/votes.yaml (written by `gm votes`, or by the GM): each vote there replaces that
    player's vote of the same kind in their orders; a null withdraws it."""
    from gm.errors import LocatedError, Location
    from gm.yamlio import load_file

    path = gd.votes_path(day)
    if not path.is_file():
        return None
    shown = display_path(path)
    engine = game.engine
    if not hasattr(engine, "check_votes"):
        problems.append(Problem(Location(shown), f"the {engine.title} engine takes no votes from the thread"))
        return shown
    try:
        doc = load_file(path)
    except LocatedError as exc:
        problems.append(exc.problem)
        unreadable.append(shown)
        return shown
    votes, found = engine.check_votes(doc, shown, game.rules, state, day)
    problems += found
    for player, theirs in votes.items():
        if player in orders:
            orders[player] = engine.lay_votes(orders[player], theirs)
    return shown


def resolve_checked(game: Game, checked: CheckedDay, dice: DiceBase) -> tuple[Any, list[Event]]:
    """Run the engine's phases in order on a copy of the state; stop early when the game is decided."""
    engine = game.engine
    state = checked.fresh_state() if checked.fresh_state is not None else copy.deepcopy(checked.state)
    state.day = checked.day
    events: list[Event] = []
    for phase in engine.phases(checked.day, state):
        for e in phase.resolve(state, checked.orders, dice, game.rules):
            e.step = e.step or phase.name
            events.append(e)
        if engine.finished(state, game.rules):
            break
    final = engine.final_phase()
    for e in final.resolve(state, checked.orders, dice, game.rules):
        e.step = e.step or final.name
        events.append(e)
    return state, events


def new_seed() -> bytes:
    return secrets.token_bytes(32)


def parse_seed(text: str) -> bytes:
    try:
        seed = bytes.fromhex(text.strip())
    except ValueError:
        raise StateError(f"--seed must be hexadecimal, e.g. 9f3a...; got {text!r}") from None
    if not seed:
        raise StateError("--seed must not be empty")
    return seed


def resolve_day(gd: GameDir, game: Game, day: int, seed: bytes) -> ResolvedDay:
    checked = check_day(gd, game, day)
    if checked.errors:
        raise OrderError(checked.problems)
    key = dice_key(seed, checked.salts)
    dice = AuditedDice(key, game.engine.name, day)
    state, events = resolve_checked(game, checked, dice)
    return ResolvedDay(day, seed, checked, state, events, dice.log, key)


def dumps(obj: Any) -> str:
    """Indented JSON with sorted keys (gm/jsonout.py: json.dumps's bytes, faster)."""
    from gm.jsonout import dumps as indented

    return indented(obj) + "\n"


def jsonl(records) -> str:
    from gm.jsonout import line

    return "".join(line(r) + "\n" for r in records)


def day_files(gd: GameDir, game: Game, rd: ResolvedDay) -> dict[str, str]:
    """Every file of the result folder, as text. Same seed and orders give the same bytes.

    day.json is the day's record in the hash chain (gm/chain.py): it holds the digests of the
    orders, the rolls and every other output, and of the previous day's record. reveal.<ext>
    is made from the record, so it comes last and is not among the digests.
    """
    from gm.chain import chain_fields, sha256_text
    from gm.commitment import is_committed, reveal_post
    from gm.render import render_day, with_parts

    engine = game.engine
    files = render_day(game, rd)
    files["rolls.jsonl"] = jsonl(r.record() for r in rd.rolls)
    files["events.jsonl"] = jsonl(e.record() for e in rd.events)
    files["state.json"] = dumps(engine.state_to_json(rd.state))
    record = {
        "engine": engine.name,
        "day": rd.day,
        "seed": rd.seed.hex(),
        "seed_sha256": hashlib.sha256(rd.seed).hexdigest(),
        "orders_files": _orders_digests(gd, rd.day),
        "no_orders": rd.checked.missing,
        "orders": {n: engine.orders_record(o) for n, o in rd.checked.orders.items()},
        "rolls": len(rd.rolls),
        "salts": rd.checked.salts,
        "dice_key": rd.key.hex(),
        "seed_committed": is_committed(gd, rd.day),
    } | chain_fields(gd, rd.day, files)
    files["day.json"] = dumps(record)
    with_parts(files, f"reveal.{game.ext}", reveal_post(game, record, sha256_text(files["day.json"]),
                                                        sha256_text(files["rolls.jsonl"])), game)
    return files


def _orders_digests(gd: GameDir, day: int) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in gd.orders_files(day)}

