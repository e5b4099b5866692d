"""`gm inbox`: players' PMs, as written, turned into checked orders (docs/inbox.md).

    days/NN/inbox/pms-<player>.txt        every PM the player sent for the day, verbatim (the provenance)
    days/NN/orders/inbox-<player>.yaml    the orders read without doubt, with the PM's SHA-256 and the
                                          reading in words; the lock seals it like any orders file
    days/NN/inbox/proposed-<player>.yaml  what waits for the GM: the sure orders, each doubt with its
                                          choices, and a `choose:` line the checker refuses until the
                                          GM picks (`gm inbox --accept <player>`)

gm/inbox/pmread.py reads a player's PMs (each a filled-in form, gm/inbox/pmform.py, or free text through the
engine's vocabulary, gm/inbox/pmtext.py). Only a player whose every PM read without doubt, and whose
orders pass the checker, is written; nothing the GM wrote is overwritten.
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
from gm.inbox.pmread import WHOLE, PlayerInbox, flow, short, file_stem, check_orders_text, read_player
from gm.inbox.pmtext import Doubt
from gm.paths import display_path
from gm.pms import INBOX_DIR, ORDERS_PREFIX, PM

MARK = "# gm inbox wrote this file from the PMs in "
CHOOSE = "choose"  # the key a proposal carries until the GM has chosen


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


# ---- the day ------------------------------------------------------------------------------------



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
    from gm.gmday.deadline import _context, now_utc
    from gm.fairness.lock import lock_path
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
    from gm.storage.atomic import replace_file_atomically

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

    stem = file_stem(player)
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
             f"# `{CHOOSE}:` line, then run:  gm inbox {root} --day {day} --accept {flow(box.player)}"]
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
        phrase = "the whole PM" if doubt.phrase == WHOLE else f'"{short(doubt.phrase, 100)}"'
        out.append(f"  # doubt {n}: {phrase}: {doubt.why}")
        for words, fragment in doubt.choices:
            out.append(f"  #   {words}:")
            out += [f"  # - {flow(v)}" if k == "." else f"  # {flow(k)}: {flow(v)}" for k, v in fragment.items()]
    return "\n".join(out) + "\n"


def accept(root: Path, day: int | None, players: list[str]) -> InboxResult:
    """Proposals the GM has edited, checked like any orders file and moved into orders/."""
    from gm.storage.atomic import replace_file_atomically
    from gm.gmday.deadline import _context, find_player, now_utc

    gd = GameDir(root)
    game = gd.load()
    day, checked, _ = _context(gd, game, day, now_utc(None))
    folder = inbox_dir(gd, day)
    wanted = [find_player(game, p, checked.due) for p in players] if players else \
        [p for p in checked.due if (folder / f"proposed-{file_stem(p)}.yaml").is_file()]
    if not wanted:
        raise GmError(f"no proposal waits in {display_path(folder)}: nothing to accept")
    result = InboxResult(day)
    with gd.lock():
        for player in wanted:
            box = PlayerInbox(player)
            path = folder / f"proposed-{file_stem(player)}.yaml"
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
            orders_path = gd.orders_dir(day) / f"{ORDERS_PREFIX}{file_stem(player)}.yaml"
            shown = display_path(orders_path)
            box.problems += check_orders_text(game, checked.state, day, text, shown)
            if orders_path.exists() and _owned(orders_path) is not True:
                box.problems.append(f"{shown} exists and was edited by hand: not overwritten")
            if not box.problems:
                kept = display_path(folder / f"pms-{file_stem(player)}.txt")
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
            phrase = "the whole PM" if doubt.phrase == WHOLE else f'"{short(doubt.phrase, 100)}"'
            out.append(f"  doubt {n}: {phrase}: {doubt.why}")
            out += [f"    {k}. {words}" for k, (words, _) in enumerate(doubt.choices, 1)]
        out += [f"  problem: {p}" for p in box.problems]
        if box.written and not box.same:
            out.append(f"  -> {box.written}")
        if box.proposed and not box.written:
            out.append(f"  -> proposed in {box.proposed}: edit it, then "
                       f"`gm inbox {result.root or 'GAME'} --day {result.day} --accept {flow(box.player)}`")
    out += [f"not read: {r}" for r in result.refused]
    sure = sum(1 for b in result.players if b.sure)
    out.append(f"Day {result.day}: {sure} player(s) written, {len(result.players) - sure} waiting for you"
               + (f", {len(result.refused)} PM(s) refused" if result.refused else "") + ".")
    return out


def report_json(result: InboxResult) -> dict:
    """`gm inbox --json`: the same report as one object, for scripts and bots."""
    return {"day": result.day, "refused": list(result.refused), "players": [
        {"player": b.player, "pms": len(b.pms), "how": list(dict.fromkeys(b.how)), "read": b.words, "notes": b.notes,
         "doubts": [{"phrase": None if d.phrase == WHOLE else d.phrase, "why": d.why,
                     "choices": [{"words": w, "orders": f} for w, f in d.choices]} for d in b.doubts],
         "problems": b.problems, "written": b.written, "unchanged": b.same, "proposed": b.proposed if not b.written else None}
        for b in result.players]}
