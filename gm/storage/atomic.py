"""Writes that are atomic and never clobber: a file made in a scratch folder beside its target, then
put in place in one step, so a run killed at any point leaves the old file or the new one, whole.

The scratch folder's .gitignore is written first, so whatever a killed run leaves in it (a seed, a
day's record) is never staged by git; `gm check` names the leftovers (gm/gamedir.py).
"""

from __future__ import annotations

import errno
import os
from contextlib import contextmanager
from pathlib import Path

from gm.errors import StateError
from gm.paths import display_path


def write_bytes(path: Path, data: bytes) -> None:
    """A new file holding `data`, in three system calls (open, write, close): what
    `open(path, "w", encoding="utf-8", newline="\n")` writes, without its extra calls per file
    (a 2,000-player day writes 3,400 files)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags, 0o666)  # O_BINARY: Windows writes "\n" as it is
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


SCRATCH = ".gm-tmp-"  # where files are made before they are put in place; ignored by git


class Scratch(type(Path())):
    keep = False  # set when what it holds must outlive it (an old result that could not be put back)


@contextmanager
def scratch(parent: Path):
    """A scratch folder beside the target, removed afterwards. Its .gitignore is written first,
    so whatever a killed run leaves in it (a seed, a day's record) is never staged by git."""
    import shutil  # here, not at the top: `gm check` never needs it (issue 17, start-up)
    import tempfile

    tmp = Scratch(tempfile.mkdtemp(prefix=SCRATCH, dir=parent))
    try:
        os.chmod(tmp, 0o755 & ~_umask())
        (tmp / ".gitignore").write_text("*\n", encoding="utf-8")
        yield tmp
    finally:
        if not tmp.keep:
            shutil.rmtree(tmp, ignore_errors=True)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def copy_tree(source: Path, target: Path) -> None:
    """shutil.copytree, but the first OSError stops it as it is (a full disk stays ENOSPC, worded
    as such by the CLI), not gathered into a shutil.Error that has lost its errno."""
    import shutil

    os.mkdir(target)
    for entry in sorted(os.scandir(source), key=lambda e: e.name):
        if entry.is_dir(follow_symlinks=False):
            copy_tree(Path(entry.path), target / entry.name)
        else:
            shutil.copy2(entry.path, target / entry.name)
    shutil.copystat(source, target)


def exchange_folders(a: Path, b: Path) -> None:
    """Swap two folders in one step (Linux renameat2 RENAME_EXCHANGE); elsewhere, two renames."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        renameat2 = None
    if renameat2 is not None:
        at_fdcwd, rename_exchange = -100, 2
        if renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0:
            return
        err = ctypes.get_errno()
        if err not in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
            raise OSError(err, os.strerror(err), str(b))
    side = a.with_name(a.name + ".old")
    os.rename(b, side)
    os.rename(a, b)
    os.rename(side, a)


def write_new_file(path: Path, text: str) -> None:
    """Create a file that must not exist yet (never overwrite what the GM wrote)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        with open(path, "x", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
    except FileExistsError:
        raise StateError(f"{display_path(path)} already exists; not overwriting it") from None


def create_file_atomically(path: Path, text: str, mode: int = 0o644) -> None:
    """Create a file that must not exist yet, all at once: written in a scratch folder, then
    linked into place.

    A crash leaves no half-written file and no copy git would stage (a seed stays secret), and
    an existing file (the GM's, or an earlier run's) is never replaced.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    with scratch(path.parent) as tmp:
        made = tmp / path.name
        fd = os.open(made, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
        try:
            os.link(made, path)
        except FileExistsError:
            raise StateError(f"{display_path(path)} already exists; not overwriting it") from None
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.EXDEV, errno.EOPNOTSUPP, errno.EMLINK):
                raise
            # a file system without hard links: exclusive create is the next best thing
            write_new_file(path, text)
            os.chmod(path, mode)


def replace_file_atomically(path: Path, text: str) -> None:
    """Write a file gm owns (a generated tally, a preview) all at once, replacing an earlier copy."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with scratch(path.parent) as tmp:
        made = tmp / path.name
        with open(made, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
        os.chmod(made, 0o644 & ~_umask())
        os.replace(made, path)
