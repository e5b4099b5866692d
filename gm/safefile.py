"""Every file gm reads that a person could have put there goes through read_regular: orders,
rulings, votes, game.yaml, components, templates, phrase pools, story.md, thread files, cache
entries.

It reads a regular file only, never a FIFO or a device (a FIFO would hang the read for good, a
device could be endless), and within a size given before reading. A file in a game folder must
also be in that folder once links are followed, or in gm's own data: a story.md or a phrase pool
that is a link to a file elsewhere would put that file into a public post. The caller names the
place (gm/yamlio.py's read_bytes turns a refusal into a located error).
"""

from __future__ import annotations

import os
import stat
from functools import lru_cache
from pathlib import Path

GAME_FILE = "game.yaml"  # what makes a folder a game folder
_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)


class Refused(Exception):
    """Why a file is not read, in words for the GM (without the file's name: the caller adds it)."""


_HOMES: dict[str, str] = {}  # folder -> its game folder, resolved (only what was found: a game may be made later)


def _home_of(folder: str) -> str | None:
    """The game folder `folder` is in (the nearest one up holding game.yaml), resolved; None: none."""
    if folder in _HOMES:
        return _HOMES[folder]
    here = Path(folder)
    for up in (here, *here.parents):
        if (up / GAME_FILE).is_file():
            if len(_HOMES) > 1024:
                _HOMES.clear()
            _HOMES[folder] = os.path.realpath(up)
            return _HOMES[folder]
    return None


@lru_cache(maxsize=1)
def _own_data() -> tuple[str, ...]:
    from gm.paths import shipped

    return tuple(os.path.realpath(shipped(name)) for name in ("templates", "games"))


def _within(real: str, folder: str) -> bool:
    return real == folder or real.startswith(folder.rstrip(os.sep) + os.sep)


def _too_large(max_bytes: int, setting: str | None) -> str:
    hint = f" (the limit is {setting} under limits: in game.yaml)" if setting else ""
    return f"larger than {max_bytes:,} bytes: not read{hint}"


def read_regular(path: Path | str, max_bytes: int | None = None, setting: str | None = "file_bytes") -> bytes:
    """The bytes of a regular file (at most `max_bytes`, checked before reading; `setting`: the
    game.yaml limit that sets it, if one does), or Refused."""
    path = os.path.abspath(path)
    try:
        before = os.stat(path)
    except OSError as exc:
        raise Refused(f"cannot read: {exc.strerror or exc}") from None
    if not stat.S_ISREG(before.st_mode):
        kind = ("a folder" if stat.S_ISDIR(before.st_mode) else "a FIFO (named pipe)" if stat.S_ISFIFO(before.st_mode)
                else "a device" if stat.S_ISCHR(before.st_mode) or stat.S_ISBLK(before.st_mode) else "a socket")
        raise Refused(f"{kind}, not a regular file: not read")
    home = _home_of(os.path.dirname(path))
    if home is not None:
        real = os.path.realpath(path)
        if not _within(real, home) and not any(_within(real, own) for own in _own_data()):
            raise Refused("a link to a file outside the game folder: not read (copy the file into the game "
                          "folder instead, so that what gm reads is what the folder holds)")
    if max_bytes is not None and before.st_size > max_bytes:
        raise Refused(_too_large(max_bytes, setting))
    try:
        fd = os.open(path, _FLAGS)
    except OSError as exc:
        raise Refused(f"cannot read: {exc.strerror or exc}") from None
    try:
        now = os.fstat(fd)
        if not stat.S_ISREG(now.st_mode) or (now.st_dev, now.st_ino) != (before.st_dev, before.st_ino):
            raise Refused("replaced while gm was reading it: not read (run the command again)")
        chunks = []
        total, limit = 0, None if max_bytes is None else max_bytes + 1
        while limit is None or total < limit:
            chunk = os.read(fd, 1 << 20 if limit is None else min(1 << 20, limit - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise Refused(f"cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if max_bytes is not None and len(data) > max_bytes:
        raise Refused(_too_large(max_bytes, setting))
    return data


def read_regular_text(path: Path | str, max_bytes: int | None = None, setting: str | None = "file_bytes") -> str:
    """A regular file's text (UTF-8, a byte order mark dropped); Refused when it is not UTF-8."""
    data = read_regular(path, max_bytes, setting)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise Refused(f"not UTF-8 text (line {line}): save the file as UTF-8") from None
    return text[1:] if text.startswith("\ufeff") else text
