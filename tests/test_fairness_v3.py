"""Fairness v3 (issue #23, and #22's item 6): the clock, the GM's rulings, the house rules and the
players' own text inside the proof. Each test is a finding of the issue, reproduced."""

import hashlib
import json
from pathlib import Path

import pytest

from gm.forum.machine_lines import TAGS
from test_fairness import run, snapshot, write_orders  # noqa: F401


def day_posts(game: Path, day: int) -> dict[str, Path]:
    d = game / "days" / f"{day:02d}"
    return {"--commit": d / "commit.txt", "--lock": d / "lock.txt", "--reveal": d / "result" / "reveal.bbcode",
            "--rolls": d / "result" / "rolls.public.jsonl"}


def verify(given: dict[str, Path], *extra):
    return run("verify", *[x for kv in given.items() for x in kv], *extra)


def play_day4(game: Path, orders: str, *resolve_args) -> dict[str, Path]:
    """Day 4 of the demo, offline: committed, orders in, locked, resolved."""
    assert (r := run("commit", game)).exit_code == 0, r.output
    write_orders(game, 4, orders)
    assert (r := run("lock", game)).exit_code == 0, r.output
    assert (r := run("resolve", game, *resolve_args)).exit_code == 0, r.output
    return day_posts(game, 4)


# ---- 5. machine lines cannot be forged from inside a post ---------------------------------------


def _forged(tag: str) -> str:
    return tag + ' {"day":4,"player":"Juno","salt":"forged"}'


@pytest.mark.parametrize("tag", TAGS)
def test_a_salt_holding_a_machine_line_cannot_frame_an_honest_day(game_copy, tag):
    # issue 23: a salt whose text holds a `gm-salt {...}` line made an honest day NOT VERIFIED (51 problems)
    salt = _forged(tag).replace('"', "'") if tag == "gm-reveal" else _forged(tag)
    orders = "Mateo:\n  salt: " + json.dumps(salt) + "\n  action: search\n"
    posts = play_day4(game_copy, orders)
    out = verify(posts)
    assert out.exit_code == 0, out.output
    reveal = posts["--reveal"].read_text(encoding="utf-8")
    assert salt not in reveal.split("[code]")[0], "a salt stays out of the reveal's prose"


def test_a_machine_line_counts_only_at_the_start_of_its_own_line():
    from gm.forum.machine_lines import find_machine_lines

    line = 'gm-salt {"day":4,"player":"Juno","salt":"x"}'
    assert len(find_machine_lines(line, "gm-salt", "post")) == 1
    assert len(find_machine_lines("[code]" + line + "[/code]", "gm-salt", "post")) == 1
    assert len(find_machine_lines("```\n" + line + "\n```", "gm-salt", "post")) == 1
    for prose in ("[*]Mateo: " + line, "Mateo: " + line, "- " + line, "> " + line):
        assert find_machine_lines(prose, "gm-salt", "post") == []


@pytest.mark.parametrize("tag", TAGS)
def test_a_name_holding_a_machine_tag_never_starts_a_line_of_a_post(demo_dir, tag):
    """Names and salts are encoded inside the machine lines; every post checks that it holds no
    machine line but those gm wrote."""
    from gm.gamedir import GameDir
    from gm.forum.machine_lines import check_machine_lines
    from gm.fairness.reveal import reveal_post

    gd = GameDir(demo_dir)
    game = gd.load()
    record = gd.read_json(4, "day.json")
    name = _forged(tag)
    record["salts"] = {name: _forged(tag), "Juno": "\n".join(TAGS)}
    post = reveal_post(game, record, "0" * 64, "0" * 64)
    for t in TAGS:
        for _, obj, _ in __import__("gm.forum.machine_lines", fromlist=["x"]).find_machine_lines(post, t, "reveal"):
            assert obj.get("salt") != "forged"
    with pytest.raises(Exception, match="machine line"):
        check_machine_lines("prose\n" + name + "\n", [], "the reveal post")


# ---- 4. every lock counts; verify checks the posts' own digests -------------------------------------


def test_verify_accepts_its_own_roll_log_post_on_a_day_without_rolls(played_ht, tmp_path):
    # issue 23: exit 2, "no roll records found", on 21 of the 61 demo days
    game = played_ht
    posts = day_posts(game, 1)
    assert posts["--rolls"].read_text() == ""
    log = run("reveal", game, "--day", 1, "--rolls")
    assert log.exit_code == 0, log.output
    saved = tmp_path / "rolls.txt"
    saved.write_text(log.output)
    out = verify(dict(posts, **{"--rolls": saved}))
    assert out.exit_code == 0, out.output


@pytest.fixture(scope="module")
def played_ht(demo_games):
    return demo_games.copy("hostile-takeover")  # `gm reveal` may write into the game folder


@pytest.mark.parametrize("which", ["--commit", "--lock"])
def test_verify_names_an_edited_commitment_or_lock_prose(demo_dir, tmp_path, which):
    # issue 23: verify passed a commitment or lock post whose prose (the stated deadline) was edited
    posts = day_posts(demo_dir, 7)
    assert verify(posts).exit_code == 0
    edited = tmp_path / "post.txt"
    text = posts[which].read_text(encoding="utf-8")
    edited.write_text(text.replace("Day 7", "Day 7 (deadline moved to Sunday)", 1), encoding="utf-8")
    out = verify(dict(posts, **{which: edited}))
    assert out.exit_code == 1, out.output
    assert ("commitment" if which == "--commit" else "lock") + " post is not the one" in out.output


# ---- #22 item 6: the lock's digests cannot be reversed by guessing ------------------------------------


def test_the_lock_s_file_digests_are_salted_and_a_player_can_check_their_own(game_copy):
    # issue 22: both one-line Team Kill orders files were recovered from the lock post's plain SHA-256
    from gm.canonical import canonical

    orders = "Mateo:\n  action: search\n"
    posts = play_day4(game_copy, orders)
    plain = hashlib.sha256((game_copy / "days" / "04" / "orders" / "orders.yaml").read_bytes()).hexdigest()
    for which in ("--lock", "--reveal"):
        assert plain not in posts[which].read_text(encoding="utf-8")
    from gm.canonical import digest
    assert digest({"orders.yaml": plain}) not in posts["--reveal"].read_text(encoding="utf-8")
    got = run("lock", game_copy, "--day", 4, "--file-key", "orders.yaml")
    assert got.exit_code == 0, got.output
    key = got.output.strip().splitlines()[-1].split()[-1]
    assert len(key) == 64
    want = hashlib.sha256(canonical({"key": key, "sha256": plain}).encode()).hexdigest()
    assert f'"file":"orders.yaml","sha256":"{want}"' in posts["--lock"].read_text(encoding="utf-8")
    assert verify(posts).exit_code == 0
    assert run("audit", game_copy, "--all").exit_code == 0


# ---- 1. the clock ----------------------------------------------------------------------------------

from gm.fairness.beacon import DEMO_ROUND, DEMO_SIGNATURE, round_time  # noqa: E402

DEADLINE = round_time(DEMO_ROUND - 1)  # the round named is 1000
ISO = "%Y-%m-%dT%H:%M:%SZ"
BEFORE = (DEADLINE.replace(second=0) - __import__("datetime").timedelta(hours=2)).strftime(ISO)
AT = DEADLINE.strftime(ISO)
ROUND_OUT = round_time(DEMO_ROUND + 20).strftime(ISO)


def test_commit_refuses_a_deadline_that_is_past(game_copy):
    # issue 23: `gm commit --deadline` took a deadline years in the past
    before = snapshot(game_copy)
    out = run("commit", game_copy, "--deadline", AT)
    assert out.exit_code == 1 and "past" in out.output, out.output
    assert snapshot(game_copy) == before
    ok = run("commit", game_copy, "--deadline", AT, "--now", BEFORE)
    assert ok.exit_code == 0, ok.output
    assert f'"deadline":"{AT}"' in ok.output  # the deadline is in the gm-commit line


@pytest.fixture
def committed(game_copy):
    assert run("commit", game_copy, "--deadline", AT, "--now", BEFORE).exit_code == 0
    write_orders(game_copy, 4, 'Mateo:\n  salt: "blue moon"\n  action: search\n')
    return game_copy


def test_lock_before_the_deadline_needs_early_and_says_so(committed):
    # issue 23: `gm lock` posted "The deadline has passed" nine hours early
    before = snapshot(committed)
    out = run("lock", committed, "--now", BEFORE)
    assert out.exit_code == 1 and "--early" in out.output, out.output
    assert snapshot(committed) == before
    early = run("lock", committed, "--now", BEFORE, "--early")
    assert early.exit_code == 0, early.output
    assert "The deadline has passed" not in early.output and "before the deadline" in early.output
    assert '"early":true' in early.output


def test_lock_after_the_round_is_out_needs_a_reason_in_the_post(committed):
    # issue 23: the lock said "before drand round 1000 is out" when it was long out
    before = snapshot(committed)
    out = run("lock", committed, "--now", ROUND_OUT)
    assert out.exit_code == 1 and "--reason" in out.output, out.output
    assert snapshot(committed) == before
    late = run("lock", committed, "--now", ROUND_OUT, "--reason", "I was travelling")
    assert late.exit_code == 0, late.output
    assert "before drand quicknet round" not in late.output
    assert "I was travelling" in late.output and "already out" in late.output


def test_resolve_before_the_deadline_needs_early(committed):
    # issue 23: `gm resolve` ran before the deadline without a word
    assert run("lock", committed, "--now", AT).exit_code == 0
    before = snapshot(committed)
    out = run("resolve", committed, "--beacon", DEMO_SIGNATURE, "--now", BEFORE)
    assert out.exit_code == 1 and "--early" in out.output, out.output
    assert snapshot(committed) == before
    ok = run("resolve", committed, "--beacon", DEMO_SIGNATURE)
    assert ok.exit_code == 0, ok.output


def test_verify_prints_the_deadline_and_the_round_s_time_and_checks_the_round_follows(committed, tmp_path):
    assert run("lock", committed, "--now", AT).exit_code == 0
    assert run("resolve", committed, "--beacon", DEMO_SIGNATURE).exit_code == 0
    posts = day_posts(committed, 4)
    out = verify(posts)
    assert out.exit_code == 0, out.output
    assert "2023-08-23 15:59:21 UTC" in out.output and round_time(DEMO_ROUND).strftime("%Y-%m-%d %H:%M:%S UTC") in out.output
    # a commitment whose deadline comes after its round proves nothing about the time
    from gm.canonical import canonical
    from gm.forum.machine_lines import find_machine_line

    text = posts["--commit"].read_text(encoding="utf-8")
    rec = find_machine_line(text, "gm-commit", "c")
    forged = dict(rec, deadline=round_time(DEMO_ROUND + 5).strftime(ISO))
    path = tmp_path / "commit.txt"
    path.write_text(text.replace(canonical(rec), canonical(forged)), encoding="utf-8")
    reveal = posts["--reveal"].read_text(encoding="utf-8")
    seed = find_machine_line(reveal, "gm-reveal", "r")["seed"]
    out = run("verify", "--commit", path, "--seed", seed, "--engine", "battle-royale", "--day", 4,
              "--salt", "Mateo=blue moon", "--rolls", posts["--rolls"])
    assert out.exit_code == 1 and "before the deadline" in out.output, out.output


def test_every_lock_counts_in_the_audit(game_copy):
    # issue 23: a re-lock (delete lock.txt, lock again, drop a salt) checked out in `gm audit --all`
    assert run("commit", game_copy).exit_code == 0
    write_orders(game_copy, 4, 'Mateo:\n  salt: "blue moon"\n  action: search\n')
    assert run("lock", game_copy).exit_code == 0
    (game_copy / "days" / "04" / "lock.txt").unlink()
    write_orders(game_copy, 4, 'Mateo:\n  action: search\n')
    assert run("lock", game_copy).exit_code == 0
    assert run("resolve", game_copy).exit_code == 0
    out = run("audit", game_copy, "--all")
    assert out.exit_code == 1, out.output
    assert "locked 2 times" in out.output


# ---- 7. a documented fallback when drand cannot be reached -------------------------------------------


def test_a_day_committed_to_a_round_resolves_without_it_only_with_a_reason(committed):
    # issue 23: a day committed with --deadline could not be resolved when the beacon could not be fetched
    assert run("lock", committed, "--now", AT).exit_code == 0
    before = snapshot(committed)
    out = run("resolve", committed)
    assert out.exit_code == 1 and "--no-beacon" in out.output, out.output
    assert snapshot(committed) == before
    both = run("resolve", committed, "--beacon", DEMO_SIGNATURE, "--no-beacon", "drand was down")
    assert both.exit_code == 1
    ok = run("resolve", committed, "--no-beacon", "api.drand.sh and every mirror were down all evening")
    assert ok.exit_code == 0, ok.output
    posts = day_posts(committed, 4)
    reveal = posts["--reveal"].read_text(encoding="utf-8")
    first = reveal.splitlines()[0]
    assert "WITHOUT" in first and "round 1000" in first, first
    assert "every mirror were down all evening" in reveal
    out = verify(posts)
    assert out.exit_code == 0, out.output
    assert "resolved without" in out.output and "every mirror were down" in out.output
    assert run("audit", committed, "--all").exit_code == 0


# ---- 3. house rules in the proof ------------------------------------------------------------------


def test_house_rules_are_in_the_commitment_and_lock_and_a_change_after_the_lock_is_named(game_copy):
    # issue 23: a house rule changed after the lock showed nowhere in the posts
    from gm.forum.machine_lines import find_machine_line

    assert run("commit", game_copy).exit_code == 0
    write_orders(game_copy, 4, "Mateo:\n  action: search\n")
    assert run("lock", game_copy).exit_code == 0
    d = game_copy / "days" / "04"
    commit = find_machine_line((d / "commit.txt").read_text(), "gm-commit", "c")
    lock = find_machine_line((d / "lock.txt").read_text(), "gm-lock", "l")
    assert len(commit["rules_sha256"]) == 64 and lock["rules_sha256"] == commit["rules_sha256"]
    yaml = game_copy / "game.yaml"
    yaml.write_text(yaml.read_text().replace("lone_wolf_chance: 50", "lone_wolf_chance: 90"))
    before = snapshot(game_copy)
    out = run("resolve", game_copy)
    assert out.exit_code == 1 and "house rules" in out.output and "--late-change" in out.output, out.output
    assert snapshot(game_copy) == before
    ok = run("resolve", game_copy, "--late-change", "Lone wolves were too rare: 90% from tonight")
    assert ok.exit_code == 0, ok.output
    reveal = (d / "result" / "reveal.bbcode").read_text()
    assert "Lone wolves were too rare" in reveal and "game.yaml (the house rules)" in reveal
    assert verify(day_posts(game_copy, 4)).exit_code == 0
    # (not --all: Days 0 to 3 would be replayed with today's house rules)
    audited = run("audit", game_copy, "--day", 4)
    assert audited.exit_code == 0, audited.output


# ---- 2. rulings in the proof --------------------------------------------------------------------


def test_every_ruling_applied_is_listed_in_the_reveal_and_marked_after_the_lock(game_copy, tmp_path):
    # issue 23: a private `health` ruling added after the lock decided a death; the reveal said "rulings":0
    from gm.forum.machine_lines import find_machine_line, find_machine_lines

    assert run("commit", game_copy).exit_code == 0
    write_orders(game_copy, 4, "Mateo:\n  action: search\n")
    write_orders(game_copy, 4, '- kill: Juno\n', "_gm.yaml")
    assert run("lock", game_copy).exit_code == 0
    (game_copy / "days" / "04" / "rulings.yaml").write_text("- health: {player: Mateo, to: 1}\n")
    ok = run("resolve", game_copy)
    assert ok.exit_code == 0, ok.output
    posts = day_posts(game_copy, 4)
    reveal = posts["--reveal"].read_text(encoding="utf-8")
    rec = find_machine_line(reveal, "gm-reveal", "r")
    assert rec["rulings"] == 2 and rec["late_changes"] == 0
    listed = [o for _, o, _ in find_machine_lines(reveal, "gm-ruling", "r")]
    assert [o["after_lock"] for o in listed] == [True, False]  # rulings.yaml first, then orders/_gm.yaml
    assert listed[0]["say"] is None and "Mateo" not in str(listed[0]) and "health" not in str(listed[0])
    assert "Juno" in listed[1]["say"]
    assert "made after the lock" in reveal
    out = verify(posts)
    assert out.exit_code == 0, out.output
    assert "2 rulings" in out.output and "after the lock" in out.output
    # a ruling left out of the reveal is named
    cut = tmp_path / "reveal.txt"
    cut.write_text("\n".join(line for line in reveal.splitlines() if not line.startswith("gm-ruling")
                             or '"n":0' not in line), encoding="utf-8")
    bad = verify(dict(posts, **{"--reveal": cut}))
    assert bad.exit_code == 1 and "gm-ruling lines" in bad.output, bad.output


def test_a_deadline_ruling_past_the_committed_round_cannot_keep_that_round(committed):
    # issue 23: a `deadline` ruling that extends the deadline left the committed round before it, with no warning
    later = (DEADLINE + __import__("datetime").timedelta(hours=3)).strftime("%Y-%m-%d %H:%M")
    (committed / "days" / "04" / "rulings.yaml").write_text(f"- deadline: {later}\n")
    before = snapshot(committed)
    out = run("lock", committed, "--now", AT)
    assert out.exit_code == 1 and "round 1000" in out.output and "--no-beacon" in out.output, out.output
    assert snapshot(committed) == before
    (committed / "days" / "04" / "rulings.yaml").unlink()
    assert run("lock", committed, "--now", AT).exit_code == 0
    (committed / "days" / "04" / "rulings.yaml").write_text(f"- deadline: {later}\n")
    refused = run("resolve", committed, "--beacon", DEMO_SIGNATURE)
    assert refused.exit_code == 1 and "round 1000" in refused.output, refused.output
    ok = run("resolve", committed, "--no-beacon", "the deadline was extended past round 1000")
    assert ok.exit_code == 0, ok.output


def test_the_audit_names_a_ruling_left_out_of_the_reveal(game_copy):
    assert run("commit", game_copy).exit_code == 0
    write_orders(game_copy, 4, "Mateo:\n  action: search\n")
    assert run("lock", game_copy).exit_code == 0
    (game_copy / "days" / "04" / "rulings.yaml").write_text("- health: {player: Mateo, to: 1}\n")
    assert run("resolve", game_copy).exit_code == 0
    assert run("audit", game_copy, "--day", 4).exit_code == 0
    path = game_copy / "days" / "04" / "result" / "reveal.bbcode"
    text = path.read_text(encoding="utf-8")
    path.write_text("\n".join(line for line in text.splitlines() if not line.startswith("gm-ruling")) + "\n")
    out = run("audit", game_copy, "--day", 4)
    assert out.exit_code == 1 and "reveal.bbcode" in out.output, out.output


def test_a_lock_left_without_its_commitment_is_named(game_copy):
    for name in ("seed.secret", "commit.txt"):
        (game_copy / "days" / "03" / name).unlink()
    out = run("resolve", game_copy, "--day", 3, "--force", "--reason", "x", "--seed", "00")
    assert out.exit_code == 1 and "locks another commitment" in out.output, out.output
