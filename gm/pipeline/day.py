"""One day: read and check its orders, then resolve them in the engine's order. No writing here,
and no file read twice: what was read is what was resolved (gm/pipeline/record.py makes the result files)."""

from __future__ import annotations

import copy
import hashlib
from dataclasses import dataclass
from typing import Any, Callable

from gm.dice import AuditedDice, DiceBase, Roll, dice_key
from gm.engine import Day, run_phase
from gm.errors import OrderError, Problem, StateError
from gm.events import Event
from gm.fairness.commitment import commit_path, is_committed
from gm.gamedir import Game, GameDir
from gm.paths import display_path
from gm.pipeline.inputs import CheckedDay, apply_rulings, _drop_ruled_out, _seen_before, _attribute_warnings, _digest_of, _round_digests, _read_story, _lay_thread_votes, check_lock


@dataclass(eq=False, repr=False)
class ResolvedDay:
    """A day resolved, not yet written: the state after it, its events and its rolls."""

    day: int
    seed: bytes
    checked: CheckedDay
    state: Any
    events: list[Event]
    rolls: list[Roll]
    key: bytes = b""  # the dice key: the seed, mixed with the day's salts and beacon if there are any
    veil: bytes = b""  # the key of the roll log's purpose commitments (gm/fairness/rolllog.py)
    beacon: dict | None = None  # the drand round mixed into the key (gm/fairness/beacon.py)


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
        done = gd.resolved_days()
        following = done[-1] + 1 if done else 0
        raise StateError(f"Day {day - 1} has not been resolved yet: the next day to resolve is Day {following} "
                         f"(`gm resolve {display_path(gd.root)} --day {following}`)")
    import marshal

    from gm.fairness.chain import check_base

    check_base(gd, day)  # Day day-1 as it was resolved, before anything starts from it
    data = gd.read_json(day - 1, "state.json")
    saved = marshal.dumps(data)  # JSON data is only dicts, lists, str, int, float, bool and None
    state = game.engine.state_from_json(data)
    if game.engine.ended(state):
        raise StateError(f"the game ended on Day {day - 1}; there is no Day {day}")
    return state, lambda: game.engine.state_from_json(marshal.loads(saved))


def load_state(gd: GameDir, game: Game, day: int) -> Any:
    """The state after a resolved day, refused if it is not the one that day's record made
    (gm/fairness/chain.py's check_base): a hand-edited state.json would make every later day unprovable;
    the refusal points to rulings."""
    import json

    from gm.fairness.chain import check_base

    check_base(gd, day + 1)
    path = gd.result_dir(day) / "state.json"
    try:
        return game.engine.state_from_json(json.loads(path.read_bytes()))
    except FileNotFoundError:
        raise StateError(f"{display_path(path)}: missing (has Day {day} been resolved?)") from None
    except (ValueError, KeyError, TypeError, RecursionError):
        raise StateError(f"{display_path(path)}: not a state gm wrote (was it edited by hand?)") from None


def _roster_problems(gd: GameDir, game: Game, state: Any) -> list[Problem]:
    """game.yaml's roster against the players of the game: fixed once Day 0 is resolved."""
    from gm.errors import Location

    in_game = game.engine.players_in_state(state)
    in_game_set, roster_set = set(in_game), set(game.roster)  # a list looked up per player was quadratic
    added = [n for n in game.roster if n not in in_game_set]
    gone = [n for n in in_game if n not in roster_set]
    if not added and not gone:
        return []
    what = "; ".join(x for x in (
        f"{', '.join(added)} {'is' if len(added) == 1 else 'are'} on the roster but not in the game" if added else "",
        f"{', '.join(gone)} {'is' if len(gone) == 1 else 'are'} in the game but not on the roster" if gone else "") if x)
    example = f"{gone[0]}, by: {added[0]}" if gone and added else "NAME, by: NEW_FORUM_NAME"
    return [Problem(Location(display_path(gd.game_yaml)),
                    f"the roster changed after Day 0 ({what}): a game keeps its players once Day 0 is resolved. "
                    f"Put the roster back, and to hand a character to a new player write "
                    f"`- replace: {{player: {example}}}` in the day's rulings.yaml; "
                    f"to remove one, `- kill: NAME` (`gm rules --rulings`)")]


def _previous_record(gd: GameDir, day: int) -> str | None:
    """The SHA-256 of the previous day's record, read once, so the chain links what was resolved."""
    if day <= 0:
        return None
    path = gd.result_dir(day - 1) / "day.json"
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except FileNotFoundError:
        raise StateError(f"{display_path(path)} is missing: Day {day} cannot be chained to Day {day - 1}") from None


def check_day(gd: GameDir, game: Game, day: int, story: str | None = None, thread_votes: bool = True) -> CheckedDay:
    """Every orders file of the day checked against the state before it; all problems at once.
    `thread_votes=False` leaves days/NN/votes.yaml out (gm votes, which is counting it anew)."""
    from gm.storage.gcpause import gc_paused

    with gc_paused():  # hundreds of thousands of objects that all stay alive: nothing to collect
        return _check_day(gd, game, day, story, thread_votes)


def _check_day(gd: GameDir, game: Game, day: int, story: str | None, thread_votes: bool = True) -> CheckedDay:
    from gm.errors import LocatedError
    from gm.salts import attribute, take_salts
    from gm.yamlio import load_bytes, read_bytes

    from gm.rulings import FILE, GM_FILE, read_rulings

    state, fresh_state = _state_before(gd, game, day)
    previous_record = _previous_record(gd, day)
    digests: dict[str, str] = {}
    engine = game.engine
    orders: dict[str, Any] = {}
    problems: list[Problem] = list(game.warnings)
    if day > 0:
        problems += _roster_problems(gd, game, state)
    gm_path = gd.orders_dir(day) / GM_FILE
    rulings = read_rulings(gd.day_dir(day) / FILE, engine, state, game.rules, day, game.limits, gm_path, game.zone)
    problems += rulings.problems
    ruling_events: list[Event] = []
    ruled_out: dict[str, str] = {}  # player -> where the ruling that took them out stands
    if not [p for p in rulings.problems if p.severity == "error"] and rulings.rulings:
        due_before = engine.players_due(state)
        state, ruling_events, refused = apply_rulings(game, day, state, rulings)
        problems += refused
        if not refused:
            fresh_state = None  # a new copy must be of the state the rulings made: resolve deep-copies it
        gone = set(due_before) - set(engine.players_due(state))
        ruled_out = {r.player: str(r.where) for r in rulings.rulings if r.player in gone}
    seen: dict[str, Any] = {}
    warnings_of: dict[str, list[Problem]] = {}
    files = gd.orders_files(day)
    from gm.rulings import read_as_character, replacements

    reps = replacements(gd, game, day) if files else {}  # orders under a replacement's handle
    unreadable = rulings.unreadable_files
    if rulings.gm_digest is not None:  # the GM's section is an orders file for the lock and the chain
        digests[GM_FILE] = rulings.gm_digest
    salts: dict[str, str] = {}
    due = engine.players_due(state)
    senders = due + [p for p in engine.may_send(state) if p not in due]  # standing orders on another's turn count
    for path in files:
        if path.name == GM_FILE:  # read above, as rulings
            continue
        if path.stem.casefold().lstrip("_") in ("gm", "rulings") and path.suffix in (".yaml", ".yml"):
            from gm.errors import Location

            problems.append(Problem(Location(display_path(path)), f"not read as anyone's orders: the GM's rulings go in "
                                    f"{display_path(gm_path)} (exactly that name) or in "
                                    f"{display_path(gd.day_dir(day) / FILE)}; rename it"))
            unreadable.append(display_path(path))
            continue
        try:
            path.name.encode("utf-8")
        except UnicodeEncodeError:  # bytes that are not UTF-8 in the file's name: shown escaped, never read
            from gm.errors import Location

            shown = display_path(path).encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
            problems.append(Problem(Location(shown), "the file's name is not UTF-8 text: rename it (it was not read)"))
            unreadable.append(shown)
            continue
        try:
            raw = read_bytes(path, game.limits.file_bytes)
            digests[path.name] = hashlib.sha256(raw).hexdigest()
            doc = load_bytes(raw, path, game.limits, problems)  # a file indented with tabs is read, with a warning
        except LocatedError as exc:
            problems.append(exc.problem)
            unreadable.append(display_path(path))
            continue
        taken, salt_problems = take_salts(doc, display_path(path))  # the engine never sees `salt:`
        if reps:
            salt_problems += read_as_character(doc, display_path(path), reps, game.roster)
        dropped = _drop_ruled_out(doc, display_path(path), ruled_out) if ruled_out else []
        salt_problems += dropped
        got, found = engine.check_orders(doc, display_path(path), game.rules, state, day, seen)
        orders.update(got)
        salts.update(attribute(taken, senders, salt_problems))
        found = sorted(salt_problems + found, key=lambda p: (p.where.line or 0, p.where.column or 0))
        problems += found
        _attribute_warnings(doc, display_path(path), got, seen, found, warnings_of, {p.where.line for p in dropped})
    missing = [p for p in due if p not in orders]
    for p in missing:
        orders[p] = engine.default_orders(p, day)
    votes_file = votes_digest = None
    if thread_votes:
        votes_file, votes_digest = _lay_thread_votes(gd, game, day, state, orders, problems, unreadable)
    if not unreadable:
        whole_day = engine.check_all(orders, missing, state, game.rules, day, display_path(gd.orders_dir(day)))
        problems += whole_day
        for p in whole_day:  # a warning about the whole day reaches the players it concerns (their receipts)
            for player in p.concerns:
                warnings_of.setdefault(player, []).append(p)
    story, story_digest = _read_story(gd, day, problems, story)
    from gm.learned import overrides_learned
    from gm.narration import framer_of, told_before

    told = told_before([gd.result_dir(d) for d in range(day)], game.ext, framer_of(game))
    seen_before = _seen_before(gd, day, engine.learned_kinds) if overrides_learned(engine) else None
    return CheckedDay(day, state, dict(sorted(orders.items())), missing, problems,
                      [display_path(p) for p in files], unreadable, due, engine.defaults_note(state),
                      salts=dict(sorted(salts.items())), votes_file=votes_file, orders_digests=digests,
                      votes_digest=votes_digest, previous_record=previous_record,
                      # commit.txt is kept with the game; seed.secret may not be (a clone leaves it out)
                      seed_committed=is_committed(gd, day) or commit_path(gd, day).is_file(),
                      commit_digest=_digest_of(commit_path(gd, day)), lock_digest=_digest_of(gd.day_dir(day) / "lock.txt"),
                      round_digests=_round_digests(gd, day),
                      fresh_state=fresh_state, rulings=rulings, ruling_events=ruling_events,
                      story=story, story_digest=story_digest, told=told, warnings_of=warnings_of,
                      seen_before=seen_before)


def resolve_checked(game: Game, checked: CheckedDay, dice: DiceBase, *, own_state: bool = False) -> tuple[Any, list[Event]]:
    """Run the engine's phases in order on a copy of the state; stop early when the game is decided.
    `own_state`: the caller hands the state over and never reads it again (gm simulate), so the
    phases work on it directly instead of a copy."""
    engine = game.engine
    if own_state:
        state = checked.state
    else:
        state = checked.fresh_state() if checked.fresh_state is not None else copy.deepcopy(checked.state)
    state.day = checked.day
    day = Day(checked.day, state, checked.orders, dice, game.rules, engine.new_notes())
    events: list[Event] = list(copy.deepcopy(checked.ruling_events))
    phases = list(engine.phases(checked.day, state))
    for phase in phases:
        _run(day, phase, events)
        if engine.decided(state, game.rules):
            break
    final = engine.final_phase()
    if final is not None:
        _run(day, final, events)
    return state, events


def _run(day: Day, phase, events: list[Event]) -> None:
    events.extend(run_phase(day, phase))


def anyone_due(gd: GameDir, game: Game, day: int) -> bool:
    """Does any player owe orders (and so may send a salt) on the day? Unknown (the day before is not
    resolved yet, or its state cannot be read): yes, as the commitment post cannot tell."""
    try:
        return bool(game.engine.players_due(state_before(gd, game, day)))
    except Exception:  # noqa: BLE001 - the post only words its invitation; check and resolve say what is wrong
        return True


def day_rolls(gd: GameDir, game: Game, day: int) -> bool:
    """May the day roll any die (Engine.rolls_dice)? Unknown: yes, as the commitment post cannot tell."""
    try:
        return game.engine.rolls_dice(state_before(gd, game, day))
    except Exception:  # noqa: BLE001 - the post only words its invitation; check and resolve say what is wrong
        return True


def read_day(gd: GameDir, game: Game, day: int, story: str | None = None, rulings: tuple[str, ...] = (),
             earlier: list[dict] | None = None, veil: bytes | None = None) -> tuple[CheckedDay, list[dict]]:
    """Everything a day is resolved from, read and verified before any die is rolled: the state
    before it and the chain (check_base), the rulings, orders, salts and votes, then the lock
    (its digests salted with the day's `veil`). Returns the day as read and the late changes the
    GM declared (`rulings`)."""
    checked = check_day(gd, game, day, story)
    if checked.errors:
        raise OrderError(checked.problems)
    return checked, check_lock(gd, day, checked, rulings, earlier, veil, game.engine.facts.name)


def roll_day(game: Game, checked: CheckedDay, seed: bytes, veil: bytes | None = None,
             beacon: dict | None = None) -> ResolvedDay:
    """The dice keyed and the pure resolver run on a day already read and verified (read_day).
    `veil` defaults to the one derived from the seed (gm/fairness/commitment.py); `beacon` is a checked
    drand round's record, when the day's commitment named one."""
    from gm.fairness.commitment import derived_veil

    key = dice_key(seed, checked.salts, beacon)
    dice = AuditedDice(key, game.engine.facts.name, checked.day)
    state, events = resolve_checked(game, checked, dice)
    return ResolvedDay(checked.day, seed, checked, state, events, dice.log, key, veil or derived_veil(seed), beacon)


def resolve_day(gd: GameDir, game: Game, day: int, seed: bytes, veil: bytes | None = None,
                beacon: dict | None = None, story: str | None = None) -> ResolvedDay:
    """The day checked, then rolled, without the lock: what `gm audit` replays (it checks the lock
    against the record itself) and what tests and benchmarks resolve. `gm resolve` uses read_day."""
    checked = check_day(gd, game, day, story)
    if checked.errors:
        raise OrderError(checked.problems)
    return roll_day(game, checked, seed, veil, beacon)
