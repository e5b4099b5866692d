"""Issue 25: every game explained to its players.

Over the registry, on every day of each engine's demo: a player's form (Engine.form_text) is the
player's orders as YAML under their name, and each order it offers, uncommented, is read by the
engine's own orders reader without an error (the PM reader, `gm inbox`, reads filled-in forms back
the same way). `gm guide ENGINE` prints the player's guide, which is docs/guides/<engine>.md.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.cli import cli
from gm.engines import REGISTRY
from gm.gamedir import GameDir

ENGINES = sorted(REGISTRY)
ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDER = re.compile(r"\b[A-Z]{3,}\b")  # NAME, ZONE, ITEM, SQUARE: a line the player completes


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture(scope="module", params=ENGINES)
def played(request, demo_games):
    """(engine, its demo as played): to read only, a test that changes it works on a copy."""
    return request.param, demo_games.pristine(request.param)


def _states(root: Path):
    """(day, the state before it, the game) for every day of the demo that players write orders for."""
    from gm.pipeline.day import _state_before

    gd = GameDir(root)
    game = gd.load()
    from gm.errors import StateError

    for day in [*gd.resolved_days(), gd.resolved_days()[-1] + 1]:
        try:
            state, _ = _state_before(gd, game, day)
        except StateError:  # no day after the end
            return
        if not game.engine.ended(state):
            yield day, state, game


def _order_lines(text: str) -> list[str]:
    """The commented orders of a form (`# key: value`; notes are `## ...`), for one at a time."""
    return [line for line in text.splitlines() if re.match(r"^\s*# (?!#)\S", line)]


def _uncommented(text: str, line: str) -> str:
    """The form with this one order uncommented, and the section it stands in (`free:`) if any."""
    lines = text.splitlines()
    i = lines.index(line)
    keep = {i}
    indent = len(line) - len(line.lstrip())
    if line.lstrip().startswith("#   "):  # an entry of a commented section: its key line above too
        j = i - 1
        while j >= 0 and not re.match(r"^\s*# \w+:\s*(#.*)?$", lines[j]):
            j -= 1
        keep.add(j)
    out = [re.sub(r"^(\s*)# ", r"\1", lines[k], count=1) if k in keep else lines[k] for k in range(len(lines))]
    assert indent >= 2
    return "\n".join(out) + "\n"


def _check(game, state, day, text: str, player: str):
    from gm.salts import take_salts
    from gm.yamlio import load_text

    doc = load_text(text, Path("form.yaml"))
    assert isinstance(doc, dict) and list(doc) == [player], text
    take_salts(doc, "form.yaml")
    if doc.get(player) is None and player not in doc:
        return [], {}
    got, problems = game.engine.check_orders(doc, "form.yaml", game.rules, state, day, {})
    return [p for p in problems if p.severity == "error"], got


def test_every_form_reads_back_as_that_players_orders(played):
    """Each commented order of the form of every player who may send orders (those due, and those
    whose standing orders count on another's turn), every day of the demo, uncommented on its own,
    is that player's orders with no error; an untouched form is their name and nothing else."""
    name, root = played
    tried = 0
    for day, state, game in _states(root):
        for player in game.engine.may_send(state):
            text = game.engine.form_text(state, game.rules, player)
            assert text.endswith("\n") and "\u200b" not in text
            from gm.yamlio import load_text

            assert load_text(text, Path("form.yaml")) == {player: None}, text  # untouched: nothing ordered
            for line in _order_lines(text):
                if PLACEHOLDER.search(line.split("   # ")[0]) or re.match(r"^\s*# \w+:\s*(#.*)?$", line):
                    continue  # a line to complete, or a section's bare key (no order on its own)
                filled = _uncommented(text, line)
                errors, got = _check(game, state, day, filled, player)
                assert not errors, f"{name} Day {day} {player}: {line!r}\n{[e.message for e in errors]}\n{filled}"
                tried += 1
    assert tried or name != "battle-royale"


def _br_state(played, day: int):
    name, root = played
    for d, state, game in _states(root):
        if d == day:
            return state, game
    raise AssertionError(day)


def test_battle_royale_form_offers_every_order_the_player_has(played):
    """Search, defend, cover, analyze, heal with a First Aid Kit held, set_trap with a Poison Vial
    held, and proficiency when it is due; the zone as it sits in a sentence ('on the Beach')."""
    if played[0] != "battle-royale":
        pytest.skip("Battle Royale's orders")
    state, game = _br_state(played, 1)
    engine = game.engine
    chiaki = engine.form_text(state, game.rules, "Chiaki")  # holds a First Aid Kit
    dana = engine.form_text(state, game.rules, "Dana")  # holds a Poison Vial
    for order in ("action: search", "action: defend", "action: {cover:", "action: {analyze:"):
        assert order in chiaki, order
    assert "heal: {target: Chiaki, item: First Aid Kit}" in chiaki
    assert "set_trap: {item: Poison Vial" in dana and "set_trap" not in chiaki
    assert "with you in the Beach" not in chiaki and "with you on the Beach" in chiaki
    state.players["Chiaki"].pending_proficiency = True
    assert "- proficiency: " in engine.form_text(state, game.rules, "Chiaki")


def test_battle_royale_day0_form_is_the_players_own_menu(played):
    if played[0] != "battle-royale":
        pytest.skip("Battle Royale's Day 0")
    state, game = _br_state(played, 0)
    akane = game.engine.form_text(state, game.rules, "Akane")  # a Dedicated Student
    bruno = game.engine.form_text(state, game.rules, "Bruno")  # asks to be a Lone Wolf
    chiaki = game.engine.form_text(state, game.rules, "Chiaki")  # a Lover
    assert "Scavenger" in akane and "Devotion" not in akane and "gm rules" not in akane
    assert "Devotion" in chiaki
    assert "bonus: {Lone Wolf: " in bruno and "Dedicated Student: " in bruno and "Shadow" in bruno


def test_form_names_its_own_player_safely():
    """A name YAML would read as something else is quoted, so the block reads back to that name."""
    from gm.text import yaml_scalar
    from gm.yamlio import load_text

    for name in ("Akane", "Akane 1", "no", "[b]x", "Zoë: the 2nd", "#1", "null", "O'Neil"):
        doc = load_text(f"{yaml_scalar(name)}:\n  ## a note\n", Path("x.yaml"))
        assert list(doc) == [name]


# ---- gm guide --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ENGINES)
def test_guide_is_the_docs_page_and_points_to_no_source(name):
    """`gm guide ENGINE` prints docs/guides/<engine>.md byte for byte (one source, never drifting),
    every YAML example in it reads, and it points players at no file of gm's."""
    from gm.yamlio import load_text

    out = run("guide", name)
    assert out.exit_code == 0, out.output
    page = (ROOT / "docs" / "guides" / f"{name}.md").read_text(encoding="utf-8")
    assert out.output == page
    assert not re.search(r"\w+\.py\b|design notes|gm rules", page), "a pointer players cannot follow"
    blocks = re.findall(r"```yaml\n(.*?)```", page, re.S)
    assert len(blocks) >= 2, "a guide shows its orders"
    for block in blocks:
        assert isinstance(load_text(block, Path("guide.yaml")), dict), block


def test_guide_of_an_unknown_engine_says_which_there_are():
    out = run("guide", "battle-royal")
    assert out.exit_code != 0 and "battle-royale" in out.output and "Traceback" not in out.output


def test_readme_and_rulings_point_to_the_guides_not_the_source():
    texts = [(ROOT / "README.md").read_text(encoding="utf-8")]
    texts += [p.read_text(encoding="utf-8") for p in sorted((ROOT / "games").glob("*/RULINGS.md"))]
    for text in texts:
        assert not re.search(r"orders\.py has|orders\.py\)|full vocabulary is in `gm/engines|design notes", text)


@pytest.mark.parametrize("name", ENGINES)
def test_guide_in_bbcode_is_well_formed(name):
    from gm.forum.render import bbcode_problems

    out = run("guide", name, "--format", "bbcode")
    assert out.exit_code == 0, out.output
    assert "[code]" in out.output and "```" not in out.output and not re.search(r"(?m)^#+ ", out.output)
    assert not bbcode_problems(out.output), bbcode_problems(out.output)


def test_rules_does_not_print_where_gm_is_installed():
    """`gm rules` is read by GMs who installed gm with pip: the path of its data is noise."""
    out = CliRunner().invoke(cli, ["rules", "kharnage"])
    assert out.exit_code == 0
    assert "RULINGS.md)" not in out.output and "site-packages" not in out.output and str(ROOT) not in out.output


# ---- Hashmi: standing orders on another player's turn count as orders ----------------------------


@pytest.fixture(scope="module")
def hashmi_day5(demo_games):
    """The Hashmi demo taken back to before Day 5 (Chiaki's turn), with Akane's standing orders."""
    from test_gm_day import unresolve

    root = demo_games.copy("hashmi-battle-royale")
    unresolve(root, 5)
    (root / "days" / "05" / "orders" / "akane.yaml").write_text(
        'Akane:\n  standing: {charm: never, sacrifice: [3, 1, 2]}\n  salt: "Akane was here"\n', encoding="utf-8")
    return root


def test_hashmi_form_for_a_player_whose_turn_it_is_not(hashmi_day5):
    out = run("form", hashmi_day5, "--day", 5, "--player", "Akane")
    assert out.exit_code == 0, out.output
    assert "owes no orders" not in out.output
    assert "# standing: {charm: " in out.output and "[code]Akane:" in out.output
    active = run("form", hashmi_day5, "--day", 5, "--player", "Chiaki")
    assert "# actions:" in active.output and "your agents: 1 (" in active.output


def test_a_player_who_sent_standing_orders_gets_a_receipt_with_the_salt(hashmi_day5):
    out = run("receipts", hashmi_day5, "--day", 5)
    assert out.exit_code == 0, out.output
    receipt = hashmi_day5 / "days" / "05" / "receipts" / "Akane.bbcode"
    assert receipt.is_file(), out.output
    text = receipt.read_text(encoding="utf-8")
    assert "charm" in text and "never" in text
    assert "Akane was here" in text  # the salt, echoed


def test_hashmi_receipts_speak_the_boards_notation(hashmi_day5):
    """A move with its squares and shootout policy, a shot with its targets: as the player wrote them."""
    run("receipts", hashmi_day5, "--day", 5)
    text = (hashmi_day5 / "days" / "05" / "receipts" / "Chiaki.bbcode").read_text(encoding="utf-8")
    assert not re.search(r"\(\d+, \d+\)", text), text
    assert re.search(r"move Chiaki\.1 to the first of [A-T]\d+.*reachable in exactly the roll", text), text
    assert "shootouts: allow" in text and "at Akane.1" in text
    akane = (hashmi_day5 / "days" / "05" / "receipts" / "Akane.bbcode").read_text(encoding="utf-8")
    assert "actions: none" not in akane and "Standing orders: charm never; sacrifice 3, 1, 2" in akane


def test_no_message_or_post_shows_an_event_kind_for_want_of_words(played):
    """Hashmi's Day 0 message read `- (first_player)`, `- (agents_dealt)`, `- (decks)`."""
    import json

    name, root = played
    for day in sorted(root.glob("days/*/result")):
        kinds = {json.loads(line)["kind"] for line in (day / "events.jsonl").read_text(encoding="utf-8").splitlines()}
        for path in sorted(day.glob("*.bbcode")) + sorted(day.glob("*/*.bbcode")):
            text = path.read_text(encoding="utf-8")
            found = [k for k in kinds if f"({k})" in text]
            assert not found, f"{path.relative_to(root)}: {found}"


# ---- item 4: fairness steps that fit the engine ----------------------------------------------------


def test_team_kill_turns_roll_no_dice_so_they_invite_no_salt(tmp_path, monkeypatch):
    """Team Kill rolls only in the deal: a turn's commitment invites no salt, and a salt sent on a
    turn is never said to have been mixed into dice that were not rolled."""
    from test_cli_tk import _game

    game = _game(tmp_path, monkeypatch, None)
    day0 = run("commit", game, "--day", "0")
    assert "Want a hand in the dice?" in day0.output
    assert run("resolve", game, "--day", "0").exit_code == 0
    day1 = run("commit", game, "--day", "1")
    assert day1.exit_code == 0, day1.output
    assert "Want a hand in the dice?" not in day1.output and "roll no dice on Day 1" in day1.output
    orders = game / "days" / "01" / "orders"
    orders.mkdir(parents=True)
    (orders / "one.yaml").write_text('Player One: {turn: pass, salt: "pears at noon"}\n')
    done = run("resolve", game, "--day", "1")
    assert done.exit_code == 0, done.output
    text = (game / "days" / "01" / "result" / "messages" / "Player_One.bbcode").read_text()
    assert "pears at noon" in text and "mixed into today's dice" not in text and "rolled no dice" in text


@pytest.mark.parametrize("name", ENGINES)
def test_new_names_the_day_0_commitment(name, tmp_path):
    out = run("new", tmp_path / "g", "--engine", name)
    assert out.exit_code == 0 and "gm commit" in out.output and "--day 0" in out.output, out.output


def test_the_default_new_game_hint_names_the_day_0_commitment():
    """An engine that keeps Facts' default hint passes the test above (a sixth engine did not)."""
    from gm.engine import Facts

    hint = Facts("x", "X").new_game_hint.format(dir="g")
    assert "gm commit g --day 0" in hint


# ---- item 7: wrong words and hints -----------------------------------------------------------------


def test_a_plural_item_takes_no_article():
    from gm.narration import with_article

    assert with_article("Brass Knuckles") == "Brass Knuckles" and with_article("Binoculars") == "Binoculars"
    assert with_article("Uzi") == "an Uzi" and with_article("Knife") == "a Knife" and with_article("Bus") == "a Bus"
    assert with_article("Gas Mask") == "a Gas Mask" and with_article("Metal Pot Lid") == "a Metal Pot Lid"


def test_resolve_help_says_the_seed_is_the_committed_one():
    out = run("resolve", "--help")
    assert "committed" in out.output and "(default: fresh random bytes)" not in out.output


def test_openings_of_one_roll_are_worded_for_one(tmp_path):
    from gm.gamedir import GameDir
    from gm.forum.render import render_post

    root = tmp_path / "g"
    assert run("new", root).exit_code == 0
    game = GameDir(root).load()
    one = render_post(game, "openings.j2", day=1, player="Akane", count=1, lines=["gm-open {}"])
    two = render_post(game, "openings.j2", day=1, player="Akane", count=2, lines=["gm-open {}", "gm-open {}"])
    assert "These 1 line" not in one and "This line opens the one roll about you" in one
    assert "These 2 lines open the 2 rolls about you" in two


def test_a_misnamed_orders_file_gets_the_name_it_should_have(tmp_path):
    from gm.gamedir import GameDir
    from gm.gmday.ignored import unread

    root = tmp_path / "g"
    assert run("new", root).exit_code == 0
    orders = root / "days" / "01" / "orders"
    orders.mkdir(parents=True)
    (orders / "Egos.yaml.txt").write_text("Akane: {action: search}\n")
    found = "\n".join(unread(GameDir(root), 1))
    assert "rename it Egos.yaml " in found and "Egos.yaml.yaml" not in found


def test_trade_written_as_the_action_says_it_is_a_free_action(played):
    if played[0] != "battle-royale":
        pytest.skip("Battle Royale's orders")
    state, game = _br_state(played, 1)
    text = "Chiaki:\n  action: {trade: {with: Dana, give: Paper Fan, get: Grenade}}\n"
    errors, _ = _check(game, state, 1, text, "Chiaki")
    assert len(errors) == 1 and "'trade' is a free action" in errors[0].message and "free:" in errors[0].message


def test_a_receipt_never_promises_more_than_the_cap_to_hit(played):
    """A Paper Fan hits on 100, but every attempt is held to 95% (house rule hit_chance_max)."""
    if played[0] != "battle-royale":
        pytest.skip("Battle Royale's orders")
    state, game = _br_state(played, 1)
    _, got = _check(game, state, 1, "Chiaki:\n  action: {attack: {weapon: Paper Fan, targets: [ Dana ]}}\n", "Chiaki")
    lines = game.engine.receipt_lines(got["Chiaki"], state, game.rules, "Chiaki")
    odds = [line for line in lines if line.startswith("Odds")]
    assert odds and "95% to hit" in odds[0] and "100%" not in odds[0]


# ---- item 3: warnings reach the players they concern; stale standing orders ------------------------


def test_a_warning_about_the_whole_day_reaches_the_player_it_concerns(tmp_path, monkeypatch):
    """Team Kill: the pass that completes a circle of passes (everyone is eliminated) is in the
    receipt of the player whose turn it is."""
    from test_cli_tk import _game

    game = _game(tmp_path, monkeypatch, None)
    assert run("resolve", game, "--day", "0").exit_code == 0
    for day in (1, 2, 3):
        from gm.pipeline.day import state_before

        gd = GameDir(game)
        state = state_before(gd, gd.load(), day)
        active = state.player_of(state.active)
        orders = game / "days" / f"{day:02d}" / "orders"
        orders.mkdir(parents=True)
        (orders / "turn.yaml").write_text(f"{active}: {{turn: pass}}\n")
        if day < 3:
            assert run("resolve", game, "--day", day).exit_code == 0
    out = run("receipts", game, "--day", 3)
    assert out.exit_code == 0, out.output
    from gm.forum.render import message_filename

    text = (game / "days" / "03" / "receipts" / f"{message_filename(active, set())}.bbcode").read_text()
    assert "completes a full circle of passes" in text, text


def test_a_stale_standing_turn_is_flagged_in_the_message_and_to_the_gm(played):
    """`turn: confront Chiaki` after Chiaki is out: the standing line says the turn would be a pass,
    and `gm check` warns, naming the player it concerns."""
    if played[0] != "team-kill":
        pytest.skip("Team Kill's standing orders")
    from gm.engines.team_kill.describe import standing_lines

    for day, state, game in _states(played[1]):
        out = [p for p in state.persons if state.persons[p].out]
        if out and state.active is not None and not state.pending:
            break
    else:
        pytest.fail("the demo never has a player out before its end")
    player = state.player_of(state.active)
    state.standing.setdefault(player, {})["turn"] = {"kind": "confront", "target": out[0]}
    lines = standing_lines(state, player)
    assert any(line.startswith("turn:") and f"{out[0]} is out of the game: this turn would be a pass" in line
               for line in lines), lines
    found = game.engine.check_all({}, [], state, game.rules, day, "days/x/orders")
    assert any(p.concerns == (player,) and "standing turn" in p.message for p in found), found


def test_hostile_takeover_words(played, tmp_path):
    """Status says "in the game" for the first player too; a receipt names the round as the posts do;
    a claim one square off a building suggests it; a warning about Kestrel's pawn reads "your pawn"
    in Kestrel's own receipt."""
    if played[0] != "hostile-takeover":
        pytest.skip("Hostile Takeover's words")
    import shutil

    from gm.errors import Location, Problem
    from gm.gmday.deadline import receipt_warnings
    from test_gm_day import unresolve

    name, root = played
    copy = tmp_path / "ht"
    shutil.copytree(root, copy)
    last = GameDir(copy).resolved_days()[-1]
    unresolve(copy, last)
    status = run("status", copy)
    assert "\tfirst player" not in status.output and "in the game (first player)" in status.output
    assert run("receipts", copy, "--day", last).exit_code == 0
    text = next((copy / "days" / f"{last:02d}" / "receipts").glob("*.bbcode")).read_text(encoding="utf-8")
    assert re.match(rf"\[b\]Round \d+ \(Day {last}\): your orders", text), text[:80]
    game = GameDir(copy).load()
    from gm.pipeline.day import state_before

    state = state_before(GameDir(copy), game, last)
    b = state.buildings[0]
    col, row = b.squares[0]
    from gm.engines.hostile_takeover import grid

    beside = next((c, r) for c, r in ((col, row + 1), (col, row - 1), (col + 1, row), (col - 1, row))
                  if 0 <= c < 26 and 0 <= r < 99 and state.find_building((c, r)) is None)
    player = game.engine.players_due(state)[0]
    errors, _ = _check(game, state, last, f"{player}: {{claim: {grid.name(beside)}}}\n", player)
    assert errors and "did you mean" in errors[0].message and grid.name(b.squares[0]) in errors[0].message, errors
    said = receipt_warnings([Problem(Location("x"), "the building at C6 is not next to Kestrel's pawn on D5", "warning")],
                            "Kestrel")
    assert said == ["The building at C6 is not next to your pawn on D5"]


def test_a_deadline_ruling_is_said_to_stand_where_it_was_written(played, tmp_path):
    """`- deadline:` in orders/_gm.yaml: `gm check` names that file, not days/NN/rulings.yaml."""
    if played[0] != "battle-royale":
        pytest.skip("one engine is enough: the deadline is the core's")
    import shutil

    from test_gm_day import unresolve

    root = tmp_path / "g"
    shutil.copytree(played[1], root)
    unresolve(root, 3)
    (root / "days" / "03" / "orders" / "_gm.yaml").write_text("- deadline: 2030-01-02 08:00\n", encoding="utf-8")
    out = run("check", root, "--day", 3)
    assert "days/03/orders/_gm.yaml" in out.output and "days/03/rulings.yaml" not in out.output, out.output


def test_a_vote_for_a_zone_closed_at_dawn_is_not_said_to_close_later(played):
    """Votes are cast after movement, long after dawn: a zone voted closed last night is closed by then."""
    if played[0] != "battle-royale":
        pytest.skip("Battle Royale's votes")
    for day, state, game in _states(played[1]):
        closing = [n for n, z in state.zones.items() if z.closing and not z.closed]
        if closing and day > 0:
            break
    else:
        pytest.fail("no zone closing in the demo")
    player = game.engine.players_due(state)[0]
    from gm.salts import take_salts  # noqa: F401
    from gm.yamlio import load_text

    doc = load_text(f"{player}:\n  votes: {{close: {closing[0]}}}\n", Path("o.yaml"))
    _, problems = game.engine.check_orders(doc, "o.yaml", game.rules, state, day, {})
    said = [p.message for p in problems if "vote will be ignored" in p.message]
    assert said and "closes at dawn" not in said[0] and "is closed from dawn today" in said[0], said
    assert "gm rules" not in said[0]  # a receipt quotes it to a player, who cannot run gm


def test_hashmi_map_shows_where_the_zones_meet():
    """Each row of the board ends with its squares' zones, one letter a square, so the edges show."""
    from gm.engines.hashmi.mapdraw import draw
    from gm.engines.hashmi.rules import default_rules

    rules = default_rules()
    board = rules.board
    empty = type("S", (), {"agents": lambda self: [], "chests": [], "seats": [], "seedo_zone": None,
                           "storm": None, "gas_zones": []})()  # a board with nothing on it
    text = draw(empty, board)
    rows = [line for line in text.splitlines() if re.match(r"^\s*\d+ ", line)]
    assert len(rows) == board.rows
    for r, line in enumerate(rows):
        zones = line.split()[-1]
        assert len(zones) == len(board.columns)
        for c, z in enumerate(zones):
            assert z == (str(board.zone_of[(c, r)])[:1] if (c, r) in board.zone_of else "#")


def test_a_stale_hashmi_standing_order_is_flagged_in_the_receipt_and_the_message(tmp_path, demo_games):
    """Bruno's standing Hitchhike lists K12 under `shootout: avoid`; by Day 6 Chiaki.3 stands next
    to K12: his message says so, and so does his receipt for the next day (a warning that concerns him)."""
    from test_gm_day import unresolve

    root = demo_games.copy("hashmi-battle-royale", tmp_path / "game")
    message = (root / "days" / "05" / "result" / "messages" / "Bruno.bbcode").read_text(encoding="utf-8")
    assert "[b]Check your standing orders[/b]" in message and "Your Hitchhike lists K12 (next to Chiaki.3) with shootout: avoid" in message
    unresolve(root, 6)
    (root / "days" / "06" / "orders" / "bruno.yaml").write_text(
        "Bruno:\n  standing: {draw: {action: 2, weapon: 0}}\n", encoding="utf-8")  # he changes another order
    out = run("receipts", root, "--day", 6)
    assert out.exit_code == 0, out.output
    receipt = (root / "days" / "06" / "receipts" / "Bruno.bbcode").read_text(encoding="utf-8")
    assert "Your Hitchhike lists K12 (next to Chiaki.3) with shootout: avoid, but a listed square is taken" in receipt, receipt


# ---- pronouns: the roster's, in every engine's templates -----------------------------------------

# Bare they/them/their in a shipped template that speak of no single player (a group, an agent, the
# reader's orders, a comment-like note). A new bare one about a player fails the test: write
# `pronouns(name).their` (any template) or `p.their` (a phrase) instead.
PLURAL_OK = (
    "collars around their necks and a bag at their side",  # the students
    "nothing to mix them into", "give them to gm verify", "Keep them to yourself", "they say what the rolls",
    "your orders as the GM has them", "as they will be carried out", "change them until the deadline",
    "To check them all", "by their own {{ e.what", "landing on them with Go",  # an agent
    "since you wrote them (they stand as written",  # the reader's standing orders
    "(they passed)", "they give the order of every", "(a card drawn from their hand, their standing plan)",
    "everyone goes back to their own team", '"it" if e.count == 1 else "them"', "their proposals are due",
    "Their {{ e.count|plural", "Send {{ \"it\" if e.orders|length == 1 else \"them\" }}",
    "confronting {{ pronouns(mates[0]).them if mates|length == 1 else \"them\" }}",
    "(their standing orders held)", 'them=(pronouns(c.team_b[0]).them if betrayal and c.team_b|length == 1 else "them")', "everyone still in plays on their own", "The pawns stand on their spawns",
    "So they will take drand quicknet round",  # the dice (a new round announced)
)


def test_no_shipped_template_speaks_of_a_player_as_they_by_default():
    """A roster's `pronouns: he` made "Bruno skips their next turn", "Akane confronts Bruno, on their
    right", "Kestrel loses their last life": every such word now comes from the roster."""
    found = []
    for path in sorted((ROOT / "templates").glob("*/*.j2")):
        source = re.sub(r"\{#.*?#\}", lambda m: "\n" * m.group(0).count("\n"), path.read_text(encoding="utf-8"), flags=re.S)
        for n, line in enumerate(source.splitlines(), 1):
            text = line
            if not re.search(r"(?<![.\w])(their|them|they|Their|They)\b", text):
                continue
            rest = text
            for ok in PLURAL_OK:
                rest = rest.replace(ok, "")
            if re.search(r"(?<![.\w])(their|them|they|Their|They)\b", rest):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()[:160]}")
    assert not found, "\n".join(found)


def test_no_warning_a_player_reads_speaks_of_them_as_they():
    """A checker's warning reaches the player's receipt (gm receipts), and the checker does not know
    the roster's pronouns: "Dana is not deactivating their own collar" read wrong for a `he`. So a
    warning about one player is worded without a pronoun for them (their/them/they)."""
    found = []
    for path in sorted((ROOT / "gm" / "engines").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        for call in re.finditer(r"\.warn\((.*?)\)[ \t]*(#[^\n]*)?$", source, re.S | re.M):
            if re.search(r"(?<![.\w])(their|them|they)\b(?! were\b| stay)", call.group(1)):
                line = source[:call.start()].count("\n") + 1
                found.append(f"{path.relative_to(ROOT)}:{line}: {call.group(1).strip()[:120]}")
    assert not found, "\n".join(found)


def test_posts_and_messages_use_the_rosters_pronouns(tmp_path, played):
    """Every day of each demo rendered again (gm render) with everyone `pronouns: he`: no line that
    speaks of one player says their/them for him."""
    import shutil

    name = played[0]
    root = tmp_path / "game"
    shutil.copytree(played[1], root)
    from ruamel.yaml import YAML

    yaml = YAML()
    doc = yaml.load((root / "game.yaml").read_text(encoding="utf-8"))
    doc["roster"] = [dict(e, pronouns="he") if isinstance(e, dict) else {"name": str(e), "pronouns": "he"}
                     for e in doc["roster"]]
    with (root / "game.yaml").open("w", encoding="utf-8") as f:
        yaml.dump(doc, f)
    wrong = re.compile(r"on their (left|right)|skips their next turn|their building|their last life|back to their spawn"
                       r"|leaves their team|confronts their own|shows you their hand|change their war plan"
                       r"|their guard down|their square|not next to them now|confronted them\.|confront them\.")
    he = re.compile(r"on his (left|right)|skips his next|his building|his last life|back to his spawn|leaves his team"
                    r"|confronts his own|shows you his hand|change his war plan|his guard down|his square|to him now")
    seen_he = 0
    for day in sorted(int(d.name) for d in (root / "days").iterdir() if (d / "result").is_dir()):
        out = run("render", root, "--day", day)
        assert out.exit_code == 0, out.output
        for path in (root / "days" / f"{day:02d}" / "render").rglob("*.*"):
            text = path.read_text(encoding="utf-8")
            assert not wrong.search(text), (path, wrong.search(text).group(0))
            seen_he += len(he.findall(text))
    # not vacuous: where the demo, told with its own pronouns, says one of these "their" phrases,
    # the same days told with `he` must say "his" (no engine named here: a new one is held the same)
    said_their = sum(len(wrong.findall(path.read_text(encoding="utf-8")))
                     for path in (played[1] / "days").glob("*/result/*.*") if path.suffix in (".bbcode", ".md"))
    assert seen_he or not said_their, f"{name}'s demo says 'their ...' {said_their} times, and never 'his' with he"


def test_a_worn_item_is_said_as_worn(played):
    """Quinn wears the Headband: "Quinn (holding Shotgun, wearing Headband)", not "holding Headband"."""
    if played[0] != "battle-royale":
        pytest.skip("Battle Royale's wearables")
    text = (played[1] / "days" / "02" / "result" / "messages" / "Emil.bbcode").read_text(encoding="utf-8")
    assert "Quinn (holding Shotgun, wearing Headband)" in text and "holding Shotgun and Headband" not in text, text


def test_what_you_have_learned_shows_each_sighting_once(played):
    """Oskar's Binoculars saw the same empty zones night after night: "What you have learned" held
    a line for each night (Day 3 to Day 7, "the Cliffs: no one" five times). Now each zone's latest
    sighting only, and empty zones only from the latest report (RULINGS.md, "What you have learned")."""
    if played[0] != "battle-royale":
        pytest.skip("Battle Royale's Binoculars")
    for path in sorted(played[1].glob("days/*/result/messages/*.bbcode")):
        text = path.read_text(encoding="utf-8")
        looks = re.findall(r"(?m)^\[\*\]Day (\d+): through the Binoculars, (.*)$", text)
        zones = [z.split(":")[0] for _, seen in looks for z in seen.split("; ")]
        assert len(zones) == len(set(zones)), (path, looks)  # each zone's sighting once
        for day, seen in looks[:-1] if looks else []:
            assert "no one" not in seen, (path, day, seen)  # an old empty sighting is stale
    oskar = (played[1] / "days" / "07" / "result" / "messages" / "Oskar.bbcode").read_text(encoding="utf-8")
    assert oskar.count("through the Binoculars") == 1 and "Day 7: through the Binoculars, the Beach: Chiaki" in oskar


def test_no_zone_closing_for_min_open_zones_is_not_said_to_be_for_want_of_votes():
    """Two votes for the Septagon with two zones left: the post said "No zone got enough votes";
    the reason is the house rule min_open_zones, and the post says so."""
    from gm.engines import get_engine
    from gm.forum.render import render_day
    from gm.pipeline.day import ResolvedDay
    from gm.gamedir import Game
    from harness_battle_royale import BattleRoyaleHarness
    from scenario_harness import load_fixture

    harness = BattleRoyaleHarness()
    got = harness.run(load_fixture(ROOT / "tests" / "scenarios" / "vote-close-none-min-open-zones.yaml"))
    game = Game(Path("/nonexistent-fixture-game"), get_engine("battle-royale"), "Fixture", "bbcode", got.rules, [], None)
    for key in (b"fixture", b"another key", b"a third"):  # whichever phrasing the day's key picks
        files = render_day(game, ResolvedDay(got.checked.day, key, got.checked, got.state, got.events, got.dice.log))
        post = files["narration.bbcode"]
        assert "keeps its last two zones open (house rule min_open_zones)" in post, post
        assert "enough votes" not in post and "No zone got" not in post


def test_gm_form_is_usable_for_every_player_on_every_day(played):
    """`gm form` as it prints (templates/common/form.j2), every day of each demo: the thread's blank
    form, and the form of every player who may send orders (Hashmi's standing orders on another's
    turn included): a code block under the player's name with at least one order to uncomment."""
    from gm.forum.render import render_post

    name, root = played
    days = 0
    for day, state, game in _states(root):
        senders = game.engine.may_send(state)
        if not senders:
            continue
        days += 1
        blank = render_post(game, "form.j2", day=day, player=None, deadline=None,
                            lines=game.engine.order_form(state, game.rules, None), text=None)
        code = re.search(r"\[code\](.*?)\[/code\]", blank, re.S)
        assert code and re.search(r"(?m)(^\s*(- )?|\{)[a-z_]+: ", code.group(1)), (name, day, blank)  # orders to copy
        for player in senders:
            text = game.engine.form_text(state, game.rules, player)
            post = render_post(game, "form.j2", day=day, player=player, deadline=None,
                               lines=game.engine.order_form(state, game.rules, player), text=text)
            block = re.search(r"\[code\](.*?)\[/code\]", post, re.S)
            assert block and "owes no orders" not in post and "Uncomment" in post, (name, day, player, post)
            assert _order_lines(block.group(1)), (name, day, player, post)  # something to send
            if name == "hashmi-battle-royale" and player not in game.engine.players_due(state):
                assert "# standing: {charm: " in block.group(1), post
    assert days >= 2, f"{name}: the demo has {days} days of orders"
