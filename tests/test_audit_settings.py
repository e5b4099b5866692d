"""`gm audit` replays each day under the settings it was resolved under (look-next of stop 32).

Before: the audit replayed every day with game.yaml as it is now, so a `forum:` changed after
Day 3 (or a house rule changed mid-game) made every earlier day look CHANGED. Now each day's
record keeps the game.yaml (and the files its settings name) it was resolved under; the audit
replays under those, and says when today's differ without calling the day changed.
"""

from __future__ import annotations

import json

from test_fairness import run


def _audit(root, *args):
    return run("audit", root, *args)


def _edit(root, old: str, new: str) -> None:
    path = root / "game.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_forum_changed_after_the_days_is_named_not_blamed(game_copy):
    _edit(game_copy, "format: bbcode\n", "format: bbcode\nforum: phpbb\n")
    got = _audit(game_copy, "--all")
    assert got.exit_code == 0, got.output
    assert "CHANGED" not in got.output
    assert "today's game.yaml differs from the one the day was resolved under (forum)" in got.output
    one = _audit(game_copy, "--day", "2")
    assert one.exit_code == 0, one.output
    assert "note: today's game.yaml differs" in one.output


def test_a_house_rule_changed_mid_game_replays_each_day_under_its_own(game_copy):
    _edit(game_copy, "max_health: 10", "max_health: 12")
    got = _audit(game_copy, "--all")
    assert got.exit_code == 0, got.output
    assert "(house_rules): replayed under the recorded one" in got.output


def test_the_record_keeps_the_settings_and_an_edited_one_is_named(game_copy):
    path = game_copy / "days" / "02" / "result" / "day.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["game_yaml"] == (game_copy / "game.yaml").read_text(encoding="utf-8")
    record["game_yaml"] = record["game_yaml"].replace("max_health: 10", "max_health: 99")
    path.write_text(json.dumps(record, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    got = _audit(game_copy, "--all")
    assert got.exit_code == 1
    assert "days/02/result/day.json: changed after Day 2 was resolved" in got.output, got.output


def test_a_components_file_changed_since_is_replayed_as_it_was_from_any_folder(tmp_path, monkeypatch):
    """A Kharnage game with its own cards: the record keeps the file's text, and the GM summary names
    it as game.yaml does (it named it from where gm was run, so an audit from elsewhere failed)."""
    import shutil
    from pathlib import Path

    game = tmp_path / "game"
    assert run("new", game, "--engine", "kharnage").exit_code == 0
    shutil.copy(Path(__file__).resolve().parents[1] / "games" / "kharnage" / "components.yaml", game / "cards.yaml")
    _edit(game, "format: bbcode\n", "format: bbcode\ncomponents: cards.yaml\n")
    monkeypatch.chdir(tmp_path)
    assert (r := run("resolve", "game", "--day", "0", "--seed", "01")).exit_code == 0, r.output
    assert "Components: cards.yaml" in (game / "days" / "00" / "result" / "gm-summary.txt").read_text(encoding="utf-8")
    (game / "cards.yaml").write_text((game / "cards.yaml").read_text(encoding="utf-8") + "# changed\n", encoding="utf-8")
    monkeypatch.chdir(game)
    got = _audit(".", "--all")
    assert got.exit_code == 0, got.output
    assert "differs from the one the day was resolved under (cards.yaml)" in got.output
