"""Hostile Takeover through the gm command, as a GM runs it: new, check, resolve, audit, status, demo.
Every mistake is one located line, exit code 1, and the game folder unchanged."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gm.forum.render import bbcode_problems
from test_cli import run, snapshot

ROOT = Path(__file__).resolve().parent.parent


def test_new_check_resolve_audit_status(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    game = Path("g")
    result = run("new", game, "--engine", "hostile-takeover", "--title", "Tower [b]Wars")
    assert result.exit_code == 0, result.output
    assert "engine: hostile-takeover" in (game / "game.yaml").read_text()
    assert "gm resolve g --day 0" in result.output
    result = run("check", game)
    assert result.exit_code == 0 and "Day 0: no orders are due" in result.output
    assert "no orders received" not in result.output  # Day 0 takes no orders
    result = run("status", game)
    assert "Day 0: no orders are due" in result.output
    result = run("resolve", game, "--seed", "0a")
    assert result.exit_code == 0, result.output
    narration = (game / "days" / "00" / "result" / "narration.bbcode").read_text()
    assert "Roll for the first player (d12)" in narration and "[code]" in narration
    assert "Tower [\u200bb]Wars" in narration  # the title is the GM's text: escaped
    assert len(list((game / "days" / "00" / "result" / "messages").iterdir())) == 4
    result = run("check", game)
    assert "no orders received (4): Player One, Player Two, Player Three, Player Four (they pass)" in result.output
    state = json.loads((game / "days" / "00" / "result" / "state.json").read_text())
    first = state["first_player"]
    orders = game / "days" / "01" / "orders"
    orders.mkdir(parents=True)
    (orders / "a.yaml").write_text("Player One: {move: SE}\nPlayer Two: [claim: I2, move: SW]\n")
    (orders / "b.yaml").write_text("Player Three: [attack: Red, move: NE]\nPlayer Four: {claim: L6}\n")
    result = run("check", game)
    assert result.exit_code == 0, result.output
    assert "g/days/01/orders/b.yaml:1:24: warning: attack Player One: Player One (Red) is not next to" in result.output
    result = run("resolve", game, "--seed", "0b")
    assert result.exit_code == 0, result.output
    narration = (game / "days" / "01" / "result" / "narration.bbcode").read_text()
    assert narration.startswith("[b][size=150]Round 1 (Day 1): Tower [\u200bb]Wars")
    assert f"{first}[/color]" in narration.split("[list]", 1)[1].split("\n")[1]  # the first player's turn comes first
    assert bbcode_problems(narration) == []
    assert run("audit", game).exit_code == 0
    result = run("rolls", game)
    assert "claims the small building at I2" in result.output
    result = run("status", game)
    assert result.exit_code == 0 and "Player Three" in result.output and "Day 2: no orders yet from" in result.output
    result = run("status", game, "--player", "Player Two")
    assert result.exit_code == 0
    assert "lives: 3 of 3" in result.output and "legal orders now:" in result.output and "   A   B   C" in result.output


ILLEGAL_BOARDS = {
    "spawn touching a large building": ("Player Three: C7", "Player Three: E7",
                                        "game.yaml:{line}:{col}: error: Player Three's spawn at E7 touches the large building at E8"),
    "building no one can reach": ("  # holes: [F6]", "  holes: [B1, C1, D1, B2, D2, B3, C3]",
                                  "error: the small building at C2 is completely inaccessible"),
    "building off the tiles": ("    - H8\n", "    - H8\n    - {at: L1}\n",
                               "error: no building can stand there: L1 is not on a tile"),
    "tiles not touching": ("C7, E7, G7, I7]", "C7, E7, G7, O7]",
                           "error: the tile at O7 touches no other tile"),
}


@pytest.mark.parametrize("case", sorted(ILLEGAL_BOARDS))
def test_an_illegal_board_is_a_located_error_and_changes_nothing(tmp_path, monkeypatch, case):
    monkeypatch.chdir(tmp_path)
    assert run("new", "g", "--engine", "hostile-takeover").exit_code == 0
    path = Path("g/game.yaml")
    old, new, expected = ILLEGAL_BOARDS[case]
    text = path.read_text()
    assert old in text
    text = text.replace(old, new)
    path.write_text(text)
    if "{line}" in expected:
        line = next(i for i, l in enumerate(text.splitlines(), 1) if "Player Three: E7" in l)
        expected = expected.format(line=line, col=text.splitlines()[line - 1].index("E7") + 1)
    before = snapshot(tmp_path)
    for command in ("check", "resolve", "status"):
        result = run(command, "g")
        assert result.exit_code == 1, result.output
        assert expected in result.output
        assert "Traceback" not in result.output
    assert snapshot(tmp_path) == before


BAD_ORDERS = {
    "unknown order": ("Akane: {mvoe: NE}\n", "orders.yaml:1:9: error: unknown order 'mvoe' (did you mean 'move'?)"),
    "misspelt player": ("Akame: pass\n", "orders.yaml:1:1: error: no player called 'Akame' (did you mean 'Akane'?)"),
    "a hole": ("Akane: {move: F5}\n", "orders.yaml:1:15: error: F5 is a hole: pawns cannot go there"),
    "no building": ("Akane: {claim: D4}\n", "orders.yaml:1:16: error: there is no building on D4"),
    "player out": ("Bruno: pass\n", "orders.yaml:1:1: error: Bruno is out of the game (lost their last life in Round 12)"),
    "not yaml": ("Akane: [move: N\n", "orders.yaml:"),
}


@pytest.mark.parametrize("case", sorted(BAD_ORDERS))
def test_bad_orders_are_located_errors_and_change_nothing(ht_game_copy, monkeypatch, case):
    # the demo game, back to before its last day
    last = max(int(p.name) for p in (ht_game_copy / "days").iterdir())
    import shutil

    shutil.rmtree(ht_game_copy / "days" / f"{last:02d}")
    orders = ht_game_copy / "days" / f"{last:02d}" / "orders"
    orders.mkdir(parents=True)
    text, expected = BAD_ORDERS[case]
    (orders / "orders.yaml").write_text(text)
    monkeypatch.chdir(ht_game_copy)
    before = snapshot(ht_game_copy)
    for command in ("check", "resolve"):
        result = run(command, ".")
        assert result.exit_code == 1, result.output
        assert expected in result.output
        assert "Traceback" not in result.output
    assert snapshot(ht_game_copy) == before


def test_placement_orders_are_checked_in_the_rules_order(ht_game_copy, monkeypatch):
    import shutil

    for day in sorted((ht_game_copy / "days").iterdir())[1:]:
        shutil.rmtree(day / "result")
    path = ht_game_copy / "days" / "01" / "orders" / "setup.yaml"
    path.write_text(path.read_text().replace("tiles: [E3, E1,", "tiles: [E3, E9,").replace("spawn: D6", "spawn: C4"))
    monkeypatch.chdir(ht_game_copy)
    result = run("check", ".", "--day", "1")
    assert result.exit_code == 1
    assert "days/01/orders/setup.yaml:5:15: error: tile 4 (Akane's 2nd): the tile at E9 touches no tile placed before it" in result.output
    assert "spawn 3: Chiaki's spawn at C4 touches the large building at B4" in result.output


def test_audit_catches_a_tampered_roll(ht_game_copy):
    result = run("audit", ht_game_copy, "--day", "5")
    assert result.exit_code == 0, result.output
    log = ht_game_copy / "days" / "05" / "result" / "rolls.jsonl"
    log.write_text(re.sub(r'"value":(\d+)', lambda m: f'"value":{int(m.group(1)) % 12 + 1}', log.read_text(), count=1))
    result = run("audit", ht_game_copy, "--day", "5")
    assert result.exit_code == 1 and "DIFFERS   rolls.jsonl" in result.output


def test_the_game_is_over_after_the_final_day(ht_game_copy):
    last = max(int(p.name) for p in (ht_game_copy / "days").iterdir())
    result = run("status", ht_game_copy)
    assert "The game is over." in result.output and "place 1" in result.output
    (ht_game_copy / "days" / f"{last + 1:02d}" / "orders").mkdir(parents=True)
    result = run("check", ht_game_copy)
    assert result.exit_code == 1 and f"the game ended on Day {last}" in result.output


def test_demo_engine_option(tmp_path):
    result = run("demo", tmp_path / "ht", "--engine", "hostile-takeover")
    assert result.exit_code == 0, result.output
    assert "The game is over" in result.output and "score" in result.output
    result = run("demo", tmp_path / "br")
    assert "[b][size=150]Day 2: Smoke over the Septagon[/size][/b]" in result.output
    result = run("demo", tmp_path / "x", "--engine", "hostile-takover")
    assert result.exit_code == 1 and "did you mean 'hostile-takeover'" in result.output


def test_markdown_games_get_markdown_posts(tmp_path):
    assert run("new", tmp_path / "md", "--engine", "hostile-takeover").exit_code == 0
    yaml = tmp_path / "md" / "game.yaml"
    yaml.write_text(yaml.read_text().replace("format: bbcode", "format: markdown"))
    assert run("resolve", tmp_path / "md", "--seed", "01").exit_code == 0
    narration = (tmp_path / "md" / "days" / "00" / "result" / "narration.md").read_text()
    assert narration.startswith("## Hostile Takeover")
    assert "```\n   A   B" in narration and "[b]" not in narration and "[code]" not in narration


def test_the_dice_checker_in_docs_verifies_the_demo(ht_demo_dir, tmp_path):
    text = (ROOT / "docs" / "dice.md").read_text(encoding="utf-8")
    path = tmp_path / "check.py"
    path.write_text(re.search(r"```python\n(.*?)```", text, re.S).group(1))
    for day in sorted((ht_demo_dir / "days").iterdir()):
        out = subprocess.run([sys.executable, str(path), str(day / "result")], capture_output=True, text=True)
        assert out.returncode == 0 and "every roll matches" in out.stdout, out.stderr


def test_board_warnings_are_shown_by_check(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run("new", "g", "--engine", "hostile-takeover").exit_code == 0
    path = Path("g/game.yaml")
    path.write_text(path.read_text().replace("  # holes: [F6]", "  holes: [K3, L4]"))
    result = run("check", "g")
    assert result.exit_code == 0, result.output
    assert "g/game.yaml:" in result.output and "warning: no pawn can ever reach L3: they play as holes" in result.output


def test_the_commitment_invites_salts_only_on_a_day_that_takes_them(tmp_path, monkeypatch):
    """Hostile Takeover's Day 0 takes no orders, so a salt sent for it is refused: its commitment
    post must not invite one. Day 1 takes orders, and salts."""
    monkeypatch.chdir(tmp_path)
    game = Path("g")
    assert run("new", game, "--engine", "hostile-takeover").exit_code == 0
    day0 = run("commit", game, "--day", "0")
    assert day0.exit_code == 0, day0.output
    assert "Want a hand in the dice?" not in day0.output
    assert "Nobody sends orders for Day 0, so it takes no salts: the seed alone makes its dice." in day0.output
    assert run("resolve", game, "--day", "0").exit_code == 0
    day1 = run("commit", game, "--day", "1")
    assert "Want a hand in the dice?" in day1.output and "takes no salts" not in day1.output
