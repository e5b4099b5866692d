"""The gm command as a GM uses it: every mistake is one located line, exit 1, and nothing written."""

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.cli import cli

COMMANDS = sorted(cli.commands)  # every command, so that a new one is held to a help with an example


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def snapshot(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("command", [None] + COMMANDS)
def test_every_command_has_help(command):
    result = run(*([command] if command else []), "--help")
    assert result.exit_code == 0
    assert "Usage:" in result.output
    if command:  # every command's help shows how it is typed
        assert "Example" in result.output and f"  gm {command} " in result.output, result.output


def test_help_and_check_do_not_import_heavy_libraries():
    code = ("import sys; from gm.cli import cli; "
            "print(sorted(m for m in ('jinja2', 'rich', 'ruamel.yaml') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_check_imports_no_jinja_or_rich(game_copy):
    code = ("import sys; from gm.commands import game; game.check(__import__('pathlib').Path(sys.argv[1]), 4); "
            "print(sorted(m for m in ('jinja2', 'rich') if m in sys.modules))")
    (game_copy / "days" / "04" / "orders").mkdir(parents=True)
    out = subprocess.run([sys.executable, "-c", code, str(game_copy)], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_new_then_day0_then_day1(tmp_path):
    game = tmp_path / "g"
    result = run("new", game)
    assert result.exit_code == 0, result.output
    assert (game / "game.yaml").read_text().startswith("# A Battle Royale game")
    assert run("check", game, "--day", "0").exit_code == 0
    result = run("resolve", game, "--day", "0", "--seed", "ab")
    assert result.exit_code == 0, result.output
    assert "Day 0 resolved" in result.output
    for name in ("narration.bbcode", "gm-summary.txt", "rolls.jsonl", "events.jsonl", "state.json", "day.json"):
        assert (game / "days" / "00" / "result" / name).is_file()
    state = json.loads((game / "days" / "00" / "result" / "state.json").read_text())
    assert {p["zone"] for p in state["players"]} <= {"Beach", "Forest", "Landing Strip", "Crevasse", "The Septagon",
                                                       "Cliffs", "Field"}
    result = run("check", game)  # defaults to Day 1
    assert result.exit_code == 0
    assert "no orders received (4)" in result.output
    assert run("resolve", game, "--seed", "cd").exit_code == 0
    assert (game / "days" / "01" / "result" / "messages" / "Player_One.bbcode").is_file()


def test_new_refuses_a_folder_that_is_not_empty(tmp_path):
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "notes.txt").write_text("mine")
    result = run("new", tmp_path / "g")
    assert result.exit_code == 1
    assert "not empty" in result.output
    assert (tmp_path / "g" / "notes.txt").read_text() == "mine"


BAD_ORDERS = {
    "tab": ("Akane:\n\taction: [defend\n", "orders.yaml:2:13: error: this `[` is not closed"),  # a tab hides nothing
    "duplicate": ("Akane:\n  action: defend\nAkane:\n  action: search\n", "Akane appears twice"),
    "unknown player": ("Akame:\n  action: defend\n", "no player called 'Akame' (did you mean 'Akane'?)"),
    "misspelt item": ("Juno:\n  action: {attack: {weapon: Crosbow, targets: [Chiaki]}}\n",
                      "orders.yaml:2:29: error: Juno holds no 'Crosbow' (did you mean 'Crossbow'?)"),
    "dead player": ("Akane:\n  action: defend\n", "Akane is dead (died on Day 2)"),
    "escaped player": ("Dana:\n  action: defend\n", "Dana escaped the island on Day 3"),
    "bad route": ("Juno:\n  movement: {move: [Field]}\n", "the Field is not next to the Beach"),
    "too many targets": ("Juno:\n  action: {attack: {weapon: Crossbow, targets: [Chiaki, Chiaki, Chiaki]}}\n",
                         "Crossbow allows 2 hit attempts a day, 3 given"),
    "run after a heal": ("Juno:\n  action: {heal: Juno}\n  movement: {run: [Cliffs]}\n",
                         "orders.yaml:3:13: error: a Run is not allowed after a Heal"),
    "stored item": ("Lena:\n  action: {cover: Kenji}\n  free: [store: Backpack]\n", "a Backpack cannot go inside itself"),
    "not yaml": ("Akane: [unclosed\n", "orders.yaml:"),
    "bad indentation": ("Akane:\n  action: defend\n movement: hold\n", "orders.yaml:3:"),
}


@pytest.mark.parametrize("case", sorted(BAD_ORDERS))
def test_bad_orders_are_located_errors_and_change_nothing(game_copy, case, monkeypatch):
    text, expected = BAD_ORDERS[case]
    orders = game_copy / "days" / "04" / "orders"
    orders.mkdir(parents=True)
    (orders / "orders.yaml").write_text(text)
    monkeypatch.chdir(game_copy)
    before = snapshot(game_copy)
    for command in ("check", "resolve"):
        result = run(command, ".", "--day", "4")
        assert result.exit_code == 1, result.output
        assert expected in result.output
        assert "Traceback" not in result.output
    assert snapshot(game_copy) == before


def test_check_reports_every_problem_at_once(game_copy, monkeypatch):
    orders = game_copy / "days" / "04" / "orders"
    orders.mkdir(parents=True)
    (orders / "a.yaml").write_text("Akame:\n  action: defend\nChiaki:\n  movement: {move: [Feild]}\n")
    (orders / "b.yaml").write_text("Juno:\n  action: serch\n")
    monkeypatch.chdir(game_copy)
    result = run("check", ".", "--day", "4")
    assert result.exit_code == 1
    assert "days/04/orders/a.yaml:1:1: error: no player called 'Akame'" in result.output
    assert "days/04/orders/a.yaml:4:21: error: no zone called 'Feild' (did you mean 'Field'?)" in result.output
    assert "days/04/orders/b.yaml:2:11: error: unknown action 'serch' (did you mean 'search'?)" in result.output
    assert "3 errors" in result.output


def test_resolve_refuses_twice_and_out_of_order(game_copy):
    before = snapshot(game_copy)
    result = run("resolve", game_copy, "--day", "3")
    assert result.exit_code == 1 and "already resolved" in result.output
    result = run("resolve", game_copy, "--day", "5")
    assert result.exit_code == 1 and "Day 4 has not been resolved yet" in result.output
    assert snapshot(game_copy) == before


def test_force_keeps_the_old_result_with_a_diff(game_copy):
    old = (game_copy / "days" / "03" / "result" / "narration.bbcode").read_text()
    for name in ("seed.secret", "commit.txt", "lock.txt"):  # an uncommitted day may take another seed (a lock
        # salts its digests with the veil committed with the seed: it goes with them)
        (game_copy / "days" / "03" / name).unlink()
    result = run("resolve", game_copy, "--day", "3", "--force", "--seed", "00", "--reason", "a misread order")
    assert result.exit_code == 0, result.output
    assert (game_copy / "days" / "03" / "result.1" / "narration.bbcode").read_text() == old
    diff = (game_copy / "days" / "03" / "result" / "changes.diff").read_text()
    assert "--- result.1/rolls.jsonl" in diff


TAMPERING = {
    "rolls.jsonl": lambda t: t.replace('"value":', '"value":9', 1),
    "narration.bbcode": lambda t: t.replace("Fallen today", "Fell today"),
    "messages/Akane.bbcode": lambda t: t + "extra line\n",  # Akane died on Day 2: her last message
    "state.json": lambda t: t.replace('"health": 10', '"health": 11', 1),
    "events.jsonl": lambda t: t.replace('"hit":false', '"hit":true', 1),
}


def test_audit_passes_on_an_untouched_day(game_copy):
    result = run("audit", game_copy, "--day", "2")
    assert result.exit_code == 0, result.output
    assert "match the replay byte for byte" in result.output


@pytest.mark.parametrize("name", sorted(TAMPERING))
def test_audit_names_each_tampered_file(game_copy, name):
    path = game_copy / "days" / "02" / "result" / name
    text = path.read_text()
    changed = TAMPERING[name](text)
    assert changed != text
    path.write_text(changed)
    result = run("audit", game_copy, "--day", "2")
    assert result.exit_code == 1, result.output
    assert f"DIFFERS   {name}" in result.output


def test_audit_notices_an_edited_orders_file(game_copy):
    path = game_copy / "days" / "02" / "orders" / "orders.yaml"
    path.write_text(path.read_text().replace("targets: [Dana, Dana]", "targets: [Juno, Juno]"))
    result = run("audit", game_copy, "--day", "2")
    assert result.exit_code == 1
    assert "DIFFERS" in result.output


def test_rolls_and_status(game_copy):
    result = run("rolls", game_copy, "--day", "1")
    assert result.exit_code == 0
    assert "Akane attacks Juno with Rifle" in result.output
    result = run("status", game_copy)
    assert result.exit_code == 0
    assert "Farah" in result.output and "died Day 2" in result.output and "escaped Day 3" in result.output
    assert "no orders yet from" in result.output
    result = run("status", game_copy, "--player", "Priya")
    assert result.exit_code == 0
    assert "health 6/10" in result.output and "rival of Kenji" in result.output
    result = run("status", game_copy, "--player", "Priyaa")
    assert result.exit_code == 1 and "did you mean 'Priya'" in result.output


def test_demo_prints_an_eventful_day_and_what_to_try_next(tmp_path):
    result = run("demo", tmp_path / "d")
    assert result.exit_code == 0, result.output
    assert "[b][size=150]Day 2: Smoke over the Septagon[/size][/b]" in result.output
    assert "[b]Fallen today (2)[/b]" in result.output
    assert f"Next, try:\n  gm status {tmp_path / 'd'}" in result.output
    assert f"gm preview {tmp_path / 'd'} --day 2" in result.output
    # without --engine the hints name the default engine, never "None"
    assert "gm rules battle-royale" in result.output and "--engine battle-royale" in result.output
    tries = result.output.split("Next, try:\n")[1].splitlines()
    assert "None" not in "\n".join(tries)
    assert len({line.index("#") for line in tries}) == 1, tries  # the comments stand in one column
    again = run("demo", tmp_path / "d")
    assert again.exit_code == 1 and "not empty" in again.output


GAME_YAML_ERRORS = {  # the line is inserted right under `house_rules:`, so {line} is its number
    "unknown house rule": ("  max_helth: 12\n", "game.yaml:{line}:3: error: unknown house rule 'max_helth' (did you mean 'max_health'?)"),
    "wrong type": ("  carrying_limit: three\n", "game.yaml:{line}:19: error: carrying_limit must be a whole number"),
    "bool": ("  trade_needs_same_zone: 3\n", "game.yaml:{line}:26: error: trade_needs_same_zone must be true or false"),
    "range": ("  search_find_chance: 150\n", "search_find_chance must be between 0 and 100, not 150"),
    "duplicate": ("  last_day: 5\n", "last_day appears twice"),
}


@pytest.mark.parametrize("case", sorted(GAME_YAML_ERRORS))
def test_house_rules_are_checked_like_orders(game_copy, case, monkeypatch):
    line, expected = GAME_YAML_ERRORS[case]
    path = game_copy / "game.yaml"
    lines = path.read_text().splitlines(True)
    idx = next(i for i, l in enumerate(lines) if l.startswith("house_rules:"))
    lines.insert(idx + 1, line)
    path.write_text("".join(lines))
    expected = expected.format(line=idx + 2)
    monkeypatch.chdir(game_copy)
    before = snapshot(game_copy)
    result = run("check", ".", "--day", "4")
    assert result.exit_code == 1
    assert expected in result.output
    assert snapshot(game_copy) == before


def test_a_bug_is_exit_code_3_not_a_traceback(game_copy, monkeypatch):
    import gm.commands.status

    def boom(*a, **k):
        raise ZeroDivisionError("oops")

    monkeypatch.setattr(gm.commands.status, "status", boom)
    result = CliRunner().invoke(cli, ["status", str(game_copy)])
    assert result.exit_code == 3
    assert "internal error" in result.output and "bug" in result.output
