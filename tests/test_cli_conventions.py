"""The conventions every gm command keeps (#28): one syntax for a moment, `--json` where a script
wants the result, the exit codes in every help, one meaning per option letter, the game folder
given the same way everywhere."""

from __future__ import annotations

import json
from datetime import datetime

import pytest
from click.testing import CliRunner

from gm.cli import cli
from gm.moments import parse_moment


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


@pytest.mark.parametrize("text, want", [
    ("2026-03-01 20:00", datetime(2026, 3, 1, 20, 0)),
    ("2026-03-01T20:00Z", datetime(2026, 3, 1, 20, 0)),
    ("2026-03-01T21:00+01:00", datetime(2026, 3, 1, 20, 0)),  # turned to UTC, not read as 21:00
    ("2026-03-01 15:00-05:00", datetime(2026, 3, 1, 20, 0)),
    ("2026-03-01 20:00 UTC", datetime(2026, 3, 1, 20, 0)),
])
def test_one_syntax_for_a_moment(text, want):
    assert parse_moment(text) == want


@pytest.mark.parametrize("text", ["tomorrow", "2026-13-01 20:00", "", "x" * 100])
def test_what_is_not_a_moment_is_none(text):
    assert parse_moment(text) is None


def test_the_deadline_gm_check_suggests_is_one_gm_commit_takes(game_copy):
    day = max(int(p.name) for p in (game_copy / "days").iterdir()) + 1
    out = run("check", game_copy, "--day", day)
    assert "--deadline 'YYYY-MM-DD HH:MM'" in out.output  # the short form, filled in as the GM would
    committed = run("commit", game_copy, "--day", day, "--deadline", "2099-03-01 20:00")
    assert committed.exit_code == 0, committed.output
    assert (game_copy / "days" / f"{day:02d}" / "deadline.txt").read_text().startswith("2099-03-01 20:00")


@pytest.mark.parametrize("when", ["2099-03-01 20:00", "2099-03-01T20:00Z", "2099-03-01T21:00+01:00"])
def test_every_command_takes_both_forms(game_copy, when):
    for args in (["remind", game_copy, "--now", when], ["form", game_copy, "--now", when],
                 ["receipts", game_copy, "--now", when]):
        out = run(*args)
        assert "must be a date and time" not in out.output, (args, out.output)


def _commands():
    return sorted(cli.commands.items())


@pytest.mark.parametrize("name", sorted(cli.commands))
def test_every_command_says_its_exit_codes(name):
    out = run(name, "--help")
    assert out.exit_code == 0 and "Exit code" in out.output


def test_one_letter_one_option():
    """The same short option means the same long option in every command."""
    seen: dict[str, tuple[str, str]] = {}
    for name, command in _commands():
        for param in command.params:
            for opt in getattr(param, "opts", []) + getattr(param, "secondary_opts", []):
                if opt.startswith("-") and not opt.startswith("--"):
                    long = next((o for o in param.opts if o.startswith("--")), opt)
                    if opt in seen:
                        assert seen[opt][1] == long, f"{opt} is {seen[opt][1]} in gm {seen[opt][0]} but {long} in gm {name}"
                    seen[opt] = (name, long)


def test_the_game_folder_is_the_argument_of_rules_too(demo_dir):
    out = CliRunner().invoke(cli, ["rules", str(demo_dir)])
    assert out.exit_code == 0 and "Battle Royale" in out.output


def test_engine_names_complete():
    from click.shell_completion import ShellComplete

    comp = ShellComplete(cli, {}, "gm", "_GM_COMPLETE")
    assert [c.value for c in comp.get_completions(["new", "x", "--engine"], "hos")] == ["hostile-takeover"]
    assert "team-kill" in [c.value for c in comp.get_completions(["simulate"], "te")]


def test_check_status_rolls_audit_say_json(demo_dir):
    day = max(int(p.name) for p in (demo_dir / "days").iterdir())
    for args, keys in [(["check", demo_dir, "--day", day], {"day", "ok", "problems", "no_orders"}),
                       (["status", demo_dir], {"title", "players", "lines"}),
                       (["rolls", demo_dir, "--day", 1], {"day", "rolls"}),
                       (["audit", demo_dir, "--day", 1], {"ok", "lines"})]:
        out = CliRunner().invoke(cli, [str(a) for a in args] + ["--json"])
        doc = json.loads(out.stdout)
        assert keys <= set(doc), (args, sorted(doc))
    rolls = json.loads(CliRunner().invoke(cli, ["rolls", str(demo_dir), "--day", "1", "--json"]).stdout)["rolls"]
    assert rolls and {"index", "purpose", "value"} <= set(rolls[0])
    assert json.loads(CliRunner().invoke(cli, ["audit", str(demo_dir), "--day", "1", "--json"]).stdout)["ok"] is True


def test_verify_says_json(demo_dir, tmp_path):
    day = demo_dir / "days" / "01"
    rolls = tmp_path / "rolls.txt"
    rolls.write_text(CliRunner().invoke(cli, ["reveal", str(demo_dir), "--day", "1", "--rolls"]).stdout)
    out = CliRunner().invoke(cli, ["verify", "--commit", str(day / "commit.txt"), "--reveal",
                                   str(day / "result" / "reveal.bbcode"), "--rolls", str(rolls), "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["ok"] is True
