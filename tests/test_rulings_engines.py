"""The GM's rulings on the cards of Team Kill, Kharnage and Hashmi through the CLI (issue 13):
`take` and `give` move a card between a hand and the pile the engine's RULINGS.md names, are
told to the player alone, recorded, and audited; a card not where the ruling says is a located
error. tests/test_engine_contract.py holds every engine to kill and replace."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.cli import cli
from gm.gamedir import GameDir
from gm.pipeline.day import check_day
from test_gm_day import unresolve


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture(scope="module", params=["team-kill", "kharnage", "hashmi-battle-royale"])
def demo(request, demo_games):
    return request.param, demo_games.copy(request.param)


def _hand(name: str, state, player: str, rules) -> list[str]:
    """The player's hand as the rulings name the cards."""
    if name == "team-kill":
        return state.hand_of_player(player)
    if name == "kharnage":
        return [rules.components.battle[c].name for c in state.players[player].hand]
    return list(state.players[player].hand)


def _pile(name: str, state, player: str, rules) -> list[str]:
    if name == "team-kill":
        return list(state.discarded)
    if name == "kharnage":
        return [rules.components.battle[c].name for c in state.players[player].set_aside]
    return list(state.discards)


def test_take_and_give_a_card(demo, tmp_path):
    name, played = demo
    root = tmp_path / "game"
    shutil.copytree(played, root)
    gd = GameDir(root)
    last = gd.resolved_days()[-1]
    unresolve(root, last)
    game = gd.load()
    before = check_day(gd, game, last)
    player = next(p for p in before.due if _hand(name, before.state, p, game.rules))
    card = _hand(name, before.state, player, game.rules)[0]
    rulings = root / "days" / f"{last:02d}" / "rulings.yaml"
    rulings.write_text(f"- take: {{player: {player}, item: Not A Card}}\n", encoding="utf-8")
    refused = run("check", root, "--day", last)
    assert refused.exit_code == 1 and "rulings.yaml:1:9: error: " in refused.output, refused.output
    rulings.write_text(f"- take: {{player: {player.lower()}, item: {card.upper()}}}\n", encoding="utf-8")
    checked = run("check", root, "--day", last)
    assert checked.exit_code == 0, checked.output
    after = check_day(gd, game, last)
    assert len(_hand(name, after.state, player, game.rules)) == len(_hand(name, before.state, player, game.rules)) - 1
    assert _pile(name, after.state, player, game.rules).count(card) == _pile(name, before.state, player, game.rules).count(card) + 1
    rulings.write_text(f"- take: {{player: {player}, item: {card}}}\n", encoding="utf-8")
    gm_file = root / "days" / f"{last:02d}" / "orders" / "_gm.yaml"
    gm_file.write_text(f"- give: {{player: {player}, item: {card}}}\n", encoding="utf-8")  # and back, from the GM's section
    assert run("check", root, "--day", last).exit_code == 0
    back = check_day(gd, game, last)
    assert sorted(_hand(name, back.state, player, game.rules)) == sorted(_hand(name, before.state, player, game.rules))
    from gm.fairness.beacon import DEMO_SIGNATURE

    resolved = run("resolve", root, "--day", last, "--beacon", DEMO_SIGNATURE)
    assert resolved.exit_code == 0, resolved.output
    result = root / "days" / f"{last:02d}" / "result"
    mine = next(result.joinpath("messages").glob(f"{player}.*")).read_text(encoding="utf-8")
    assert f"The GM took the {card} from you." in mine and f"The GM gave you the {card}." in mine
    narration = next(result.glob("narration.*")).read_text(encoding="utf-8")
    assert "The GM took" not in narration and "The GM gave" not in narration  # a hand is secret
    record = json.loads((result / "day.json").read_text(encoding="utf-8"))
    assert [r["kind"] for r in record["rulings_yaml"]] == ["take", "give"]
    audited = run("audit", root, "--all")
    assert audited.exit_code == 0, audited.output


def test_a_team_kill_mod_kill_says_the_cards_go_by_the_ruling(tmp_path, monkeypatch):
    """TK-R1: a mod-kill discards the player's cards; the post says it was the GM's ruling, not that
    "no one is left to collect them" (which the rulebook says of a Bomb or a circle of passes)."""
    monkeypatch.chdir(tmp_path)
    assert run("new", "g", "--engine", "team-kill").exit_code == 0
    assert run("commit", "g", "--day", "0").exit_code == 0
    assert run("resolve", "g", "--day", "0").exit_code == 0
    orders = Path("g") / "days" / "01" / "orders"
    orders.mkdir(parents=True)
    (orders / "_gm.yaml").write_text('- kill: Player Three\n  say: "Player Three was removed for inactivity."\n',
                                     encoding="utf-8")
    assert run("commit", "g", "--day", "1").exit_code == 0
    resolved = run("resolve", "g", "--day", "1")
    assert resolved.exit_code == 0, resolved.output
    post = (Path("g") / "days" / "01" / "result" / "narration.bbcode").read_text(encoding="utf-8")
    assert "Their 1 card is discarded, by the GM's ruling." in post
    assert "no one is left to collect" not in post
    assert "Player Three was removed for inactivity." in post


def test_a_hashmi_give_never_leaves_a_hand_over_the_limit_outside_its_turn(tmp_path, demo_games):
    """Rule 118 ("caught with more than 7 cards in hand at any stage outside their turn ... keep
    only 5"): only a GM's `give` can do that on a forum, so the give that would is refused, located,
    with the way out; the same give to the player whose turn it is stands (the end-of-turn limit
    trims it, rule 117)."""
    played = demo_games.copy("hashmi-battle-royale", tmp_path / "played")
    gd = GameDir(played)
    last = gd.resolved_days()[-1]
    unresolve(played, last)
    game = gd.load()
    state = check_day(gd, game, last).state
    limit = game.rules.hand_limit
    others = [p for p in state.seats if p != state.active and not state.players[p].out]
    player = others[0]
    short = limit - len(state.players[player].hand) + 1  # cards to give to go one over the limit
    cards = list(state.discards)
    assert len(cards) >= short, "the demo's discards are too few for this test"
    rulings = played / "days" / f"{last:02d}" / "rulings.yaml"
    gives = "".join(f"- give: {{player: {player}, item: {c}}}\n" for c in cards[:short])
    rulings.write_text(gives, encoding="utf-8")
    refused = run("check", played, "--day", last)
    assert refused.exit_code == 1, refused.output
    assert f"rulings.yaml:{short}:" in refused.output and "rule 118" in refused.output, refused.output
    assert f"{limit + 1} cards" in refused.output and "take: " in refused.output, refused.output
    active = state.active
    short = limit - len(state.players[active].hand) + 1
    rulings.write_text("".join(f"- give: {{player: {active}, item: {c}}}\n" for c in cards[:short]), encoding="utf-8")
    assert run("check", played, "--day", last).exit_code == 0
