"""`gm desk`: the GM's day on one page, every post and message ready to copy, with a "sent" tick.

In the order of the day: the commitment post, the order form and the reminder, the receipts, the
lock post, the vote count; once resolved, the narration (each part), the correction, the reveal
and the public roll log (`gm reveal --rolls`), and one card per player (their message, each part, their openings, their forum handle). Every
text is what a command already wrote or prints (commit.txt, `gm form`, `gm remind`, receipts/,
lock.txt, votecount.<ext>, result/): the desk copies, it never words anything itself.

A tick is kept by the text's SHA-256, so a message changed by a correction (`gm resolve --force`)
shows unticked and marked "send again". The static page keeps ticks in the browser's storage; a
served desk (gm/gmday/desk_serve.py) keeps them in days/NN/desk-sent.json.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from gm.errors import GmError, StateError
from gm.gamedir import Game, GameDir
from gm.gmday.desk_page import GENERATOR, desk_page
from gm.paths import display_path
from gm.storage.atomic import replace_file_atomically

SENT_FILE = "desk-sent.json"
SENT_BYTES = 1 << 20  # the ticks file: ids and digests, far below this


@dataclass(eq=False, repr=False)
class Item:
    """One text to copy into the forum."""

    id: str  # stable within the day: "commit", "narration.2", "pm.Akane.1", ...
    title: str
    text: str
    where: str  # public thread | private message
    changed: bool = False  # changed by a correction: send it again

    @property
    def sha(self) -> str:
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()[:16]


@dataclass(eq=False, repr=False)
class Card:
    """One player's private mail for the day."""

    player: str
    handle: str
    items: list[Item] = field(default_factory=list)


@dataclass(eq=False, repr=False)
class Desk:
    title: str
    day: int
    forum: str
    fmt: str
    steps: list[tuple[str, list[Item], str]]  # (step, its texts, a note when there is none)
    cards: list[Card]
    key: str = ""  # tells this game's ticks from another's in the browser's storage

    def items(self) -> list[Item]:
        return [i for _, items, _ in self.steps for i in items] + [i for c in self.cards for i in c.items]


def _read(path: Path) -> str | None:
    return path.read_text(encoding="utf-8") if path.is_file() else None


def _parts(folder: Path, stem: str, ext: str) -> list[str]:
    """A post as written, in its numbered parts when the forum needed them."""
    found = sorted(folder.glob(f"{stem}.part*.{ext}"), key=lambda p: int(p.name[len(stem) + 5:].split(".")[0]))
    if found:
        return [p.read_text(encoding="utf-8") for p in found]
    whole = _read(folder / f"{stem}.{ext}")
    return [whole] if whole is not None else []


def _numbered(prefix: str, title: str, texts: list[str], where: str, changed: bool = False) -> list[Item]:
    n = len(texts)
    return [Item(f"{prefix}.{i}", title + (f", part {i} of {n}" if n > 1 else ""), t, where, changed)
            for i, t in enumerate(texts, 1)]


def build_desk(gd: GameDir, game: Game, day: int, now_raw: str | None = None) -> Desk:
    """Everything the GM posts and sends for a day, as far as the day has gone."""
    from gm.gmday import deadline as gmday
    from gm.forum.profiles import split_post

    ext, root, dd = game.ext, gd.root, gd.day_dir(day)
    where_root = display_path(root)
    limit = game.forum.max_length if game.forum else None
    resolved = gd.is_resolved(day)
    steps: list[tuple[str, list[Item], str]] = []

    def parts(text: str | None) -> list[str]:  # as gm commit, gm lock and gm votes print it: in parts if need be
        return split_post(text, game.format, limit) if text else []

    commit = _read(dd / "commit.txt")
    steps.append(("Commitment", _numbered("commit", "The commitment post", parts(commit), "public thread"),
                  f"not committed yet: `gm commit {where_root} --day {day} --deadline WHEN`"))
    if resolved:
        steps.append(("Order form and reminder", [], "the day is resolved: no form or reminder to post"))
    else:
        try:
            _, form = gmday.form(root, day, None, now_raw)
            reminder = gmday.remind(root, day, now_raw)
            items = (_numbered("form", "The order form", split_post(form, game.format, limit), "public thread")
                     + _numbered("remind", "The reminder", split_post(reminder.post, game.format, limit), "public thread"))
            steps.append(("Order form and reminder", items, ""))
        except GmError as exc:  # nothing due, or orders gm cannot read yet: say so, with the command's own words
            steps.append(("Order form and reminder", [], str(exc)))
    receipts = sorted((dd / "receipts").glob(f"*.{ext}")) if (dd / "receipts").is_dir() else []
    player_of, handle_of = _names(game)
    steps.append(("Receipts", [Item(f"receipt.{p.stem}", f"Receipt for {player_of.get(p.stem, p.stem)}, to "
                                    f"{handle_of.get(player_of.get(p.stem, p.stem), p.stem)}",
                                    p.read_text(encoding="utf-8"), "private message") for p in receipts],
                  f"no receipts yet: `gm receipts {where_root} --day {day}`"))
    lock = _read(dd / "lock.txt")
    steps.append(("Lock", _numbered("lock", "The lock post", parts(lock), "public thread"),
                  f"not locked yet: at the deadline, `gm lock {where_root} --day {day}`"))
    if game.engine.votes is not None:
        count = _read(dd / f"votecount.{ext}")
        steps.append(("Vote count", _numbered("votes", "The vote count", parts(count), "public thread"),
                      f"no vote count yet: `gm votes {where_root} --day {day} --thread FILE`"))
    cards: list[Card] = []
    if resolved:
        steps += _results(gd, game, day)
        cards = _cards(gd, game, day)
    else:
        steps.append(("Results", [], f"not resolved yet: `gm resolve {where_root} --day {day}`"))
    label = game.forum.label if game.forum is not None else game.format
    key = hashlib.sha256(str(root.resolve()).encode("utf-8")).hexdigest()[:12]
    return Desk(game.title, day, label, game.format, steps, cards, key)


def _changed(gd: GameDir, day: int) -> set[str]:
    """The posts the last correction changed (day.json), as result/ paths."""
    try:
        record = gd.read_json(day, "day.json")
    except (GmError, OSError, ValueError):
        return set()
    corrections = record.get("corrections") or []
    return set(corrections[-1].get("posts_changed", [])) if corrections else set()


def posts_dir(gd: GameDir, game: Game, day: int) -> Path:
    """Where the day's posts for game.yaml's forum are: `gm render`'s folder for it when there is one
    (the forum changed after the day was resolved), else the result folder."""
    rendered = gd.day_dir(day) / "render" / game.forum.name if game.forum is not None else None
    return rendered if rendered is not None and rendered.is_dir() else gd.result_dir(day)


def _results(gd: GameDir, game: Game, day: int) -> list[tuple[str, list[Item], str]]:
    result, ext = posts_dir(gd, game, day), game.ext
    changed = _changed(gd, day)
    steps = [("Narration", _numbered("narration", "The narration", _parts(result, "narration", ext), "public thread",
                                     f"narration.{ext}" in changed), "")]
    correction = _parts(gd.result_dir(day), "correction", ext)
    if correction:
        steps.append(("Correction", _numbered("correction", "The correction", correction, "public thread"), ""))
    why = game.engine.sealed(day)
    if why and not _ended(gd, game):
        steps.append(("Reveal", [], f"{why}: the reveal is posted after the game ends (`gm reveal {display_path(gd.root)} "
                                    f"--day {day}` then)"))
    else:
        from gm.fairness.reveal import roll_log_posts

        steps.append(("Reveal", _numbered("reveal", "The reveal", _parts(result, "reveal", ext), "public thread")
                      + _numbered("rolls", "The roll log", roll_log_posts(game, day, gd.result_dir(day) / "rolls.public.jsonl"),
                                  "public thread"), "no reveal post in the result"))
    return steps


def _ended(gd: GameDir, game: Game) -> bool:
    last = gd.resolved_days()[-1]
    return game.engine.ended(game.engine.state_from_json(gd.read_json(last, "state.json")))


def _names(game: Game) -> tuple[dict[str, str], dict[str, str]]:
    """File stem -> player (as gm resolve and gm receipts name the files), and player -> forum handle."""
    from gm.forum.render import message_filename

    taken: set[str] = set()
    stems = {message_filename(name, taken): name for name in game.roster}
    return stems, {player: handle for handle, player in sorted(game.handles.items())}


def _cards(gd: GameDir, game: Game, day: int) -> list[Card]:
    """One card per player with a message, in the order of their files; named as gm resolve named them."""
    result, ext = posts_dir(gd, game, day), game.ext
    changed = _changed(gd, day)
    stems, handle_of = _names(game)
    on_disk = sorted(p.name[:-len(ext) - 1] for p in (result / "messages").glob(f"*.{ext}") if ".part" not in p.name) \
        if (result / "messages").is_dir() else []
    cards = []
    for stem in on_disk:
        player = stems.get(stem, stem)
        card = Card(player, handle_of.get(player, player))
        card.items += _numbered(f"pm.{stem}", f"Message to {player}", _parts(result / "messages", stem, ext),
                                "private message", f"messages/{stem}.{ext}" in changed)
        card.items += _numbered(f"open.{stem}", f"Openings for {player}", _parts(result / "openings", stem, ext),
                                "private message", f"openings/{stem}.{ext}" in changed)
        cards.append(card)
    return cards


# ---- the ticks a served desk keeps -----------------------------------------------------------


def read_sent(gd: GameDir, day: int) -> dict[str, str]:
    """days/NN/desk-sent.json: item id -> the digest of the text that was sent. A file that is not
    gm's is an error, never a silent empty desk."""
    path = gd.day_dir(day) / SENT_FILE
    if not path.is_file():
        return {}
    with open(path, "rb") as fh:
        raw = fh.read(SENT_BYTES + 1)
    if len(raw) > SENT_BYTES:
        raise StateError(f"{display_path(path)} is larger than the desk ever writes ({SENT_BYTES} bytes): move it aside")
    try:
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
            raise ValueError
        return data
    except (ValueError, UnicodeDecodeError):
        raise StateError(f"{display_path(path)} is not the desk's list of what was sent: move it aside "
                         "(the ticks start again empty)") from None


def write_sent(gd: GameDir, day: int, sent: dict[str, str]) -> None:
    replace_file_atomically(gd.day_dir(day) / SENT_FILE, json.dumps(sent, sort_keys=True, indent=1) + "\n")


def default_day(gd: GameDir, day: int | None) -> int:
    """Without --day: the day just resolved until the next one is committed, else the day under way."""
    from gm.fairness.commitment import is_committed

    done = gd.resolved_days()
    if day is not None:
        if day > (done[-1] + 1 if done else 0):  # a day the game has not reached: no desk, and no folder made for it
            raise StateError(f"Day {day} is not under way: the last day resolved is "
                             f"{done[-1] if done else 'none'}; give a day up to {done[-1] + 1 if done else 0}")
        return day
    if done and not is_committed(gd, done[-1] + 1):
        return done[-1]
    return done[-1] + 1 if done else 0


def write_desk(gd: GameDir, game: Game, day: int, now_raw: str | None = None) -> tuple[str, Desk]:
    """days/NN/desk.html; never over a file gm did not write."""
    desk = build_desk(gd, game, day, now_raw)
    path = gd.day_dir(day) / "desk.html"
    if path.exists():
        head = path.read_text(encoding="utf-8", errors="replace")[:400]
        if GENERATOR not in head:
            raise StateError(f"{display_path(path)} exists and was not written by gm desk; not overwriting it")
    replace_file_atomically(path, desk_page(desk))
    return display_path(path), desk
