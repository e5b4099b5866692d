"""Look-alike names (issue 31, item 1; issue 28, item 5): every player's files are their own.

Two names that read the same, or that would be filed under the same name on some file system
(case, compatibility forms, punctuation, Windows' reserved names), are refused at set-up with
the place in game.yaml; every other pair is accepted, and then each message file holds the
message of the player it is named for, under a name every platform accepts.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.cli import cli
from tests.hostile.support import ENGINES, new_game

# (first name, second name) -> the file stems each gets, or None: refused at set-up as alike
PAIRS: dict[tuple[str, str], tuple[str, str] | None] = {
    ("明", "₨明"): ("明", "Rs明"),            # the campaign's case: both used to be filed as 明
    ("Ann™", "Ann℠"): ("AnnTM", "AnnSM"),     # and both as Ann
    ("Con", "NUL"): ("Con_", "NUL_"),          # Windows' reserved device names
    ("Aux", "Prn"): ("Aux_", "Prn_"),
    ("Com1", "LPT1"): ("Com1_", "LPT1_"),
    ("Ann", "ANN"): None,                      # case only
    ("Con", "Con_"): None,                     # the reserved name and its safe form
    ("Zed.", "Zed"): None,                     # a name ending in a dot, as Windows would file it
    ("A|n", "A!n"): None,                      # read apart, filed alike (A_n): the file name decides
    ("Ⅻ", "XII"): None,                        # a compatibility form
}


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def _game_with(tmp_path: Path, engine: str, first: str, second: str) -> Path:
    root = new_game(tmp_path / "game", engine)
    game_yaml = root / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    text = text.replace("Player One", json.dumps(first, ensure_ascii=False))
    text = text.replace("Player Two", json.dumps(second, ensure_ascii=False))
    game_yaml.write_text(text, encoding="utf-8")
    # a message that says whose it is, whatever the engine's own template prints
    (root / "templates").mkdir(exist_ok=True)
    (root / "templates" / "message.j2").write_text("MESSAGE-FOR<{{ view.me.name }}>\n", encoding="utf-8")
    return root


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("pair", list(PAIRS), ids=lambda p: "-".join(p).encode("unicode_escape").decode())
def test_each_file_holds_its_own_players_message(tmp_path, engine, pair):
    from pathvalidate import is_valid_filename

    root = _game_with(tmp_path, engine, *pair)
    expected = PAIRS[pair]
    checked = run("check", root, "--day", 0)
    if expected is None:
        assert checked.exit_code == 1, checked.output
        assert re.search(r"game\.yaml:\d+:\d+: error: .*(reads the same|roster twice|same message file|cannot hold)",
                         checked.output), checked.output
        assert "Traceback" not in checked.output
        return
    assert checked.exit_code == 0, checked.output
    for args in (("commit", root, "--day", 0), ("lock", root, "--day", 0), ("resolve", root, "--day", 0)):
        done = run(*args)
        assert done.exit_code == 0, done.output
    messages = root / "days" / "00" / "result" / "messages"
    for name, stem in zip(pair, expected):
        path = messages / f"{stem}.bbcode"
        assert path.is_file(), sorted(p.name for p in messages.iterdir())
        assert path.read_text(encoding="utf-8").strip() == f"MESSAGE-FOR<{name}>", path.name
    for path in messages.iterdir():
        assert is_valid_filename(path.name, platform="windows"), path.name
        assert is_valid_filename(path.name, platform="macos"), path.name
    folded = [p.name.casefold() for p in messages.iterdir()]
    assert len(folded) == len(set(folded)), "two message files differ only by case"


@pytest.mark.parametrize("engine", ["battle-royale", "team-kill"])
def test_a_replacement_alike_another_player_is_refused(tmp_path, engine):
    root = _game_with(tmp_path, engine, "Akane", "Bruno")
    day = root / "days" / "00"
    day.mkdir(parents=True, exist_ok=True)
    (day / "rulings.yaml").write_text("- replace: {player: Akane, by: BRUNO}\n", encoding="utf-8")
    checked = run("check", root, "--day", 0)
    assert checked.exit_code == 1, checked.output
    assert re.search(r"rulings\.yaml:1:\d+: error: .*BRUNO.*Bruno", checked.output), checked.output


def test_a_file_stem_never_depends_on_the_other_players():
    from gm.forum.render import message_filename

    for (first, second), stems in PAIRS.items():
        if stems is None:
            continue
        alone = [message_filename(n, set()) for n in (first, second)]
        together_taken: set[str] = set()
        backwards = [message_filename(n, together_taken) for n in (second, first)][::-1]
        assert alone == backwards == list(stems)
