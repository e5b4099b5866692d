"""A deadline moved past the committed round needs a new round, announced (issue 23, item 1).

Before: a `deadline:` ruling past the committed drand round was refused (move it back, or resolve
with --no-beacon). Now `gm commit --new-deadline ... --reason` posts an announcement of a new
round before the old one is out; lock and resolve use it; `gm verify` and `gm audit` check the
chain commitment -> announcements -> lock -> reveal.

Only round 1000's signature is bundled (DEMO_SIGNATURE), so the day is committed to round 990
and moved to 1000.
"""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from gm.fairness.beacon import DEMO_SIGNATURE, round_time
from test_fairness import run, snapshot, write_orders

ISO = "%Y-%m-%dT%H:%M:%SZ"
FIRST = round_time(989)  # its round is 990
MOVED = round_time(999)  # its round is 1000, whose signature is bundled
BEFORE = (FIRST - timedelta(hours=2)).strftime(ISO)
ANNOUNCED = (FIRST - timedelta(hours=1)).strftime(ISO)
TOO_LATE = (round_time(990) + timedelta(seconds=1)).strftime(ISO)
AFTER = (round_time(1000) + timedelta(minutes=1)).strftime(ISO)
RULED = MOVED.strftime("%Y-%m-%d %H:%M")  # a ruling's deadline is to the minute: 15:59, before round 1000


@pytest.fixture
def moved(game_copy):
    """Day 4 committed to round 990; a ruling moves its deadline past it."""
    assert (r := run("commit", game_copy, "--deadline", FIRST.strftime(ISO), "--now", BEFORE)).exit_code == 0, r.output
    assert '"round":990' in r.output
    write_orders(game_copy, 4, 'Mateo:\n  salt: "blue moon"\n  action: search\n')
    (game_copy / "days" / "04" / "rulings.yaml").write_text(f"- deadline: {RULED}\n")
    return game_copy


def announce(game, now=ANNOUNCED, *extra):
    return run("commit", game, "--day", 4, "--new-deadline", MOVED.strftime(ISO), "--reason", "the forum was down",
               "--now", now, *extra)


def posts(game):
    d = game / "days" / "04"
    return ["--commit", d / "commit.txt", "--round", d / "round.1.txt", "--lock", d / "lock.txt",
            "--reveal", d / "result" / "reveal.bbcode", "--rolls", d / "result" / "rolls.public.jsonl"]


def play(game):
    assert (r := announce(game)).exit_code == 0, r.output
    assert (r := run("lock", game, "--now", MOVED.strftime(ISO))).exit_code == 0, r.output
    assert (r := run("resolve", game, "--beacon", DEMO_SIGNATURE, "--now", AFTER)).exit_code == 0, r.output


def test_a_deadline_moved_past_the_round_announces_a_new_one_resolved_and_verified(moved):
    refused = run("lock", moved, "--now", MOVED.strftime(ISO))
    assert refused.exit_code == 1 and "--new-deadline" in refused.output, refused.output
    got = announce(moved)
    assert got.exit_code == 0, got.output
    assert "gm-round {" in got.output and '"from_round":990' in got.output and '"round":1000' in got.output
    assert "the forum was down" in got.output
    log = [json.loads(x) for x in (moved / "fairness.log").read_text().splitlines()]
    assert log[-1]["event"] == "round" and log[-1]["round"] == 1000
    again = announce(moved)
    assert again.exit_code == 0 and "already announced; the same post again" in again.output
    assert again.output.split("gm-round")[1] == got.output.split("gm-round")[1]  # the same post, nothing new
    assert not (moved / "days" / "04" / "round.2.txt").exists()
    lock = run("lock", moved, "--now", MOVED.strftime(ISO))
    assert lock.exit_code == 0, lock.output
    assert '"beacon_round":1000' in lock.output and '"round_sha256"' in lock.output
    wrong = run("resolve", moved, "--beacon", DEMO_SIGNATURE, "--now", (MOVED - timedelta(minutes=5)).strftime(ISO))
    assert wrong.exit_code == 1 and "still to come" in wrong.output  # the new deadline is the one in force
    ok = run("resolve", moved, "--beacon", DEMO_SIGNATURE, "--now", AFTER)
    assert ok.exit_code == 0, ok.output
    reveal = (moved / "days" / "04" / "result" / "reveal.bbcode").read_text()
    assert '"rounds":1' in reveal and "1 new round was announced" in reveal
    verified = run("verify", *posts(moved))
    assert verified.exit_code == 0, verified.output
    assert "round 990 -> 1000" in verified.output and "round 1000 is the one in force" in verified.output
    audit = run("audit", moved, "--all")
    assert audit.exit_code == 0, audit.output
    assert "1 new round(s) announced in time, round 1000 used" in audit.output


def test_an_announcement_once_the_old_round_is_out_is_refused(moved):
    before = snapshot(moved)
    late = announce(moved, TOO_LATE)
    assert late.exit_code == 1 and "round 990" in late.output and "already out" in late.output, late.output
    assert snapshot(moved) == before


def test_an_announcement_that_is_not_needed_or_has_no_reason_is_refused(moved):
    before = snapshot(moved)
    early = run("commit", moved, "--day", 4, "--new-deadline", (FIRST - timedelta(minutes=5)).strftime(ISO),
                "--reason", "sooner", "--now", ANNOUNCED)
    assert early.exit_code == 1 and "no announcement is needed" in early.output, early.output
    bare = run("commit", moved, "--day", 4, "--new-deadline", MOVED.strftime(ISO), "--now", ANNOUNCED)
    assert bare.exit_code == 1 and "--reason" in bare.output, bare.output
    assert snapshot(moved) == before


def test_verify_names_a_dropped_or_forged_announcement(moved, tmp_path):
    play(moved)
    args = posts(moved)
    dropped = [a for i, a in enumerate(args) if not (a == "--round" or (i and args[i - 1] == "--round"))]
    out = run("verify", *dropped)
    assert out.exit_code == 1 and "names 1 announcement(s) of a new round, 0 given" in out.output, out.output
    forged = tmp_path / "round.txt"
    text = (moved / "days" / "04" / "round.1.txt").read_text()
    forged.write_text(text.replace('"made":"', '"made":"2099', 1).replace('"made":"2099', '"made":"', 1)
                      .replace("the forum was down", "the forum was up"))
    out = run("verify", *[forged if a == moved / "days" / "04" / "round.1.txt" else a for a in args])
    assert out.exit_code == 1 and "not the one the reveal's gm-seal names" in out.output, out.output


def test_the_audit_names_a_dropped_or_edited_announcement(moved):
    play(moved)
    path = moved / "days" / "04" / "round.1.txt"
    text = path.read_text()
    path.write_text(text.replace("the forum was down", "the forum was up"))
    out = run("audit", moved, "--all")
    assert out.exit_code == 1 and "days/04/round.1.txt: changed after Day 4 was resolved" in out.output, out.output
    path.unlink()
    out = run("audit", moved, "--all")
    assert out.exit_code == 1 and "days/04/round.1.txt: removed after Day 4 was resolved" in out.output, out.output


def test_round_problems_names_each_broken_link(moved):
    from gm.forum.machine_lines import find_machine_line
    from gm.fairness.verify import post_digests

    play(moved)
    d = moved / "days" / "04"
    commit_text, round_text = (d / "commit.txt").read_text(), (d / "round.1.txt").read_text()
    commit = find_machine_line(commit_text, "gm-commit", "commit")
    rec = find_machine_line(round_text, "gm-round", "round")
    from gm.fairness.rounds import round_problems

    assert round_problems(commit, post_digests(commit_text), [(rec, post_digests(round_text))]) == []
    cases = {
        "once round 990 it replaces was out": dict(rec, made=TOO_LATE),
        "does not continue the commitment post": dict(rec, previous_sha256="0" * 64),
        "not after its deadline": dict(rec, round=999),
        "but the round in force was 990": dict(rec, from_round=980),
        "numbered 2 where announcement 1 belongs": dict(rec, n=2),
        "gives no reason": dict(rec, reason=" "),
    }
    for want, forged in cases.items():
        got = round_problems(commit, post_digests(commit_text), [(forged, set())])
        assert any(want in g for g in got), (want, got)


def test_the_standalone_checker_from_the_docs_follows_an_announced_round(moved):
    from test_fairness import _standalone

    play(moved)
    d = moved / "days" / "04"
    commit, reveal, rolls = d / "commit.txt", d / "result" / "reveal.bbcode", d / "result" / "rolls.public.jsonl"
    out = _standalone(commit, reveal, rolls, d / "round.1.txt")
    assert out.returncode == 0, out.stderr
    assert _standalone(commit, reveal, rolls).returncode != 0  # the announcement left out


def test_an_announcement_dropped_before_the_day_was_resolved_is_named_by_the_audit(moved):
    assert announce(moved).exit_code == 0
    (moved / "days" / "04" / "round.1.txt").unlink()  # the GM takes it back: the day keeps round 990
    (moved / "days" / "04" / "rulings.yaml").unlink()
    assert run("lock", moved, "--now", FIRST.strftime(ISO)).exit_code == 0
    assert run("resolve", moved, "--no-beacon", "drand is down", "--now", AFTER).exit_code == 0
    out = run("audit", moved, "--all")
    assert out.exit_code == 1 and "logs 1 announcement(s) of a new round for Day 4, the record 0" in out.output, out.output


def test_status_names_the_round_announced(moved):
    assert announce(moved).exit_code == 0
    out = run("status", moved)
    assert "drand quicknet round 1000" in out.output, out.output


def test_a_run_stopped_between_the_log_and_the_post_is_finished_by_running_it_again(moved):
    first = announce(moved)
    assert first.exit_code == 0
    path = moved / "days" / "04" / "round.1.txt"
    text = path.read_text()
    path.unlink()  # as if killed after the log line, before the post
    again = announce(moved, (FIRST - timedelta(minutes=30)).strftime(ISO))  # later: the logged post, not a new one
    assert again.exit_code == 0, again.output
    assert path.read_text() == text
    lines = [x for x in (moved / "fairness.log").read_text().splitlines() if '"event":"round"' in x]
    assert len(lines) == 1
    assert run("lock", moved, "--now", MOVED.strftime(ISO)).exit_code == 0
    assert run("resolve", moved, "--beacon", DEMO_SIGNATURE, "--now", AFTER).exit_code == 0
    assert run("audit", moved, "--all").exit_code == 0


def test_a_new_deadline_gm_cannot_read_is_named_by_its_own_option(tmp_path):
    """`--new-deadline 2030-13-03 20:00` is refused in one line naming --new-deadline (it said --deadline)."""
    from click.testing import CliRunner

    from gm.cli import cli

    root = tmp_path / "g"
    assert CliRunner().invoke(cli, ["new", str(root), "--engine", "team-kill"]).exit_code == 0
    out = CliRunner().invoke(cli, ["commit", str(root), "--day", "0", "--new-deadline", "2030-13-03 20:00",
                                   "--reason", "more time"])
    assert out.exit_code == 1
    assert "--new-deadline takes a date and time" in out.output and "Traceback" not in out.output, out.output
