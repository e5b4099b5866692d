"""Every post of every engine, under every forum profile and both bare formats, at the forum's
stock length and at the shortest a GM may set, with player names chosen to break markup: each
unit a GM pastes (a post, or each part of a split one) must parse as meant, with real parsers:
`bbcode` for the BBCode boards and markdown-it-py (CommonMark, as Discourse and Discord build on
it) for Markdown, and for Discord also the npm `discord-markdown-parser` and `discord-markdown`
(tests/js: pinned by its package-lock.json, installed by `.ci/run` with `npm ci`; where node or
the packages are missing those tests are skipped, and with GM_REQUIRE_NPM=1, as on CI, they fail).

A unit fails when: it is longer than the forum takes; a BBCode tag or a Markdown code fence,
[details] block or ||spoiler|| is left open; a machine line (gm-...) is outside a code block or
cut; a line that was code in the whole post is not code in the parts (or the other way round);
or a player's name turns into markup (bold, italics, code, a tag, raw HTML, a mention).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

bbcode = pytest.importorskip("bbcode")
markdown_it = pytest.importorskip("markdown_it")

from gm.engines import REGISTRY, get_engine  # noqa: E402
from gm.forum.machine_lines import is_machine_line  # noqa: E402
from gm.forum.profiles import GENERIC, PROFILES  # noqa: E402
from gm.markup import bbcode_problems  # noqa: E402

from helpers_scale import plain, play  # noqa: E402

HOSTILE = ["Zed [b]Bold", "Ivy <i>x</i>", "Ann *Star*", "Cy `tick`", "Di ||spoil||", "Eve @everyone", "Max _Axe_"]
FORUMS = [*PROFILES.values(), *GENERIC.values()]
# Each game is also checked at the shortest post length gm accepts for it (gm/forum/fits.py:
# its widest machine line, the lock's, which holds the title, whole in one part), so every post
# gm makes splits at exactly that floor.
DAYS = 2
SEATS = len(HOSTILE)  # a small table: every hostile name seated, and the test quick


def _hostile_game(engine_name: str) -> dict:
    """The engine's simulation game, with its first seats renamed to names that break markup."""
    engine = get_engine(engine_name)
    fewest, most = engine.facts.players or (None, None)
    doc = plain(engine.sim_game(min(SEATS, most) if most else SEATS))
    roster = doc["roster"]
    names = [r if isinstance(r, str) else r["name"] for r in roster]
    text = json.dumps(doc)
    for old, new in zip(names, HOSTILE):
        text = text.replace(json.dumps(old), json.dumps(new))
    return json.loads(text)


def _days(engine_name: str, root: Path):
    """(game, resolved days) of a short game of the engine, with markup-breaking names."""
    doc = _hostile_game(engine_name)
    doc["title"] = "Parse *matrix* [b]"
    played = play(engine_name, len(doc["roster"]), root, DAYS, seed="matrix", doc=doc)
    return played[-1].game, [d.resolved for d in played]


_MD = markdown_it.MarkdownIt("commonmark")


def _bb_code_lines(text: str) -> list[str]:
    return [x for block in re.findall(r"\[code\](.*?)\[/code\]", text, re.S) for x in block.split("\n") if x.strip()]


def _md_code_lines(tokens) -> list[str]:
    return [x for t in tokens if t.type in ("fence", "code_block") for x in t.content.split("\n") if x.strip()]


def _unit_problems(unit: str, fmt: str, limit: int | None) -> list[str]:
    problems = []
    if limit is not None and len(unit) > limit:
        problems.append(f"{len(unit)} characters, over {limit}")
    if fmt == "bbcode":
        problems += bbcode_problems(unit)
        html = bbcode.render_html(unit)
        code = _bb_code_lines(unit)
        if "<script" in html or "<i>x</i>" in html:
            problems.append("raw HTML from a name")
        if "[b]Bold" in unit:
            problems.append("a name's [b] reads as a tag")
    else:
        tokens = _MD.parse(unit)
        code = _md_code_lines(tokens)
        html = _MD.render(unit)
        fences = [ln for ln in unit.split("\n") if re.match(r" {0,3}(`{3,}|~{3,})", ln)]
        if len(fences) % 2:
            problems.append("a code fence left open")
        prose = re.sub(r"```.*?```", "", unit, flags=re.S)
        if prose.count("||") % 2:
            problems.append("a ||spoiler|| left open")
        if prose.lower().count("[details") != prose.lower().count("[/details]"):
            problems.append("a [details] block left open")
        for bad, what in [("<em>Star</em>", "a name's *Star* in italics"), ("<code>tick</code>", "a name's `tick` as code"),
                          ("<i>x</i>", "raw HTML from a name"), ("<em>Axe</em>", "a name's _Axe_ in italics")]:
            if bad in html:
                problems.append(what)
    for line in unit.split("\n"):
        if is_machine_line(line):
            body = re.search(r"gm-[a-z]+ \{.*\}", line).group()
            if not any(body in c for c in code):
                problems.append(f"machine line outside code: {body[:40]}")
    outside_code = re.sub(r"\[code\].*?\[/code\]|```.*?```", "", unit, flags=re.S)  # a mention in code pings nobody
    if "@everyone" in outside_code.replace("@\u200beveryone", ""):
        problems.append("a name pings @everyone")
    return problems


def _fairness_posts(game, rd) -> dict[str, str]:
    """The day's commitment and lock posts (`gm commit`, `gm lock`) as they would be for this game,
    with the widest values their machine lines take: a beacon round, a deadline, digests, and a
    salt from every player (hostile names, salts with markup in them)."""
    from datetime import datetime, timezone

    from gm.fairness.beacon import round_after, utc_words
    from gm.fairness.commitment import commit_post, commit_record
    from gm.fairness.lock import lock_post, lock_record
    from gm.names import file_stem

    deadline = datetime(2026, 3, 1, 20, 0, tzinfo=timezone.utc)
    beacon = round_after(deadline)
    sha = "f" * 64
    record = commit_record(game, rd.day, sha, sha if rd.day else None, beacon, False, deadline, sha)
    commit = commit_post(game, record, utc_words(deadline))
    names = list(game.roster)
    files = {f"orders/{file_stem(n)}.yaml": sha for n in names}
    salts = {n: f"for *{n}* ||x|| [b]" for n in names}
    times = {"deadline": utc_words(deadline), "now": utc_words(deadline), "round_time": None}
    lock = lock_post(game, lock_record(game, rd.day, sha, beacon, files, salts, False, None, sha), files, salts, times)
    return {f"commit.{game.ext}": commit, f"lock.{game.ext}": lock}


def _units(game, rd) -> dict[str, tuple[str, list[str]]]:
    """Each post of the day (result files, commitment and lock): (whole, the units a GM pastes)."""
    from gm.commands.fairness import post_parts
    from gm.pipeline.record import day_files

    files = day_files(game, rd)
    out = {rel: (files[rel], parts) for rel, parts in _posts(files, game.ext).items()}
    out.update({rel: (post, post_parts(game, post)) for rel, post in _fairness_posts(game, rd).items()})
    return out


def _posts(files: dict[str, str], ext: str) -> dict[str, list[str]]:
    """Each post among a day's files, and the units a GM pastes for it (its parts, or itself)."""
    posts = {rel: [] for rel in files if rel.endswith("." + ext) and not re.search(r"\.part\d+\.", rel)}
    for rel in files:
        m = re.fullmatch(r"(.+)\.part(\d+)\.(\w+)", rel)
        if m and f"{m.group(1)}.{m.group(3)}" in posts:
            posts[f"{m.group(1)}.{m.group(3)}"].append((int(m.group(2)), files[rel]))
    return {rel: [t for _, t in sorted(parts)] or [files[rel]] for rel, parts in posts.items()}


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """engine -> (game, resolved days), each engine's short game played once for this module."""
    cache: dict = {}

    def get(engine_name: str):
        if engine_name not in cache:
            cache[engine_name] = _days(engine_name, tmp_path_factory.mktemp(engine_name) / "game")
        return cache[engine_name]

    return get


def _limits(forum, game) -> list[int | None]:
    from gm.forum.fits import shortest_length

    return sorted({forum.max_length, shortest_length(game.title, game.engine.facts.name)[0]}, key=lambda x: x or 10**9)


def _shown(game, forum, limit):
    return replace(game, format=forum.format, forum=replace(forum, max_length=limit))


@pytest.mark.parametrize("engine_name", sorted(REGISTRY))
def test_every_unit_of_every_post_parses_under_every_forum_and_length(engine_name, played):
    game, days = played(engine_name)
    failures, units = [], 0
    for forum in FORUMS:
        for limit in _limits(forum, game):
            shown = _shown(game, forum, limit)
            for rd in days:
                for rel, (whole, parts) in _units(shown, rd).items():
                    if forum.format == "bbcode":
                        want = Counter(_bb_code_lines(whole))
                        got = Counter(x for p in parts for x in _bb_code_lines(p))
                    else:
                        want = Counter(_md_code_lines(_MD.parse(whole)))
                        got = Counter(x for p in parts for x in _md_code_lines(_MD.parse(p)))
                    for n, unit in enumerate(parts, 1):
                        units += 1
                        for problem in _unit_problems(unit, forum.format, limit):
                            failures.append(f"{forum.name} at {limit}, Day {rd.day} {rel} part {n}: {problem}")
                    if want != got:
                        lost = sorted((want - got).elements())[:2]
                        failures.append(f"{forum.name} at {limit}, Day {rd.day} {rel}: code lines not kept as code, e.g. {lost}")
    assert units > 0
    assert not failures, f"{len(failures)} failure(s) in {units} units:\n" + "\n".join(failures[:40])


# ---- Discord, with the npm parsers --------------------------------------------------------

JS = Path(__file__).parent / "js"
DISCORD_PARSERS = ("discord-markdown-parser", "discord-markdown")


def _npm_parse(units: list[str]) -> list[dict]:
    """Each unit as both Discord parsers read it (tests/js/discord_parse.js: one node process for
    the whole batch). Skips where node or the packages are missing, fails so with GM_REQUIRE_NPM=1."""
    node = shutil.which("node")
    missing = ("node is not installed" if node is None else
               None if all((JS / "node_modules" / p / "package.json").is_file() for p in DISCORD_PARSERS) else
               "the Discord parsers are not installed (cd tests/js && npm ci)")
    if missing:
        if os.environ.get("GM_REQUIRE_NPM") == "1":
            pytest.fail(f"GM_REQUIRE_NPM=1 but {missing}")
        pytest.skip(missing)
    done = subprocess.run([node, str(JS / "discord_parse.js")], input=json.dumps(units), capture_output=True,
                          text=True, encoding="utf-8", timeout=300, check=False)
    assert done.returncode == 0, f"tests/js/discord_parse.js failed: {done.stderr[-2000:]}"
    out = json.loads(done.stdout)
    assert len(out) == len(units)
    return out


def _code_lines(read: dict) -> list[str]:
    return [x for block in read["code"] for x in block.split("\n") if x.strip()]


# A name read as markup: (node type, its text) as the parsers give them for HOSTILE's names.
_NAME_MARKUP = {("em", "Star"): "a name's *Star* in italics", ("em", "Axe"): "a name's _Axe_ in italics",
                ("inlineCode", "tick"): "a name's `tick` as code", ("spoiler", "spoil"): "a name's ||spoil|| as a spoiler"}
_MENTIONS = {"everyone", "here", "discordEveryone", "discordHere"}


def _discord_problems(unit: str, read: dict) -> list[str]:
    problems = []
    code = _code_lines(read)
    for line in unit.split("\n"):
        if is_machine_line(line):
            body = re.search(r"gm-[a-z]+ \{.*\}", line).group()
            if not any(body in c for c in code):
                problems.append(f"machine line outside code: {body[:40]}")
    if "```" in read["prose"]:
        problems.append("a code fence left open")
    if "||" in read["prose"]:
        problems.append("a ||spoiler|| left open")
    for kind, text in read["marks"]:
        if (kind, text.strip()) in _NAME_MARKUP:
            problems.append(_NAME_MARKUP[kind, text.strip()])
        if kind in _MENTIONS:
            problems.append("a mention that pings everyone")
    return problems


@pytest.mark.parametrize("engine_name", sorted(REGISTRY))
def test_every_discord_unit_parses_with_both_npm_discord_parsers(engine_name, played):
    game, days = played(engine_name)
    forum = PROFILES["discord"]
    batch: list[str] = []
    posts = []  # (where, whole post's index in batch, its parts' indexes)
    for limit in _limits(forum, game):
        shown = _shown(game, forum, limit)
        for rd in days:
            for rel, (whole_text, parts) in _units(shown, rd).items():
                batch.append(whole_text)
                whole = len(batch) - 1
                batch.extend(parts)
                posts.append((f"at {limit}, Day {rd.day} {rel}", whole, range(whole + 1, len(batch))))
    read = _npm_parse(batch)
    failures, units = [], 0
    for where, whole, parts in posts:
        for parser in DISCORD_PARSERS:
            for n, i in enumerate(parts, 1):
                units += 1
                failures += [f"{parser} {where} part {n}: {p}" for p in _discord_problems(batch[i], read[i][parser])]
            want = Counter(_code_lines(read[whole][parser]))
            got = Counter(x for i in parts for x in _code_lines(read[i][parser]))
            if want != got:
                lost = sorted((want - got).elements())[:2] or sorted((got - want).elements())[:2]
                failures.append(f"{parser} {where}: code lines not kept as code, e.g. {lost}")
    assert units > 0
    assert not failures, f"{len(failures)} failure(s) in {units} units:\n" + "\n".join(failures[:40])
