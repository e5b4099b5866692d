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
def played(request, demo_games):
    """(engine name, a copy of the demo game folder, played once per test run)."""
    return request.param, demo_games.copy(request.param)


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
        rolls = d / "result" / "rolls.public.jsonl"  # the public log: purposes sealed (gm/fairness/rolllog.py)
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

    import re

    from gm.engines import get_engine

    folders = [templates_dir() / name, templates_dir() / "common"]
    # the order vocabulary of the players' guide (`avoid`, `toughest_first`) is public wording too; its
    # capitalised words (cards, items in its examples) are not taken, so a hand's card still counts
    guide = (get_engine(name).data_dir / "GUIDE.md").read_text(encoding="utf-8")
    vocabulary = " ".join(sorted(set(re.findall(r"(?<![\w.])[a-z][a-z_]+(?![\w.])", guide))))
    return "\n".join(p.read_text(encoding="utf-8") for folder in folders for p in sorted(folder.rglob("*"))
                      if p.suffix == ".j2" or p.name == "phrases.yaml") + "\n" + vocabulary  # phrase pools are wording too


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
    from gm.forum.render import message_filename

    return message_filename(name, set())


# ---- the GM's day (issue 13): rulings, receipts, forms, reminders, for every engine ---------------


def _reopened(played, tmp_path, fmt: str = "bbcode") -> tuple[Path, int]:
    """A copy of the demo with its last day not yet resolved (orders in, result gone), in `fmt`."""
    import re
    import shutil

    name, root = played
    copy = tmp_path / f"reopened-{fmt}"
    shutil.copytree(root, copy)
    last = _days(copy)[-1]
    from test_gm_day import unresolve

    unresolve(copy, last)
    game_yaml = copy / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    text = re.sub(r"(?m)^format:.*$", f"format: {fmt}", text) if re.search(r"(?m)^format:", text) \
        else text + f"\nformat: {fmt}\n"
    game_yaml.write_text(text, encoding="utf-8")
    return copy, last


def _well_formed(text: str, fmt: str) -> None:
    from gm.forum.render import bbcode_problems

    assert text.strip(), "an empty post"
    if fmt == "bbcode":
        assert not bbcode_problems(text), bbcode_problems(text)
        # an order a player copies from a form or a receipt must not carry the escape's hidden space
        assert "\u200b" not in text, f"a '[' escaped in a form or receipt (write '[ NAME ]'):\n{text}"
    else:
        assert "[b]" not in text and "[list]" not in text, f"BBCode in a Markdown post:\n{text}"


@pytest.mark.parametrize("fmt", ["bbcode", "markdown"])
def test_receipts_forms_and_reminders_render(played, tmp_path, fmt):
    """gm receipts, gm form (blank and per player) and gm remind work for every engine, in every
    dialect; a receipt is byte-identical for the same orders and names no other player."""
    root, day = _reopened(played, tmp_path, fmt)
    ext = "bbcode" if fmt == "bbcode" else "md"
    first = run("receipts", root, "--day", day)
    assert first.exit_code == 0, first.output
    folder = root / "days" / f"{day:02d}" / "receipts"
    made = sorted(folder.glob(f"*.{ext}"))
    game = GameDir(root).load()
    assert made, "no receipt written"
    before = {p.name: p.read_bytes() for p in made}
    from gm.pipeline.day import check_day

    checked = check_day(GameDir(root), game, day)
    engine, state = game.engine, checked.state
    wording = _template_text(played[0])
    gm_knows = _strings(engine.gm_view(state, game.rules), set())
    public = _strings(engine.public_view(state, game.rules), set()) | set(game.roster)
    readers = {_file_stem(p): p for p in checked.due}
    for p in made:
        text = p.read_text(encoding="utf-8")
        _well_formed(text, fmt)
        reader = readers[p.stem]
        theirs = _strings(engine.player_view(state, game.rules, reader), set()) | public
        theirs |= _strings(engine.orders_record(checked.orders[reader]), set())
        leaked = _leaks(text, _secrets(gm_knows, theirs, wording), theirs)
        assert not leaked, f"{reader}'s receipt names {leaked}, which they may not know"
        for w in checked.warnings_of.get(reader, []):  # the checker's warnings: quoted, or worded neutrally
            from gm.gmday.deadline import _to_reader  # "Kestrel's pawn" reads "your pawn" in Kestrel's own receipt

            assert (_to_reader(w.message, reader)[1:] in text) != w.secret, (reader, w)
        assert "orders.yaml" not in text and ".yaml:" not in text  # no file of the GM's named to a player
    again = run("receipts", root, "--day", day)
    assert again.exit_code == 0 and "0 new or changed" in again.output, again.output
    assert {p.name: p.read_bytes() for p in sorted(folder.glob(f"*.{ext}"))} == before
    blank = run("form", root, "--day", day)
    assert blank.exit_code == 0, blank.output
    _well_formed(blank.output, fmt)
    for player in checked.due[:3]:
        mine = run("form", root, "--day", day, "--player", player.upper())
        assert mine.exit_code == 0, mine.output
        _well_formed(mine.output, fmt)
    reminder = run("remind", root, "--day", day, "--now", "2030-01-01 12:00")
    assert reminder.exit_code == 0, reminder.output
    _well_formed(reminder.output, fmt)
    for orders in sorted((root / "days" / f"{day:02d}" / "orders").glob("*.yaml")):
        orders.unlink()  # nobody has sent orders: every receipt shows the defaults, the reminder names everyone
    silent = run("receipts", root, "--day", day)
    assert silent.exit_code == 0, silent.output
    for p in sorted(folder.glob(f"*.{ext}")):
        _well_formed(p.read_text(encoding="utf-8"), fmt)
    everyone = run("remind", root, "--day", day, "--now", "2030-01-01 12:00")
    assert everyone.exit_code == 0 and f"{len(checked.due)} of {len(checked.due)}" in everyone.output, everyone.output


def test_core_rulings_keep_the_chain_whole(played, tmp_path):
    """`replace` and `deadline`, which every engine has, are announced, recorded in day.json, and
    `gm audit --all` still passes; a ruling the engine does not know is a located error."""
    root, day = _reopened(played, tmp_path)
    game = GameDir(root).load()
    player = game.roster[0]
    rulings = root / "days" / f"{day:02d}" / "rulings.yaml"
    rulings.write_text(f"- replace: {{player: {player.lower()}, by: NewcomerNine}}\n- deadline: 2030-01-02 20:00\n"
                       "- smite: nobody\n", encoding="utf-8")
    bad = run("check", root, "--day", day)
    assert bad.exit_code == 1
    assert "rulings.yaml:3:3: error: no ruling called 'smite'" in bad.output
    rulings.write_text(rulings.read_text(encoding="utf-8").replace("- smite: nobody\n", ""), encoding="utf-8")
    ok = run("check", root, "--day", day)
    assert ok.exit_code == 0, ok.output
    assert "deadline 2030-01-02 20:00 UTC" in ok.output
    from gm.fairness.beacon import DEMO_SIGNATURE

    # the demo's last day took a beacon round, and a deadline ruling past it cannot keep it (issue 23)
    assert run("resolve", root, "--day", day, "--beacon", DEMO_SIGNATURE).exit_code == 1
    resolved = run("resolve", root, "--day", day, "--no-beacon", "the deadline was extended past the round")
    assert resolved.exit_code == 0, resolved.output
    result = root / "days" / f"{day:02d}" / "result"
    narration = (result / f"narration.{game.ext}").read_text(encoding="utf-8")
    assert f"{player} is now played by NewcomerNine." in narration
    assert "The deadline moves to 2030-01-02 20:00 UTC." in narration
    record = json.loads((result / "day.json").read_text(encoding="utf-8"))
    assert [r["kind"] for r in record["rulings_yaml"]] == ["replace", "deadline"]
    assert record["rulings_yaml_sha256"] == hashlib.sha256(rulings.read_bytes()).hexdigest()
    assert "-- Rulings" in (result / "gm-summary.txt").read_text(encoding="utf-8")
    audited = run("audit", root, "--all")
    assert audited.exit_code == 0, audited.output
    rulings.write_text("- deadline: 2030-01-03 20:00\n", encoding="utf-8")
    tampered = run("audit", root, "--all")
    assert tampered.exit_code == 1 and "rulings.yaml: changed after" in tampered.output


def test_kill_and_replace_through_rulings_in_either_file(played, tmp_path):
    """Every engine applies a mod-kill (with the GM's public line) and a replacement; the kill may
    stand in the GM's section of the orders (orders/_gm.yaml), read and checked exactly as
    rulings.yaml is; the same ruling in both files is an error naming both; the killed player owes
    no orders; everything is announced, recorded, and `gm audit --all` stays whole."""
    from gm.pipeline.day import check_day

    root, day = _reopened(played, tmp_path)
    gd = GameDir(root)
    game = gd.load()
    due = check_day(gd, game, day).due
    victim = due[0]
    other = next(p for p in game.roster if p != victim)
    folder = root / "days" / f"{day:02d}"
    gm_file = folder / "orders" / "_gm.yaml"
    gm_file.write_text(f"- kill: {victim.upper()}\n  say: {victim} was removed from the game for inactivity.\n"
                       f"  why: silent for a week\n", encoding="utf-8")
    rulings = folder / "rulings.yaml"
    rulings.write_text(f"- replace: {{player: {other}, by: NewcomerNine}}\n- kill: {victim}\n", encoding="utf-8")
    both = run("check", root, "--day", day)
    assert both.exit_code == 1
    assert (f"_gm.yaml:1:9: error: a 'kill' ruling on {victim} is given in both rulings.yaml (at "
            in both.output), both.output
    rulings.write_text(f"- replace: {{player: {other}, by: NewcomerNine}}\n", encoding="utf-8")
    ok = run("check", root, "--day", day)
    assert ok.exit_code == 0, ok.output
    assert "rulings (2): 1 in rulings.yaml, 1 in orders/_gm.yaml (applied in that order, before the orders" in ok.output
    for line in ok.output.splitlines():  # the GM's file is read as rulings, never as anyone's orders
        assert "_gm.yaml:" not in line or "takes them out of the game" in line, line
    after = check_day(gd, game, day)
    assert victim not in after.due and victim not in after.orders, "a player killed by a ruling still owes orders"
    from gm.fairness.beacon import DEMO_SIGNATURE

    resolved = run("resolve", root, "--day", day, "--beacon", DEMO_SIGNATURE)
    assert resolved.exit_code == 0, resolved.output
    result = folder / "result"
    narration = (result / f"narration.{game.ext}").read_text(encoding="utf-8")
    assert f"{victim} was removed from the game for inactivity." in narration
    assert f"{other} is now played by NewcomerNine." in narration
    assert "silent for a week" not in narration
    summary = (result / "gm-summary.txt").read_text(encoding="utf-8")
    assert f"kill {victim} | said: {victim} was removed from the game for inactivity. | note: silent for a week " \
           "(public) [orders/_gm.yaml]" in summary
    record = json.loads((result / "day.json").read_text(encoding="utf-8"))
    assert [(r["kind"], r.get("file")) for r in record["rulings_yaml"]] == [("replace", None), ("kill", "orders/_gm.yaml")]
    assert record["orders_files"]["_gm.yaml"] == hashlib.sha256(gm_file.read_bytes()).hexdigest()
    audited = run("audit", root, "--all")
    assert audited.exit_code == 0, audited.output
    gm_file.write_text(f"- kill: {other}\n", encoding="utf-8")
    tampered = run("audit", root, "--all")
    assert tampered.exit_code == 1 and "_gm.yaml" in tampered.output, tampered.output


def test_a_ruling_the_engine_does_not_have_names_the_ones_it_has(played, tmp_path):
    from gm.rulings import CORE_KINDS, KINDS

    root, day = _reopened(played, tmp_path)
    engine = GameDir(root).load().engine
    missing = [k for k in KINDS if k not in engine.ruling_kinds and k not in CORE_KINDS]
    player = GameDir(root).load().roster[0]
    examples = {"kill": f"kill: {player}", "revive": f"revive: {player}", "health": f"health: {{player: {player}, to: 1}}",
                "give": f"give: {{player: {player}, item: X}}", "take": f"take: {{player: {player}, item: X}}",
                "move": f"move: {{player: {player}, to: A1}}"}
    rulings = root / "days" / f"{day:02d}" / "rulings.yaml"
    for kind in missing:
        rulings.write_text(f"- {examples[kind]}\n", encoding="utf-8")
        refused = run("check", root, "--day", day)
        assert refused.exit_code == 1
        kinds = ", ".join(tuple(engine.ruling_kinds) + CORE_KINDS)
        assert f"rulings.yaml:1:3: error: the {engine.facts.title} engine has no '{kind}' ruling: " in refused.output
        assert f"(kinds: {kinds})" in refused.output
        assert kind in engine.ruling_why_not


def test_a_hand_edited_state_is_refused(played, tmp_path):
    root, day = _reopened(played, tmp_path)
    state = root / "days" / f"{day - 1:02d}" / "result" / "state.json"
    state.write_text(state.read_text(encoding="utf-8").replace("\n", "\n ", 1), encoding="utf-8")
    for command in ("check", "status"):
        refused = run(command, root)
        assert refused.exit_code == 1, refused.output
        assert "changed after Day" in refused.output and "rulings.yaml" in refused.output


def test_a_roster_change_after_day_0_points_to_the_replacement_ruling(played, tmp_path):
    root, day = _reopened(played, tmp_path)
    game = GameDir(root).load()
    old = game.roster[-1]
    game_yaml = root / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace(old, "Zzyzx"), encoding="utf-8")
    refused = run("check", root, "--day", day)
    assert refused.exit_code == 1
    assert "the roster changed after Day 0" in refused.output
    assert f"replace: {{player: {old}, by: Zzyzx}}" in refused.output


def test_no_day_after_the_end(played):
    name, root = played
    last = _days(root)[-1]
    refused = run("commit", root, "--day", last + 1)
    assert refused.exit_code == 1 and f"the game ended on Day {last}" in refused.output


def test_rules_prints_the_rulings(played):
    name, root = played
    shown = run("rules", name)
    assert shown.exit_code == 0
    assert shown.output.endswith(get_engine(name).data_dir.joinpath("RULINGS.md").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", ENGINES)
def test_new_game_points_to_rulings_an_installed_gm_can_print(name, tmp_path):
    """A pip-installed GM has no RULINGS.md beside the game: game.yaml names `gm rules` wherever it
    names RULINGS.md, and gm new leaves no orders in days/ for `gm commit` to warn about."""
    root = tmp_path / "g"
    assert run("new", root, "--engine", name).exit_code == 0
    for line in (root / "game.yaml").read_text(encoding="utf-8").splitlines():
        if "RULINGS" in line:
            assert "gm rules" in line, line
    assert not list(root.glob("days/*/orders/*.yaml"))


def test_an_orders_file_indented_with_tabs_is_read_the_same_with_a_warning(played, tmp_path):
    """Forgiving input (issue 13): a GM who pastes a PM indented with tabs gets the same orders, and
    a warning naming the lines, for every engine."""
    import re

    from gm.pipeline.day import check_day

    root, day = _reopened(played, tmp_path)
    gd = GameDir(root)
    game = gd.load()
    before = {p: game.engine.orders_record(o) for p, o in check_day(gd, game, day).orders.items()}
    tabbed = []
    for path in sorted(gd.orders_files(day)):
        text = path.read_text(encoding="utf-8")
        # a value on its player's line goes on the next line, indented, as many write it: `Akane:\n  {...}`
        text = re.sub(r"(?m)^([A-Za-z][^:#\n]*):[ ]+([\[{][^#\n]*)$", r"\1:\n  \2", text)
        new = re.sub(r"(?m)^((?:  )+)", lambda m: "\t" * (len(m.group(1)) // 2), text)
        if new != text:
            path.write_text(new, encoding="utf-8")
            tabbed.append(path.name)
    assert tabbed, f"{played[0]}'s last demo day has no orders to indent"
    out = run("check", root, "--day", day)
    assert out.exit_code == 0, out.output
    assert f"{tabbed[0]}:" in out.output and "warning: tab characters indent line(s) " in out.output
    after = {p: game.engine.orders_record(o) for p, o in check_day(gd, game, day).orders.items()}
    assert after == before


def _status_lines(name: str, root: Path) -> dict[tuple[int, str], tuple[str, str]]:
    """(day, player) -> (the message's text, the status line the engine gives from that day's public
    view and public events alone), for every message of every day."""
    from gm.forum.render import event_dicts, message_filename

    game = GameDir(root).load()
    engine = game.engine
    out = {}
    for day in _days(root):
        result = root / "days" / f"{day:02d}" / "result"
        state = engine.state_from_json(json.loads((result / "state.json").read_text(encoding="utf-8")))
        events = [Event.from_record(json.loads(line)) for line in
                  (result / "events.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
        public = engine.public_view(state, game.rules)
        said = event_dicts(e for e in events if e.is_public and e.kind != "ruling")
        for path in sorted((result / "messages").glob("*.bbcode")):
            text = path.read_text(encoding="utf-8")
            player = next(p for p in game.roster if message_filename(p, set()) == path.stem)
            out[day, player] = text, "; ".join(engine.public_status(public, player, said))
    return out


def test_every_message_says_the_players_own_public_status(played):
    """Issue 24, item 4: every message of every engine says the player's own status as the thread
    knows it (in the game or out and how, whose turn, and at the end why they won or lost), in the
    words `Engine.public_status` gives from the public view alone, so no one's secret is in it."""
    name, root = played
    lines = _status_lines(name, root)
    assert lines
    last = max(day for day, _ in lines)
    for (day, player), (text, status) in lines.items():
        assert status, f"{name} Day {day}: no public status for {player}"
        said = text.replace("\n", " ")  # a message may add the player's own reason (", because ...")
        assert f"[b]Your status[/b]: {status}." in said or f"[b]Your status[/b]: {status}, because " in said, \
            f"{name} Day {day}, {player}:\n{text}"
        if day == last:  # the end: whether they won, and why
            assert any(w in status for w in ("won", "did not win", "lost", "no one")), status
