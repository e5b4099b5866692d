"""House rule `pace: activation`: the cards are revealed on one day, then each activation is its own
forum day, owed only by the active player, who may change their war plan with the battlefield in
sight. A game of two players takes 4 x (1 + 2) days after the set-up."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from gm.cli import cli
from gm.engines.kharnage.state import State
from gm.gamedir import GameDir
from test_kharnage_properties import assert_conserved

GAME = """engine: kharnage
title: Slow
house_rules: {pace: activation}
roster:
  - {name: Akane, army: Dwarves}
  - {name: Bruno, army: Goblins}
"""


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def _state(root: Path, day: int) -> dict:
    return json.loads((root / "days" / f"{day:02d}" / "result" / "state.json").read_text(encoding="utf-8"))


def _orders(root: Path, day: int, text: str) -> None:
    folder = root / "days" / f"{day:02d}" / "orders"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "orders.yaml").write_text(text, encoding="utf-8")


def test_one_day_per_activation(tmp_path):
    root = tmp_path / "game"
    root.mkdir()
    (root / "game.yaml").write_text(GAME, encoding="utf-8")
    assert run("resolve", root, "--day", "0", "--seed", "00").exit_code == 0
    game = GameDir(root).load()
    day = 1
    for rnd in range(1, 5):
        state = _state(root, day - 1)
        cards = {p["name"]: p["hand"][0] for p in state["players"]}
        _orders(root, day, "".join(f"{n}: {{card: {c}}}\n" for n, c in cards.items()))  # Powers come later
        result = run("resolve", root, "--day", day, "--seed", f"{day:02x}")
        assert result.exit_code == 0, result.output
        revealed = _state(root, day)
        assert revealed["round"] == rnd and len(revealed["pending"]) == 2 and not revealed["over"]
        post = (root / "days" / f"{day:02d}" / "result" / "narration.bbcode").read_text(encoding="utf-8")
        assert "The cards are revealed" in post and "plays" not in post
        for k, active in enumerate(revealed["pending"]):
            day += 1
            other = next(n for n in cards if n != active)
            # only the active player owes orders; a card, or another player's orders, are refused
            _orders(root, day, f"{active}: {{card: {cards[active]}}}\n{other}: {{plan: {{split: never}}}}\n")
            checked = run("check", root, "--day", day)
            assert checked.exit_code == 1
            assert "revealed already: today takes only the war plan" in checked.output
            assert f"only {active} acts on Day {day}" in checked.output
            _orders(root, day, f"{active}: {{plan: {{split: always, destroy: most_cards}}}}\n")
            card = game.rules.components.battle[cards[active]]
            if card.gm_power:
                _orders(root, day, f"{active}: {{plan: {{split: always}}}}\ngm:\n  {active}: []\n")
            result = run("resolve", root, "--day", day, "--seed", f"{day:02x}")
            assert result.exit_code == 0, result.output
            after = _state(root, day)
            assert after["pending"] == revealed["pending"][k + 1:]
            me = next(p for p in after["players"] if p["name"] == active)
            assert me["plan"]["split"] == "always"
            assert_conserved(game.rules, State.from_json(after))
            post = (root / "days" / f"{day:02d}" / "result" / "narration.bbcode").read_text(encoding="utf-8")
            assert f"{active}'s activation (Day {day})" in post
            assert ("End of round" in post) == (k == 1)
        day += 1
    final = _state(root, day - 1)
    assert final["over"] and final["round"] == 4 and day - 1 == 12
    assert run("audit", root, "--all").exit_code == 0


def test_day_0_is_revealed_only_after_the_game(tmp_path, demo_games):
    """Day 0's seed shuffles every deck: `gm reveal` keeps it (and its roll log) until the game ends."""
    root = demo_games.copy("kharnage", tmp_path / "game")
    for day in (3, 4):  # back to a game still running
        import shutil
        shutil.rmtree(root / "days" / f"{day:02d}" / "result")
    for args in (("--day", "0"), ("--day", "0", "--rolls")):
        refused = run("reveal", root, *args)
        assert refused.exit_code == 1
        assert "shuffled every Reserve and Battle deck" in refused.output and "after the game ends" in refused.output
    assert run("reveal", root, "--day", "1").exit_code == 0
    summary = (root / "days" / "00" / "result" / "gm-summary.txt").read_text(encoding="utf-8")
    assert "KEEP THIS DAY'S SEED AND ROLL LOG SECRET UNTIL THE GAME ENDS" in summary
    ended = demo_games.copy("kharnage", tmp_path / "ended")  # `gm reveal` writes into the game folder
    assert run("reveal", ended, "--day", "0").exit_code == 0
