"""One rule for text a player chose, and message files that cannot collide (issue #15).

Found: with a roster of `Ann` and `(Ann)`, Ann's message went to `Ann-2.bbcode` and `Ann.bbcode`
held the other player's secrets; names with newlines, NUL, bidi overrides and look-alikes of
another player's name were accepted; `@everyone` reached Discord posts; a lone surrogate in a
salt, title or school passed `gm check` and made `gm resolve` exit 3, and one in a roster name
crashed `gm check`; a U+2028 in a name made the audit cry tampering.
"""

from __future__ import annotations

import re

import pytest

from click.testing import CliRunner

from gm.cli import cli
from tests.hostile.support import ENGINES, new_game


def roster_game(tmp_path, engine: str, names: list[str]) -> str:
    root = new_game(tmp_path / "g", engine)
    text = (root / "game.yaml").read_text(encoding="utf-8")
    body = "".join(f"  - name: \"{n}\"\n" for n in names)  # written as YAML escapes (\\u0410)
    text = re.sub(r"(?ms)^roster:\n.*?(?=^\S|\Z)", lambda m: "roster:\n" + body, text)
    (root / "game.yaml").write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("second, expected", [
    ("(Ann)", "'(Ann)' (entry 2) reads the same as 'Ann' (entry 1)"),
    ("ANN", "ANN is on the roster twice (entries 1 and 2)"),
    ("\\u0410nn", "reads the same as 'Ann' (entry 1)"),  # a Cyrillic A
    ("A n-n", "reads the same as 'Ann' (entry 1)"),
    ("Bob\\nAnn", "a name must be one line"),
    ("Bob\\u202eAnn", "invisible or control character (U+202E"),
    ("Bob\\u0000", "invisible or control character (U+0000"),
    ("Bob\\ud800", "a lone surrogate"),
    ("Bob\\u2028Ann", "a name must be one line"),
    ("(!)", "a name needs a letter or a digit"),
])
def test_names_that_mislead_are_refused_with_the_pair_named(tmp_path, engine, second, expected):
    root = roster_game(tmp_path, engine, ["Ann", second, "Cleo"])
    r = CliRunner().invoke(cli, ["check", str(root), "--day", "0"])
    assert r.exit_code == 1, r.output
    assert expected in r.output, r.output
    assert "Traceback" not in r.output and "internal error" not in r.output


def test_a_broken_title_or_salt_is_located(tmp_path):
    root = new_game(tmp_path / "g", ENGINES[0])
    text = (root / "game.yaml").read_text(encoding="utf-8")
    (root / "game.yaml").write_text(re.sub(r"(?m)^title:.*$", lambda m: 'title: "Smoke\\ud800"', text), encoding="utf-8")
    r = CliRunner().invoke(cli, ["check", str(root), "--day", "0"])
    assert r.exit_code == 1 and "game.yaml:" in r.output and "a lone surrogate" in r.output, r.output


def test_mentions_are_escaped_in_every_dialect():
    from gm.markup import escape_bbcode, escape_markdown

    for escape in (escape_bbcode, escape_markdown):
        for text in ("@everyone", "@here", "hi @Ann"):
            assert "@\u200b" in escape(text)
            assert re.search(r"@(everyone|here|Ann)", escape(text)) is None


def test_message_file_names_never_collide(demo_dir):
    """Names the roster lets through always give distinct message files, whatever their order."""
    from gm.names import too_alike
    from gm.forum.render import message_filename

    names = ["Ann", "ann_", "Ann (2)", "Ann-2", "Ånn", "Anna", "Bo", "B.o", "Zoë", "Zoe"]
    allowed = [n for i, n in enumerate(names) if all(j != i for _, j in too_alike(names))]
    assert allowed == ["Ann", "Ann (2)", "Anna", "Bo", "Zoë"] or len(allowed) >= 4
    files = [message_filename(n, set()) for n in allowed]
    assert len({f.casefold() for f in files}) == len(files)
    for name, file in zip(allowed, files):
        assert message_filename(name, set()) == file  # stable: the name alone decides it


def test_an_orders_file_whose_name_is_not_utf8(game_copy):
    import os
    import shutil

    shutil.rmtree(game_copy / "days" / "03" / "result")
    orders = game_copy / "days" / "03" / "orders"
    with open(os.path.join(os.fsencode(orders), b"caf\xe9.yaml"), "w", encoding="utf-8") as fh:
        fh.write("Akane: {action: search}\n")
    for command in ("check", "resolve"):
        r = CliRunner().invoke(cli, [command, str(game_copy), "--day", "3"])
        assert r.exit_code == 1, r.output
        assert "caf\\xe9.yaml: error: the file's name is not UTF-8 text: rename it" in r.output, r.output
