"""The narration mechanism (gm/narration.py): phrase pools and their conditions, the narration
stream apart from the dice, the GM's own story, pronouns, articles."""

from __future__ import annotations

import itertools
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.cli import cli
from gm.commands.game import demo_seed
from gm.fairness.commitment import commit_day
from gm.forum.templating import environment
from gm.gamedir import GameDir
from gm.narration import Narrator, Phrasing, article, sentences
from gm.pipeline.day import resolve_day
from gm.pipeline.record import day_files

def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def _fresh_day1(demo_dir: Path, tmp_path: Path) -> tuple[GameDir, Path]:
    """The demo played as `gm demo` plays it, up to Day 1 committed, locked and not yet resolved."""
    from gm.engines import get_engine
    from gm.pipeline.day import check_day
    from gm.fairness.lock import lock_day

    source = get_engine("battle-royale").example_dir()
    root = tmp_path / "game"
    shutil.copytree(source, root, ignore=lambda d, names: ["orders"] if Path(d).parent.name == "days" else [])
    gd = GameDir(root)
    game = gd.load()
    for day in (0, 1):
        commit_day(gd, game, day, demo_seed(day))
        shutil.copytree(source / "days" / f"{day:02d}" / "orders", gd.orders_dir(day))
        lock_day(gd, game, day, lambda: check_day(gd, game, day))
        if day == 0:
            _resolve(gd, 0)
    return gd, root


def _resolve(gd: GameDir, day: int, story: str | None = None) -> dict[str, str]:
    import hashlib

    from gm.fairness.commitment import derived_veil, log_event

    game = gd.load()
    seed = demo_seed(day)
    files = day_files(game, resolve_day(gd, game, day, seed, derived_veil(seed), None, story=story))
    gd.write_result(day, files)
    log_event(gd, {"event": "resolve", "day": day, "record_sha256": hashlib.sha256(files["day.json"].encode()).hexdigest()})
    return files


def test_changing_or_adding_a_phrase_changes_no_roll_no_state_no_private_outcome(demo_dir, tmp_path):
    gd, root = _fresh_day1(demo_dir, tmp_path)
    shipped = (demo_dir / "days" / "01" / "result")
    (root / "templates").mkdir()
    (root / "templates" / "phrases.yaml").write_text(
        "sounds:\n"
        "  - \"Rifles barked {{ zone|at }}.\"\n"
        "  - {text: \"Smoke and more smoke {{ zone|at }}.\", when: {smoke: true}}\n"
        "no_deaths:\n  - Not a single student fell.\n", encoding="utf-8")
    files = _resolve(gd, 1)
    for name in ("rolls.jsonl", "events.jsonl", "state.json", "gm-summary.txt"):
        assert files[name] == (shipped / name).read_text(encoding="utf-8"), name
    for p in sorted((shipped / "messages").iterdir()):
        assert files[f"messages/{p.name}"] == p.read_text(encoding="utf-8"), p.name
    narration = files["narration.bbcode"]
    assert narration != (shipped / "narration.bbcode").read_text(encoding="utf-8")
    assert "Rifles barked on the Beach." in narration and "Smoke and more smoke in the Crevasse." in narration
    assert "Not a single student fell." in narration
    # the day's record accounts for every output and the audit replays it
    assert run("audit", root, "--day", 1).exit_code == 0


def test_the_stream_is_the_days_key_under_its_own_label_and_never_the_dice():
    env = environment("battle-royale", "bbcode")
    pools = {"p": tuple(Phrasing(f"Phrasing {i}.") for i in range(50))}
    a = Narrator(pools, env, b"k" * 32, "battle-royale|1|narration")
    b = Narrator(pools, env, b"k" * 32, "battle-royale|1|narration")
    c = Narrator(pools, env, b"j" * 32, "battle-royale|1|narration")
    picks = [str(a.phrase("p")) for _ in range(5)]
    assert picks == [str(b.phrase("p")) for _ in range(5)]  # same key, same words
    assert picks != [str(c.phrase("p")) for _ in range(5)]  # another day's key, other words
    assert len(set(picks)) == 5  # a post does not repeat itself


def test_a_sentence_told_on_an_earlier_day_is_passed_over_while_another_fits():
    env = environment("battle-royale", "bbcode")
    pools = {"p": (Phrasing("Day one."), Phrasing("Day two."), Phrasing("Day three."))}
    for key in (b"a" * 32, b"b" * 32, b"c" * 32):
        n = Narrator(pools, env, key, "x", told=frozenset({"Day one.", "Day three."}))
        assert str(n.phrase("p")) == "Day two."
    # a one-word sentence ("KHARNAGE!") is not a sentence told
    n = Narrator({"q": (Phrasing("Boom! It went off."),)}, env, b"a" * 32, "x", told=frozenset({"Boom!"}))
    assert "It went off." in str(n.phrase("q")) and not n.told & n.said
    # when every phrasing was told, one is still said rather than nothing
    n = Narrator(pools, env, b"a" * 32, "x", told=frozenset({"Day one.", "Day two.", "Day three."}))
    assert str(n.phrase("p")) in ("Day one.", "Day two.", "Day three.")


def test_a_frame_told_with_other_names_is_passed_over_while_another_fits():
    """Issue 24: "Trouble in the Crevasse" on Day 2 and "Trouble in the Forest" on Day 7 are the
    same sentence to a reader: its frame (names taken out) counts as told."""
    from gm.narration import Framer

    env = environment("battle-royale", "bbcode")
    framer = Framer(["Akane", "Bruno", "Forest", "The Septagon", "O'Hara"])
    assert framer("Akane's turn passed.") == framer("Bruno's turn passed.") == framer("O'Hara's turn passed.")
    assert framer("Trouble in the Forest") == framer("Trouble in The Septagon") != framer("Trouble in the Town")
    assert framer("Akane fell, 3 shots.") == framer("Akane fell, 12 shots.")
    # a board's squares are names too: Hostile Takeover's demo headlined "Chipping Away at F3" on
    # three days, "Another Dent in C3" then "in F3", while its pool had unused phrasings
    assert framer("Another Dent in C3") == framer("Another Dent in F3") != framer("Another Dent at dawn")
    assert framer("Bruno Claims E4") == framer("Akane Claims C3")
    pools = {"p": (Phrasing("Trouble in the {{ zone }}."), Phrasing("Smoke over the {{ zone }}."))}
    told = frozenset({"Trouble in the Forest.", framer("Trouble in the Forest.")})
    for key in (b"a" * 32, b"b" * 32, b"c" * 32):
        n = Narrator(pools, env, key, "x", told=told, framer=framer)
        assert str(n.phrase("p", zone="Septagon")) == "Smoke over the Septagon."
    # once every frame was told, a sentence not told word for word still comes before a repeat
    told = frozenset({"Trouble in the Forest.", framer("Trouble in the Forest."), "Smoke over the Forest.",
                      framer("Smoke over the Forest.")})
    for key in (b"a" * 32, b"b" * 32, b"c" * 32):
        n = Narrator(pools, env, key, "x", told=told, framer=framer)
        assert str(n.phrase("p", zone="Forest")) in ("Trouble in the Forest.", "Smoke over the Forest.")
        n = Narrator(pools, env, key, "x", told=told | {"Trouble in the Septagon."}, framer=framer)
        assert str(n.phrase("p", zone="Septagon")) == "Smoke over the Septagon."


def test_the_most_specific_fitting_phrasings_come_first_and_conditions_hold():
    env = environment("battle-royale", "bbcode")
    pools = {"p": (Phrasing("Plain."), Phrasing("Smoky.", when=(("smoke", True),)),
                   Phrasing("Smoky gunfire.", when=(("gunfire", True), ("smoke", True))),
                   Phrasing("Not on day one.", unless=(("day", 1),)),
                   Phrasing("Melee heard.", when=(("classes", "melee"),)))}
    pick = lambda **names: str(Narrator(pools, env, b"z" * 32, "x").phrase("p", **names))  # noqa: E731
    assert pick(smoke=True, gunfire=True) == "Smoky gunfire."
    assert pick(smoke=True, gunfire=False) == "Smoky."
    assert pick(classes=["ranged", "melee"], day=1) == "Melee heard."
    assert pick(day=1, smoke=False) == "Plain."


def test_an_unknown_pool_is_a_located_template_error(game_copy):
    (game_copy / "templates").mkdir()
    (game_copy / "templates" / "narration.j2").write_text(
        '{% extends "shipped/narration.j2" %}\n{% block opening %}\n{{ phrase("nosuch") }}\n{% endblock %}\n')
    result = run("resolve", game_copy, "--seed", "00" * 32)
    assert result.exit_code == 1
    assert "templates/narration.j2:3: error: no phrase pool called 'nosuch'" in result.output


@pytest.mark.parametrize("text, expected", [
    ("sounds: [{text: 'x', wen: {a: 1}}]\n", "phrases.yaml:1:10: error: unknown field 'wen' in a phrasing"),
    ("Sounds: ['x']\n", "phrases.yaml:1:1: error: a pool's name is lower-case"),
    ("sounds: []\n", "error: pool 'sounds' needs a list of phrasings"),
    ("sounds: ['{{ zone|at ']\n", "error: pool 'sounds': unexpected end of template"),
])
def test_a_broken_phrases_file_is_one_located_error_at_check(game_copy, text, expected):
    (game_copy / "templates").mkdir()
    (game_copy / "templates" / "phrases.yaml").write_text(text)
    result = run("check", game_copy, "--day", 4)
    assert result.exit_code == 1, result.output
    assert expected in result.output


def test_the_gms_story_goes_into_the_post_and_the_record(demo_dir, tmp_path):
    gd, root = _fresh_day1(demo_dir, tmp_path)
    story = "The rain had not stopped since dawn. [i]Someone[/i] was humming in the Forest.\n"
    (root / "days" / "01" / "story.md").write_text(story, encoding="utf-8")
    files = _resolve(gd, 1)
    narration = files["narration.bbcode"]
    assert story.strip() in narration  # the GM's own markup, as written
    assert narration.index("Smoke over the Septagon") < narration.index("The rain") < narration.index("[b]Fallen today")
    record = json.loads(files["day.json"])
    import hashlib

    assert record["story_sha256"] == hashlib.sha256(story.encode()).hexdigest()
    assert run("audit", root, "--day", 1).exit_code == 0
    (root / "days" / "01" / "story.md").write_text(story + "An afterthought.\n", encoding="utf-8")
    result = run("audit", root, "--day", 1)
    assert result.exit_code == 1 and "days/01/story.md: changed after Day 1 was resolved" in result.output


def test_intro_is_saved_as_the_story_and_never_overwrites_one(demo_dir, tmp_path):
    gd, root = _fresh_day1(demo_dir, tmp_path)
    (root / "days" / "01" / "story.md").write_text("Mine.\n")
    result = run("resolve", root, "--day", 1, "--intro", "Another.")
    assert result.exit_code == 1 and "already holds the day's story" in result.output
    assert not gd.is_resolved(1) and (root / "days" / "01" / "story.md").read_text() == "Mine.\n"
    (root / "days" / "01" / "story.md").unlink()
    result = run("resolve", root, "--day", 1, "--intro", "Fog rolled in from the sea.")
    assert result.exit_code == 0, result.output
    assert (root / "days" / "01" / "story.md").read_text() == "Fog rolled in from the sea."
    assert "Fog rolled in from the sea." in (root / "days" / "01" / "result" / "narration.bbcode").read_text()
    assert run("audit", root, "--day", 1).exit_code == 0


def test_pronouns_come_from_the_roster(tmp_path, demo_games):
    root = demo_games.copy("battle-royale", tmp_path / "game")
    text = (root / "game.yaml").read_text()
    (root / "game.yaml").write_text(text.replace("pronouns: she, ", "pronouns: zie, ", 1))
    result = run("check", root, "--day", 1)
    assert result.exit_code == 1 and "game.yaml:" in result.output and "pronouns must be she, he or they" in result.output


def test_a_phrase_speaks_of_a_player_by_their_pronouns():
    env = environment("battle-royale", "bbcode")
    pools = {"p": (Phrasing("{{ p.They }} {{ p.were }} there; {{ p.their }} bag was not."),)}
    n = Narrator(pools, env, b"k" * 32, "x", pronoun_table={"Akane": "she", "Bruno": "he"})
    assert str(n.phrase("p", player="Akane")) == "She was there; her bag was not."
    assert str(n.phrase("p", player="Bruno")) == "He was there; his bag was not."
    assert str(n.phrase("p", player="Chiaki")) == "They were there; their bag was not."


@pytest.mark.parametrize("word, art", [("Uzi", "an"), ("Axe", "an"), ("Knife", "a"), ("Uniform", "a"),
                                       ("hour", "an"), ("Eulogy", "a"), ("One-Eye", "a"), ("8-ball", "an"),
                                       ("Emerald", "an"), ("C-4", "a")])
def test_articles_go_by_sound(word, art):
    assert article(word) == art


def test_sentences_split_as_a_reader_reads():
    assert sentences("[b]Day 1[/b]\nOne here. Two there! [i]Three[/i]?\n[*]Akane - died") == \
        ["Day 1", "One here.", "Two there!", "Three?", "Akane - died"]


def test_no_post_of_a_long_demo_repeats_itself_with_the_shipped_pools(demo_dir):
    """The shipped pools are large enough: across the whole demo no story sentence comes twice."""
    told = [set(sentences((demo_dir / "days" / f"{d:02d}" / "result" / "narration.bbcode").read_text()))
            for d in range(1, 8)]
    for a, b in itertools.combinations(told, 2):
        shared = {s for s in a & b if not s.startswith(("Fallen today", "The vote", "Escaped the island"))
                  and not s.endswith("remain.")}
        assert not shared, shared


@pytest.mark.parametrize("engine", sorted(__import__("gm.engines", fromlist=["REGISTRY"]).REGISTRY))
def test_every_engine_puts_the_gms_story_in_its_post(engine, tmp_path):
    from gm.engines import get_engine

    root = tmp_path / "game"
    shutil.copytree(get_engine(engine).example_dir(), root)
    story = "A word from your GM: [i]the storm is coming[/i]."
    gd = GameDir(root)
    game = gd.load()
    commit_day(gd, game, 0, demo_seed(0), late=True)
    files = day_files(game, resolve_day(gd, game, 0, demo_seed(0), story=story))
    narration = next(text for name, text in files.items() if name.startswith("narration.") and ".part" not in name)
    assert story in narration
    assert json.loads(files["day.json"])["story_sha256"]


def test_status_of_a_player_lists_what_they_learned(demo_dir):
    """Analyses, Tracking and Binoculars reports, who attacked or poisoned them (from their own
    events of every day), and nothing they did not see."""
    out = {p: run("status", demo_dir, "--player", p).output for p in ("Juno", "Farah", "Akane", "Emil")}
    assert "analysis, Day 1: Akane is a Dedicated Student of Kamino High (nothing concealed)" in out["Juno"]
    assert "Day 1: the Tracking Unit put Juno on the Beach" in out["Farah"]
    assert "Day 1: Goro attacked you (7 times)" in out["Farah"]
    assert "Day 1: Dana poisoned you" in out["Akane"]
    # each zone's latest sighting only (RULINGS.md, "What you have learned"): Day 2's Beach, not Day 1's
    assert "Day 2: through the Binoculars, the Beach: Chiaki, Dana and Juno" in out["Emil"]
    assert "the Beach: Akane, Chiaki, Dana and Juno" not in out["Emil"]
    assert "analysis" not in out["Akane"] and "Binoculars" not in out["Farah"]


def test_a_grieving_lover_is_not_urged_to_avenge_a_dead_killer():
    """tests/scenarios/lovers-killer-dies-same-step.yaml, as Chiaki reads it; and the plain case
    (lovers-partner-lost.yaml), where the killer lives, still urges vengeance."""
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from harness_battle_royale import BattleRoyaleHarness
    from scenario_harness import load_fixture

    from gm.pipeline.day import ResolvedDay
    from gm.engines import get_engine
    from gm.gamedir import Game
    from gm.forum.render import render_day

    def chiaki(fixture: str) -> str:
        got = BattleRoyaleHarness().run(load_fixture(Path(__file__).parent / "scenarios" / fixture))
        game = Game(Path("/nonexistent-fixture-game"), get_engine("battle-royale"), "Fixture", "bbcode", got.rules, [], None)
        files = render_day(game, ResolvedDay(got.checked.day, b"fixture", got.checked, got.state, got.events, got.dice.log))
        return files["messages/Chiaki.bbcode"]

    dead = chiaki("lovers-killer-dies-same-step.yaml")
    assert "Ren, who did it, is dead too: there is no one left to avenge." in dead
    assert "fury" not in dead and "vengeful" not in dead
    alive = chiaki("lovers-partner-lost.yaml")
    assert "against Akane, who did it, you strike with fury" in alive and "Grieving your partner, vengeful towards Akane" in alive
