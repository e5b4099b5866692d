"""Provable fairness: commitments, salts, the reveal, the hash chain and the independent verifier."""

import hashlib
import json
import os
import re
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.cli import cli
from gm.dice import derive, dice_key, netstring


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def snapshot(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def write_orders(game: Path, day: int, text: str, name: str = "orders.yaml") -> Path:
    path = game / "days" / f"{day:02d}" / "orders" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


# ---- the dice key --------------------------------------------------------------------------

SEED = bytes.fromhex("00112233445566778899aabbccddeeff")


def test_no_salts_means_the_seed_is_the_key():
    assert dice_key(SEED, {}) == SEED


def test_the_documented_salted_example_does_not_change():
    # docs/dice.md, "Worked example with salts": these values are published; they must never change.
    salts = {"Bruno": "42", "Akane": "blue moon"}
    assert netstring("Akane") == b"5:Akane,"
    key = dice_key(SEED, salts)
    msg = b"salts|5:Akane,9:blue moon,5:Bruno,2:42,"
    assert key == __import__("hmac").new(SEED, msg, "sha256").digest()
    assert key.hex() == "491de4fe06174457a238a75ee4a0285547382407a96e1fea0f2d7ea515c25537"
    assert [derive(key, "battle-royale", 1, k, 100) + 1 for k in range(5)] == [89, 26, 96, 17, 49]


def test_salt_order_is_by_name_and_each_salt_counts():
    a = dice_key(SEED, {"Akane": "x", "Bruno": "y"})
    assert a == dice_key(SEED, {"Bruno": "y", "Akane": "x"})
    assert a != dice_key(SEED, {"Akane": "y", "Bruno": "x"})
    assert a != dice_key(SEED, {"Akane": "x"})
    # length prefixes keep "ab"+"c" apart from "a"+"bc"
    assert dice_key(SEED, {"A": "bc"}) != dice_key(SEED, {"Ab": "c"})


# ---- salts in orders ----------------------------------------------------------------------


def test_salts_change_the_rolls_and_are_recorded(game_copy):
    write_orders(game_copy, 4, 'Mateo:\n  salt: "blue moon"\n  action: search\nJuno:\n  action: search\n')
    (game_copy / "days" / "04" / "seed.secret").unlink(missing_ok=True)
    assert run("resolve", game_copy, "--seed", "ab").exit_code == 0
    record = json.loads((game_copy / "days" / "04" / "result" / "day.json").read_text())
    assert record["salts"] == {"Mateo": "blue moon"}
    assert record["dice_key"] == dice_key(bytes.fromhex("ab"), {"Mateo": "blue moon"}).hex()
    rolls = [json.loads(line) for line in (game_copy / "days" / "04" / "result" / "rolls.jsonl").read_text().splitlines()]
    key = bytes.fromhex(record["dice_key"])
    assert all(derive(key, "battle-royale", 4, r["index"], r["sides"]) + 1 == r["value"] for r in rolls)
    message = (game_copy / "days" / "04" / "result" / "messages" / "Mateo.bbcode").read_text()
    assert 'Your salt "blue moon" was mixed into today\'s dice.' in message
    juno = (game_copy / "days" / "04" / "result" / "messages" / "Juno.bbcode").read_text()
    assert "Your salt" not in juno and "blue moon" not in juno  # her form may offer a `# salt:` line, nothing more
    summary = (game_copy / "days" / "04" / "result" / "gm-summary.txt").read_text()
    assert "Salts (1): Mateo=blue moon" in summary and record["dice_key"] in summary


def test_a_salt_works_on_day_0_and_with_no_other_orders(tmp_path):
    game = tmp_path / "g"
    run("new", game)
    write_orders(game, 0, 'Player One: {start: Beach, salt: "x"}\nPlayer Two: {salt: "y"}\n', "starting-zones.yaml")
    result = run("resolve", game, "--day", "0", "--seed", "ab")
    assert result.exit_code == 0, result.output
    record = json.loads((game / "days" / "00" / "result" / "day.json").read_text())
    assert record["salts"] == {"Player One": "x", "Player Two": "y"}


@pytest.mark.parametrize("text, expected", [
    ("Mateo:\n  salt: [4, 2]\n", "orders.yaml:2:9: error: a salt must be text: write it in quotes"),
    ("Mateo:\n  salt: \"" + "x" * 201 + "\"\n", "orders.yaml:2:9: error: a salt is at most 200 characters"),
    ("Mateo:\n  salt: \"a\\nb\"\n", "orders.yaml:2:9: error: a salt must be one line of printable text"),
    ("Mateo:\n  slat: x\n", "orders.yaml:2:3: error: unknown order section 'slat' (did you mean 'salt'?)"),
])
def test_bad_salts_are_located_errors(game_copy, text, expected, monkeypatch):
    write_orders(game_copy, 4, text)
    monkeypatch.chdir(game_copy)
    before = snapshot(game_copy)
    result = run("resolve", ".")
    assert result.exit_code == 1
    assert expected in result.output
    assert snapshot(game_copy) == before


@pytest.mark.parametrize("written", ["1e3", "007", "2026-03-01", "0x1F", "42"])
def test_a_salt_yaml_would_rewrite_is_taken_as_written(game_copy, written):
    write_orders(game_copy, 4, f"Mateo:\n  salt: {written}   # no quotes\n  action: search\nJuno: {{salt: {written}, action: search}}\n")
    result = run("check", game_copy)
    assert result.exit_code == 0, result.output
    assert f"warning: Mateo's salt {written} is not in quotes: it is taken as the text \"{written}\"" in result.output
    assert run("resolve", game_copy, "--seed", "ab").exit_code == 0
    record = json.loads((game_copy / "days" / "04" / "result" / "day.json").read_text())
    assert record["salts"] == {"Juno": written, "Mateo": written}


def test_an_empty_salt_is_a_warning_and_changes_nothing(game_copy):
    write_orders(game_copy, 4, "Mateo:\n  salt:\n  action: search\n")
    result = run("check", game_copy)
    assert result.exit_code == 0
    assert "warning: Mateo's salt is empty" in result.output


# ---- commitments ----------------------------------------------------------------------------


def test_commit_then_resolve_uses_the_committed_seed(game_copy):
    result = run("commit", game_copy)
    assert result.exit_code == 0, result.output
    secret = game_copy / "days" / "04" / "seed.secret"
    seed = secret.read_text().split()[0]  # the seed, then the veil (docs/fairness.md)
    assert stat.S_IMODE(os.stat(secret).st_mode) == 0o600
    sha = hashlib.sha256(bytes.fromhex(seed)).hexdigest()
    assert sha in result.output and seed not in result.output
    assert "[b]Day 4: the dice are fixed[/b]" in result.output
    assert (game_copy / "days" / "04" / "commit.txt").read_text() in result.output
    again = run("commit", game_copy, "--day", "4")
    assert again.exit_code == 0 and "already committed" in again.output
    assert secret.read_text().split()[0] == seed
    # the seed stays secret everywhere until the day is resolved
    for command in (("check", game_copy), ("status", game_copy)):
        assert seed not in run(*command).output
    assert run("reveal", game_copy, "--day", "4").exit_code == 1
    write_orders(game_copy, 4, "Mateo:\n  action: search\n")
    result = run("resolve", game_copy)
    assert result.exit_code == 0, result.output
    assert "no seed was committed" not in result.output
    record = json.loads((game_copy / "days" / "04" / "result" / "day.json").read_text())
    assert record["seed"] == seed and record["seed_committed"] is True
    reveal = run("reveal", game_copy)
    assert reveal.exit_code == 0 and seed in reveal.output and sha in reveal.output


def test_resolve_refuses_a_seed_that_contradicts_the_commitment(game_copy):
    assert run("commit", game_copy).exit_code == 0
    before = snapshot(game_copy)
    result = run("resolve", game_copy, "--seed", "ab")
    assert result.exit_code == 1
    assert "--seed contradicts the seed committed for Day 4" in result.output
    assert snapshot(game_copy) == before
    seed = (game_copy / "days" / "04" / "seed.secret").read_text().split()[0]
    assert run("resolve", game_copy, "--seed", seed).exit_code == 0  # the same seed is no contradiction


def test_resolve_without_commitment_warns(game_copy):
    result = run("resolve", game_copy, "--seed", "ab")
    assert result.exit_code == 0
    assert "warning: no seed was committed for Day 4" in result.output


def test_commit_refuses_a_resolved_day_and_an_edited_commitment(game_copy):
    result = run("commit", game_copy, "--day", "3")
    assert result.exit_code == 1 and "already resolved" in result.output
    assert run("commit", game_copy).exit_code == 0
    post = game_copy / "days" / "04" / "commit.txt"
    post.write_text(re.sub(r'"seed_sha256":"[0-9a-f]{4}', '"seed_sha256":"0000', post.read_text()))
    result = run("resolve", game_copy)
    assert result.exit_code == 1 and "does not match the commitment" in result.output


# ---- the independent verifier --------------------------------------------------------------


def _published(game: Path, day: int) -> tuple[Path, Path, Path]:
    d = game / "days" / f"{day:02d}"
    return d / "commit.txt", d / "result" / "reveal.bbcode", d / "result" / "rolls.public.jsonl"


def test_verify_checks_a_salted_day_from_the_posts_alone(game_copy, tmp_path):
    assert run("commit", game_copy).exit_code == 0
    write_orders(game_copy, 4, 'Mateo:\n  salt: "[b]moon"\n  action: search\nJuno:\n  salt: "ünï"\n  action: search\n')
    assert run("resolve", game_copy).exit_code == 0
    # what a player has: three saved posts, copied out of the game folder
    commit, reveal, _ = _published(game_copy, 4)
    posts = tmp_path / "posts"
    posts.mkdir()
    (posts / "commit.txt").write_text(commit.read_text())
    (posts / "reveal.txt").write_text(reveal.read_text())
    (posts / "rolls.txt").write_text(run("reveal", game_copy, "--rolls").output)
    result = run("verify", "--commit", posts / "commit.txt", "--reveal", posts / "reveal.txt", "--rolls", posts / "rolls.txt")
    assert result.exit_code == 0, result.output
    assert "OK: every roll of Day 4 follows from the committed seed and the published salts." in result.output
    assert "Mateo='[b]moon'" in result.output


def test_verify_with_values_typed_in(game_copy):
    commit, _, rolls = _published(game_copy, 2)
    record = json.loads((game_copy / "days" / "02" / "result" / "day.json").read_text())
    result = run("verify", "--commit", record["seed_sha256"], "--seed", record["seed"], "--engine", "battle-royale",
                 "--day", "2", "--rolls", rolls)
    assert result.exit_code == 0, result.output
    wrong = run("verify", "--commit", record["seed_sha256"], "--seed", record["seed"], "--engine", "battle-royale",
                "--day", "2", "--salt", "Akane=x", "--rolls", rolls)
    assert wrong.exit_code == 1 and "the dice key gives" in wrong.output


@pytest.mark.parametrize("doctor, expected, code", [
    (lambda c, r, l: (c, r, re.sub(r'"value":(\d+)', lambda m: f'"value":{int(m.group(1)) % 100 + 1}', l, count=1)),
     "FAIL: roll #0", 1),
    (lambda c, r, l: (c, r, "\n".join(l.splitlines()[1:])), "FAIL: roll #1", 1),
    (lambda c, r, l: (c, r.replace('"seed":"', '"seed":"00', 1), l), "does not have the committed SHA-256", 1),
    (lambda c, r, l: (c.replace("gm-commit", "gm-commit-ish"), r, l), "no `gm-commit {...}` line", 2),
    (lambda c, r, l: (c, r.replace('"rolls":', '"rolls":1', 1), l), "the day's record says", 1),
    (lambda c, r, l: (c, r, l.replace('"index":3', '"index": 3', 1)), "not as gm wrote it", 1),
])
def test_verify_catches_a_doctored_post(game_copy, tmp_path, doctor, expected, code):
    paths = _published(game_copy, 1)
    texts = doctor(*(p.read_text() for p in paths))
    names = []
    for name, text in zip(("commit.txt", "reveal.txt", "rolls.txt"), texts):
        (tmp_path / name).write_text(text)
        names.append(tmp_path / name)
    result = run("verify", "--commit", names[0], "--reveal", names[1], "--rolls", names[2])
    assert result.exit_code == code, result.output  # 1: not verified; 2: an input that cannot be read
    assert expected in result.output


# ---- the hash chain ------------------------------------------------------------------------


def test_audit_all_walks_the_whole_chain(game_copy):
    result = run("audit", game_copy, "--all")
    assert result.exit_code == 0, result.output
    for day in range(4):
        assert f"Day {day}: OK" in result.output
    assert "the chain is whole from Day 0 to Day 3" in result.output
    for day in range(1, 4):
        record = json.loads((game_copy / "days" / f"{day:02d}" / "result" / "day.json").read_text())
        previous = (game_copy / "days" / f"{day - 1:02d}" / "result" / "day.json").read_bytes()
        assert record["chain"]["previous_record"] == hashlib.sha256(previous).hexdigest()


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1))


TAMPER = {  # artefact (relative to the game folder) -> how to change it
    "days/01/orders/forest.yaml": lambda p: _edit(p, "Bruno", "bruno"),
    "days/02/orders/orders.yaml": lambda p: p.write_text(p.read_text() + "\n# added later\n"),
    "days/02/result/rolls.jsonl": lambda p: _edit(p, '"value":', '"value":1'),
    "days/01/result/events.jsonl": lambda p: _edit(p, '"hit":false', '"hit":true'),
    "days/01/result/state.json": lambda p: _edit(p, '"health": 10', '"health": 11'),
    "days/02/result/narration.bbcode": lambda p: _edit(p, "Fallen today", "Fell today"),
    "days/03/result/messages/Mateo.bbcode": lambda p: p.write_text(p.read_text() + "You found a Rifle.\n"),
    "days/00/result/gm-summary.txt": lambda p: _edit(p, "Seed:", "Seed (new):"),
    "days/02/result/reveal.bbcode": lambda p: _edit(p, "the dice revealed", "the dice, revealed"),
    "days/01/result/day.json": lambda p: _edit(p, '"no_orders": [', '"no_orders": [\n    "Akane",'),
    "days/03/commit.txt": lambda p: p.write_text(re.sub(r'"seed_sha256":"[0-9a-f]', '"seed_sha256":"x', p.read_text())),
    "days/02/seed.secret": lambda p: p.write_text("00" + p.read_text()[2:]),
}


@pytest.mark.parametrize("artefact", sorted(TAMPER))
def test_audit_all_names_each_tampered_artefact(game_copy, artefact):
    TAMPER[artefact](game_copy / artefact)
    day = int(artefact.split("/")[1])
    result = run("audit", game_copy, "--all")
    assert result.exit_code == 1, result.output
    assert f"Day {day}: CHANGED after the fact:" in result.output
    assert f"  {artefact}: " in result.output, result.output
    assert f"First change: Day {day} (" in result.output
    for earlier in range(day):
        assert f"Day {earlier}: OK" in result.output


def test_audit_all_names_a_removed_or_added_file(game_copy):
    (game_copy / "days" / "03" / "orders" / "orders.yaml").unlink()
    result = run("audit", game_copy, "--all")
    assert "days/03/orders/orders.yaml: removed after Day 3 was resolved" in result.output
    (game_copy / "days" / "01" / "result" / "messages" / "Zed.bbcode").write_text("hello\n")
    result = run("audit", game_copy, "--all")
    assert "days/01/result/messages/Zed.bbcode: added after Day 1 was resolved" in result.output
    assert "First change: Day 1" in result.output


def test_a_day_resolved_again_breaks_the_link_from_the_next_day(game_copy):
    """Even a consistent re-resolve (same seed, edited orders, every file regenerated) shows."""
    _edit(game_copy / "days" / "02" / "orders" / "orders.yaml", "targets: [Dana, Dana]", "targets: [Juno, Juno]")
    refused = run("resolve", game_copy, "--day", "2", "--force", "--reason", "Zed's order was misread")
    assert refused.exit_code == 1 and "orders changed after the lock of Day 2: orders.yaml was changed" in refused.output
    again = run("resolve", game_copy, "--day", "2", "--force", "--reason", "Zed's order was misread",
                "--late-change", "Dana's attack was meant for Juno")
    assert again.exit_code == 0, again.output
    single = run("audit", game_copy, "--day", "2")
    assert single.exit_code == 1 and "changed after Day 3 was resolved" in single.output
    result = run("audit", game_copy, "--all")
    assert result.exit_code == 1
    assert "days/02/result/day.json: changed after Day 3 was resolved" in result.output
    assert "First change: Day 2" in result.output


def test_audit_of_one_day_reports_its_record_too(game_copy):
    TAMPER["days/02/seed.secret"](game_copy / "days/02/seed.secret")
    result = run("audit", game_copy, "--day", "2")
    assert result.exit_code == 1
    assert "CHANGED   days/02/seed.secret: is not the seed Day 2 was resolved with" in result.output


# ---- an independent checker, written from the documentation alone --------------------------

STANDALONE = Path(__file__).resolve().parent / "independent" / "check_day.py"


def test_the_standalone_checker_is_short():
    assert len(STANDALONE.read_text().splitlines()) <= 40  # 30 before announced rounds (docs/fairness.md)


def _standalone(*paths):
    import subprocess
    import sys

    return subprocess.run([sys.executable, str(STANDALONE), *map(str, paths)], capture_output=True, text=True)


def test_a_standalone_script_from_the_docs_rederives_salted_and_plain_days(game_copy, tmp_path):
    assert run("commit", game_copy).exit_code == 0
    write_orders(game_copy, 4, 'Mateo:\n  salt: "Éclair [b]"\n  action: search\nJuno:\n  salt: "42"\n  action: search\n')
    assert run("resolve", game_copy).exit_code == 0
    (tmp_path / "rolls-post.txt").write_text(run("reveal", game_copy, "--rolls").output)
    for day in (1, 4):
        commit, reveal, rolls = _published(game_copy, day)
        out = _standalone(commit, reveal, rolls)
        assert out.returncode == 0, out.stderr
        assert "rolls match" in out.stdout
    commit, reveal, rolls = _published(game_copy, 4)
    assert _standalone(commit, reveal, tmp_path / "rolls-post.txt").returncode == 0
    doctored = tmp_path / "doctored.jsonl"
    doctored.write_text(re.sub(r'"value":(\d+)', lambda m: f'"value":{int(m.group(1)) % 2 + 1}', rolls.read_text(), count=1))
    assert _standalone(commit, reveal, doctored).returncode != 0


def test_the_second_documented_salt_example():
    key = dice_key(SEED, {"Émile": "ünï", "Akane": "x"})
    assert key.hex() == "a5488664f8d689af36d331211b069430201b2af2b30157e4bb090d038423ea0f"
    assert [derive(key, "battle-royale", 1, k, 100) + 1 for k in range(3)] == [9, 76, 76]


def test_a_new_game_keeps_seeds_out_of_version_control(tmp_path):
    assert run("new", tmp_path / "g").exit_code == 0
    assert "seed.secret" in (tmp_path / "g" / ".gitignore").read_text().splitlines()


def test_commit_refuses_once_the_orders_are_in_unless_late(game_copy):
    write_orders(game_copy, 4, "Mateo:\n  action: search\n")
    before = snapshot(game_copy)
    result = run("commit", game_copy)
    assert result.exit_code == 1 and "already holds orders (1 file(s))" in result.output and "--late" in result.output
    assert snapshot(game_copy) == before
    late = run("commit", game_copy, "--late")
    assert late.exit_code == 0, late.output
    assert "drawn AFTER some orders had come in (a late commitment)" in late.output
    assert "drawn before any orders came in" not in late.output
    assert '"late":true' in (game_copy / "days" / "04" / "commit.txt").read_text()


def test_a_salt_alone_is_no_orders_and_must_name_a_player(game_copy):
    write_orders(game_copy, 4, 'Mateo: {salt: "just this"}\nMateu: {salt: "x"}\n')
    result = run("check", game_copy)
    assert result.exit_code == 1
    assert "orders.yaml:2:15: error: 'Mateu' does not owe orders today, so cannot send a salt (did you mean 'Mateo'?)" in result.output
    write_orders(game_copy, 4, 'Mateo: {salt: "just this"}\n')
    assert run("resolve", game_copy, "--seed", "ab").exit_code == 0
    record = json.loads((game_copy / "days" / "04" / "result" / "day.json").read_text())
    assert record["salts"] == {"Mateo": "just this"} and "Mateo" in record["no_orders"]


def test_salts_and_the_chain_work_for_every_engine(tmp_path):
    """Salts are the pipeline's, not Battle Royale's: a Hostile Takeover game takes them too."""
    game = tmp_path / "ht"
    assert run("new", game, "--engine", "hostile-takeover").exit_code == 0
    assert run("resolve", game, "--day", "0", "--seed", "ab").exit_code == 0
    assert run("commit", game).exit_code == 0
    write_orders(game, 1, 'Player One: {move: E, salt: "first"}\nPlayer Two: {salt: "only a salt"}\n')
    result = run("resolve", game)
    assert result.exit_code == 0, result.output
    record = json.loads((game / "days" / "01" / "result" / "day.json").read_text())
    assert record["salts"] == {"Player One": "first", "Player Two": "only a salt"}
    assert 'Your salt "first"' in (game / "days" / "01" / "result" / "messages" / "Player_One.bbcode").read_text()
    assert run("audit", game, "--all").exit_code == 0
    # a day with no rolls at all verifies too
    commit, reveal, rolls = (game / "days" / "01" / "commit.txt", game / "days" / "01" / "result" / "reveal.bbcode",
                             game / "days" / "01" / "result" / "rolls.public.jsonl")
    verdict = run("verify", "--commit", commit, "--reveal", reveal, "--rolls", rolls)
    assert verdict.exit_code == 0, verdict.output


def test_the_hostile_takeover_demo_chains_all_its_days(demo_games):
    result = run("audit", demo_games.pristine("hostile-takeover"), "--all")  # reads only
    assert result.exit_code == 0, result.output
    assert "the chain is whole from Day 0 to Day 19" in result.output
