"""The result folder is written while the day is rendered (gm/gamedir.py's ResultFiles, issue 17):
the same files as a write at the end, and on any error no result and no scratch folder left."""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

import pytest

import gm.gamedir as gamedir
from gm.errors import GmError
from gm.gamedir import GameDir


def files_of(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): p.read_text(encoding="utf-8") for p in sorted(root.rglob("*")) if p.is_file()}


def made(players: int = 150) -> dict[str, str]:
    files = {"narration.bbcode": "the day\n", "state.json": "{}\n"}
    for i in range(players):
        files[f"messages/P{i:03d}.bbcode"] = f"your results, P{i:03d}\n"
        if i % 3:
            files[f"openings/P{i:03d}.bbcode"] = f"openings of P{i:03d}\n"
    return files


def test_streamed_and_end_written_files_are_the_whole_result(tmp_path):
    gd = GameDir(tmp_path)
    interval = sys.getswitchinterval()
    expected = made()
    with gd.new_result(1) as out:
        for rel, text in expected.items():
            out[rel] = text
        out["messages/P000.bbcode"] = "set again: the last text wins\n"
    expected["messages/P000.bbcode"] = "set again: the last text wins\n"
    assert files_of(gd.result_dir(1)) == expected
    assert sys.getswitchinterval() == interval
    assert not list(tmp_path.rglob(".gm-tmp-*"))


def test_a_refused_message_write_leaves_no_result(tmp_path, monkeypatch):
    gd = GameDir(tmp_path)
    real = gamedir._write_bytes
    interval = sys.getswitchinterval()

    def refuse_one(path: Path, data: bytes) -> None:
        if path.name == "P077.bbcode" and path.parent.name == "messages":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        real(path, data)

    monkeypatch.setattr(gamedir, "_write_bytes", refuse_one)
    with pytest.raises(OSError) as err:
        with gd.new_result(1) as out:
            for rel, text in made().items():
                out[rel] = text
    assert err.value.errno == errno.ENOSPC and err.value.filename.endswith("P077.bbcode")
    assert not gd.result_dir(1).exists()
    assert not list(tmp_path.rglob(".gm-tmp-*"))
    assert sys.getswitchinterval() == interval


def test_an_error_while_rendering_is_the_one_raised(tmp_path, monkeypatch):
    """A template error half-way through the messages: the writers stop, their own error (if any)
    does not hide the GM's, and nothing is left."""
    gd = GameDir(tmp_path)
    real = gamedir._write_bytes

    def refuse_openings(path: Path, data: bytes) -> None:
        if path.parent.name == "openings":
            raise OSError(errno.EIO, os.strerror(errno.EIO), str(path))
        real(path, data)

    monkeypatch.setattr(gamedir, "_write_bytes", refuse_openings)
    with pytest.raises(GmError, match="template broke"):
        with gd.new_result(1) as out:
            for n, (rel, text) in enumerate(made().items()):
                out[rel] = text
                if n == 120:
                    raise GmError("template broke")
    assert not gd.result_dir(1).exists()
    assert not list(tmp_path.rglob(".gm-tmp-*"))


def test_a_resolved_day_is_refused_before_anything_is_made(tmp_path):
    gd = GameDir(tmp_path)
    gd.write_result(1, made(3))
    with pytest.raises(GmError, match="already resolved"):
        with gd.new_result(1):
            raise AssertionError("the block must not run")
    assert sorted(p.name for p in gd.result_dir(1).parent.iterdir()) == ["result"]
