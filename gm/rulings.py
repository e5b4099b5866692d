"""The GM's rulings: mod-kills, replacements, corrections, a later deadline, written in
days/NN/rulings.yaml instead of editing state.json by hand.

    - kill: Akane
      say: Akane was removed from the game for inactivity.   # the public line (optional)
      why: no orders for three days                          # for the GM summary only (optional)
    - revive: Bruno
    - health: {player: Chiaki, to: 3}
    - give: {player: Dana, item: Knife}
    - take: {player: Dana, item: Knife}
    - move: {player: Emil, to: Beach}
    - replace: {player: Farah, by: NewForumName}
    - deadline: 2026-03-01 20:00

The same list may stand in the day's orders, in the GM's own file days/NN/orders/_gm.yaml (the
leading underscore: no player's orders file; the GM who pastes the players' PMs into orders/
writes their own rulings beside them). The two differ only in the lock: _gm.yaml is an orders
file, so `gm lock` seals it with the players' orders (a change after the lock needs `gm resolve
--late-change`), while rulings.yaml stays open for a ruling made after the deadline. Both are read
the same way and applied in one list, rulings.yaml first; the same kind of ruling on the same
player (or two deadlines) in both files is an error naming both places, so none silently wins.

A ruling is checked like an order (every problem located, with a "did you mean"), against the
state as the rulings before it leave it (`- take:` a card, then `- give:` it to another player),
and applied at the start of the day, before the orders are checked (a player killed by a ruling owes no orders, one
revived does), shown in the GM summary, announced where it is public, and kept in the day's
record (day.json's `rulings_yaml`, `rulings_yaml_sha256`; _gm.yaml's digest is among the orders
files'), so `gm audit --all` replays it like the rest. Which kinds a game supports is its
engine's to say (Engine.ruling_kinds); `gm rules ENGINE` names them, and a kind an engine does not
have is an error naming the ones it has.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from gm.checker import find_name
from gm.errors import GmError, LocatedError, Location, Problem
from gm.events import Event, PUBLIC
from gm.moments import parse_minute as parse_deadline  # noqa: F401 (gm.gmday.deadline reads deadlines with it)
from gm.paths import display_path
from gm.suggest import did_you_mean
from gm.yamlio import item_loc, key_loc, node_loc, plain, value_loc

FILE = "rulings.yaml"
GM_FILE = "_gm.yaml"  # the GM's section of a day's orders: days/NN/orders/_gm.yaml
STEP = "rulings"
# kind -> the field that holds its value (None: the kind's own value is the player), an example
KINDS: dict[str, tuple[str | None, str]] = {
    "kill": (None, "kill: Akane"),
    "revive": (None, "revive: Akane"),
    "health": ("to", "health: {player: Akane, to: 3}"),
    "give": ("item", "give: {player: Akane, item: Knife}"),
    "take": ("item", "take: {player: Akane, item: Knife}"),
    "move": ("to", "move: {player: Akane, to: Beach}"),
    "replace": ("by", "replace: {player: Akane, by: NewForumName}"),
    "deadline": (None, "deadline: 2026-03-01 20:00"),
}
CORE_KINDS = ("replace", "deadline")  # need nothing of the state: every engine has them
PUBLIC_KINDS = ("kill", "revive", "replace", "deadline")  # announced in the thread even without `say:`
EXTRA_KEYS = ("say", "why")


@dataclass(eq=False, repr=False)
class Ruling:
    """One ruling of the GM's, as read and checked."""

    kind: str
    player: str | None  # None for a deadline
    value: Any = None  # health: int; give/take: item; move: zone or square; replace: handle; deadline: text
    say: str | None = None  # the public line the GM wants
    why: str | None = None  # the GM's note, in the GM summary only
    where: Location | None = None
    written: Any = None  # the entry exactly as the GM wrote it
    source: str = FILE  # rulings.yaml, or orders/_gm.yaml

    def record(self) -> dict:
        d: dict = {"kind": self.kind, "written": self.written}
        if self.source != FILE:  # a record of rulings.yaml alone keeps the shape it always had
            d["file"] = self.source
        if self.player is not None:
            d["player"] = self.player
        if self.value is not None:
            d["value"] = self.value
        for key in EXTRA_KEYS:
            if getattr(self, key) is not None:
                d[key] = getattr(self, key)
        return d

    @property
    def public(self) -> bool:
        return self.say is not None or self.kind in PUBLIC_KINDS


@dataclass(eq=False, repr=False)
class Rulings:
    """A day's rulings, with the problems found reading them."""

    rulings: list[Ruling] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    file: str | None = None  # as shown, when the day has a rulings.yaml
    digest: str | None = None  # SHA-256 of its bytes as read
    unreadable: bool = False
    gm_file: str | None = None  # as shown, when the day's orders have a _gm.yaml
    gm_digest: str | None = None  # its SHA-256 (recorded among the orders files')
    gm_unreadable: bool = False

    @property
    def unreadable_files(self) -> list[str]:
        return [f for f, bad in ((self.file, self.unreadable), (self.gm_file, self.gm_unreadable)) if bad and f]

    @property
    def deadline(self) -> str | None:
        found = [r.value for r in self.rulings if r.kind == "deadline"]
        return found[-1] if found else None

    @property
    def deadline_source(self) -> str | None:
        """The file the deadline ruling stands in (rulings.yaml, or orders/_gm.yaml), as the GM looks for it."""
        found = [r.source for r in self.rulings if r.kind == "deadline"]
        return found[-1] if found else None


def read_rulings(path, engine, state, rules, day: int, limits=None, gm_path=None, zone=None) -> Rulings:
    """days/NN/rulings.yaml, then days/NN/orders/_gm.yaml (`gm_path`), read within game.yaml's
    `limits:`: each entry's form and player checked (the engine checks each against the state as
    the rulings before it leave it, when they are applied: gm/pipeline/inputs.py's apply_rulings). A new
    deadline's short form is read in `zone` (game.yaml's `timezone:`) and kept in UTC."""
    out = Rulings()
    first: dict[tuple[str, str | None], Ruling] = {}
    for where, source in ((path, FILE), (gm_path, "orders/" + GM_FILE)):
        if where is None or not os.path.lexists(where):  # a FIFO or a folder is refused when read, not skipped
            continue
        for ruling in _read_file(where, source, engine, state, rules, day, limits, out, zone):
            key = (ruling.kind, ruling.player)
            earlier = first.get(key)
            if earlier is not None and earlier.source != ruling.source:
                what = "a deadline" if ruling.kind == "deadline" else f"a '{ruling.kind}' ruling on {ruling.player}"
                out.problems.append(Problem(ruling.where, f"{what} is given in both {earlier.source} (at {earlier.where}) "
                                            f"and {ruling.source}: write it in one of them, so that neither silently wins"))
                continue
            first.setdefault(key, ruling)
            out.rulings.append(ruling)
    return out


def _read_file(path, source: str, engine, state, rules, day: int, limits, out: Rulings, zone=None) -> list[Ruling]:
    from gm.storage.limits import DEFAULT
    from gm.yamlio import load_bytes, read_bytes

    limits = limits or DEFAULT
    shown = display_path(path)
    gm_section = source != FILE
    if gm_section:
        out.gm_file = shown
    else:
        out.file = shown
    found: list[Ruling] = []
    try:
        raw = read_bytes(path, limits.file_bytes)
        digest = hashlib.sha256(raw).hexdigest()
        if gm_section:
            out.gm_digest = digest
        else:
            out.digest = digest
        doc = load_bytes(raw, path, limits)
    except LocatedError as exc:
        out.problems.append(exc.problem)
        if gm_section:
            out.gm_unreadable = True
        else:
            out.unreadable = True
        return found
    if doc is None:
        return found
    if not isinstance(doc, list):
        out.problems.append(Problem(node_loc(shown, doc), f"{path.name} is a list of the GM's rulings, one `- ` each, "
                                    "e.g. `- kill: Akane` (`gm rules --rulings` shows them all); players' orders "
                                    "go in the other files of orders/" if gm_section else
                                    "rulings.yaml is a list of rulings, one `- ` each, "
                                    "e.g. `- kill: Akane` (`gm rules --rulings` shows them all)"))
        return found
    kinds = tuple(engine.ruling_kinds) + CORE_KINDS
    players = engine.players_in_state(state)
    for i, entry in enumerate(doc):
        ruling = _one(entry, item_loc(shown, doc, i), shown, kinds, players, out.problems, engine, zone)
        if ruling is None:
            continue
        ruling.source = source
        if day == 0 and ruling.kind not in CORE_KINDS:
            out.problems.append(Problem(ruling.where, "Day 0 sets the game up: rulings on players start on Day 1 "
                                        "(change the roster in game.yaml until Day 0 is resolved)"))
            continue
        found.append(ruling)  # checked against the state as the rulings before it leave it: gm/pipeline/day.py
    return found


def _one(entry, at: Location, shown: str, kinds: tuple[str, ...], players: list[str], problems: list[Problem],
         engine, zone=None) -> Ruling | None:
    def error(where: Location, msg: str) -> None:
        problems.append(Problem(where, msg))

    if not isinstance(entry, dict) or not entry:
        error(at, "a ruling is one mapping such as `- kill: Akane` or `- health: {player: Akane, to: 3}`")
        return None
    main = [k for k in entry if str(k) not in EXTRA_KEYS]
    named = [k for k in main if str(k).strip().casefold() in KINDS]
    if len(named) == 1 and len(main) > 1:  # `- kill: X` with a key beside it that is no ruling: a misspelt say/why
        for k in main:
            if k is not named[0]:
                error(key_loc(shown, entry, k), f"a ruling has no '{k}'{did_you_mean(str(k), EXTRA_KEYS)}: beside "
                      f"its kind it takes `say:` (the public line) and `why:` (for the GM summary)")
        return None
    if len(main) != 1:
        error(at, f"one ruling per `- ` entry (found {', '.join(map(str, main)) or 'none'}); "
                  f"kinds: {', '.join(kinds)}")
        return None
    key = main[0]
    kind = str(key).strip().casefold()
    if kind not in kinds:
        unknown = kind not in KINDS
        why = engine.ruling_why_not.get(kind)
        error(key_loc(shown, entry, key), (f"no ruling called '{key}'{did_you_mean(str(key), kinds)}" if unknown else
              f"the {engine.facts.title} engine has no '{kind}' ruling" + (f": {why}" if why else ""))
              + f" (kinds: {', '.join(kinds)})")
        return None
    extra = {}
    for k in EXTRA_KEYS:
        if k in entry:
            v = entry[k]
            if not isinstance(v, str) or not v.strip():
                error(value_loc(shown, entry, k), f"`{k}:` takes a line of text")
                return None
            extra[k] = str(v).strip()
    value_field, example = KINDS[kind]
    body = entry[key]
    where = value_loc(shown, entry, key)
    if kind == "deadline":
        try:
            when = parse_deadline(body, zone)
        except GmError as exc:  # a time the clocks skip or pass twice in the game's zone
            error(where, str(exc))
            return None
        if when is None:
            error(where, f"a deadline is a date and time (in the game's `timezone:`, UTC without it), e.g. `{example}`")
            return None
        return Ruling(kind, None, when.strftime("%Y-%m-%d %H:%M"), where=where, written=plain(entry), **extra)
    if value_field is None:
        raw_player, value = body, None
    else:
        if not isinstance(body, dict) or set(map(str, body)) != {"player", value_field}:
            error(where, f"write it as `{example}`")
            return None
        raw_player, value = body["player"], plain(body[value_field])
        if value is None or isinstance(value, (dict, list)):
            error(value_loc(shown, body, value_field), f"write it as `{example}`")
            return None
    player = find_name(str(raw_player), players) if isinstance(raw_player, (str, int)) else None
    if player is None:
        error(value_loc(shown, body, "player") if isinstance(body, dict) else where,
              f"no player called '{raw_player}'{did_you_mean(str(raw_player), players)}")
        return None
    if kind == "replace" and not _new_hand(value, player, players, value_loc(shown, body, value_field), problems):
        return None
    return Ruling(kind, player, value, where=where, written=plain(entry), **extra)


def _new_hand(by, player: str, players: list[str], at: Location, problems: list[Problem]) -> bool:
    """A replacement's name is text a player chose (gm/names.py), and reads apart from every other
    player's: the thread's votes and the messages must never be taken for another player's."""
    from gm.names import Alike, text_problem

    why = text_problem(str(by), "the replacement's name") if isinstance(by, str) else "the replacement's name is text"
    if not why:
        others = Alike()
        for other in players:
            if other != player:
                others[other] = other
        if by in others:
            why = (f"the replacement '{by}' reads the same as the player '{others[by]}' (or would share their files): "
                   "names must differ by more than case, punctuation, spaces or look-alike letters")
    if why:
        problems.append(Problem(at, why))
    return not why


def ruling_event(ruling: Ruling) -> Event:
    """The ruling as an event: public when the thread hears of it, else the player's alone (and the GM's)."""
    data = {"ruling": ruling.kind, "player": ruling.player, "value": ruling.value, "say": ruling.say,
            "note": ruling.why, "file": ruling.source}  # the note: the GM summary prints it, player templates never do
    if ruling.public:
        return Event("ruling", data, PUBLIC, STEP, (ruling.player,) if ruling.player else ())
    return Event("ruling", data, (ruling.player,), STEP)


def replacements(gd, game, day: int) -> dict[str, tuple[str, str]]:
    """The forum handles `replace` rulings gave, up to and including `day`: new handle -> (the
    character, where the ruling stands). A later replacement of the same character wins, so a
    departed player's handle no longer speaks for it. Only files that mention `replace` are parsed
    (a game has few); a file that does not read is left to `gm check`, which reports it."""
    from gm.errors import GmError
    from gm.yamlio import load_bytes, read_bytes

    found: dict[str, tuple[str, str]] = {}  # character -> (handle, where)
    for d in range(0, day + 1):
        for path in (gd.day_dir(d) / FILE, gd.orders_dir(d) / GM_FILE):
            if not path.is_file():
                continue
            try:
                raw = read_bytes(path, game.limits.file_bytes)
                if b"replace" not in raw:
                    continue
                doc = load_bytes(raw, path, game.limits, [])
            except GmError:
                continue
            for entry in doc if isinstance(doc, list) else []:
                value = entry.get("replace") if isinstance(entry, dict) else None
                if not isinstance(value, dict) or not isinstance(value.get("by"), str):
                    continue
                player = find_name(str(value.get("player")), game.roster)
                if player is not None and value["by"].strip():
                    found[player] = (value["by"].strip(), display_path(path))
    return {handle: (player, where) for player, (handle, where) in found.items()}


def with_replacements(game, reps: dict[str, tuple[str, str]]):
    """The game with each replaced character's forum handle the new player's (reminders, votes,
    `gm status --player`), the old one's dropped."""
    if not reps:
        return game
    from dataclasses import replace

    gone = {player for player, _ in reps.values()}
    handles = {h: p for h, p in game.handles.items() if p not in gone}
    handles.update({h: p for h, (p, _) in reps.items()})
    return replace(game, handles=handles)


def read_as_character(doc, path: str, reps: dict[str, tuple[str, str]], roster) -> list[Problem]:
    """Orders sent under a replacement's handle are the character's: the key is renamed where it
    stands (so every later message points at the same line), with a note for the GM."""
    out: list[Problem] = []
    if not reps or not isinstance(doc, dict):
        return out
    folded = {h.casefold(): h for h in reps}
    roster_folded = {n.casefold() for n in roster}
    for key in list(doc):
        if not isinstance(key, str) or key.casefold() in roster_folded or key.casefold() not in folded:
            continue
        player, where = reps[folded[key.casefold()]]
        at = key_loc(path, doc, key)
        if player in doc:
            out.append(Problem(at, f"{key} now plays {player} (replace ruling, {where}), whose orders are also given "
                               f"here (at {key_loc(path, doc, player)}): keep one of them"))
            continue
        _rename_key(doc, key, player)
        out.append(Problem(at, f"{key} now plays {player} (replace ruling, {where}): read as {player}'s orders",
                           "warning"))
    return out


def _rename_key(doc, old: str, new: str) -> None:
    """Rename a mapping's key in place, keeping the order of keys and where the old one stood."""
    lc = getattr(doc, "lc", None)
    spot = lc.data.get(old) if lc is not None and hasattr(lc, "data") else None
    if hasattr(doc, "insert"):  # ruamel's CommentedMap
        position = list(doc).index(old)
        value = doc.pop(old)
        doc.insert(position, new, value)
    else:  # gm.storage.fastyaml's LocatedMap, a dict
        items = [(new if k == old else k, v) for k, v in doc.items()]
        doc.clear()
        doc.update(items)
    if spot is not None:
        lc.data[new] = spot
