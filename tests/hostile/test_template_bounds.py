"""A GM's templates bounded in what they write and ask for, and tried by `gm check` (issue 31, item 3).

Found: a format width of 1e9 cost 1.9 GB in `gm check` and 2.9 GB in `gm resolve`; `"x" * 1e10`
was a MemoryError; template code that escapes or loops (format dunders, cycler globals, nested
ranges) passed `gm check` ("orders OK") and failed only at resolve.
"""

from __future__ import annotations

import shutil

import pytest

from tests.hostile.support import run_gm

HUGE = [
    '{{ "%1000000000d" % 1 }}',
    '{{ "%*d" % (1000000000, 1) }}',
    '{{ "%.1000000000f" % 1.5 }}',
    '{{ "{:1000000000}".format(1) }}',
    '{{ "{:{w}}".format(1, w=1000000000) }}',
    '{{ "%1000000000d"|format(1) }}',
    '{{ "x" * 10000000000 }}',
    '{{ ["x"] * 10000000000 }}',
    '{{ 10 ** 100000000 }}',
    '{{ "a"|center(1000000000) }}',
    '{{ "a"|indent(1000000000) }}',
    '{{ lipsum(1000000000) }}',
    '{% for i in range(100000) %}{% for j in range(100000) %}{{ "" }}{% endfor %}{% endfor %}',
    '{% for i in range(100000) %}{% for j in range(100000) %}{% for k in range(100000) %}{% endfor %}'
    '{% endfor %}{% endfor %}',
    '{% for i in range(100000) %}{{ "x" * 9999 }}{% endfor %}',
]

# fail only when rendered: `gm check` must render them too
AT_RENDER = {
    '{{ "{0.__class__}".format(1) }}': "not allowed in a template",
    "{{ cycler.__init__.__globals__ }}": "not allowed in a template",
    "{{ 1 // 0 }}": "ZeroDivisionError",
    "{{ no_such_name.x }}": "undefined",
}


def _with_template(game_copy, text: str):
    shutil.rmtree(game_copy / "days" / "03" / "result")
    (game_copy / "templates").mkdir(exist_ok=True)
    (game_copy / "templates" / "narration.j2").write_text("Day {{ game.day }}\n" + text + "\n", encoding="utf-8")
    return game_copy


@pytest.mark.parametrize("text", HUGE)
@pytest.mark.parametrize("command", ["check", "resolve"])
def test_a_runaway_template_is_stopped_in_bounded_time_and_memory(game_copy, text, command):
    root = _with_template(game_copy, text)
    before = sorted(p.relative_to(root).as_posix() for p in root.rglob("*"))
    got = run_gm(command, root, "--day", 3, cwd=root.parent, timeout=60)
    assert got.code == 1, got
    assert "game/templates/narration.j2:2: error:" in got.out + got.err, got
    assert "internal error" not in got.out + got.err and "MemoryError" not in got.out + got.err, got
    assert sorted(p.relative_to(root).as_posix() for p in root.rglob("*")) == before
    assert got.seconds < 30, got


@pytest.mark.parametrize("text", list(AT_RENDER))
def test_gm_check_renders_the_days_templates(game_copy, text):
    root = _with_template(game_copy, text)
    got = run_gm("check", root, "--day", 3, cwd=root.parent, timeout=60)
    assert got.code == 1, got
    out = got.out + got.err
    assert "game/templates/narration.j2:2: error:" in out and AT_RENDER[text] in out, got
    assert "orders OK" not in out


def test_a_good_template_passes_check_and_resolve(game_copy):
    root = _with_template(game_copy, '{{ "%5d|%-8s|{:>6}"|format(42, "ab") }} {{ "ab" * 3 }}{{ "x"|center(9) }}')
    got = run_gm("check", root, "--day", 3, cwd=root.parent, timeout=60)
    assert got.code == 0, got
    got = run_gm("resolve", root, "--day", 3, cwd=root.parent, timeout=60)
    assert got.code == 0, got
    assert "   42|ab      |{:>6} ababab    x" in (root / "days" / "03" / "result" / "narration.bbcode").read_text("utf-8")
