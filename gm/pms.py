"""Private messages as the GM saved them: one file per PM, or one file holding many PMs copied from
a forum's inbox page, each with its sender (`gm inbox`, docs/inbox.md).

A PM in a file of many starts at a `From:` line (the forum's inbox page and most e-mail copies have
one); `Sent:`/`Date:`, `To:` and `Subject:` lines just before or after it belong to its header.
A file with no `From:` line is one PM, from the sender its name gives (`akane.txt`) or `--from`.
Everything is bounded: a file of more than `limits.thread_bytes`, more than MAX_PMS PMs or a PM of
more than MAX_PM_CHARS characters is refused with its place, never read in part.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from gm.errors import Location, LocatedError

INBOX_DIR = "inbox"  # days/NN/inbox/: the PMs gm inbox read, kept verbatim, and its proposals
ORDERS_PREFIX = "inbox-"  # days/NN/orders/inbox-<player>.yaml: the orders gm inbox wrote
MAX_PMS = 5_000  # PMs in one file
MAX_PM_CHARS = 20_000  # characters in one PM's text (a filled-in form is a few hundred)

_HEADER = re.compile(r"^\s*(?:\*\*|\[b\])?(from|sent|date|to|subject|re|title)(?:\*\*|\[/b\])?\s*:\s*(?:\*\*|\[/b\])?\s*(.*?)\s*$",
                     re.IGNORECASE)
_RULE = re.compile(r"^\s*([-=_*~])\1{2,}\s*$")  # ----- or ===== between PMs
_TIME_FORMATS = (
    "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%MZ",
    "%a %b %d, %Y %I:%M %p",  # phpBB: Mon Mar 02, 2026 7:40 pm
    "%a %b %d, %Y %H:%M", "%b %d, %Y at %I:%M %p",  # XenForo: Mar 2, 2026 at 7:40 PM
    "%b %d, %Y %I:%M %p", "%d %b %Y %H:%M", "%d %B %Y %H:%M", "%B %d, %Y %I:%M %p", "%d/%m/%Y %H:%M",
)


@dataclass(frozen=True, eq=False)
class PM:
    """One private message: who sent it (as the forum wrote it), when, and its text."""

    sender: str | None  # the sender as written ("akane_chan"); None: not said (the file's name gives it)
    sent: datetime | None  # None: no time, or one gm cannot read (then the order in the files counts)
    sent_raw: str  # the time as written ("" if none)
    text: str  # the message's body, as written
    where: Location  # the file and the line the PM starts on
    subject: str = ""

    @property
    def label(self) -> str:
        return str(self.where)


def parse_time(raw: str) -> datetime | None:
    """A forum's time stamp read in one of the common formats; None when none fits (never a guess)."""
    text = re.sub(r"\s+", " ", raw.strip()).replace(" UTC", "").replace(" GMT", "")
    text = re.sub(r"(\d)(st|nd|rd|th)\b", r"\1", text)
    for fmt in _TIME_FORMATS:
        try:
            return datetime.strptime(text, fmt)
        except ValueError:
            continue
    return None


def split_pms(text: str, shown: str, sender: str | None = None) -> list[PM]:
    """The PMs of one saved file. Without any `From:` line, the whole file is one PM from `sender`."""
    lines = text.splitlines()
    starts = [i for i, line in enumerate(lines) if (m := _HEADER.match(line)) and m.group(1).lower() == "from"]
    if not starts:
        return [_pm(sender, "", "", "\n".join(lines), Location(shown, 1 if lines else None))]
    pms: list[PM] = []
    blocks = []
    for n, start in enumerate(starts):
        first = start
        while first > (starts[n - 1] + 1 if n else 0) and _HEADER.match(lines[first - 1]) \
                and _HEADER.match(lines[first - 1]).group(1).lower() != "from":
            first -= 1  # Subject: and Sent: lines just above the From: line are its header
        blocks.append((first, start))
    for n, (first, start) in enumerate(blocks):
        end = blocks[n + 1][0] if n + 1 < len(blocks) else len(lines)
        fields = {"from": _HEADER.match(lines[start]).group(2)}
        for i in range(first, start):
            m = _HEADER.match(lines[i])
            fields.setdefault(m.group(1).lower(), m.group(2))
        body_from = start + 1
        while body_from < end and _HEADER.match(lines[body_from]) \
                and _HEADER.match(lines[body_from]).group(1).lower() != "from":
            m = _HEADER.match(lines[body_from])
            fields.setdefault(m.group(1).lower(), m.group(2))
            body_from += 1
        body = lines[body_from:end]
        while body and (_RULE.match(body[-1]) or not body[-1].strip()):
            body.pop()
        when = fields.get("sent") or fields.get("date") or ""
        pms.append(_pm(fields["from"].strip() or None, when, fields.get("subject") or fields.get("re") or "",
                       "\n".join(body), Location(shown, first + 1)))
        if len(pms) > MAX_PMS:
            raise LocatedError(Location(shown, first + 1), f"more than {MAX_PMS:,} PMs in one file: split it")
    if lines[:blocks[0][0]] and "\n".join(lines[:blocks[0][0]]).strip():  # words before the first PM
        pms.insert(0, _pm(sender, "", "", "\n".join(lines[:blocks[0][0]]).strip(), Location(shown, 1)))
    return pms


def _pm(sender: str | None, when: str, subject: str, body: str, where: Location) -> PM:
    if len(body) > MAX_PM_CHARS:
        raise LocatedError(where, f"a PM of {len(body):,} characters (the most gm reads is {MAX_PM_CHARS:,}): "
                                  "is it one PM? Save each PM on its own")
    return PM(sender, parse_time(when) if when else None, when.strip(), body.strip("\n"), where, subject.strip())


def read_pm_files(paths: list[Path], max_bytes: int, sender: str | None = None) -> list[PM]:
    """Every PM of every file, in the order given (each file's PMs in their order in it; a folder's
    files by name). A file with no `From:` line is one PM from `sender`, or from the file's name."""
    from gm.yamlio import decode_text, read_bytes
    from gm.paths import display_path

    out: list[PM] = []
    for path in paths:
        if path.is_dir():
            files = sorted(p for p in path.iterdir() if p.is_file() and not p.name.startswith("."))
        else:
            files = [path]
        for file in files:
            text = decode_text(read_bytes(file, max_bytes, "thread_bytes"), file)
            out += split_pms(text, display_path(file), sender if sender is not None else file.stem)
    return out


def provenance_problems(gd, day: int) -> list[str]:
    """Orders gm inbox wrote whose kept PMs changed since (the SHA-256 in the file no longer matches)."""
    import hashlib

    from gm.errors import GmError
    from gm.paths import display_path
    from gm.yamlio import read_text_file

    out = []
    for path in gd.orders_files(day):
        if not path.name.startswith(ORDERS_PREFIX):
            continue
        try:
            text = read_text_file(path, 2_000_000)
        except GmError:  # gm check names an orders file it cannot read
            continue
        m = re.search(r"kept in (.+?) \(sha256 ([0-9a-f]{64})\)", text)
        if not m:
            continue
        kept = gd.day_dir(day) / INBOX_DIR / Path(m.group(1)).name
        now = hashlib.sha256(kept.read_bytes()).hexdigest() if kept.is_file() else None
        if now != m.group(2):
            out.append(f"{display_path(path)}: the PMs it was read from ({display_path(kept)}) were "
                       f"{'removed' if now is None else 'changed'} since")
    return out
