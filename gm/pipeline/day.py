"""One day: read and check its orders, then resolve them in the engine's order. No writing here,
and no file read twice: what was read is what was resolved (gm/pipeline/record.py makes the result files)."""

from __future__ import annotations

import copy
import hashlib
import os
from dataclasses import dataclass, field
from typing import Any, Callable

from gm.fairness.commitment import commit_path, is_committed
from gm.dice import AuditedDice, DiceBase, Roll, dice_key
from gm.engine import Day, run_phase
from gm.errors import OrderError, Problem, StateError
from gm.events import Event
from gm.storage.gamedir import Game, GameDir
from gm.yamlio import display_path


@dataclass(eq=False, repr=False)
class CheckedDay:
    """A day's orders as read and checked, with everything `gm resolve` needs from the files."""

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
    orders_digests: dict[str, str] = field(default_factory=dict)  # file name -> SHA-256 of the bytes read
    votes_digest: str | None = None  # SHA-256 of votes.yaml as read
    previous_record: str | None = None  # SHA-256 of the previous day's day.json as read (None on Day 0)
    seed_committed: bool = False  # did the day have a committed seed when its orders were read
    story: str | None = None  # days/NN/story.md as read: the GM's prose for the post
    story_digest: str | None = None  # SHA-256 of its bytes
    told: frozenset = frozenset()  # the sentences of earlier days' posts (gm/narration.py)
    # player -> what they saw on earlier days (gm/pipeline/learned.py), read when a message needs it
    seen_before: Callable[[], dict] | None = field(default=None, repr=False)
    commit_digest: str | None = None  # SHA-256 of days/NN/commit.txt as read (gm/fairness/commitment.py)
    lock_digest: str | None = None  # SHA-256 of days/NN/lock.txt as read (gm/fairness/lock.py)
    # a new copy of `state` made again from what it was loaded from (far cheaper than a deepcopy)
    fresh_state: Callable[[], Any] | None = field(default=None, repr=False)
    rulings: Any = None  # gm.gmday.rulings.Rulings: days/NN/rulings.yaml read and checked
    ruling_events: list[Event] = field(default_factory=list)  # what the rulings did, at the start of the day
    ignored: list[str] = field(default_factory=list)  # files gm does not read, named with the fix (gm/gmday/ignored.py)
    warnings_of: dict[str, list[Problem]] = field(default_factory=dict)  # player -> the warnings in their orders
    deadline: str = ""  # the day's deadline as `gm check` shows it (gm/gmday/deadline.py)

    @property
    def salt_only(self) -> list[str]:
        """Players who sent a salt and no orders (all a set-up day takes): they get the defaults, but
        they did write in, so `gm check` does not list them as silent."""
        return [p for p in self.missing if p in self.salts]

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "warning"]


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


class _NoDice(DiceBase):
    """Rulings are the GM's word: they roll nothing."""

    def _draw(self, sides, purpose, choices=None):
        raise StateError(f"a ruling may not roll dice ({purpose})")


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


def apply_rulings(game: Game, day: int, state: Any, rulings) -> tuple[Any, list[Event], list[Problem]]:
    """The rulings checked by the engine and applied, in the order written, to a copy of the state
    before the day: each is checked against the state the rulings before it made. With any
    problem, the state is left as it was."""
    from gm.gmday.rulings import CORE_KINDS, STEP, ruling_event

    if not rulings.rulings:
        return state, [], []
    work = copy.deepcopy(state)
    ctx = Day(day, work, {}, _NoDice(), game.rules, None, STEP)
    events: list[Event] = []
    problems: list[Problem] = []
    for ruling in rulings.rulings:
        if ruling.kind in CORE_KINDS:
            events.append(ruling_event(ruling))
            continue
        msg = game.engine.check_ruling(ruling, work, game.rules)
        if msg:
            problems.append(Problem(ruling.where, msg))
            continue
        if problems:
            continue  # the state after a refused ruling is not the one the GM meant: check no further against it
        events.append(ruling_event(ruling))
        returned = list(game.engine.apply_ruling(ctx, ruling) or [])
        for e in ctx.take_events() + returned:  # emitted through the Day, or returned (gm/engine.py run_phase)
            e.step = e.step or STEP
            events.append(e)
    if problems:
        return state, [], problems
    return work, events, []


def _drop_ruled_out(doc: Any, shown: str, ruled_out: dict[str, str]) -> list[Problem]:
    """The orders of a player a ruling took out of the day (a mod-kill) will not happen: taken out of
    the file as read, each with a warning where it stands."""
    from gm.checker import find_name
    from gm.yamlio import key_loc

    if not isinstance(doc, dict):
        return []
    out = []
    for key in list(doc):
        name = find_name(key, ruled_out) if isinstance(key, str) else None
        if name is not None:
            # the GM's alone (secret): a ruling not yet announced, about a player who gets no receipt
            out.append(Problem(key_loc(shown, doc, key), f"{name}'s orders will not happen: a ruling "
                               f"({ruled_out[name]}) takes them out of the game before the orders", "warning", True))
            del doc[key]
    return out


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

    from gm.gmday.rulings import FILE, GM_FILE, read_rulings

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
    from gm.gmday.rulings import read_as_character, replacements

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
    from gm.pipeline.learned import overrides_learned
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
                      fresh_state=fresh_state, rulings=rulings, ruling_events=ruling_events,
                      story=story, story_digest=story_digest, told=told, warnings_of=warnings_of,
                      seen_before=seen_before)


def _seen_before(gd: GameDir, day: int, kinds: frozenset) -> Callable[[], dict]:
    """The earlier days' events each player saw, read on the first call (a check needs none)."""
    memo: dict = {}

    def read() -> dict:
        if "seen" not in memo:
            from gm.pipeline.learned import seen_by_player

            memo["seen"] = seen_by_player([(d, gd.result_dir(d)) for d in range(day)], kinds)
        return memo["seen"]

    return read


def _attribute_warnings(doc: Any, shown: str, got: dict, seen: dict, found: list[Problem],
                        out: dict[str, list[Problem]], dropped: set[int | None] = frozenset()) -> None:
    """Each warning of an orders file given to the player whose section it stands in (from their
    name's line to the next top-level key), for their receipt. One pass over the file's keys.
    `dropped`: the lines of the sections a ruling took out of the file (gm/pipeline/day.py, _drop_ruled_out):
    still sections, of nobody's, so that what stands in them reaches no other player's receipt."""
    from bisect import bisect_right

    from gm.yamlio import key_loc

    warnings = [p for p in found if p.severity == "warning" and p.where.line is not None and p.where.path == shown]
    if not warnings or not isinstance(doc, dict):
        return
    owner = {loc.line: name for name, loc in seen.items() if name in got and getattr(loc, "path", None) == shown}
    starts = sorted({line for line in (key_loc(shown, doc, k).line for k in doc) if line is not None} | set(owner)
                    | {line for line in dropped if line is not None})
    for w in warnings:
        i = bisect_right(starts, w.where.line) - 1
        name = owner.get(starts[i]) if i >= 0 else None
        if name is not None:
            out.setdefault(name, []).append(w)


def _digest_of(path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except FileNotFoundError:
        return None


MAX_STORY_BYTES = 64 * 1024


def _read_story(gd: GameDir, day: int, problems: list, given: str | None) -> tuple[str | None, str | None]:
    """The GM's prose for the day: `given` (gm resolve --intro), else days/NN/story.md. Its digest
    goes into the day's record, so prose added to the post is accounted for, not tampering."""
    from gm.errors import Location, Problem

    path = gd.story_path(day)
    if given is not None:
        raw = given.encode("utf-8")
    elif os.path.lexists(path):
        from gm.safefile import Refused, read_regular

        try:
            raw = read_regular(path, MAX_STORY_BYTES + 1, None)
        except Refused as exc:
            problems.append(Problem(Location(display_path(path)), str(exc)))
            return None, None
    else:
        return None, None
    where = Location(display_path(path) if given is None else "--intro")
    if len(raw) > MAX_STORY_BYTES:
        problems.append(Problem(where, f"the story is longer than {MAX_STORY_BYTES // 1024} KiB"))
        return None, None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        problems.append(Problem(where, f"the story is not UTF-8 text ({exc.reason} at byte {exc.start})"))
        return None, None
    return (text.strip() or None), hashlib.sha256(raw).hexdigest()


def _lay_thread_votes(gd: GameDir, game: Game, day: int, state, orders: dict, problems: list,
                      unreadable: list) -> tuple[str | None, str | None]:
    """days/NN/votes.yaml (written by `gm votes`, or by the GM): each vote there replaces that
    player's vote of the same kind in their orders; a null withdraws it. Returns the file as shown
    and the SHA-256 of the bytes read."""
    from gm.errors import LocatedError, Location
    from gm.yamlio import load_bytes, read_bytes

    path = gd.votes_path(day)
    if not path.is_file():
        return None, None
    shown = display_path(path)
    votes = game.engine.votes
    try:
        raw = read_bytes(path, game.limits.file_bytes)
    except LocatedError as exc:
        problems.append(exc.problem)
        unreadable.append(shown)
        return shown, None
    digest = hashlib.sha256(raw).hexdigest()
    if votes is None:
        problems.append(Problem(Location(shown), f"the {game.engine.facts.title} engine takes no votes from the thread"))
        return shown, digest
    try:
        doc = load_bytes(raw, path, game.limits)
    except LocatedError as exc:
        problems.append(exc.problem)
        unreadable.append(shown)
        return shown, digest
    cast, found = votes.check(doc, shown, game.rules, state, day)
    problems += found
    for player, theirs in cast.items():
        if player in orders:
            orders[player] = votes.lay(orders[player], theirs)
    return shown, digest


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


HOUSE_RULES = "game.yaml (the house rules)"  # how a late change names the rules of play (docs/fairness.md)


def check_lock(gd: GameDir, day: int, checked: CheckedDay, rulings: tuple[str, ...] = (),
               earlier: list[dict] | None = None, veil: bytes | None = None, engine: str | None = None) -> list[dict]:
    """After `gm lock`: the lock belongs to the day's commitment, the salts are as locked, and each
    orders file changed since (and the house rules, when the lock holds their digest) is covered by
    a late change (compared with the bytes the day was read from; the lock's digests are salted with
    the day's `veil`, docs/fairness.md). Returns the late changes for the record."""
    import hashlib

    from gm.fairness.commitment import commit_path, sealed_files
    from gm.fairness.lock import file_differences, read_lock, salt_differences

    lock = read_lock(gd, day)
    texts = [r.strip() for r in rulings if r.strip()]
    if lock is None:
        if texts:
            raise StateError(f"Day {day} was not locked (`gm lock`), "
                             "so no orders file can have changed after it: leave out --late-change")
        return []
    post = commit_path(gd, day)
    if not post.is_file() or hashlib.sha256(post.read_bytes()).hexdigest() != lock.record.get("commit_sha256"):
        raise StateError(f"{display_path(gd.day_dir(day) / 'lock.txt')} locks another commitment than "
                         f"{display_path(post)}{' (there is none)' if not post.is_file() else ''}: a lock belongs to the "
                         "commitment it names (its digests are salted with that day's secret). Put back the commitment "
                         "and seed the lock was made under")
    files, salts = sealed_files(veil, engine, day, checked.orders_digests), checked.salts
    salt_changes = salt_differences(lock.salts, salts)
    if salt_changes:
        raise StateError(f"the salts of Day {day} differ from the lock ({display_path(gd.day_dir(day) / 'lock.txt')}): "
                         + "; ".join(salt_changes) + ". A salt is the player's: put it back as locked")
    ruled = {f for r in earlier or () for f in r.get("files", [])}  # a re-resolve keeps its day's rulings
    changed = [c for c in file_differences(lock.files, files) if c.split(" was ")[0] not in ruled]
    if lock.record.get("rules_sha256") and HOUSE_RULES not in ruled:
        from gm.fairness.commitment import rules_sha256

        if rules_sha256(gd) != lock.record["rules_sha256"]:
            changed.append(f"{HOUSE_RULES} was changed")
    if changed and not texts:
        raise StateError(f"orders changed after the lock of Day {day}: {'; '.join(changed)}. Say what you decided "
                         "and why with --late-change \"...\" (it goes into the reveal post)")
    return [{"text": t, "files": [c.split(" was ")[0] for c in changed]} for t in texts]


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
