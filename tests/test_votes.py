"""gm votes: counting bold coloured votes from a saved thread (fixtures in tests/threads/)."""

import hashlib
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from ruamel.yaml import YAML

from gm.cli import cli
from gm.commands import forum as commands
from gm.commands.game import demo_seed

THREADS = sorted((Path(__file__).resolve().parent / "threads").glob("*.yaml"))


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def load(path: Path):
    return YAML(typ="safe").load(path.read_text(encoding="utf-8"))


def snapshot(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("fixture", THREADS, ids=[p.stem for p in THREADS])
def test_thread_fixture(fixture, votes_game, monkeypatch):
    spec = load(fixture)
    assert set(spec) <= {"name", "handles", "deadline", "thread", "votes", "warnings", "not_counted_post", "format"}, fixture
    if spec.get("format"):
        game_yaml = votes_game / "game.yaml"
        game_yaml.write_text(game_yaml.read_text().replace("format: bbcode", f"format: {spec['format']}"))
    if spec.get("handles"):
        game_yaml = votes_game / "game.yaml"
        handles = "".join(f"    {json.dumps(h)}: {p}\n" for h, p in spec["handles"].items())
        game_yaml.write_text(game_yaml.read_text() + f"forum:\n  profile: phpbb\n  handles:\n{handles}")
    monkeypatch.chdir(votes_game)
    Path("thread.txt").write_text(spec["thread"], encoding="utf-8")
    out = commands.votes(Path("."), None, Path("thread.txt"), spec.get("deadline"), dry_run=False)
    assert out.day == 4
    warnings = [str(p) for p in out.problems]
    for expected in spec.get("warnings") or []:
        assert any(expected in w for w in warnings), f"{fixture.name}: no warning like {expected!r} in:\n" + "\n".join(warnings)
    if not spec.get("warnings"):
        assert warnings == [], warnings
    written = load(votes_game / "days" / "04" / "votes.yaml") or {}
    assert written == (spec["votes"] or {}), f"{fixture.name}: votes.yaml is {written}"
    post = "".join(out.posts)
    for text in spec.get("not_counted_post") or []:
        assert text not in post, f"{fixture.name}: {text!r} is in the vote-count post:\n{post}"
    # the votes written are valid orders for the day
    assert run("check", ".").exit_code == 0


def test_the_vote_count_post(votes_game):
    thread = votes_game / "thread.txt"
    thread.write_text("--- thread key: k3y9 ---\n--- k3y9 post by Akane ---\n[color=red][b]Chiaki[/b][/color]\n--- k3y9 post by Dana ---\n"
                      "[color=red][b]Chiaki[/b][/color] [color=lime][b]Beach[/b][/color]\n--- k3y9 post by Chiaki ---\n"
                      "[color=red][b]Akane[/b][/color]\n")
    result = run("votes", votes_game, "--thread", thread)
    assert result.exit_code == 0, result.output
    assert "[b]Vote count, Day 4[/b]" in result.output
    assert "[color=red][b]Mark for elimination[/b][/color]\n[list]\n[*][b]Chiaki[/b] (2): Akane and Dana\n[*][b]Akane[/b] (1): Chiaki\n[/list]" in result.output
    assert "[*][b]Beach[/b] (1): Dana" in result.output
    assert "Not voting (10): Farah, Hana, Ivan, Juno, Lena, Mateo, Oskar, Priya, Sven and Tomo." in result.output
    assert "written to" in result.output and (votes_game / "days" / "04" / "votes.yaml").is_file()


def test_votes_feed_resolve_and_a_withdrawn_vote_clears_the_orders_vote(votes_game):
    orders = votes_game / "days" / "04" / "orders"
    orders.mkdir(parents=True)
    (orders / "o.yaml").write_text("Akane:\n  votes: {mark: Chiaki, close: Beach}\nDana:\n  votes: {mark: Chiaki}\n")
    thread = votes_game / "thread.txt"
    thread.write_text("--- thread key: k3y9 ---\n--- k3y9 post by Akane ---\n[color=red][b]Juno[/b][/color]\n--- k3y9 post by Dana ---\n[b][color=red]unvote[/color][/b]\n")
    assert run("votes", votes_game, "--thread", thread).exit_code == 0
    result = run("resolve", votes_game)
    assert result.exit_code == 0, result.output
    record = json.loads((votes_game / "days" / "04" / "result" / "day.json").read_text())
    assert record["orders"]["Akane"]["votes"] == {"mark": "Juno", "close": "Beach"}
    assert "votes" not in record["orders"]["Dana"]
    assert record["votes_sha256"] == hashlib.sha256((votes_game / "days" / "04" / "votes.yaml").read_bytes()).hexdigest()
    assert "Votes counted from the thread (days/04/votes.yaml)" in (votes_game / "days" / "04" / "result" / "gm-summary.txt").read_text()
    # the tally is part of the day's record: changing it afterwards shows
    (votes_game / "days" / "04" / "votes.yaml").write_text("Akane: {mark: Chiaki}\n")
    audit = run("audit", votes_game, "--all")
    assert audit.exit_code == 1 and "days/04/votes.yaml: changed after Day 4 was resolved" in audit.output
    # and a resolved day's votes cannot be counted again
    again = run("votes", votes_game, "--day", "4", "--thread", thread)
    assert again.exit_code == 1 and "already resolved" in again.output


def test_votes_never_overwrite_what_the_gm_wrote(votes_game):
    thread = votes_game / "thread.txt"
    thread.write_text("--- thread key: k3y9 ---\n--- k3y9 post by Akane ---\n[color=red][b]Juno[/b][/color]\n")
    assert run("votes", votes_game, "--thread", thread).exit_code == 0
    path = votes_game / "days" / "04" / "votes.yaml"
    thread.write_text("--- thread key: k3y9 ---\n--- k3y9 post by Akane ---\n[color=red][b]Dana[/b][/color]\n")
    assert run("votes", votes_game, "--thread", thread).exit_code == 0  # its own earlier count: replaced
    assert "mark: Dana" in path.read_text()
    path.write_text(path.read_text().replace("mark: Dana", "mark: Hana"))  # the GM's correction
    before = snapshot(votes_game)
    result = run("votes", votes_game, "--thread", thread)
    assert result.exit_code == 1 and "edited by hand; not overwriting it" in result.output
    assert snapshot(votes_game) == before
    dry = run("votes", votes_game, "--thread", thread, "--dry-run")
    assert dry.exit_code == 0 and "[b]Dana[/b] (1): Akane" in dry.output
    assert snapshot(votes_game) == before


@pytest.mark.parametrize("text, expected", [
    ("Goro: {mark: Akane}\n", "votes.yaml:1:1: error: Goro is dead"),
    ("Akane: {mark: Goro}\n", "votes.yaml:1:15: error: Goro is dead"),
    ("Akane: {mrak: Juno}\n", "votes.yaml:1:9: error: unknown vote 'mrak' (did you mean 'mark'?)"),
    ("Akane: Juno\n", "votes.yaml:1:8: error: a player's votes are a mapping"),
])
def test_a_hand_edited_votes_file_is_checked_like_orders(votes_game, text, expected, monkeypatch):
    (votes_game / "days" / "04").mkdir(parents=True, exist_ok=True)
    (votes_game / "days" / "04" / "votes.yaml").write_text(text)
    monkeypatch.chdir(votes_game)
    before = snapshot(votes_game)
    for command in ("check", "resolve"):
        result = run(command, ".")
        assert result.exit_code == 1
        assert f"days/04/{expected}" in result.output
    assert snapshot(votes_game) == before


def test_a_thread_without_posts_or_with_a_bad_time(votes_game):
    thread = votes_game / "thread.txt"
    thread.write_text("just some text\n")
    result = run("votes", votes_game, "--thread", thread)
    assert result.exit_code == 1 and "a thread file begins with a key line" in result.output
    thread.write_text("--- thread key: k3y9 ---\njust some text\n")
    result = run("votes", votes_game, "--thread", thread)
    assert result.exit_code == 1 and "no posts found" in result.output
    thread.write_text("--- thread key: k3y9 ---\n--- k3y9 post by Akane at 2025-13-01 10:00 ---\nhi\n")
    result = run("votes", votes_game, "--thread", thread)
    assert result.exit_code == 1 and "thread.txt:2:27: error: not a date and time" in result.output
    result = run("votes", votes_game, "--thread", thread, "--deadline", "tonight")
    assert result.exit_code == 1 and "--deadline must be a date and time" in result.output
    assert not (votes_game / "days" / "04" / "votes.yaml").exists()


def test_the_count_is_the_one_resolve_makes_pm_votes_and_rulings_in(votes_game):
    """Issue 24: the vote-count post counted neither the votes sent by PM (in the orders) nor the
    day's rulings (a player mod-killed that morning still voted); the narration counted both."""
    orders = votes_game / "days" / "04" / "orders"
    orders.mkdir(parents=True)
    (orders / "lena.yaml").write_text("Lena:\n  votes: {mark: Chiaki, close: Beach}\n")
    (orders / "juno.yaml").write_text("Juno:\n  votes: {mark: Farah}\n")
    (votes_game / "days" / "04" / "rulings.yaml").write_text("- kill: Akane\n  say: Akane was removed for inactivity.\n")
    thread = votes_game / "thread.txt"
    thread.write_text("--- thread key: k3y9 ---\n--- k3y9 post by Akane ---\n[color=red][b]Dana[/b][/color]\n"
                      "--- k3y9 post by Dana ---\n[color=red][b]Chiaki[/b][/color]\n"
                      "--- k3y9 post by Juno ---\n[color=red][b]Chiaki[/b][/color]\n")
    result = run("votes", votes_game, "--thread", thread)
    assert result.exit_code == 0, result.output
    assert "[*][b]Chiaki[/b] (3): Dana, Juno and Lena (by PM)" in result.output, result.output
    assert "[b]Dana[/b] (" not in result.output  # Akane's vote: the GM removed her this morning
    assert "[*][b]Beach[/b] (1): Lena (by PM)" in result.output
    assert "Akane" not in result.output.split("Not voting", 1)[1].split("\n")[0]
    assert "Lena" not in result.output.split("Not voting", 1)[1].split("\n")[0]
    assert "Akane was removed from the game by a ruling today: their votes do not count" in result.output
    assert "Votes sent by PM (in the day's orders) count unless the thread has a later one" in result.output
    # the day's seed fixed: the vote's phrasing is drawn with its dice (an unseeded day words it any of several ways)
    resolved = run("resolve", votes_game, "--seed", demo_seed(4).hex())
    assert resolved.exit_code == 0, resolved.output
    narration = (votes_game / "days" / "04" / "result" / "narration.bbcode").read_text()
    assert re.search(r"\b3 of 3\b|3 votes out of 3", narration), narration  # the same three as the count post
