"""Forum profiles: the tags each forum has, its post length, and long posts split into parts."""

import hashlib
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from gm.cli import cli
from gm.commands.game import demo_seed
from gm.engines import REGISTRY
from gm.engines.battle_royale.rules import DATA
from gm.fairness.chain import write_result
from gm.fairness.commitment import log_event
from gm.forum.profiles import GENERIC, PROFILES, split_post
from gm.forum.render import bbcode_problems
from gm.gamedir import GameDir
from gm.pipeline.day import resolve_day
from gm.pipeline.record import day_files


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def demo_with(tmp_path: Path, forum: str, days=(0, 1)) -> Path:
    """The demo game with a `forum:` setting (and no `format:`), resolved for the given days."""
    root = tmp_path / "game"
    shutil.copytree(DATA / "examples" / "demo", root)
    game_yaml = root / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("format: bbcode\n", forum))
    gd = GameDir(root)
    game = gd.load()
    for day in days:
        files = day_files(game, resolve_day(gd, game, day, demo_seed(day)))
        # as `gm resolve` does: the record's log line, then the result it vouches for
        log_event(gd, {"event": "resolve", "day": day,
                       "record_sha256": hashlib.sha256(files["day.json"].encode("utf-8")).hexdigest()})
        write_result(gd, day, files)  # the result, then the chain head
    return root


def result(root: Path, day: int, name: str) -> str:
    return (root / "days" / f"{day:02d}" / "result" / name).read_text()


@pytest.mark.parametrize("forum, heading", [
    ("phpbb", "[b][size=150]Day 1: Smoke over the Septagon[/size][/b]"),
    ("vbulletin", "[b][size=4]Day 1: Smoke over the Septagon[/size][/b]"),
    ("xenforo", "[b][size=5]Day 1: Smoke over the Septagon[/size][/b]"),
    ("smf", "[b][size=14pt]Day 1: Smoke over the Septagon[/size][/b]"),
    ("mybb", "[b][size=large]Day 1: Smoke over the Septagon[/size][/b]"),
])
def test_each_bbcode_forum_gets_its_own_tags(tmp_path, forum, heading):
    root = demo_with(tmp_path, f"forum: {forum}\n")
    narration = result(root, 1, "narration.bbcode")
    assert narration.startswith(heading + "\n")
    assert bbcode_problems(narration) == []
    has_spoilers = PROFILES[forum].spoilers
    assert ("[spoiler" in narration) == has_spoilers  # spoilers only where the forum has them
    if has_spoilers:
        assert '[spoiler="The votes in full"]\n[list]\n[*]Mark: Goro 8' in narration


def test_discourse_gets_markdown_with_details(tmp_path):
    root = demo_with(tmp_path, "forum: discourse\n")
    narration = result(root, 1, "narration.md")
    assert narration.startswith("## Day 1: Smoke over the Septagon\n")
    assert '[details="The votes in full"]\n- Mark: Goro 8' in narration and "[/details]" in narration
    assert "[b]" not in narration and "[color" not in narration
    assert (root / "days" / "01" / "result" / "reveal.md").is_file()


def test_discord_gets_markdown_with_inline_spoilers(tmp_path):
    root = demo_with(tmp_path, "forum: discord\n")
    narration = result(root, 1, "narration.md")
    assert "The votes in full: ||- Mark: Goro 8" in narration and narration.rstrip().endswith("**20 students remain.**")


SHORTEST = 546  # the demo's floor (gm/forum/fits.py): its gm-lock line, with its title, whole in one part


def test_long_posts_are_split_into_numbered_parts(tmp_path):
    root = demo_with(tmp_path, f"forum: {{profile: phpbb, max_length: {SHORTEST}}}\n", days=(0, 1, 2))
    out = root / "days" / "02" / "result"
    for name in ("narration", "messages/Akane"):
        whole = (out / f"{name}.bbcode").read_text()
        assert len(whole) > SHORTEST
        parts = sorted(out.glob(f"{name}.part*.bbcode"), key=lambda p: int(p.name.split("part")[1].split(".")[0]))
        assert len(parts) >= 2, name
        for i, path in enumerate(parts, 1):
            text = path.read_text()
            assert len(text) <= SHORTEST, (path.name, len(text))
            assert text.startswith(f"[b]Part {i} of {len(parts)}[/b]\n\n")
            assert bbcode_problems(text) == [], path.name
        # every line of the whole post is in some part (a list cut in two is closed and reopened)
        joined = "\n".join(p.read_text() for p in parts)
        for line in whole.splitlines():
            if line and line not in ("[list]", "[/list]"):
                assert line in joined, line
    assert not list((root / "days" / "00" / "result").glob("narration.part*"))  # short posts stay whole
    # the parts are outputs like any other: chained, and audited
    assert run("audit", root, "--all").exit_code == 0


GAME_YAML_ERRORS = {
    "forum: phbb\n": "game.yaml:{line}:8: error: unknown forum 'phbb' (did you mean 'phpbb'?)",
    "forum: {profile: xenforo, max_lenght: 9000}\n": "game.yaml:{line}:27: error: unknown forum setting 'max_lenght' (did you mean 'max_length'?)",
    "forum: {profile: xenforo, max_length: 12}\n": "game.yaml:{line}:39: error: max_length must be a whole number of characters, at least 500",
    "forum: {profile: xenforo, max_length: 545}\n": "game.yaml:{line}:39: error: max_length is 545, and this game's posts "
    "need at least 546: its gm-lock line (which holds the title and the engine) can be 486 characters",
    f"forum: discord\ntitle: {'Long ' * 310}\n": "game.yaml:{line2}:8: error: a Discord post holds at most 2000 characters, "
    "and this game's posts need at least 2072: its gm-lock line (which holds the title and the engine) can be 2012 characters",
    "forum: {profile: xenforo, handles: {Fox: Akame}}\n": "game.yaml:{line}:42: error: no player called 'Akame' on the roster (did you mean 'Akane'?)",
    "format: bbcode\nforum: discourse\n": "game.yaml:{line}:9: error: format: bbcode does not suit Discourse, which takes markdown",
}


@pytest.mark.parametrize("text", sorted(GAME_YAML_ERRORS))
def test_forum_settings_are_checked_like_orders(game_copy, text, monkeypatch):
    path = game_copy / "game.yaml"
    replaced = ("format:", "title:") if "title:" in text else ("format:",)
    lines = [line for line in path.read_text().splitlines(True) if not line.startswith(replaced)]
    line = len(lines) + 1
    path.write_text("".join(lines) + text)
    monkeypatch.chdir(game_copy)
    before = {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in game_copy.rglob("*") if p.is_file()}
    result = run("check", ".")
    assert result.exit_code == 1
    assert GAME_YAML_ERRORS[text].format(line=line, line2=line + 1) in result.output
    assert before == {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in game_copy.rglob("*") if p.is_file()}


def test_short_posts_are_left_alone():
    assert split_post("[b]x[/b]\n", "bbcode", 500) == ["[b]x[/b]\n"]
    assert split_post("x" * 10000, "bbcode", None) == ["x" * 10000]


_WORD = st.text(alphabet="abcdefghij XYZ", min_size=1, max_size=30)
_PARA = st.one_of(
    _WORD,
    st.lists(_WORD, min_size=1, max_size=8).map(lambda xs: "[list]\n" + "".join(f"[*]{x}\n" for x in xs) + "[/list]"),
    _WORD.map(lambda w: f"[color=red][b]{w}[/b][/color] and more"),
    st.lists(_WORD, min_size=1, max_size=40).map(" ".join),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(_PARA, min_size=1, max_size=40), st.sampled_from(["bbcode", "markdown"]), st.integers(min_value=500, max_value=1500))
def test_every_part_fits_is_well_formed_and_nothing_is_lost(paragraphs, fmt, limit):
    text = "\n\n".join(paragraphs) + "\n"
    parts = split_post(text, fmt, limit)
    if len(text) <= limit:
        assert parts == [text]
        return
    words_in = re.findall(r"[a-jXYZ]+", re.sub(r"\[[^\]]*\]", " ", text))
    bodies = []
    for i, part in enumerate(parts, 1):
        assert len(part) <= limit
        header = f"[b]Part {i} of {len(parts)}[/b]\n\n" if fmt == "bbcode" else f"**Part {i} of {len(parts)}**\n\n"
        assert part.startswith(header)
        if fmt == "bbcode":
            assert bbcode_problems(part) == []
        bodies.append(part[len(header):])
    words_out = re.findall(r"[a-jXYZ]+", re.sub(r"\[[^\]]*\]", " ", " ".join(bodies)))
    assert "".join(words_out) == "".join(words_in)  # every character of text, in order (cuts may split words)


def test_markdown_commitment_and_reveal_posts_verify(tmp_path):
    game = tmp_path / "g"
    assert run("new", game).exit_code == 0
    game_yaml = game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("format: bbcode\n", "forum: discord\n"))
    commit = run("commit", game, "--day", "0")
    assert commit.exit_code == 0 and "```\ngm-commit {" in commit.output and "[b]" not in commit.output
    assert run("resolve", game, "--day", "0").exit_code == 0
    # Day 0 is sealed (issue 22): its posts are the ones the end of the game releases
    from gm.gamedir import GameDir
    from gm.fairness.reveal import released_reveal, roll_log_posts

    gd = GameDir(game)
    result = gd.result_dir(0)
    assert not (result / "reveal.md").exists()
    reveal = tmp_path / "reveal.md"
    reveal.write_text(released_reveal(gd.load(), (result / "day.json").read_text(encoding="utf-8"),
                                      (result / "rolls.public.jsonl").read_text(encoding="utf-8"))["reveal.md"])
    rolls = tmp_path / "rolls.md"
    rolls.write_text("\n----- post\n".join(roll_log_posts(gd.load(), 0, result / "rolls.public.jsonl")))
    assert all(len(part) <= 2000 for part in rolls.read_text().split("----- post"))
    result = run("verify", "--commit", game / "days" / "00" / "commit.txt", "--reveal", reveal, "--rolls", rolls)
    assert result.exit_code == 0, result.output


def test_preview_shows_a_split_private_message_part_by_part(tmp_path):
    root = demo_with(tmp_path, "forum: {profile: discord, max_length: 600}\n", days=(0, 1))
    messages = root / "days" / "01" / "result" / "messages"
    split = sorted(p.name for p in messages.glob("*.part1.md"))
    assert split, "the Discord demo has a private message long enough to split"
    result = run("preview", root, "--day", "1")
    assert result.exit_code == 0, result.output
    page = (root / "days" / "01" / "preview.html").read_text()
    player = split[0].split(".part1.")[0]
    assert f"Private message to {player}, part 1 of" in page


def _tree(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_changed_forum_is_previewed_in_its_own_markup_and_rendered_without_touching_the_record(tmp_path):
    root = demo_with(tmp_path, "format: bbcode\n", days=(0, 1))
    result = root / "days" / "01" / "result"
    before = _tree(result)
    game_yaml = root / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("format: bbcode\n", "forum: discord\n"))
    shown = CliRunner().invoke(cli, ["preview", str(root), "--day", "1"], catch_exceptions=False)
    assert shown.exit_code == 0, shown.output
    assert "gm render" in shown.output and "Discord" in shown.output  # said, not shown as if it were Discord's
    page = (root / "days" / "01" / "preview.html").read_text()
    assert "gm render" in page and "[b]" not in page
    out = run("render", root, "--day", "1")
    assert out.exit_code == 0, out.output
    rendered = root / "days" / "01" / "render" / "discord"
    assert (rendered / "narration.md").is_file() and not list(rendered.rglob("*.bbcode"))
    assert all(len(p.read_text()) <= 2000 for p in rendered.rglob("*.md") if ".part" in p.name)
    assert not list(rendered.rglob("*.json*")) and not (rendered / "gm-summary.txt").exists()
    assert _tree(result) == before  # the record and the posts on record stay as they were
    again = run("render", root, "--day", "1", "--forum", "phpbb")
    assert again.exit_code == 0 and (root / "days" / "01" / "render" / "phpbb" / "narration.bbcode").is_file()
    assert run("check", root, "--day", "2").exit_code == 0  # render/ is gm's own: not a stray file


def test_render_names_an_unknown_forum_with_the_choices(tmp_path):
    root = demo_with(tmp_path, "format: bbcode\n", days=(0,))
    out = CliRunner().invoke(cli, ["render", str(root), "--day", "0", "--forum", "dicsord"])
    assert out.exit_code == 1 and "did you mean 'discord'" in out.output and "Traceback" not in out.output


def test_render_refuses_a_day_whose_facts_do_not_match_its_replay(tmp_path):
    root = demo_with(tmp_path, "format: bbcode\n", days=(0, 1))
    state = root / "days" / "01" / "result" / "state.json"
    state.write_text(state.read_text().replace("1", "2", 1))
    out = CliRunner().invoke(cli, ["render", str(root), "--day", "1", "--forum", "discord"])
    assert out.exit_code == 1 and "gm audit" in out.output
    assert not (root / "days" / "01" / "render").exists()


def test_a_lock_post_longer_than_the_forum_allows_is_split_with_every_machine_line_whole(tmp_path):
    from gm.forum.machine_lines import is_machine_line

    game = tmp_path / "g"
    assert run("new", game).exit_code == 0
    game_yaml = game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("format: bbcode\n", "forum: discord\n"))
    assert run("commit", game, "--day", "0").exit_code == 0
    orders = game / "days" / "00" / "orders"
    orders.mkdir(parents=True, exist_ok=True)
    roster = GameDir(game).load().roster
    for n in range(25):  # one file a PM, as many GMs save them: 25 gm-file lines
        (orders / f"pm-{n:02d}-from-the-forum-inbox.yaml").write_text(f"{roster[0]}: {{start: Beach}}\n")
    out = run("lock", game, "--day", "0")
    assert out.exit_code == 0, out.output
    whole = (game / "days" / "00" / "lock.txt").read_text()
    assert len(whole) > 2000
    parts = split_post(whole, "markdown", 2000)
    assert len(parts) > 1 and all(len(p) <= 2000 for p in parts)
    assert "----- post 1 of" in out.output
    lines_whole = [x for x in whole.splitlines() if is_machine_line(x)]
    lines_parts = [x for p in parts for x in p.splitlines() if is_machine_line(x)]
    assert lines_parts == lines_whole  # each machine line whole, in one part, in order
    for part in parts:  # and inside a code block in its part
        assert part.count("```") % 2 == 0


def test_a_length_below_the_games_floor_is_refused_by_preview_and_render(tmp_path):
    root = demo_with(tmp_path, "forum: discord\n", days=(0,))
    for command in ("render", "preview"):
        result = run(command, root, "--day", "0", "--forum", "phpbb", "--max-length", str(SHORTEST - 1))
        assert result.exit_code == 1, result.output
        assert f"--max-length is {SHORTEST - 1}, and this game's posts need at least {SHORTEST}: its gm-lock line" in result.output
    assert run("render", root, "--day", "0", "--forum", "phpbb", "--max-length", str(SHORTEST)).exit_code == 0


@pytest.mark.parametrize("engine", sorted(REGISTRY))
def test_every_stock_limit_holds_the_machine_lines_of_a_long_title(engine):
    from gm.forum.fits import shortest_length

    floor = shortest_length("A title of a hundred characters " * 3 + "to the end", engine)[0]
    assert all(forum.max_length >= floor for forum in PROFILES.values()), floor


@pytest.mark.parametrize("fmt", ["bbcode", "markdown"])
def test_a_salt_from_a_player_named_with_a_mention_is_quoted_whole_in_the_lock(tmp_path, fmt):
    # In BBCode the code block escaped '@' with a zero-width space, so the gm-salt line of a player
    # named "Eve @everyone" was changed in the post, and `gm lock` refused its own post.
    from dataclasses import replace

    from gm.fairness.lock import lock_post, lock_record

    game = GameDir(demo_with(tmp_path, "", days=())).load()
    game = replace(game, format=fmt, forum=GENERIC[fmt])
    salts = {"Eve @everyone": "for @here [b]x"}
    post = lock_post(game, lock_record(game, 0, "f" * 64, 1, {}, salts), {}, salts, {"deadline": None, "now": "", "round_time": None})
    assert 'gm-salt {"day":0,"player":"Eve @everyone","salt":"for @here \\u005bb\\u005dx"}' in post


def test_the_floors_widest_records_have_exactly_the_fields_gm_writes():
    # gm/forum/fits.py writes the records at their widest itself (game.yaml is checked below the
    # modules that build them): a field added to a real record must be added there too.
    from gm.fairness.commitment import commit_record
    from gm.forum.fits import widest_records
    from gm.fairness.lock import lock_record
    from gm.fairness.reveal import reveal_lines, reveal_record

    from types import SimpleNamespace

    stand_in = SimpleNamespace(title="T", engine=SimpleNamespace(facts=SimpleNamespace(name="e")))
    widest = widest_records("T", "e")
    assert set(commit_record(stand_in, 1, "0", None, 1, False, None, "0")) == set(widest["gm-commit"])
    assert set(lock_record(stand_in, 1, "0", 1, {}, {}, False, None, "0")) == set(widest["gm-lock"])
    record = {"engine": "e", "day": 1, "seed": "0", "salts": {}, "rolls": 0, "veil": "00", "commit_sha256": "0",
              "lock_sha256": "0", "beacon": None}
    rec = reveal_record(record, "0", "0")
    core = {k for k in rec if k not in ("seal", "beacon", "listed")}
    assert core == set(widest["gm-reveal"]) and set(rec["seal"]) == set(widest["gm-seal"])
    assert [line.split(" ", 1)[0] for line in reveal_lines(rec)] == ["gm-reveal", "gm-seal"]
