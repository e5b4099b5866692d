"""Hostile Takeover posts: well-formed BBCode, the map everywhere, and a player's orders kept to their message."""

import json
from pathlib import Path

from gm.forum.render import bbcode_problems
from test_cli import run


def _days(root: Path):
    return sorted(d / "result" for d in (root / "days").iterdir() if (d / "result").is_dir())


def test_every_demo_post_has_balanced_tags(ht_demo_dir):
    posts = sorted(ht_demo_dir.glob("days/*/result/**/*.bbcode"))
    assert len(posts) > 50
    for path in posts:
        assert bbcode_problems(path.read_text(encoding="utf-8")) == [], path


def test_skipped_orders_reach_only_their_players_message(ht_demo_dir):
    seen_skips = 0
    for result in _days(ht_demo_dir):
        events = [json.loads(line) for line in (result / "events.jsonl").read_text(encoding="utf-8").splitlines()]
        narration = (result / "narration.bbcode").read_text(encoding="utf-8")
        assert "skipped" not in narration and "No orders were received" not in narration
        for path in (result / "messages").iterdir():
            me = path.stem
            text = path.read_text(encoding="utf-8")
            mine = [e for e in events if e["kind"] == "skipped" and e["visibility"] == [me]]
            seen_skips += len(mine)
            assert text.count("was skipped:") == len(mine), (path, mine)
            for e in mine:  # said to the player themself: "your pawn", not "Bruno's pawn" (issue 25)
                why = e["data"]["why"]["text"].replace(f"{me}'s pawn", "your pawn").replace(f"already {me}'s", "already yours")
                assert why in text and f"{me}'s pawn" not in text
            no_orders = any(e["kind"] == "no_orders" and e["visibility"] == [me] for e in events)
            assert ("No orders were received from you." in text) == no_orders
    assert seen_skips > 0


def test_every_message_repeats_the_players_own_sheet(ht_demo_dir):
    for result in _days(ht_demo_dir)[2:]:
        state = json.loads((result / "state.json").read_text(encoding="utf-8"))
        for p in state["players"]:
            text = (result / "messages" / f"{p['name']}.bbcode").read_text(encoding="utf-8")
            assert "Your buildings:" in text and "[code]" in text
            if p["out_round"] is None:
                assert f"Lives: {p['lives']} of " in text and f"Your pawn: {p['at']}" in text
            else:
                assert "Out of the game since Round" in text


def test_player_names_that_look_like_markup_are_escaped(tmp_path):
    assert run("new", tmp_path / "g", "--engine", "hostile-takeover").exit_code == 0
    yaml = tmp_path / "g" / "game.yaml"
    yaml.write_text(yaml.read_text().replace("Player One", "'[b]Akane'").replace("Player Two", "'{{ Bruno }}'")
                    .replace("Player Three", "'[/code]Chiaki'"))
    result = run("resolve", tmp_path / "g", "--seed", "02")
    assert result.exit_code == 0, result.output
    orders = tmp_path / "g" / "days" / "01" / "orders"
    orders.mkdir(parents=True)
    (orders / "o.yaml").write_text("'[b]Akane': {move: S}\n'{{ Bruno }}': [attack: Red, move: S]\n")
    assert run("resolve", tmp_path / "g", "--seed", "03").exit_code == 0
    for path in sorted((tmp_path / "g" / "days").glob("*/result/**/*.bbcode")):
        text = path.read_text(encoding="utf-8")
        assert bbcode_problems(text) == [], path
        if path.name.startswith("narration"):
            assert "{{ Bruno }}" in text and "[\u200bb]Akane" in text and "[\u200b/code]Chiaki" in text
        assert text.count("[code]") == text.count("[/code]")
