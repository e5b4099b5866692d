"""Team Kill through the gm command, as a GM runs it: new, the GM's own card file, check, resolve,
status. Every mistake is one located line, exit code 1, and the game folder unchanged."""

import json
from pathlib import Path

from test_cli import run, snapshot

CARDS = """\
cards:
  - {name: Plush Rabbit, value: 0}
  - {name: Umbrella, value: 3}
  - {name: Sling, value: 9}
  - {name: Musket, value: 21, bang: true}
  - {name: Firecracker, value: 0, effect: bomb}
"""


def _game(tmp_path: Path, monkeypatch, cards: str | None = CARDS) -> Path:
    monkeypatch.chdir(tmp_path)
    game = Path("g")
    assert run("new", game, "--engine", "team-kill", "--title", "Field Trip").exit_code == 0
    text = (game / "game.yaml").read_text()
    text = text.replace("  - Player Four\n  - Player Five\n  - Player Six\n", "")
    text = text.replace("two_persons: auto", "two_persons: off")
    if cards is not None:
        (game / "cards.yaml").write_text(cards)
        text = text.replace("# components: cards.yaml", "components: cards.yaml")
    (game / "game.yaml").write_text(text)
    return game


def test_a_game_with_the_gms_own_cards(tmp_path, monkeypatch):
    game = _game(tmp_path, monkeypatch)
    result = run("resolve", game, "--day", "0", "--seed", "0a")
    assert result.exit_code == 0, result.output
    state = json.loads((game / "days" / "00" / "result" / "state.json").read_text())
    held = [c for p in state["persons"] for c in p["hand"]]
    assert sorted(held + state["undealt"]) == sorted(["Plush Rabbit", "Umbrella", "Sling", "Musket", "Firecracker"])
    assert "Deck: cards.yaml" in (game / "days" / "00" / "result" / "gm-summary.txt").read_text()
    first = next(p["name"] for p in state["persons"] if p["name"] == state["active"])
    card = next(p["hand"][0] for p in state["persons"] if p["name"] == first)
    message = (game / "days" / "00" / "result" / "messages" / f"{first.replace(' ', '_')}.bbcode").read_text()
    assert f"You were dealt [b]{card}[/b]" in message and "The next turn is yours" in message
    narration = (game / "days" / "00" / "result" / "narration.bbcode").read_text()
    assert card not in narration and "Field Trip: the deal (Day 0)" in narration
    orders = game / "days" / "01" / "orders"
    orders.mkdir(parents=True)
    (orders / "all.yaml").write_text(f"{state['players'][0]}: {{reveal: [Musket], sign: kill}}\n")
    result = run("check", game)
    assert result.exit_code == 0, result.output
    assert "they keep their standing orders" in result.output
    result = run("resolve", game, "--seed", "0b")
    assert result.exit_code == 0, result.output
    assert run("audit", game).exit_code == 0
    shown = run("status", game, "--player", state["players"][0])
    assert shown.exit_code == 0 and "standing orders:" in shown.output and "sign: kill" in shown.output


def test_a_bad_card_file_is_one_located_error_and_nothing_is_written(tmp_path, monkeypatch):
    game = _game(tmp_path, monkeypatch, CARDS.replace("value: 9}", "value: nine}"))
    before = snapshot(game)
    result = run("resolve", game, "--day", "0", "--seed", "0a")
    assert result.exit_code == 1
    assert "g/cards.yaml:4:26: error: Sling: value must be a whole number from 0 to 99, not 'nine'" in result.output
    assert "Traceback" not in result.output
    assert snapshot(game) == before


def test_a_deck_too_small_for_the_table(tmp_path, monkeypatch):
    game = _game(tmp_path, monkeypatch, CARDS.replace("  - {name: Umbrella, value: 3}\n", "")
                 .replace("  - {name: Sling, value: 9}\n", "").replace("  - {name: Musket, value: 21, bang: true}\n", ""))
    result = run("check", game, "--day", "0")
    assert result.exit_code == 1
    assert "3 players need 3 cards, and the deck (cards.yaml) has 2" in result.output


def test_a_missing_card_file(tmp_path, monkeypatch):
    game = _game(tmp_path, monkeypatch)
    (game / "cards.yaml").unlink()
    result = run("check", game, "--day", "0")
    assert result.exit_code == 1 and "g/game.yaml:" in result.output and "no card file 'cards.yaml'" in result.output


def test_order_mistakes_are_located_and_block_the_resolve(tmp_path, monkeypatch):
    game = _game(tmp_path, monkeypatch, None)
    assert run("resolve", game, "--day", "0", "--seed", "0a").exit_code == 0
    orders = game / "days" / "01" / "orders"
    orders.mkdir(parents=True)
    (orders / "x.yaml").write_text("Player One: {turn: sideways, reveal: [Bazoka]}\n")
    before = snapshot(game)
    result = run("resolve", game, "--seed", "0b")
    assert result.exit_code == 1
    assert "g/days/01/orders/x.yaml:1:20: error: turn: no one called 'sideways'" in result.output
    assert "g/days/01/orders/x.yaml:1:39: error: no card called 'Bazoka' (did you mean 'Bazooka'?)" in result.output
    assert snapshot(game) == before


def test_day_0_takes_salts_and_its_seed_is_revealed_only_when_the_game_is_over(tmp_path, monkeypatch):
    """The shuffle is the roll worth salting; its seed re-derives every hand, so `gm reveal` keeps it
    (and the roll log) back until the game has ended."""
    game = _game(tmp_path, monkeypatch, None)
    assert run("commit", game, "--day", "0").exit_code == 0  # before any orders come in (gm commit refuses after)
    orders = game / "days" / "00" / "orders"
    orders.mkdir(parents=True)
    (orders / "salts.yaml").write_text('Player One: {salt: "bananas at dawn"}\n')
    checked = run("check", game, "--day", "0")
    assert checked.exit_code == 0, checked.output
    # a salt is all Day 0 takes: Player One is not counted among the silent
    assert "no orders received (2): Player Two, Player Three" in checked.output
    assert "a salt and no orders (1): Player One (the salt goes into the dice)" in checked.output
    assert run("resolve", game, "--day", "0").exit_code == 0
    result = game / "days" / "00" / "result"
    assert not list(result.glob("reveal*")), "a sealed day's reveal waits for the end of the game (issue 22)"
    assert json.loads((result / "day.json").read_text())["salts"] == {"Player One": "bananas at dawn"}
    assert "Day 0 is sealed" in (result / "gm-summary.txt").read_text()
    assert "bananas at dawn" in (result / "messages" / "Player_One.bbcode").read_text()
    for args in ((), ("--rolls",)):
        refused = run("reveal", game, "--day", "0", *args)
        assert refused.exit_code == 1 and "would show everyone's card" in refused.output
        assert "after the game ends" in refused.output
    (orders / "more.yaml").write_text("Player Two: {sign: kill}\n")
    before = snapshot(game)
    wrong = run("check", game, "--day", "0")
    assert wrong.exit_code == 1 and "more.yaml:1:1: error: Day 0 takes no orders but a salt" in wrong.output
    assert snapshot(game) == before


def test_the_demo_reveals_day_0_once_over(tmp_path, demo_games):
    root = demo_games.copy("team-kill", tmp_path / "demo")
    shown = run("reveal", root, "--day", "0")
    assert shown.exit_code == 0 and "Day 0: the dice revealed" in shown.output


def test_player_names_are_escaped_in_every_post(tmp_path, monkeypatch):
    from gm.forum.render import bbcode_problems

    monkeypatch.chdir(tmp_path)
    game = Path("g")
    assert run("new", game, "--engine", "team-kill").exit_code == 0
    text = (game / "game.yaml").read_text()
    text = text.replace("  - Player One\n", "  - \"[b]Zed\"\n").replace("  - Player Two\n", "  - \"{{ x }}\"\n")
    text = text.replace("# first_player: Player One", "first_player: \"[b]Zed\"")
    (game / "game.yaml").write_text(text)
    assert run("resolve", game, "--day", "0", "--seed", "0a").exit_code == 0, run("check", game).output
    orders = game / "days" / "01" / "orders"
    orders.mkdir(parents=True)
    (orders / "o.yaml").write_text('"[b]Zed": {turn: right, sign: team}\n"{{ x }}": {sign: team, show_cards: true}\n')
    result = run("resolve", game, "--seed", "0b")
    assert result.exit_code == 0, result.output
    for day in ("00", "01"):
        folder = game / "days" / day / "result"
        for path in [folder / "narration.bbcode", *sorted((folder / "messages").iterdir())]:
            post = path.read_text()
            assert bbcode_problems(post) == [], path
            assert "[b]Zed" not in post, path  # the name never becomes a live tag
    narration = (game / "days" / "01" / "result" / "narration.bbcode").read_text()
    assert "[\u200bb]Zed" in narration and "{{ x }}" in narration
