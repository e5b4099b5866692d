"""The odds a player can already know, in their receipt (issue 13), for the engines that roll for
the player's orders: Battle Royale's (tests/test_gm_day.py), Hostile Takeover's attack and Hashmi's
shots. Kharnage and Team Kill roll nothing for an order (RULINGS.md), so their receipts have none."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from click.testing import CliRunner

from gm.cli import cli
from test_gm_day import unresolve


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def _reopened(tmp_path: Path, engine: str, day: int, demo_games) -> Path:
    root = demo_games.copy(engine, tmp_path / "game")
    unresolve(root, day)
    return root


def test_hostile_takeover_receipt_gives_the_odds_of_an_attack(tmp_path, demo_games):
    root = _reopened(tmp_path, "hostile-takeover", 19, demo_games)
    (root / "days" / "19" / "orders" / "orders.yaml").write_text("Akane: [{attack: Chiaki}, {claim: C6}]\n", encoding="utf-8")
    assert run("receipts", root).exit_code == 0
    akane = (root / "days" / "19" / "receipts" / "Akane.bbcode").read_text(encoding="utf-8")
    assert "[*]Your turn: attack Chiaki\n[*]else: claim C6\n" in akane
    assert "[*]Odds of an attack: you win 46%, a tie (nothing happens) 8%, you lose 46% (each rolls a d12)" in akane
    chiaki = (root / "days" / "19" / "receipts" / "Chiaki.bbcode").read_text(encoding="utf-8")
    assert "Odds" not in chiaki  # no attack, no odds


def test_hashmi_receipt_gives_each_weapons_odds(tmp_path, demo_games):
    root = _reopened(tmp_path, "hashmi-battle-royale", 14, demo_games)
    assert run("receipts", root).exit_code == 0
    chiaki = (root / "days" / "14" / "receipts" / "Chiaki.bbcode").read_text(encoding="utf-8")
    assert "[*]Action 1: allocate Shotgun to Chiaki.2\n" in chiaki  # each action as sent, squares as written (issue 25)
    assert re.search(r"\[\*\]Action 2: move Chiaki\.1 to the first of [A-T]\d+.* reachable in exactly the roll \(.*shootouts: ", chiaki)
    assert "[*]Action 3: shoot Chiaki.1's Crossbow" in chiaki
    assert ("[*]Odds with the Crossbow: the SHOOT die fires 5 in 6, misfires 1 in 6; the TARGET die hits 4 in 6 "
            "(before the cards and the agents' powers)") in chiaki
    assert "none" not in chiaki  # what the orders do not say is left out
    assert "[*]Chiaki.1 is frozen: the move will be skipped" in chiaki  # a warning on her own agent: public


def test_kharnage_receipt_says_how_a_card_not_named_is_chosen(tmp_path, demo_games):
    root = _reopened(tmp_path, "kharnage", 4, demo_games)
    for orders in (root / "days" / "04" / "orders").glob("*.yaml"):
        orders.unlink()
    assert run("receipts", root).exit_code == 0
    from gm.pipeline.day import check_day
    from gm.gamedir import GameDir

    gd = GameDir(root)
    game = gd.load()
    state = check_day(gd, game, 4).state
    for path in sorted((root / "days" / "04" / "receipts").glob("*.bbcode")):
        player = next(p for p in state.players if path.stem == p.replace(" ", "_"))
        n = len(state.players[player].hand)
        text = path.read_text(encoding="utf-8")
        assert (f"[*]Battle card: you named none, so drawn at random from your hand, each of its {n} card(s) 1 in {n}"
                in text), text
