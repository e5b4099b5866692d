"""The machine says no: a full disk, a read-only folder, a missing permission (issue #15).

Found: a full disk (96 cases) and a read-only folder (33 cases) were reported as "internal
error ... a bug in gm"; `gm new` on a full disk left a partial folder; result/ folders were
made mode 0700; two commands at once resolved with the wrong seed, or the loser exited 3.

The failures are injected at every write gm makes, one after the other: each run must exit 1
with one line saying what and where, and leave the game folder as it was.
"""

from __future__ import annotations

import builtins
import errno
import hashlib
import io
import os
import shutil
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.cli import cli
from tests.hostile.support import ENGINES


def snapshot(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


class Refuse:
    """Make the n-th write-like call of the process fail with `err` (counting from 1)."""

    def __init__(self, monkeypatch, n: int, err: int):
        self.n, self.err, self.calls = n, err, 0
        real_open, real_io_open = builtins.open, io.open

        def guard(name, real):
            def wrapped(*args, **kwargs):
                self.tick(args[0] if args else None)
                return real(*args, **kwargs)
            monkeypatch.setattr(os, name, wrapped)

        def opener(real):
            def wrapped(file, mode="r", *args, **kwargs):
                if any(c in mode for c in "wax+"):
                    self.tick(file)
                return real(file, mode, *args, **kwargs)
            return wrapped

        for name in ("mkdir", "rename", "replace", "link", "fchmod", "chmod"):
            guard(name, getattr(os, name))
        real_os_open = os.open

        def os_open(path, flags, *args, **kwargs):
            if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
                self.tick(path)
            return real_os_open(path, flags, *args, **kwargs)

        monkeypatch.setattr(os, "open", os_open)
        monkeypatch.setattr(builtins, "open", opener(real_open))
        monkeypatch.setattr(io, "open", opener(real_io_open))

    def tick(self, path) -> None:
        self.calls += 1
        if self.calls == self.n:
            raise OSError(self.err, os.strerror(self.err), path)


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def refused_everywhere(monkeypatch, args, root: Path, err: int, words: str, limit: int = 80, stride: int = 1) -> int:
    """Run `gm ARGS` with the n-th write refused, n = 1, 2, ... until it gets through; return n.

    A refused write that gm has no need of (making a folder that is there already) may pass;
    every other one must end the command with one line and the folder as it was.
    """
    pristine = root.with_name(root.name + "-pristine")
    shutil.rmtree(pristine, ignore_errors=True)
    shutil.copytree(root, pristine, symlinks=True)
    before = snapshot(pristine)
    failed = 0
    changed = False
    for n in list(range(1, 12)) + list(range(12, limit, stride)):  # every early write, then a sample
        if changed:  # only a run that got through changed the folder (a refused one must not)
            shutil.rmtree(root)
            shutil.copytree(pristine, root, symlinks=True)
        with monkeypatch.context() as m:
            refuse = Refuse(m, n, err)
            result = run(*args)
        if refuse.calls < n:  # it got through without reaching the n-th write
            assert result.exit_code == 0, result.output
            assert failed, "no write was ever refused"
            return n
        changed = result.exit_code == 0
        if result.exit_code == 0:  # through all the same (the day is resolved), with what is behind said
            assert "internal error" not in result.output
            continue
        failed += 1
        assert result.exit_code == 1, (n, result.output, result.exception)
        lines = [line for line in result.output.splitlines() if line.strip()]
        assert len(lines) == 1 and words in lines[0] and "internal error" not in result.output, (n, result.output, repr(result.exception))
        assert snapshot(root) == before, (args, n, set(snapshot(root)) ^ set(before))
        assert not list(root.glob("**/.gm-tmp-*"))
    raise AssertionError(f"`gm {' '.join(map(str, args))}` never got through")


@pytest.mark.parametrize("err, words", [(errno.ENOSPC, "the disk is full"),
                                        (errno.EROFS, "read-only file system"),
                                        (errno.EACCES, "permission denied")])
def test_resolve_and_commit_refused_by_the_system(game_copy, monkeypatch, err, words):
    monkeypatch.chdir(game_copy.parent)
    shutil.rmtree(game_copy / "days" / "03" / "result")
    (game_copy / "days" / "03" / "seed.secret").unlink()
    (game_copy / "days" / "03" / "commit.txt").unlink()
    (game_copy / "days" / "03" / "lock.txt").unlink()  # a lock belongs to its commitment (issue 22: salted digests)
    if err != errno.ENOSPC:  # the same code path as a full disk: a sample of the commit's writes is enough
        assert refused_everywhere(monkeypatch, ["commit", "game", "--day", "3", "--late"], game_copy, err, words, stride=5) > 2
        return
    assert refused_everywhere(monkeypatch, ["commit", "game", "--day", "3", "--late"], game_copy, err, words) > 2
    assert run("commit", "game", "--day", "3", "--late").exit_code == 0
    # a resolve writes every post, message, opening and log of the day: sample its writes further apart
    assert refused_everywhere(monkeypatch, ["resolve", "game", "--day", "3"], game_copy, err, words, limit=600, stride=25) > 2
    assert refused_everywhere(monkeypatch, ["resolve", "game", "--day", "3", "--force", "--reason", "a disk test"], game_copy, err, words,
                              limit=600, stride=25) > 2


@pytest.mark.parametrize("engine", ENGINES)
def test_new_on_a_full_disk_leaves_nothing(tmp_path, monkeypatch, engine):
    monkeypatch.chdir(tmp_path)
    for n in range(1, 40):
        with monkeypatch.context() as m:
            refuse = Refuse(m, n, errno.ENOSPC)
            result = run("new", "g", "--engine", engine)
        if refuse.calls < n:
            assert result.exit_code == 0
            break
        if result.exit_code == 0:  # a refusal gm did not need to heed (a folder made already)
            assert (tmp_path / "g" / "game.yaml").is_file()
            shutil.rmtree(tmp_path / "g")
            continue
        assert result.exit_code == 1 and "the disk is full" in result.output, result.output
        assert not (tmp_path / "g").exists(), n
    else:
        raise AssertionError("gm new never got through")


def test_result_folders_and_files_get_the_usual_modes(game_copy):
    old = os.umask(0o022)
    try:
        shutil.rmtree(game_copy / "days" / "03" / "result")
        assert run("resolve", game_copy, "--day", "3").exit_code == 0
        assert run("resolve", game_copy, "--day", "3", "--force", "--reason", "a mode test").exit_code == 0
    finally:
        os.umask(old)
    for path in [game_copy / "days" / "03" / "result", game_copy / "days" / "03" / "result.1",
                 game_copy / "days" / "03" / "result" / "messages"]:
        assert stat.S_IMODE(path.stat().st_mode) == 0o755, path
    assert stat.S_IMODE((game_copy / "days" / "03" / "result" / "day.json").stat().st_mode) == 0o644
    assert stat.S_IMODE((game_copy / "days" / "03" / "seed.secret").stat().st_mode) == 0o600


def test_a_second_writer_is_told_to_wait(game_copy):
    from gm.gamedir import GameDir

    shutil.rmtree(game_copy / "days" / "03" / "result")
    with GameDir(game_copy).lock():
        for args in (["resolve", game_copy, "--day", "3"], ["commit", game_copy, "--day", "4"]):
            result = run(*args)
            assert result.exit_code == 1
            assert "another gm command is writing to" in result.output and "right now" in result.output
    assert run("resolve", game_copy, "--day", "3").exit_code == 0


def test_gm_check_names_what_a_killed_run_left_behind(game_copy):
    left = game_copy / "days" / "03" / ".gm-tmp-x1y2"
    left.mkdir()
    (left / ".gitignore").write_text("*\n")
    result = run("check", game_copy, "--day", "4")
    assert "days/03/.gm-tmp-x1y2: warning: left by an interrupted gm run" in result.output, result.output
