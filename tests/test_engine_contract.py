"""Every registered engine, through the commands a GM and a player use, as OpenSpiel's
games_sim_test.py runs every registered game. An engine is tested here by being registered.

For each engine: `gm new` makes a game that checks; the bundled demo resolves to its end; every
day's state round-trips through JSON; `gm audit --all` passes and `gm verify` re-derives every day
from its posts alone; `gm status` runs, and `gm status --player` for every player; the same seed
gives the same bytes; and nothing that only the GM may know reaches a public post or another
player's message.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.cli import cli
from gm.engines import REGISTRY, get_engine
from gm.events import Event
from gm.gamedir import GameDir

ENGINES = sorted(REGISTRY)


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture(scope="module", params=ENGINES)
def played(request, tmp_path_factory):
    """(engine name, the demo game folder), played once per engine for this module."""
    root = tmp_path_factory.mktemp(request.param) / "game"
    result = run("demo", "--engine", request.param, root)
    assert result.exit_code == 0, result.output
    return request.param, root


def _days(root: Path) -> list[int]:
    return GameDir(root).resolved_days()


def _bytes(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("name", ENGINES)
def test_facts_are_complete(name):
    engine = get_engine(name)
    facts = engine.facts
    assert facts.name == name and facts.title
    assert "{dir}" in facts.new_game_hint
    assert engine.data_dir.is_dir(), f"games/{name}/ is missing"
    assert (engine.data_dir / "RULINGS.md").is_file(), f"games/{name}/RULINGS.md is missing"
    assert engine.example_dir().is_dir(), "the demo game is missing"


@pytest.mark.parametrize("name", ENGINES)
def test_new_game_checks(name, tmp_path):
    root = tmp_path / "game"
    made = run("new", root, "--engine", name, "--title", "Contract")
    assert made.exit_code == 0, made.output
    assert (root / "game.yaml").is_file()
    checked = run("check", root, "--day", "0")
    assert checked.exit_code == 0, checked.output
    assert run("status", root).exit_code == 0


def test_demo_plays_to_the_end(played):
    name, root = played
    engine = get_engine(name)
    days = _days(root)
    assert days == list(range(len(days))) and len(days) >= 2
    last = json.loads((root / "days" / f"{days[-1]:02d}" / "result" / "state.json").read_text(encoding="utf-8"))
    assert engine.ended(engine.state_from_json(last)), "the demo does not reach the end of the game"


def test_state_round_trips(played):
    name, root = played
    engine = get_engine(name)
    for day in _days(root):
        data = json.loads((root / "days" / f"{day:02d}" / "result" / "state.json").read_text(encoding="utf-8"))
        assert engine.state_to_json(engine.state_from_json(data)) == data, f"Day {day}"


def test_audit_and_verify_pass(played):
    name, root = played
    audited = run("audit", root, "--all")
    assert audited.exit_code == 0, audited.output
    for day in _days(root):
        d = root / "days" / f"{day:02d}"
        reveal = next((d / "result").glob("reveal.*"))
        rolls = d / "result" / "rolls.public.jsonl"  # the public log: purposes sealed (gm/rolllog.py)
        verified = run("verify", "--commit", d / "commit.txt", "--lock", d / "lock.txt", "--reveal", reveal, "--rolls", rolls)
        assert verified.exit_code == 0, f"Day {day}: {verified.output}"


def test_status_for_everyone(played):
    name, root = played
    assert run("status", root).exit_code == 0
    for player in GameDir(root).load().roster:
        shown = run("status", root, "--player", player)
        assert shown.exit_code == 0, shown.output
        assert player in shown.output


def test_same_seed_same_bytes(played, tmp_path):
    name, root = played
    again = tmp_path / "again"
    assert run("demo", "--engine", name, again).exit_code == 0
    ours = {k: v for k, v in _bytes(root).items() if not k.endswith("seed.secret")}
    theirs = {k: v for k, v in _bytes(again).items() if not k.endswith("seed.secret")}
    assert ours == theirs


# ---- secrets -------------------------------------------------------------------------------


def _strings(value, out: set[str]) -> set[str]:
    """Every text leaf of a view or an event: the facts it states, as words a post would use."""
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for v in value.values():
            _strings(v, out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _strings(v, out)
    return out


def _secrets(known_to_gm: set[str], known: set[str], wording: str) -> set[str]:
    """What only the GM knows, of the texts long enough to mean something in a post. A text the
    templates themselves write ("Camouflage will not help") is wording, not a fact about the game."""
    return {s for s in known_to_gm - known if len(s) >= 4 and not s.isdigit() and s not in wording}


def _template_text(name: str) -> str:
    from gm.paths import templates_dir

    folders = [templates_dir() / name, templates_dir() / "common"]
    return "\n".join(p.read_text(encoding="utf-8") for folder in folders for p in sorted(folder.rglob("*.j2")))


def _leaks(text: str, secrets: set[str], known: set[str]) -> list[str]:
    """The secrets a post names. What the reader may know is taken out first, longest first, so that a
    secret "Grenade" is not found inside a "Smoke Grenade" the reader holds."""
    candidates = [s for s in secrets if s in text]
    if not candidates:
        return []
    for k in sorted((k for k in known if len(k) >= 4 and k in text), key=len, reverse=True):
        text = text.replace(k, "\x00")
    return sorted(s for s in candidates if s in text)


def test_nothing_secret_reaches_a_post_it_must_not(played):
    assert_no_leaks(played[0], played[1])


def test_the_leak_check_catches_a_leak(played, tmp_path):
    """The check above can fail: a GM-only fact written into one public post and one message is caught."""
    import shutil

    name, root = played
    copy = tmp_path / "leaky"
    shutil.copytree(root, copy)
    game = GameDir(copy).load()
    for day in _days(copy):
        result = copy / "days" / f"{day:02d}" / "result"
        state = game.engine.state_from_json(json.loads((result / "state.json").read_text(encoding="utf-8")))
        public = _strings(game.engine.public_view(state, game.rules), set()) | set(game.roster)
        secret = sorted(_secrets(_strings(game.engine.gm_view(state, game.rules), set()), public, _template_text(name)))
        if secret:
            break
    else:
        pytest.skip(f"{name} keeps no secret: its GM view holds nothing the public view does not")
    narration = result / f"narration.{game.ext}"
    narration.write_text(narration.read_text(encoding="utf-8") + f"\n{secret[0]}\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="the public post names"):
        assert_no_leaks(name, copy)


def assert_no_leaks(name: str, root: Path) -> None:
    """Each text of the GM's view of a day (roles, hands, hidden items, missions...) may appear in the
    narration only if the public view or a public event holds it, and in a player's message only if
    that player's view, the public view or an event that player saw (that day or before) holds it."""
    game = GameDir(root).load()
    engine = game.engine
    wording = _template_text(name)
    seen: dict[str, set[str]] = {}  # what each player has been told so far, day after day
    for day in _days(root):
        result = root / "days" / f"{day:02d}" / "result"
        state = engine.state_from_json(json.loads((result / "state.json").read_text(encoding="utf-8")))
        events = [Event.from_record(json.loads(line)) for line in (result / "events.jsonl").read_text(encoding="utf-8").splitlines()]
        gm_knows = _strings(engine.gm_view(state, game.rules), set())
        for e in events:
            _strings(e.data, gm_knows)
        public = _strings(engine.public_view(state, game.rules), set())
        for e in events:
            if e.is_public:
                _strings(e.data, public)
        public |= set(game.roster)
        narration = (result / f"narration.{game.ext}").read_text(encoding="utf-8")
        leaked = _leaks(narration, _secrets(gm_knows, public, wording), public)
        assert not leaked, f"Day {day}: the public post names {leaked}, which only the GM knows"
        for e in events:
            for player in e.concerns():
                _strings(e.data, seen.setdefault(player, set()))
        for path in sorted((result / "messages").glob(f"*.{game.ext}")):
            text = path.read_text(encoding="utf-8")
            reader = next((p for p in game.roster if _file_stem(p) == path.stem.split(".part")[0]), None)
            assert reader is not None, f"Day {day}: no player reads {path.name}"
            theirs = _strings(engine.player_view(state, game.rules, reader), set()) | seen.get(reader, set()) | public
            leaked = _leaks(text, _secrets(gm_knows, theirs, wording), theirs)
            assert not leaked, f"Day {day}: {reader}'s message names {leaked}, which they may not know"


def _file_stem(name: str) -> str:
    from gm.render import message_filename

    return message_filename(name, set())
