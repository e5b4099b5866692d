"""A day's inputs as `read_day` checks them (gm/pipeline/day.py): the plain value it hands the
resolver (CheckedDay), the GM's rulings applied to a copy of the state, the story, the thread's
votes, warnings about what a player could not have seen, and the lock's check."""

from __future__ import annotations

import copy
import hashlib
import os
from dataclasses import dataclass, field
from typing import Any, Callable

from gm.dice import DiceBase
from gm.engine import Day
from gm.errors import Problem, StateError
from gm.events import Event
from gm.gamedir import Game, GameDir
from gm.paths import display_path


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
    # player -> what they saw on earlier days (gm/learned.py), read when a message needs it
    seen_before: Callable[[], dict] | None = field(default=None, repr=False)
    commit_digest: str | None = None  # SHA-256 of days/NN/commit.txt as read (gm/fairness/commitment.py)
    lock_digest: str | None = None  # SHA-256 of days/NN/lock.txt as read (gm/fairness/lock.py)
    round_digests: list = field(default_factory=list)  # SHA-256 of each days/NN/round.K.txt (gm/fairness/rounds.py)
    # a new copy of `state` made again from what it was loaded from (far cheaper than a deepcopy)
    fresh_state: Callable[[], Any] | None = field(default=None, repr=False)
    rulings: Any = None  # gm.rulings.Rulings: days/NN/rulings.yaml read and checked
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


class _NoDice(DiceBase):
    """Rulings are the GM's word: they roll nothing."""

    def _draw(self, sides, purpose, choices=None):
        raise StateError(f"a ruling may not roll dice ({purpose})")


def apply_rulings(game: Game, day: int, state: Any, rulings) -> tuple[Any, list[Event], list[Problem]]:
    """The rulings checked by the engine and applied, in the order written, to a copy of the state
    before the day: each is checked against the state the rulings before it made. With any
    problem, the state is left as it was."""
    from gm.rulings import CORE_KINDS, STEP, ruling_event

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


def _round_digests(gd: GameDir, day: int) -> list[str]:
    """The SHA-256 of each announcement of a new round for the day, in order (gm/fairness/rounds.py)."""
    from gm.fairness.rounds import MAX_ROUNDS, round_path

    out = []
    for n in range(1, MAX_ROUNDS + 1):
        digest = _digest_of(round_path(gd, day, n))
        if digest is None:
            break
        out.append(digest)
    return out


def _seen_before(gd: GameDir, day: int, kinds: frozenset) -> Callable[[], dict]:
    """The earlier days' events each player saw, read on the first call (a check needs none)."""
    memo: dict = {}

    def read() -> dict:
        if "seen" not in memo:
            from gm.learned import seen_by_player

            memo["seen"] = seen_by_player([(d, gd.result_dir(d)) for d in range(day)], kinds)
        return memo["seen"]

    return read


def _attribute_warnings(doc: Any, shown: str, got: dict, seen: dict, found: list[Problem],
                        out: dict[str, list[Problem]], dropped: set[int | None] = frozenset()) -> None:
    """Each warning of an orders file given to the player whose section it stands in (from their
    name's line to the next top-level key), for their receipt. One pass over the file's keys.
    `dropped`: the lines of the sections a ruling took out of the file (_drop_ruled_out, above):
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
