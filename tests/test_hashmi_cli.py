"""Hashmi Battle Royale through the gm command, as a GM runs it: new, check, resolve of the set-up
days, a turn; every mistake one located line, exit code 1, the game folder unchanged; Day 0's
reveal withheld until the game ends."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from test_cli import run, snapshot


def test_new_deal_place_and_play_a_turn(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    game = Path("g")
    assert run("new", game, "--engine", "hashmi-battle-royale").exit_code == 0
    result = run("check", game, "--day", "0")
    assert result.exit_code == 0 and "no orders are due" in result.output
    assert run("resolve", game, "--day", "0", "--seed", "0a").exit_code == 0
    narration = (game / "days" / "00" / "result" / "narration.bbcode").read_text()
    assert "to go first" in narration and "[code]" in narration
    result = run("check", game, "--day", "1")
    assert "no orders received (4)" in result.output and "random legal squares" in result.output
    orders = game / "days" / "01" / "orders"
    orders.mkdir(parents=True)
    (orders / "setup.yaml").write_text("Player One:\n  place: [K12, K14, L13]\n  hand: {action: 2, weapon: 3}\n")
    assert run("resolve", game, "--day", "1", "--seed", "0b").exit_code == 0
    post = (game / "days" / "01" / "result" / "narration.bbcode").read_text()
    assert "goes on K12" in post and "turn begins" in post
    result = run("status", game)
    assert result.exit_code == 0 and "to play" in result.output
    import json

    state = json.loads((game / "days" / "01" / "result" / "state.json").read_text())
    active = state["active"]
    assert run("status", game, "--player", active).exit_code == 0
    d2 = game / "days" / "02" / "orders"
    d2.mkdir(parents=True)
    (d2 / "turn.yaml").write_text(f"{active}:\n  actions:\n    - move: {{agent: 1, to: [K13]}}\n")
    result = run("resolve", game, "--day", "2", "--seed", "0c")
    assert result.exit_code == 0, result.output
    assert "moves: d" in (game / "days" / "02" / "result" / "narration.bbcode").read_text()


@pytest.mark.parametrize("text, where, message", [
    ("{A}:\n  actions:\n    - move: {{agent: 1, to: [K11]}}\n", ":3:", "'K11' is not a playable square"),
    ("{A}:\n  actions:\n    - shoot: {{agent: 1, weapon: Laser}}\n", ":3:", "unknown weapon 'Laser'"),
    ("{A}:\n  actions: [pass]\n  standing: {{charm: sometimes}}\n", ":3:", "charm is always, never, or a list"),
    ("{O}:\n  actions:\n    - move: {{agent: 1, to: [K13]}}\n", ":2:", "may only send standing orders today"),
    ("{A}:\n  actions:\n    - move: {{agent: 1, to: [K13]}}\n  decide: K13\n", ":4:", "no move waits for a square today"),
])
def test_bad_orders_are_located_errors_and_change_nothing(hashmi_demo_dir, tmp_path, monkeypatch, text, where, message):
    game = tmp_path / "g"
    shutil.copytree(hashmi_demo_dir, game)
    for d in sorted((game / "days").iterdir()):
        if int(d.name) >= 6:
            shutil.rmtree(d)
    import json

    state = json.loads((game / "days" / "05" / "result" / "state.json").read_text())
    active = state["active"]
    other = next(p["name"] for p in state["players"] if p["name"] != active and not p["out"])
    orders = game / "days" / "06" / "orders"
    orders.mkdir(parents=True)
    (orders / "x.yaml").write_text(text.format(A=active, O=other))
    before = snapshot(game)
    monkeypatch.chdir(tmp_path)
    result = run("resolve", "g", "--day", "6", "--seed", "0d")
    assert result.exit_code == 1
    line = next(ln for ln in result.output.splitlines() if message in ln)
    assert line.startswith("g/days/06/orders/x.yaml" + where), line
    assert "Traceback" not in result.output
    assert snapshot(game) == before


def test_day_0_is_sealed_until_the_game_ends(hashmi_demo_dir, tmp_path):
    game = tmp_path / "g"
    shutil.copytree(hashmi_demo_dir, game)
    assert run("reveal", game, "--day", "0").exit_code == 0  # the demo has ended: everything may be posted
    for d in sorted((game / "days").iterdir()):
        if int(d.name) >= 4:
            shutil.rmtree(d)
    sealed = run("reveal", game, "--day", "0")
    assert sealed.exit_code == 1 and "secret missions" in sealed.output and "after the game ends" in sealed.output
    assert run("reveal", game, "--day", "3").exit_code == 0


def test_two_turns_a_day_through_the_gm_command(tmp_path, monkeypatch):
    """House rule turns_per_day: 2 (T-1): after the set-up day, the active player and the next one
    each get a form and a message for their own turn, and one resolve plays both turns."""
    import json

    monkeypatch.chdir(tmp_path)
    game = Path("g")
    assert run("new", game, "--engine", "hashmi-battle-royale").exit_code == 0
    text = (game / "game.yaml").read_text()
    assert "turns_per_day: 1" in text
    (game / "game.yaml").write_text(text.replace("turns_per_day: 1", "turns_per_day: 2"))
    assert run("resolve", game, "--day", "0", "--seed", "0a").exit_code == 0
    assert run("resolve", game, "--day", "1", "--seed", "0b").exit_code == 0
    state = json.loads((game / "days" / "01" / "result" / "state.json").read_text())
    order = [p["name"] for p in state["players"]]
    first = state["active"]
    second = order[(order.index(first) + 1) % len(order)]
    message = (game / "days" / "01" / "result" / "messages" / f"{second.replace(' ', '_')}.bbcode").read_text()
    assert "Your turn comes later today (Day 2)" in message and f"after {first}'s" in message
    form = run("form", game, "--day", "2", "--player", second)
    assert form.exit_code == 0 and f"## your turn comes today after {first}'s" in form.output, form.output
    assert "# actions:" in form.output
    check = run("check", game, "--day", "2")
    assert "no orders received (2)" in check.output, check.output
    d2 = game / "days" / "02" / "orders"
    d2.mkdir(parents=True)
    (d2 / "turns.yaml").write_text(f"{first}:\n  actions: [pass]\n{second}:\n  actions: [pass]\n")
    assert run("receipts", game, "--day", "2").exit_code == 0
    receipt = (game / "days" / "02" / "receipts" / f"{second.replace(' ', '_')}.bbcode").read_text()
    assert f"Your turn, today after {first}'s" in receipt and "Action 1: pass" in receipt, receipt
    result = run("resolve", game, "--day", "2", "--seed", "0c")
    assert result.exit_code == 0, result.output
    after = json.loads((game / "days" / "02" / "result" / "state.json").read_text())
    assert after["active"] == order[(order.index(first) + 2) % len(order)] and after["turns_per_day"] == 2
