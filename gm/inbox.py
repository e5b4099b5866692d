"""`gm inbox`: players' PMs, as written, turned into checked orders (docs/inbox.md).

    days/NN/inbox/pms-<player>.txt        every PM the player sent for the day, verbatim (the provenance)
    days/NN/orders/inbox-<player>.yaml    the orders read without doubt, with the PM's SHA-256 and the
                                          reading in words; the lock seals it like any orders file
    days/NN/inbox/proposed-<player>.yaml  what waits for the GM: the sure orders, each doubt with its
                                          choices, and a `choose:` line the checker refuses until the
                                          GM picks (`gm inbox --accept <player>`)

A PM is a filled-in form (gm/pmform.py) or free text read through the engine's vocabulary
(gm/pmtext.py). Only a player whose every PM read without doubt, and whose orders pass the checker,
is written; nothing the GM wrote is overwritten.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from gm.errors import GmError, StateError
from gm.gamedir import Game, GameDir
from gm.pms import INBOX_DIR, ORDERS_PREFIX, PM
from gm.pmtext import Doubt, Reading
from gm.yamlio import display_path

MARK = "# gm inbox wrote this file from the PMs in "
CHOOSE = "choose"  # the key a proposal carries until the GM has chosen
_WHOLE = "*"  # a doubt about the whole PM (whose it is, two players' orders)


@dataclass
class PlayerInbox:
    """What gm made of one player's PMs for the day."""

    player: str
    pms: list[PM] = field(default_factory=list)
    sections: dict = field(default_factory=dict)
    said: dict = field(default_factory=dict)
    salt: str | None = None
    doubts: list[Doubt] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    how: list[str] = field(default_factory=list)  # "form" / "free text", per PM
    problems: list[str] = field(default_factory=list)  # the checker's errors, or why nothing is written
    writes: dict = field(default_factory=dict, repr=False)  # path -> text to write, or None to remove
    written: str | None = None  # the orders file written
    proposed: str | None = None  # the proposal waiting for the GM
    same: bool = False  # the orders file was already so

    @property
    def words(self) -> list[str]:
        return [w for section in self.said.values() for w in section] + ([f"salt: {self.salt}"] if self.salt else [])

    @property
    def sure(self) -> bool:
        return not self.doubts and not self.problems


@dataclass
class InboxResult:
    day: int
    root: str = ""  # the game folder as the GM named it, for the commands the report suggests
    players: list[PlayerInbox] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # PMs gm could not give to a player, and why


# ---- whose PM ----------------------------------------------------------------------------------


def sender_of(pm: PM, game: Game, due: list[str]) -> tuple[str | None, str | None]:
    """The player who sent a PM (by forum handle or name, forgivingly), or why it is not sure."""
    from gm.checker import find_name

    raw = re.sub(r"\s*<[^<>]*>\s*$", "", (pm.sender or "").strip()).strip().lstrip("@")  # "Akane <a@b.c>": Akane
    if not raw:
        return None, "the PM says no sender: give --from, or save it as <player>.txt"
    handles = {h: p for h, p in game.handles.items()}
    name = find_name(raw, list(handles)) or None
    if name:
        return handles[name], None
    name = find_name(raw, game.roster) or find_name(re.sub(r"[_.\-]+", " ", raw), game.roster)
    if name:
        return name, None
    from rapidfuzz import fuzz, process

    pool = list(game.roster) + list(handles)
    best = [n for n, score, _ in process.extract(raw, pool, scorer=fuzz.WRatio, limit=3) if score >= 70]
    named = list(dict.fromkeys(handles.get(n, n) for n in best))
    if named:
        return None, f"sender '{raw}' is no player's name or forum handle (could be {' or '.join(named)}): " \
                     "add it to game.yaml under `forum: handles:`, or give --from"
    return None, f"sender '{raw}' is no player's name or forum handle: add it to game.yaml under `forum: handles:`, or give --from"


# ---- reading one PM ----------------------------------------------------------------------------


def read_pm(pm: PM, player: str, game: Game, state: Any, day: int, vocab) -> tuple[Reading, str]:
    """One PM read for `player`: a form if it holds a code block, else free text."""
    from gm.pmform import code_blocks, outside_blocks

    blocks = code_blocks(pm.text)
    if blocks:
        reading = _read_form(blocks, player, game, pm)
        if vocab is not None and len(blocks) == 1 and _not_orders(reading, player, game, state, day):
            from gm.pmtext import read_text

            # the form sent back with words where the orders go ("action: shoot bruno w/ rifle"): free text
            prose = read_text(re.sub(r"(?m)^\s*#.*$", "", blocks[0]), vocab)
            if prose.sections or prose.salt is not None:
                prose.notes.insert(0, "the form's lines are not orders the checker reads: read as free text")
                return prose, "form read as free text"
        around = outside_blocks(pm.text)
        if around and vocab is not None:
            from gm.pmtext import read_text

            extra = read_text(around, vocab)
            if extra.sections or extra.salt:
                reading.doubts.append(Doubt(around, "orders written outside the form too: which count?",
                                            [("the form only", {})]))
        elif around:
            reading.notes.append(f"words around the form, not read: {_short(around)}")
        return reading, "form"
    if vocab is None:
        reading = Reading()
        others = _other_players(pm.text, player, game)
        if others:
            reading.doubts.append(Doubt(_WHOLE, _two_players(player, others)))
        if _only_salt(pm.text, reading):
            return reading, "free text"
        reading.doubts.append(Doubt(_short(pm.text), f"the {game.engine.facts.title} engine reads no free text: "
                                    "write these orders by hand (or send the player the form: `gm form --player`)"))
        return reading, "free text"
    from gm.pmtext import read_text

    others = _other_players(pm.text, player, game)
    reading = read_text(pm.text, vocab)
    if others:
        reading.doubts.insert(0, Doubt(_WHOLE, _two_players(player, others)))
    return reading, "free text"


def _not_orders(reading: Reading, player: str, game: Game, state: Any, day: int) -> bool:
    """Is the form's YAML (read without a doubt about whose it is) refused by the checker?"""
    if any(d.phrase == _WHOLE for d in reading.doubts):
        return False
    if any(d.why.startswith("the form is not YAML") for d in reading.doubts):
        return True
    if reading.doubts or not reading.sections:
        return False
    node = reading.sections.get("", reading.sections) if "" in reading.sections else reading.sections
    return bool(check_orders_text(game, state, day, orders_yaml(player, node, None), "form.yaml"))


def _two_players(player: str, others: list[str]) -> str:
    return (f"this PM gives orders for {' and '.join(others)} too: gm reads only the sender's own orders "
            f"({player}'s); each player sends their own, or the GM writes theirs by hand")


def _only_salt(text: str, reading: Reading) -> bool:
    m = re.fullmatch(r"\s*(?:my\s+)?salt\s*(?:is|=|:)?\s*(.+?)\s*", text, re.IGNORECASE | re.DOTALL)
    if m and "\n" not in m.group(1).strip():
        reading.salt = m.group(1).strip().strip("\"'“”").strip()
        return True
    return False


def _other_players(text: str, player: str, game: Game) -> list[str]:
    """Players other than the sender named at the start of a line as a heading ("Bruno:")."""
    from gm.checker import find_name

    out = []
    for line in text.splitlines():
        m = re.match(r"^\s*(?:\[b\]|\*\*)?([^:\[\]*]{1,40}?)(?:\[/b\]|\*\*)?\s*:", line)
        if not m:
            continue
        name = find_name(m.group(1), game.roster) or find_name(m.group(1), list(game.handles))
        name = game.handles.get(name, name) if name else None
        if name and name != player and name not in out:
            out.append(name)
    return out


def _read_form(blocks: list[str], player: str, game: Game, pm: PM) -> Reading:
    from gm.checker import find_name
    from gm.errors import LocatedError
    from gm.yamlio import load_text, plain

    reading = Reading()
    if len(blocks) > 1:
        reading.doubts.append(Doubt(_WHOLE, f"{len(blocks)} forms in one PM: which one counts? Keep one and run again"))
        return reading
    try:
        doc = plain(load_text(blocks[0], Path(pm.label), game.limits, keep=False))
    except LocatedError as exc:
        reading.doubts.append(Doubt(_short(blocks[0]), f"the form is not YAML gm can read: {exc.problem.message}"))
        return reading
    if doc is None:
        reading.doubts.append(Doubt(_WHOLE, "the form came back with nothing filled in"))
        return reading
    if not isinstance(doc, dict):
        reading.doubts.append(Doubt(_short(blocks[0]), "the form should map the player's name to their orders"))
        return reading
    named = {k: (find_name(str(k), game.roster) or game.handles.get(find_name(str(k), list(game.handles)) or ""))
             for k in doc}
    players = [n for n in named.values() if n]
    if players:
        others = [n for n in players if n != player]
        if others:
            reading.doubts.append(Doubt(_WHOLE, _two_players(player, others)))
            return reading
        if len(players) != len(doc):
            reading.doubts.append(Doubt(_short(blocks[0]), "the form has lines outside the player's orders"))
            return reading
        node = doc[next(k for k, n in named.items() if n == player)]
    else:
        node = doc  # the sections alone: the PM is the sender's
        reading.notes.append(f"the form names no player: read as {player}'s (the sender's)")
    if isinstance(node, dict) and "salt" in node:
        node = dict(node)
        reading.salt = str(node.pop("salt"))
    reading.sections = {"": node} if not isinstance(node, dict) else dict(node)
    reading.said = {"form": [_flow(node) if not isinstance(node, dict) else f"{k}: {_flow(v)}" for k, v in node.items()]
                    if isinstance(node, dict) else [_flow(node)]}
    return reading


def _short(text: str, most: int = 160) -> str:
    one = re.sub(r"\s+", " ", text).strip()
    return one if len(one) <= most else one[:most - 1] + "…"


# ---- YAML as gm writes it ----------------------------------------------------------------------

_PLAIN = re.compile(r"^[A-Za-z][A-Za-z0-9 '.+-]*[A-Za-z0-9.]$|^[A-Za-z]$")
_SPECIAL = {"true", "false", "yes", "no", "on", "off", "null", "y", "n", "~"}


def _flow(value: Any) -> str:
    """A value as one line of YAML (flow style); strings quoted as JSON where YAML could misread them."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_flow(k)}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, (int, float)):
        return str(value)
    text = str(value)
    if _PLAIN.match(text) and text.casefold() not in _SPECIAL and ": " not in text and " #" not in text:
        return text
    return json.dumps(text, ensure_ascii=False)


def orders_yaml(player: str, node: Any, salt: str | None) -> str:
    """The player's orders as an orders file holds them."""
    lines = [f"{_flow(player)}:"]
    if salt is not None:
        lines.append(f"  salt: {json.dumps(salt, ensure_ascii=False)}")
    if isinstance(node, dict):
        lines += [f"  {_flow(k)}: {_flow(v)}" for k, v in node.items()]
    elif isinstance(node, list):
        lines += [f"  - {_flow(v)}" for v in node]
    elif node is not None:
        lines[0] += f" {_flow(node)}"
    if len(lines) == 1 and node is None:
        lines[0] += " {}"
    return "\n".join(lines) + "\n"


# ---- the day ------------------------------------------------------------------------------------


def _stem(player: str) -> str:
    from gm.render import message_filename

    return message_filename(player, set()).casefold()


def inbox_dir(gd: GameDir, day: int) -> Path:
    return gd.day_dir(day) / INBOX_DIR


def _kept_text(pms: list[PM]) -> str:
    """A player's PMs as kept in days/NN/inbox/pms-<player>.txt: the same format gm reads them in."""
    parts = []
    for pm in pms:
        head = [f"From: {pm.sender or ''}"]
        if pm.sent_raw:
            head.append(f"Sent: {pm.sent_raw}")
        if pm.subject:
            head.append(f"Subject: {pm.subject}")
        parts.append("\n".join(head) + "\n\n" + pm.text.rstrip("\n") + "\n")
    return "\n".join(parts)


def _key(pm: PM) -> tuple:
    return ((pm.sender or "").casefold(), pm.sent_raw, pm.text.strip())


def _in_order(pms: list[PM], notes: list[str]) -> list[PM]:
    """A player's PMs from first to last: by the time each was sent when every one says it, else in
    the order they were given (and saved), said in the notes."""
    if len(pms) > 1 and all(p.sent is not None for p in pms):
        return sorted(pms, key=lambda p: p.sent)  # stable: two at the same minute keep their order
    if len(pms) > 1:
        notes.append("not every PM says when it was sent: read in the order they were given")
    return pms


def combine(readings: list[tuple[PM, Reading, str]], vocab) -> PlayerInbox:
    """A player's PMs read one after another: a later PM replaces the earlier ones, unless it only
    changes them (a salt alone, votes alone, or "change my move...", "also..."): then it is laid over
    them, section by section."""
    box = PlayerInbox("")
    for pm, reading, how in readings:
        whole = [d for d in reading.doubts if d.phrase == _WHOLE]
        sections = reading.sections
        alone_salt = not sections and not reading.doubts and reading.salt is not None
        votes_only = vocab is not None and set(sections) == {"votes"} and vocab.sections.get("votes") == "update"
        over = reading.partial or alone_salt or votes_only or whole
        if box.pms and not over:
            if box.sections or box.doubts or box.salt:
                box.notes.append(f"the PM of {pm.sent_raw or pm.label} replaces the earlier one(s)")
            box.sections, box.said, box.doubts = {}, {}, []
        box.pms.append(pm)
        box.how.append(how)
        if whole:
            box.doubts += reading.doubts
            continue
        for section, value in sections.items():
            how_ = vocab.sections.get(section, "one") if vocab is not None and how != "form" else "one"
            if how_ == "append" and isinstance(box.sections.get(section), list):
                box.sections[section] = box.sections[section] + list(value)
                box.said.setdefault(section, []).extend(reading.said.get(section, []))
            elif how_ == "update" and isinstance(box.sections.get(section), dict) and isinstance(value, dict):
                box.sections[section] = {**box.sections[section], **value}
                box.said.setdefault(section, []).extend(reading.said.get(section, []))
            else:
                box.sections[section] = value
                box.said[section] = list(reading.said.get(section, []))
        if how == "form":
            box.said = {"form": reading.said.get("form", [])}
        if reading.salt is not None:
            box.salt = reading.salt
        box.doubts += reading.doubts
        box.notes += reading.notes
    return box


def _node(box: PlayerInbox, vocab) -> Any:
    if "" in box.sections:  # a form whose orders are not a mapping (a list of fallbacks)
        return box.sections[""]
    if vocab is not None and "form" not in box.how:
        return vocab.node(dict(box.sections))
    return dict(box.sections)


def check_orders_text(game: Game, state: Any, day: int, text: str, shown: str,
                      warnings: list[str] | None = None) -> list[str]:
    """The checker's errors for an orders file's text, exactly as `gm check` would give them (its
    warnings into `warnings`)."""
    from gm.errors import LocatedError
    from gm.salts import take_salts
    from gm.yamlio import load_text

    try:
        doc = load_text(text, Path(shown), game.limits, keep=False)
    except LocatedError as exc:
        return [str(exc.problem)]
    taken, problems = take_salts(doc, shown)
    got, found = game.engine.check_orders(doc, shown, game.rules, state, day, {})
    if warnings is not None:
        warnings += [p.message for p in problems + found if p.severity != "error"]
    return [str(p) for p in problems + found if p.severity == "error"]


def _written_elsewhere(gd: GameDir, day: int, limits) -> dict[str, str]:
    """player (as written, folded) -> the orders file that already has their orders (not inbox-*.yaml)."""
    from gm.checker import fold
    from gm.yamlio import load_text, read_text_file

    out: dict[str, str] = {}
    for path in gd.orders_files(day):
        if path.name.startswith(ORDERS_PREFIX):
            continue
        try:
            doc = load_text(read_text_file(path, limits.file_bytes), path, limits)
        except GmError:
            continue
        if isinstance(doc, dict):
            for k in doc:
                out.setdefault(fold(str(k)), display_path(path))
    return out


def _owned(path: Path) -> bool | None:
    """Is an existing inbox-*.yaml still as gm inbox wrote it (None: there is none)?"""
    if not path.is_file():
        return None
    text = path.read_text(encoding="utf-8")
    first, _, rest = text.partition("\n")
    m = re.search(r"sha256 of the rest: ([0-9a-f]{64})", first)
    return bool(m) and hashlib.sha256(rest.encode("utf-8")).hexdigest() == m.group(1)


def _with_mark(kept: str, rest: str) -> str:
    return f"{MARK}{kept} (sha256 of the rest: {hashlib.sha256(rest.encode('utf-8')).hexdigest()})\n{rest}"


def run_inbox(root: Path, day: int | None, files: list[Path], sender: str | None = None,
              choose: Callable[[str, Doubt], int | None] | None = None) -> InboxResult:
    """Read the PMs in `files` for the day; write what reads without doubt; propose the rest.
    `choose(player, doubt)`: the GM's pick among the doubt's choices (0-based; -1 ignores the
    phrase; None leaves it in the proposal), when gm asks at a terminal."""
    from gm.gmday import _context, now_utc
    from gm.lock import lock_path
    from gm.pms import read_pm_files

    gd = GameDir(root)
    game = gd.load()
    day, checked, _ = _context(gd, game, day, now_utc(None))
    if lock_path(gd, day).is_file():
        raise StateError(f"Day {day} is locked ({display_path(lock_path(gd, day))}): a PM that came after the lock is a "
                         "late change; write it by hand and resolve with `gm resolve --late-change`")
    with gd.lock():
        new = read_pm_files(files, game.limits.thread_bytes, sender)
        result = InboxResult(day, display_path(gd.root))
        by_player: dict[str, list[PM]] = {}
        for pm in new:
            player, why = sender_of(pm, game, checked.due)
            if player is None:
                result.refused.append(f"{pm.label}: {why}")
            elif player not in checked.due:
                result.refused.append(f"{pm.label}: {player} owes no orders on Day {day}")
            else:
                by_player.setdefault(player, []).append(pm)
        folder = inbox_dir(gd, day)
        elsewhere = _written_elsewhere(gd, day, game.limits)
        for player in sorted(by_player):
            result.players.append(_one_player(gd, game, checked.state, day, player, by_player[player], folder,
                                              elsewhere, choose))
        _write_all(result)  # only once every PM is read: a mistake found on the way changes nothing
    return result


def _write_all(result: InboxResult) -> None:
    from gm.gamedir import replace_file_atomically

    for box in result.players:
        for path, text in box.writes.items():
            if text is None:
                path.unlink(missing_ok=True)
            else:
                replace_file_atomically(path, text)


def _one_player(gd: GameDir, game: Game, state: Any, day: int, player: str, new: list[PM], folder: Path,
                elsewhere: dict[str, str], choose) -> PlayerInbox:
    from gm.checker import fold
    from gm.pms import split_pms
    from gm.yamlio import read_text_file

    stem = _stem(player)
    kept_path = folder / f"pms-{stem}.txt"
    kept: list[PM] = []
    if kept_path.is_file():  # the PMs of earlier runs: read again with the new ones
        kept = split_pms(read_text_file(kept_path, game.limits.thread_bytes, "thread_bytes"), display_path(kept_path), player)
    known = {_key(p) for p in kept}
    pms = list(kept)
    for pm in new:
        if _key(pm) not in known:  # the same PM given twice counts once
            known.add(_key(pm))
            pms.append(pm)
    ordered = _in_order(pms, notes := [])
    box, node, text = read_player(game, state, day, player, ordered, choose)
    box.notes = notes + box.notes
    kept_text = _kept_text(ordered)
    if kept_text != (kept_path.read_text(encoding="utf-8") if kept_path.is_file() else None):
        box.writes[kept_path] = kept_text  # gm's own copy of the PMs, never the GM's file
    orders_path = gd.orders_dir(day) / f"{ORDERS_PREFIX}{stem}.yaml"
    shown = display_path(orders_path)
    if fold(player) in elsewhere:
        box.problems.append(f"{player} already has orders in {elsewhere[fold(player)]}: gm inbox writes none beside them")
    digest = hashlib.sha256(kept_text.encode("utf-8")).hexdigest()
    proposal = folder / f"proposed-{stem}.yaml"
    if box.sure:
        rest = _header(box, display_path(kept_path), digest) + text
        owned = _owned(orders_path)
        if owned is False:
            box.problems.append(f"{shown} was edited by hand: not overwritten (delete it to let gm inbox write it again)")
        elif owned and orders_path.read_text(encoding="utf-8") == _with_mark(display_path(kept_path), rest):
            box.same, box.written = True, shown
        else:
            box.writes[orders_path] = _with_mark(display_path(kept_path), rest)
            box.written = shown
        if box.written and proposal.is_file():
            box.writes[proposal] = None
    if not box.sure and _owned(orders_path):
        box.writes[orders_path] = None  # orders gm wrote from earlier PMs: taken back until the GM chooses
        box.notes.append(f"{shown}, written from the earlier PM(s), is taken back until you choose")
    if not box.sure:
        box.writes[proposal] = _proposal(box, node, text, gd, day, display_path(kept_path), digest)
        box.proposed = display_path(proposal)
    return box


def read_player(game: Game, state: Any, day: int, player: str, pms: list[PM],
                choose=None) -> tuple[PlayerInbox, Any, str]:
    """A player's PMs of the day, first to last, read and checked (nothing written): what was read,
    the orders node, and the orders file's text."""
    vocab = game.engine.vocabulary(state, game.rules, player)
    if vocab is not None:
        table = vocab.objects.setdefault("player", {})
        names = set(table.values())
        for handle, p in sorted(game.handles.items()):
            if p in names:
                table.setdefault(handle.casefold(), p)
    readings = [(pm, *read_pm(pm, player, game, state, day, vocab)) for pm in pms]
    box = combine(readings, vocab)
    box.player = player
    if choose is not None:
        _ask(box, choose)
    node = _node(box, vocab)
    text = orders_yaml(player, node if box.sections else None, box.salt)
    if not box.sections and box.salt is None and not box.doubts:
        box.problems.append("no orders read from the PM")
    if not box.doubts and not box.problems:
        warned: list[str] = []
        box.problems += check_orders_text(game, state, day, text, f"{ORDERS_PREFIX}{_stem(player)}.yaml", warned)
        box.notes += [f"the checker warns: {w}" for w in warned]
    return box, node, text


def _ask(box: PlayerInbox, choose) -> None:
    """The GM's picks, at a terminal: each chosen doubt's orders laid into the player's."""
    left = []
    for doubt in box.doubts:
        pick = choose(box.player, doubt)
        if pick is None or (pick >= 0 and pick >= len(doubt.choices)):
            left.append(doubt)
            continue
        if pick < 0:
            box.notes.append(f"the GM left out: {doubt.phrase}")
            continue
        words, fragment = doubt.choices[pick]
        for section, value in fragment.items():
            if isinstance(box.sections.get(section), list):
                box.sections[section] += value if isinstance(value, list) else [value]
            elif isinstance(box.sections.get(section), dict) and isinstance(value, dict):
                box.sections[section] = {**box.sections[section], **value}
            else:
                if section in box.sections and box.sections[section] != value:
                    box.notes.append(f"the GM's choice replaces: {'; '.join(box.said.get(section, [])) or section}")
                    box.said[section] = []
                box.sections[section] = value
            box.said.setdefault(section, []).append(words)
        box.notes.append(f"the GM chose: {words}")
    box.doubts = left


def _header(box: PlayerInbox, kept: str, digest: str) -> str:
    lines = [f"# {box.player}'s PM(s), kept in {kept} (sha256 {digest}), read as:"]
    lines += [f"#   {w}" for w in box.words]
    lines += [f"# note: {n}" for n in box.notes]
    return "\n".join(lines) + "\n"


def _proposal(box: PlayerInbox, node: Any, text: str, gd: GameDir, day: int, kept: str, digest: str) -> str:
    root = display_path(gd.root)
    lines = [f"# gm inbox: {box.player}'s orders for Day {day}, proposed: gm could not read everything for sure.",
             f"# The PM(s), kept in {kept} (sha256 {digest}).",
             "# Edit this file: for each doubt, uncomment the choice you want (or write the order), delete the",
             f"# `{CHOOSE}:` line, then run:  gm inbox {root} --day {day} --accept {_flow(box.player)}"]
    lines += [f"#   read: {w}" for w in box.words]
    lines += [f"# note: {n}" for n in box.notes]
    lines += [f"# problem: {p}" for p in box.problems]
    body = text.rstrip("\n").split("\n")
    if body[0].endswith(" {}"):
        body[0] = body[0][:-3]
    if not isinstance(node, (dict, type(None))) and len(body) == 1:
        body = [body[0].split(":")[0] + ":", "  # read: " + body[0].split(":", 1)[1].strip()]
    out = lines + body
    if box.doubts:
        out.append(f"  {CHOOSE}: {json.dumps(f'{len(box.doubts)} doubt(s) left: see the comments below', ensure_ascii=False)}")
    for n, doubt in enumerate(box.doubts, 1):
        phrase = "the whole PM" if doubt.phrase == _WHOLE else f'"{_short(doubt.phrase, 100)}"'
        out.append(f"  # doubt {n}: {phrase}: {doubt.why}")
        for words, fragment in doubt.choices:
            out.append(f"  #   {words}:")
            out += [f"  # - {_flow(v)}" if k == "." else f"  # {_flow(k)}: {_flow(v)}" for k, v in fragment.items()]
    return "\n".join(out) + "\n"


def accept(root: Path, day: int | None, players: list[str]) -> InboxResult:
    """Proposals the GM has edited, checked like any orders file and moved into orders/."""
    from gm.gamedir import replace_file_atomically
    from gm.gmday import _context, find_player, now_utc

    gd = GameDir(root)
    game = gd.load()
    day, checked, _ = _context(gd, game, day, now_utc(None))
    folder = inbox_dir(gd, day)
    wanted = [find_player(game, p, checked.due) for p in players] if players else \
        [p for p in checked.due if (folder / f"proposed-{_stem(p)}.yaml").is_file()]
    if not wanted:
        raise GmError(f"no proposal waits in {display_path(folder)}: nothing to accept")
    result = InboxResult(day)
    with gd.lock():
        for player in wanted:
            box = PlayerInbox(player)
            path = folder / f"proposed-{_stem(player)}.yaml"
            if not path.is_file():
                box.problems.append(f"no proposal for {player} in {display_path(folder)}")
                result.players.append(box)
                continue
            text = path.read_text(encoding="utf-8")
            box.proposed = display_path(path)
            line = next((n for n, l in enumerate(text.splitlines(), 1) if re.match(rf"^\s+{CHOOSE}\s*:", l)), None)
            if line is not None:
                box.problems.append(f"{display_path(path)}:{line}: doubts left to choose: uncomment the choices you "
                                    f"want and delete the `{CHOOSE}:` line")
                result.players.append(box)
                continue
            orders_path = gd.orders_dir(day) / f"{ORDERS_PREFIX}{_stem(player)}.yaml"
            shown = display_path(orders_path)
            box.problems += check_orders_text(game, checked.state, day, text, shown)
            if orders_path.exists() and _owned(orders_path) is not True:
                box.problems.append(f"{shown} exists and was edited by hand: not overwritten")
            if not box.problems:
                kept = display_path(folder / f"pms-{_stem(player)}.txt")
                written = _with_mark(kept, f"# accepted by the GM from {display_path(path)}\n" + text)
                replace_file_atomically(orders_path, written)  # none there, or gm's own (checked above)
                path.unlink()
                box.written = shown
            result.players.append(box)
    return result


def report_lines(result: InboxResult) -> list[str]:
    """What `gm inbox` prints: per player, the reading in words, the doubts with their choices, and
    what was written or proposed."""
    out: list[str] = []
    for box in result.players:
        how = " and ".join(dict.fromkeys(box.how)) or "proposal"
        state = "written" if box.written and not box.same else "unchanged" if box.same else "waits for you"
        out.append(f"{box.player} ({len(box.pms)} PM{'s' if len(box.pms) != 1 else ''}, {how}): {state}")
        out += [f"  read: {w}" for w in box.words]
        out += [f"  note: {n}" for n in box.notes]
        for n, doubt in enumerate(box.doubts, 1):
            phrase = "the whole PM" if doubt.phrase == _WHOLE else f'"{_short(doubt.phrase, 100)}"'
            out.append(f"  doubt {n}: {phrase}: {doubt.why}")
            out += [f"    {k}. {words}" for k, (words, _) in enumerate(doubt.choices, 1)]
        out += [f"  problem: {p}" for p in box.problems]
        if box.written and not box.same:
            out.append(f"  -> {box.written}")
        if box.proposed and not box.written:
            out.append(f"  -> proposed in {box.proposed}: edit it, then "
                       f"`gm inbox {result.root or 'GAME'} --day {result.day} --accept {_flow(box.player)}`")
    out += [f"not read: {r}" for r in result.refused]
    sure = sum(1 for b in result.players if b.sure)
    out.append(f"Day {result.day}: {sure} player(s) written, {len(result.players) - sure} waiting for you"
               + (f", {len(result.refused)} PM(s) refused" if result.refused else "") + ".")
    return out
