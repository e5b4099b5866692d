"""game.yaml's `timezone:`: the short form of a moment (`2026-03-01 20:00`) is read in the game's
time zone by every command that takes one (gm/moments.py); gm keeps every time in UTC, and a post
that tells a deadline says the zone, with UTC beside it; the machine lines stay UTC."""

from __future__ import annotations

import json
import re
import shutil
from datetime import datetime

import pytest
from click.testing import CliRunner

from gm.cli import cli
from gm.moments import UnclearMoment, next_daily, parse_moment, read_zone, told

from test_gm_day import unresolve


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture
def paris(demo_games, tmp_path):
    """The Battle Royale demo before Day 3 was resolved, its game.yaml in Europe/Paris (UTC+1 in winter)."""
    root = tmp_path / "game"
    shutil.copytree(demo_games.copy("battle-royale"), root)
    unresolve(root, 3)
    yaml = root / "game.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8") + "timezone: Europe/Paris\n", encoding="utf-8")
    return root


def test_the_short_form_is_read_in_the_games_zone_and_posts_say_it(paris):
    assert run("resolve", paris).exit_code == 0
    committed = run("commit", paris, "--day", 4, "--deadline", "2030-01-01 21:00", "--now", "2030-01-01 12:00")
    assert committed.exit_code == 0, committed.output
    assert '"deadline":"2030-01-01T20:00:00Z"' in committed.output  # the machine line stays UTC
    assert "just after the orders deadline (2030-01-01 21:00 Europe/Paris = 2030-01-01 20:00 UTC)" in committed.output
    assert (paris / "days" / "04" / "deadline.txt").read_text() == "2030-01-01 20:00\n"  # gm's file: UTC
    remind = run("remind", paris, "--now", "2030-01-01 15:00")  # 14:00 UTC: 6 h before
    assert "The deadline is [b]2030-01-01 21:00[/b] Europe/Paris = 2030-01-01 20:00 UTC (6 h 0 min left)." in remind.output
    form = run("form", paris)
    assert "(deadline 2030-01-01 21:00 Europe/Paris = 2030-01-01 20:00 UTC)" in form.output
    locked = run("lock", paris, "--now", "2030-01-01 21:00")  # 20:00 UTC: the deadline, before its beacon round
    assert locked.exit_code == 0, locked.output
    assert "The deadline (2030-01-01 21:00:00 Europe/Paris = 2030-01-01 20:00:00 UTC) has passed." in locked.output


def test_the_gms_own_status_and_check_tell_the_deadline_in_the_games_zone(paris):
    """`gm status` and `gm check` said "deadline 2030-01-01 20:00 UTC" in a Paris game, while every
    post and the form said 21:00 Europe/Paris: the GM read two times for one deadline."""
    assert run("resolve", paris).exit_code == 0
    assert run("commit", paris, "--day", 4, "--deadline", "2030-01-01 21:00", "--now", "2030-01-01 12:00").exit_code == 0
    status = run("status", paris)
    assert "Day 4: deadline 2030-01-01 21:00 Europe/Paris = 2030-01-01 20:00 UTC (" in status.output, status.output


def test_a_deadline_ruling_is_read_in_the_games_zone(paris):
    (paris / "days" / "03" / "rulings.yaml").write_text("- deadline: 2030-01-02 08:00\n", encoding="utf-8")
    later = run("remind", paris, "--now", "2030-01-01 08:00")
    assert "The deadline is [b]2030-01-02 08:00[/b] Europe/Paris = 2030-01-02 07:00 UTC (1 d 0 h left)." in later.output
    assert run("resolve", paris).exit_code == 0
    narration = (paris / "days" / "03" / "result" / "narration.bbcode").read_text(encoding="utf-8")
    assert "The deadline moves to 2030-01-02 08:00 Europe/Paris = 2030-01-02 07:00 UTC." in narration
    record = json.loads((paris / "days" / "03" / "result" / "day.json").read_text(encoding="utf-8"))
    assert "2030-01-02 07:00" in json.dumps(record["rulings_yaml"])  # kept in UTC


def test_the_daily_deadline_is_a_time_of_day_in_the_games_zone(paris):
    yaml = paris / "game.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8") + 'deadline: "20:00"\n', encoding="utf-8")
    out = run("remind", paris, "--now", "2030-07-01 12:00")  # summer: Paris is UTC+2
    assert "The deadline is [b]2030-07-01 20:00[/b] Europe/Paris = 2030-07-01 18:00 UTC (8 h 0 min left)." in out.output


def test_a_zone_name_gm_does_not_know_is_a_located_error(paris):
    yaml = paris / "game.yaml"
    text = yaml.read_text(encoding="utf-8").replace("timezone: Europe/Paris", "timezone: Europe/Pariss")
    yaml.write_text(text, encoding="utf-8")
    line = text.splitlines().index("timezone: Europe/Pariss") + 1
    out = run("check", paris)
    assert out.exit_code == 1
    assert (f"game.yaml:{line}:11: error: unknown time zone 'Europe/Pariss' (did you mean 'Europe/Paris'?): an IANA "
            "name such as Europe/Paris, America/New_York or UTC") in out.output


def test_moments_in_a_zone():
    paris, why = read_zone("Europe/Paris")
    assert why is None
    assert parse_moment("2026-03-01 20:00", paris) == datetime(2026, 3, 1, 19, 0)
    assert parse_moment("2026-03-01T20:00Z", paris) == datetime(2026, 3, 1, 20, 0)  # a zone written wins
    assert parse_moment("2026-03-01 20:00 UTC", paris) == datetime(2026, 3, 1, 20, 0)
    with pytest.raises(UnclearMoment, match=r"2026-03-29 02:30 does not exist in Europe/Paris"):
        parse_moment("2026-03-29 02:30", paris)  # the clocks skip it: never guessed
    with pytest.raises(UnclearMoment, match=r"2026-10-25T02:30\+02:00 \(the first\) or 2026-10-25T02:30\+01:00"):
        parse_moment("2026-10-25 02:30", paris)  # the clocks pass it twice
    assert parse_moment("2026-10-25T02:30+01:00", paris) == datetime(2026, 10, 25, 1, 30)
    assert parse_moment("2026-10-25 02:30", paris, strict=False) == datetime(2026, 10, 25, 0, 30)  # a thread's post: the first
    assert parse_moment("2026-03-01 20:00") == datetime(2026, 3, 1, 20, 0)  # no zone: UTC, as before
    assert told(datetime(2026, 3, 1, 20, 0)) == "2026-03-01 20:00 UTC"
    assert told(datetime(2026, 3, 1, 23, 30), read_zone("Asia/Tokyo")[0]) == "2026-03-02 08:30 Asia/Tokyo = 2026-03-01 23:30 UTC"
    assert next_daily(datetime(2026, 3, 28, 20, 0), 20, 0, paris) == datetime(2026, 3, 29, 18, 0)  # the night clocks go forward
    assert read_zone("Mars/Olympus")[1].startswith("unknown time zone 'Mars/Olympus'")
    assert re.match(r"timezone is an IANA", read_zone(3)[1])


def test_a_threads_post_times_are_read_in_the_games_zone():
    from gm.forum.thread import read_thread

    text = ("--- thread key: k3y9 ---\n--- k3y9 post by Akane at 2030-01-01 20:30 ---\nhi\n"
            "--- k3y9 post by Bruno at 2030-01-01 21:30 ---\nho\n")
    deadline = datetime(2030, 1, 1, 20, 0)  # UTC: 21:00 in Paris
    in_paris = read_thread(text, "thread.txt", deadline, zone=read_zone("Europe/Paris")[0])
    assert [(p.author, p.time, p.late) for p in in_paris.posts] == [
        ("Akane", datetime(2030, 1, 1, 19, 30), False), ("Bruno", datetime(2030, 1, 1, 20, 30), True)]
    in_utc = read_thread(text, "thread.txt", deadline)
    assert [p.late for p in in_utc.posts] == [True, True]


def test_a_deadline_the_clocks_skip_is_refused_where_it_is_written(paris):
    (paris / "days" / "03" / "rulings.yaml").write_text("- deadline: 2030-03-31 02:30\n", encoding="utf-8")
    out = run("check", paris)
    assert out.exit_code == 1
    assert "rulings.yaml:1:13: error: 2030-03-31 02:30 does not exist in Europe/Paris, as the clocks change" in out.output
    committed = run("commit", paris, "--day", 3, "--deadline", "2030-10-27 02:30")
    assert committed.exit_code == 1 and "2030-10-27 02:30 comes twice in Europe/Paris" in committed.output


def test_a_new_round_is_told_in_the_games_zone(paris):
    """The post announcing a new round (`gm commit --new-deadline`) tells the old and the new deadline
    as every other post of the game does: in its zone, UTC beside it; its gm-round line stays UTC."""
    assert run("resolve", paris).exit_code == 0
    assert run("commit", paris, "--day", 4, "--deadline", "2030-01-01 21:00", "--now", "2030-01-01 12:00").exit_code == 0
    moved = run("commit", paris, "--day", 4, "--new-deadline", "2030-01-02 21:00", "--reason", "more time",
                "--now", "2030-01-01 13:00")
    assert moved.exit_code == 0, moved.output
    assert '"deadline":"2030-01-02T20:00:00Z"' in moved.output
    assert "moves from 2030-01-01 21:00:00 Europe/Paris = 2030-01-01 20:00:00 UTC to 2030-01-02 21:00:00 Europe/Paris" \
        in moved.output, moved.output


_CODE = re.compile(r"\[code\].*?\[/code\]|```.*?```", re.S)


def nested_parentheses(text: str) -> list[str]:
    """The lines of a post's prose (its code blocks, the machine lines, left out) where a
    parenthesis opens inside another."""
    out = []
    for line in _CODE.sub("", text).splitlines():
        depth = 0
        for c in line:
            depth += (c == "(") - (c == ")")
            if depth > 1:
                out.append(line)
                break
    return out


def test_no_post_of_a_game_in_a_zone_nests_parentheses(paris):
    """Every post that tells a time in the game's zone (commitment, new round, form, reminder, lock,
    the day's post with a deadline ruling; the reveal tells no time): no parenthesis inside another, the times told
    as "21:00 Europe/Paris = 20:00 UTC" (stop 33 found the commitment's "(... Europe/Paris (... UTC))")."""
    assert nested_parentheses("a (b (c)) d") and not nested_parentheses("a (b) (c) [code](x (y))[/code]")
    (paris / "days" / "03" / "rulings.yaml").write_text("- deadline: 2030-01-01 21:00\n", encoding="utf-8")
    assert run("resolve", paris).exit_code == 0
    outputs = {"narration": (paris / "days" / "03" / "result" / "narration.bbcode").read_text(encoding="utf-8")}
    steps = {"commit": ("commit", paris, "--day", 4, "--deadline", "2030-01-01 21:00", "--now", "2030-01-01 12:00"),
             "round": ("commit", paris, "--day", 4, "--new-deadline", "2030-01-02 21:00", "--reason", "more time",
                       "--now", "2030-01-01 13:00"),
             "form": ("form", paris), "remind": ("remind", paris, "--now", "2030-01-02 15:00"),
             "lock": ("lock", paris, "--now", "2030-01-02 21:00")}
    for name, args in steps.items():
        out = run(*args)
        assert out.exit_code == 0, (name, out.output)
        outputs[name] = out.output
    for p in sorted((paris / "days").glob("*/*.txt")) + sorted((paris / "days").glob("*/result/*.bbcode")):
        outputs[str(p.relative_to(paris))] = p.read_text(encoding="utf-8")
    nested = {name: lines for name, text in outputs.items() if (lines := nested_parentheses(text))}
    assert not nested, nested
    assert "21:00 Europe/Paris = 2030-01-01 20:00 UTC" in outputs["commit"] and "Europe/Paris = 2030-01-02 20:00" in outputs["round"]
