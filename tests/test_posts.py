"""Every rendered post is well-formed BBCode and keeps secrets where they belong."""

import json
import re
from pathlib import Path

import pytest

from gm.forum.render import bbcode_problems, escape_bbcode, escape_markdown


def _posts(root: Path):
    for path in sorted(root.glob("days/*/result/**/*.bbcode")):
        yield path


def test_every_demo_post_has_balanced_tags(demo_dir):
    posts = list(_posts(demo_dir))
    assert len(posts) > 80
    for path in posts:
        assert bbcode_problems(path.read_text(encoding="utf-8")) == [], path


def test_tag_checker_finds_unbalanced_and_misnested_tags():
    assert bbcode_problems("[b]x[/b] [list][*]a[/list]") == []
    assert bbcode_problems("[b]x") == ["[b] is never closed"]
    assert bbcode_problems("[b][i]x[/b][/i]")  # misnested
    assert bbcode_problems("x[/color]")


def test_names_that_look_like_markup_are_escaped():
    assert bbcode_problems(escape_bbcode("[b]x")) == []
    assert escape_bbcode("[b]x").replace("\u200b", "") == "[b]x"
    assert escape_markdown("**x**") == r"\*\*x\*\*"
    assert escape_markdown("# Head") == r"\# Head" and escape_markdown("1. x") == r"1\. x"


def _state(root: Path, day: int) -> dict:
    return json.loads((root / "days" / f"{day:02d}" / "result" / "state.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("day", [0, 1, 2, 3, 4, 5, 6, 7])
def test_public_post_reveals_no_role_health_or_inventory(demo_dir, day):
    narration = (demo_dir / "days" / f"{day:02d}" / "result" / "narration.bbcode").read_text(encoding="utf-8")
    state = _state(demo_dir, day)
    for role in ("Dedicated Student", "Lone Wolf", "Lover"):
        assert role not in narration
    assert not re.search(r"\d+ ?/ ?\d+", narration), "a health figure reached the public post"
    for p in state["players"]:
        for item in p["items"]:
            assert item["name"] not in narration, f"{p['name']}'s {item['name']} reached the public post"
        if p["alive"] and day > 0:
            # schools of the living stay secret (they are revealed on death)
            assert f"{p['name']} ({p['school']})" not in narration


@pytest.mark.parametrize("day", [1, 2, 3, 4, 5, 6, 7])
def test_private_message_shows_only_the_readers_own_events(demo_dir, day):
    result = demo_dir / "days" / f"{day:02d}" / "result"
    events = [json.loads(line) for line in (result / "events.jsonl").read_text(encoding="utf-8").splitlines()]
    state = _state(demo_dir, day)
    health = {p["name"]: p["health"] for p in state["players"]}
    roles = {p["name"]: p["role"] for p in state["players"]}
    for path in sorted((result / "messages").iterdir()):
        me = path.stem
        text = path.read_text(encoding="utf-8")
        for other, role in roles.items():
            if other != me and role != roles[me]:
                assert role not in text, f"{me}'s message names {other}'s role"
        for other, hp in health.items():
            if other != me:
                assert f"{other} has {hp}" not in text
        # a search or an analysis reaches the searcher's message, in these words, and no one else's
        for e in events:
            d = e["data"]
            if e["kind"] == "search" and d.get("found"):
                line = f"rolled {d['roll']}: [b]found a {d['found']}[/b]"
            elif e["kind"] == "analysis" and d.get("found"):
                line = f"You analyzed {d['target']}: [b]{d['role']}[/b]"
            else:
                continue
            if me == d["player"]:
                assert line in text, f"{me}'s message does not say {line!r}"
            elif me not in e["visibility"]:
                assert line not in text, f"{me}'s message shows {d['player']}'s {e['kind']}"


def test_gm_summary_publishes_the_seed_and_every_roll(demo_dir):
    result = demo_dir / "days" / "02" / "result"
    summary = (result / "gm-summary.txt").read_text(encoding="utf-8")
    record = json.loads((result / "day.json").read_text(encoding="utf-8"))
    rolls = (result / "rolls.jsonl").read_text(encoding="utf-8").splitlines()
    assert f"Seed: {record['seed']}" in summary
    assert len(rolls) == record["rolls"] > 0
    for line in rolls:
        assert f"#{json.loads(line)['index']} " in summary


def test_markdown_games_get_markdown_posts(tmp_path):
    import shutil

    from gm.commands.game import demo_seed
    from gm.pipeline.day import resolve_day
    from gm.pipeline.record import day_files
    from gm.engines.battle_royale.rules import DATA
    from gm.gamedir import GameDir

    root = tmp_path / "md"
    shutil.copytree(DATA / "examples" / "demo", root)
    yaml = root / "game.yaml"
    yaml.write_text(yaml.read_text().replace("format: bbcode", "format: markdown"))
    gd = GameDir(root)
    game = gd.load()
    for day in (0, 1):
        gd.write_result(day, day_files(game, resolve_day(gd, game, day, demo_seed(day))))
    narration = (root / "days" / "01" / "result" / "narration.md").read_text()
    assert narration.startswith("## Day 1: Smoke over the Septagon")
    assert "**The vote**" in narration and "[b]" not in narration and "[list]" not in narration
    message = (root / "days" / "01" / "result" / "messages" / "Akane.md").read_text()
    assert "- Rifle at Juno, 2 attacks at" in message and "[*]" not in message


@pytest.mark.parametrize("sandboxed", [False, True])
def test_binoculars_in_a_crowd_name_some_and_count_the_rest(tmp_path, sandboxed):
    """RULINGS.md (Binoculars): a zone over `nearby_listed` lists its first students and counts the rest;
    a zone within it reads as it always did. Same words in the sandbox a GM's own templates use."""
    from gm.forum.templating import environment

    env = environment("battle-royale", "bbcode", [tmp_path] if sandboxed else None)
    line = env.from_string('{% from "_lines.j2" import line %}{{ line(e, "Akane") }}')
    crowd = {"kind": "binoculars", "step": "night", "player": "Akane", "zone": "Forest",
             "seen": {"Crevasse": ["Fumi", "[b]Goro"], "Beach": [], "The Septagon": ["Iori"]},
             "unlisted": {"Crevasse": 265, "Beach": 3}}
    assert line.render(e=crowd) == ("Through your Binoculars: the Crevasse: Fumi, [\u200bb]Goro and 265 other students; "
                                    "the Beach: 3 students; the Septagon: Iori.")
    few = dict(crowd, seen={"Crevasse": ["Fumi"], "Beach": [], "The Septagon": []})
    del few["unlisted"]
    assert line.render(e=few) == "Through your Binoculars: the Crevasse: Fumi; the Beach: no one; the Septagon: no one."


def test_a_land_mine_victims_message_agrees_with_itself():
    """Issue 24: "You stayed on the Cliffs." then "A Land Mine went off under you between the Cliffs
    and the Beach": a student stopped by a mine set out, and the message says so."""
    from gm.forum.templating import environment

    env = environment("battle-royale", "bbcode")
    line = env.from_string('{% from "_lines.j2" import line %}{{ line(e, "Akane") }}')
    move = {"kind": "move", "step": "movement", "player": "Akane", "route": ["Beach"], "start": "Cliffs", "end": "Cliffs",
            "taken": [], "run": False, "follow": None, "stopped": True}
    text = line.render(e=move)
    assert "stayed" not in text and "set out from the Cliffs toward the Beach" in text and "mine stopped you" in text, text


def test_melee_is_told_as_melee_not_as_steel_and_blades():
    """Issue 24: Brass Knuckles and Paper Fans were told as "the clash of steel" and "blades"."""
    from gm.narration import load_pools

    for phrasings in load_pools("battle-royale").values():
        for p in phrasings:
            for word in ("steel", "blade"):
                assert word not in p.text.lower(), p.text


def test_every_message_says_the_players_own_public_status(demo_dir):
    """Issue 24: a marked player's message never said so; a Lover was not told their partner
    escaped; `survived` at the end gave no reason. The demo's messages say all three."""
    root = demo_dir
    days = sorted(int(d.name) for d in (root / "days").iterdir())
    checked_marked = checked_partner = 0
    for day in days[1:]:
        result = root / "days" / f"{day:02d}" / "result"
        state = json.loads((result / "state.json").read_text(encoding="utf-8"))
        players = {p["name"]: p for p in state["players"]}
        for path in (result / "messages").glob("*.bbcode"):
            if ".part" in path.name:
                continue
            name, text = path.stem, path.read_text(encoding="utf-8")
            p = players[name]
            if p["alive"] and p.get("escaped_on_day") is None and name in state["marked"]:
                assert "marked for elimination: whoever eliminates you wins a reward" in text, f"Day {day} {name}"
                checked_marked += 1
            if p["alive"] and p.get("escaped_on_day") is None and p.get("partner"):
                assert f"Your partner {p['partner']}: " in text, f"Day {day} {name}"
                checked_partner += 1
            if state.get("over") and name in state["outcome"]:
                assert "the Program is over: you " in text, f"Day {day} {name}:\n{text[:400]}"
                if state["outcome"][name] != "winner":
                    assert "did not win, because " in text or "did not win (" in text
    assert checked_marked and checked_partner
