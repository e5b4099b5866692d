"""The fairness protocol against each attack of issue #12: the beacon, the lock, the sealed roll
log, traces of re-commitment and re-resolution, the pinned encoding, `gm verify`'s exit codes and
game folders under git. Each attack is named by `gm verify` (from the posts) or `gm audit --all`."""

import hashlib
import json
import re
import shutil
import subprocess
from datetime import datetime, timezone
from pathlib import Path

import pytest

from gm.canonical import NotCanonical, canonical
from gm.dice import derive, dice_key
from gm.engines import REGISTRY
from gm.fairness.beacon import DEMO_ROUND, DEMO_SIGNATURE, parse_deadline, round_after, round_time, signature_problem
from test_fairness import run, snapshot, write_orders  # noqa: F401 - the same helpers as the fairness tests

# drand quicknet round 1000, as the network's HTTP API serves it (public data, checked offline)
ROUND_1000_RANDOMNESS = "fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd"
SEED = bytes.fromhex("00112233445566778899aabbccddeeff")
DEADLINE = round_time(DEMO_ROUND - 1).strftime("%Y-%m-%dT%H:%M:%SZ")  # so the round named is 1000
BEFORE = round_time(DEMO_ROUND - 1201).strftime("%Y-%m-%dT%H:%M:%SZ")  # an hour before it: when to commit


def posts(game: Path, day: int) -> dict[str, Path]:
    d = game / "days" / f"{day:02d}"
    return {"--commit": d / "commit.txt", "--lock": d / "lock.txt", "--reveal": d / "result" / "reveal.bbcode",
            "--rolls": d / "result" / "rolls.public.jsonl"}


def verify(given: dict[str, Path], *extra):
    args = [x for kv in given.items() for x in kv]
    return run("verify", *args, *extra)


# ---- the beacon ------------------------------------------------------------------------------


def test_a_published_quicknet_round_checks_and_anything_else_does_not():
    assert signature_problem(DEMO_ROUND, DEMO_SIGNATURE) is None
    assert hashlib.sha256(bytes.fromhex(DEMO_SIGNATURE)).hexdigest() == ROUND_1000_RANDOMNESS
    assert "not the quicknet network's signature of round 1001" in signature_problem(DEMO_ROUND + 1, DEMO_SIGNATURE)
    flipped = DEMO_SIGNATURE[:-1] + ("0" if DEMO_SIGNATURE[-1] != "0" else "1")
    assert signature_problem(DEMO_ROUND, flipped) is not None
    assert "96 hexadecimal digits" in signature_problem(DEMO_ROUND, DEMO_SIGNATURE[:-2])


def test_the_round_named_is_the_first_after_the_deadline():
    genesis = datetime.fromtimestamp(1692803367, timezone.utc)
    assert round_time(1) == genesis
    assert round_after(genesis) == 2
    assert round_after(round_time(999)) == 1000
    assert round_after(parse_deadline("2023-08-23T15:59:22Z")) == 1000
    assert round_after(parse_deadline("2023-08-23T17:59:22+02:00")) == 1000
    assert parse_deadline("2023-08-23 15:59:22") == parse_deadline("2023-08-23T15:59:22Z")  # the short form is UTC
    with pytest.raises(Exception, match="takes a date and time"):
        parse_deadline("at dawn")


def test_the_documented_beacon_example_does_not_change():
    beacon = {"round": 1000, "randomness": ROUND_1000_RANDOMNESS}
    key = dice_key(SEED, {}, beacon)
    assert key.hex() == "3cdf3eecf021e713d68d7a8d365c2fd5d6b931a694f66f2e6490f8675ec08638"
    assert [derive(key, "battle-royale", 1, k, 100) + 1 for k in range(5)] == [76, 13, 39, 9, 76]
    assert dice_key(SEED, {}) == SEED  # an offline day without salts rolls as it always did


@pytest.fixture
def beacon_day(game_copy):
    """Day 4 of the demo committed to round 1000, with two salts, locked."""
    result = run("commit", game_copy, "--deadline", DEADLINE, "--now", BEFORE)
    assert result.exit_code == 0, result.output
    assert '"beacon":{"network":"quicknet","round":1000}' in result.output and "round 1000" in result.output
    write_orders(game_copy, 4, 'Mateo:\n  salt: "blue moon"\n  action: search\nJuno:\n  salt: "42"\n  action: search\n')
    locked = run("lock", game_copy, "--now", DEADLINE)
    assert locked.exit_code == 0, locked.output
    return game_copy


def test_status_says_which_round_to_wait_for_and_whether_the_orders_are_locked(beacon_day):
    status = run("status", beacon_day)
    assert status.exit_code == 0, status.output
    assert "the dice take drand quicknet round 1000, out at 2023-08-23 15:59:24 UTC" in status.output
    assert "orders locked" in status.output


def test_resolve_needs_the_named_round_and_checks_its_signature(beacon_day):
    before = snapshot(beacon_day)
    missing = run("resolve", beacon_day)
    assert missing.exit_code == 1 and "names drand quicknet round 1000: give its signature with --beacon" in missing.output
    forged = run("resolve", beacon_day, "--beacon", "a" * 96)
    assert forged.exit_code == 1 and "drand quicknet round 1000" in forged.output
    assert snapshot(beacon_day) == before
    assert run("resolve", beacon_day, "--beacon", DEMO_SIGNATURE).exit_code == 0
    record = json.loads((beacon_day / "days" / "04" / "result" / "day.json").read_text())
    assert record["beacon"]["round"] == 1000 and record["beacon"]["randomness"] == ROUND_1000_RANDOMNESS
    seed = bytes.fromhex(record["seed"])
    assert record["dice_key"] == dice_key(seed, record["salts"], record["beacon"]).hex()
    result = verify(posts(beacon_day, 4))
    assert result.exit_code == 0, result.output
    assert "Beacon: drand quicknet round 1000, signature checked" in result.output
    assert "follows from the committed seed, the published salts and the beacon round." in result.output
    assert run("audit", beacon_day, "--all").exit_code == 0


def test_the_beacon_may_be_given_as_drand_s_answer_saved_to_a_file(beacon_day, tmp_path):
    saved = tmp_path / "round.json"
    saved.write_text(json.dumps({"round": 1001, "randomness": ROUND_1000_RANDOMNESS, "signature": DEMO_SIGNATURE}))
    wrong = run("resolve", beacon_day, "--beacon", saved)
    assert wrong.exit_code == 1 and "holds round 1001, but the commitment names round 1000" in wrong.output
    saved.write_text(json.dumps({"round": 1000, "randomness": ROUND_1000_RANDOMNESS, "signature": DEMO_SIGNATURE}))
    assert run("resolve", beacon_day, "--beacon", saved).exit_code == 0


def test_an_accomplice_cannot_grind_salts_once_the_beacon_is_named(beacon_day, tmp_path):
    """With the beacon, the key is unknown until after the lock; a GM who leaves the beacon out of
    the dice (to use a key he could compute beforehand) is named by gm verify."""
    assert run("resolve", beacon_day, "--beacon", DEMO_SIGNATURE).exit_code == 0
    given = posts(beacon_day, 4)
    reveal = tmp_path / "reveal.txt"
    reveal.write_text("\n".join(l for l in given["--reveal"].read_text().splitlines() if "gm-beacon" not in l))
    result = verify(given | {"--reveal": reveal})
    assert result.exit_code == 1
    assert "FAIL: the commitment named drand quicknet round 1000, the reveal used no beacon" in result.output


# ---- the lock: late, dropped and changed salts; rulings ---------------------------------------


def test_the_lock_quotes_each_salt_as_sent_and_hides_the_orders(beacon_day):
    lock = (beacon_day / "days" / "04" / "lock.txt").read_text()
    assert 'gm-salt {"day":4,"player":"Mateo","salt":"blue moon"}' in lock
    assert 'gm-salt {"day":4,"player":"Juno","salt":"42"}' in lock
    assert '"beacon_round":1000' in lock and "search" not in lock
    sha = hashlib.sha256((beacon_day / "days" / "04" / "orders" / "orders.yaml").read_bytes()).hexdigest()
    assert sha not in lock  # salted (issue 22): tests/test_fairness_v3.py checks how
    assert 'gm-file {"day":4,"file":"orders.yaml","sha256":"' in lock
    again = run("lock", beacon_day)
    assert again.exit_code == 0 and "already locked; the same post again" in again.output


def test_a_salt_changed_after_the_lock_is_refused(beacon_day):
    write_orders(beacon_day, 4, 'Mateo:\n  salt: "blue moon!"\n  action: search\nJuno:\n  salt: "42"\n  action: search\n')
    result = run("resolve", beacon_day, "--beacon", DEMO_SIGNATURE, "--late-change", "it is the same salt")
    assert result.exit_code == 1
    assert "Mateo's salt was locked as 'blue moon', the dice used 'blue moon!'" in result.output
    relock = run("lock", beacon_day)
    assert relock.exit_code == 1 and "a lock is never replaced" in relock.output


def _resolved_without_the_lock(game: Path) -> None:
    """A GM who hides the lock file to resolve with other salts than were locked."""
    lock = game / "days" / "04" / "lock.txt"
    kept = lock.read_text()
    lock.unlink()
    assert run("resolve", game, "--beacon", DEMO_SIGNATURE).exit_code == 0
    lock.write_text(kept)


@pytest.mark.parametrize("orders, named", [
    ('Mateo:\n  salt: "blue moon"\n  action: search\nJuno:\n  salt: "42"\n  action: search\nHana:\n  salt: "late"\n',
     "Hana's salt 'late' went into the dice but was not in the lock (a late salt)"),
    ('Mateo:\n  action: search\nJuno:\n  salt: "42"\n  action: search\n',
     "Mateo's salt 'blue moon' was locked but left out of the dice"),
])
def test_a_late_or_dropped_salt_is_named_from_the_posts_and_by_the_audit(beacon_day, orders, named):
    write_orders(beacon_day, 4, orders)
    refused = run("resolve", beacon_day, "--beacon", DEMO_SIGNATURE)
    assert refused.exit_code == 1 and named in refused.output
    _resolved_without_the_lock(beacon_day)
    result = verify(posts(beacon_day, 4))
    assert result.exit_code == 1 and f"FAIL: {named}" in result.output
    audit = run("audit", beacon_day, "--all")
    assert audit.exit_code == 1 and "Day 4 was locked (`gm lock`), but resolved without its lock" in audit.output


def test_a_changed_orders_file_after_the_lock_is_a_logged_ruling(beacon_day):
    write_orders(beacon_day, 4, 'Mateo:\n  salt: "blue moon"\n  action: search\nJuno:\n  salt: "42"\n')
    refused = run("resolve", beacon_day, "--beacon", DEMO_SIGNATURE)
    assert refused.exit_code == 1 and "orders changed after the lock of Day 4: orders.yaml was changed" in refused.output
    ruling = "Juno wrote 'serch or not': read as no action"
    assert run("resolve", beacon_day, "--beacon", DEMO_SIGNATURE, "--late-change", ruling).exit_code == 0
    record = json.loads((beacon_day / "days" / "04" / "result" / "day.json").read_text())
    assert record["rulings"] == [{"text": ruling, "files": ["orders.yaml"]}]
    assert ruling in (beacon_day / "days" / "04" / "result" / "reveal.bbcode").read_text()
    result = verify(posts(beacon_day, 4))
    assert result.exit_code == 0 and "Orders changed after the lock, by 1 late change named in the reveal post." in result.output
    assert run("audit", beacon_day, "--all").exit_code == 0
    # resolved again for another reason: the ruling stands, and is not asked for twice
    again = run("resolve", beacon_day, "--day", "4", "--beacon", DEMO_SIGNATURE, "--force", "--reason", "a template typo")
    assert again.exit_code == 0, again.output
    record = json.loads((beacon_day / "days" / "04" / "result" / "day.json").read_text())
    assert record["rulings"] == [{"text": ruling, "files": ["orders.yaml"]}] and len(record["corrections"]) == 1
    assert run("audit", beacon_day, "--all").exit_code == 0


def test_an_edited_lock_is_named(beacon_day, tmp_path):
    assert run("resolve", beacon_day, "--beacon", DEMO_SIGNATURE).exit_code == 0
    given = posts(beacon_day, 4)
    edited = tmp_path / "lock.txt"
    edited.write_text(given["--lock"].read_text().replace('"salt":"42"', '"salt":"43"'))
    result = verify(given | {"--lock": edited})
    assert result.exit_code == 1
    assert "its gm-salt lines do not match its gm-lock line" in result.output
    assert "Juno's salt was locked as '43', the dice used '42'" in result.output
    shutil.copy(edited, given["--lock"])
    audit = run("audit", beacon_day, "--all")
    assert audit.exit_code == 1 and "days/04/lock.txt: changed after Day 4 was resolved (the lock post)" in audit.output


# ---- re-commitment and re-resolution ----------------------------------------------------------


def test_a_commitment_is_never_replaced(game_copy):
    assert run("commit", game_copy).exit_code == 0
    other = run("commit", game_copy, "--deadline", DEADLINE)
    assert other.exit_code == 1 and "a commitment is never replaced" in other.output
    (game_copy / "days" / "04" / "seed.secret").unlink()
    gone = run("commit", game_copy)
    assert gone.exit_code == 1 and "exists without its seed" in gone.output


def test_a_commitment_made_again_after_deleting_its_files_shows(game_copy):
    assert run("commit", game_copy).exit_code == 0
    for name in ("seed.secret", "commit.txt"):
        (game_copy / "days" / "04" / name).unlink()
    assert run("commit", game_copy).exit_code == 0
    write_orders(game_copy, 4, "Mateo:\n  action: search\n")
    assert run("resolve", game_copy).exit_code == 0
    audit = run("audit", game_copy, "--all")
    assert audit.exit_code == 1
    assert "fairness.log: Day 4 was committed 2 times (a commitment made again after its files were deleted)" in audit.output


def test_a_day_is_committed_only_after_the_day_before_is_resolved(game_copy):
    result = run("commit", game_copy, "--day", "5")
    assert result.exit_code == 1 and "Day 4 is not resolved yet: Day 5's commitment names Day 4's record" in result.output
    assert not (game_copy / "days" / "05").exists()


def test_each_commitment_names_the_game_and_the_previous_record(game_copy):
    result = run("commit", game_copy)
    rec = json.loads(re.search(r"gm-commit (\{.*\})", result.output).group(1))
    previous = hashlib.sha256((game_copy / "days" / "03" / "result" / "day.json").read_bytes()).hexdigest()
    assert rec["previous_record"] == previous and rec["game"] == "Smoke over the Septagon" and rec["late"] is False
    reveal3 = (game_copy / "days" / "03" / "result" / "reveal.bbcode").read_text()
    assert f'"record_sha256":"{previous}"' in reveal3  # the public chain: reveal N-1 -> commitment N


def test_a_force_leaves_a_correction_and_a_silent_redo_shows(game_copy):
    before = run("resolve", game_copy, "--day", "3", "--force")
    assert before.exit_code == 1 and "needs --reason" in before.output
    old = hashlib.sha256((game_copy / "days" / "03" / "result" / "day.json").read_bytes()).hexdigest()
    assert run("resolve", game_copy, "--day", "3", "--force", "--reason", "the narration named the wrong zone").exit_code == 0
    record = json.loads((game_copy / "days" / "03" / "result" / "day.json").read_text())
    assert record["corrections"][0]["previous_record"] == old
    assert record["corrections"][0]["reason"] == "the narration named the wrong zone"
    post = (game_copy / "days" / "03" / "result" / "correction.bbcode").read_text()
    assert "Day 3 was resolved again. Why: the narration named the wrong zone" in post and old in post
    assert "This day was resolved 2 times" in (game_copy / "days" / "03" / "result" / "reveal.bbcode").read_text()
    assert run("audit", game_copy, "--all").exit_code == 0
    # the earlier result stays on record
    kept = game_copy / "days" / "03" / "result.1"
    shutil.move(kept, game_copy / "elsewhere")
    gone = run("audit", game_copy, "--all")
    assert gone.exit_code == 1 and "the result Day 3 had before its correction" in gone.output
    shutil.move(game_copy / "elsewhere", kept)
    # a GM who deletes the result and resolves again, with no --force, leaves no correction: it shows
    shutil.rmtree(game_copy / "days" / "03" / "result")
    shutil.rmtree(game_copy / "days" / "03" / "result.1")
    assert run("resolve", game_copy, "--day", "3").exit_code == 0
    audit = run("audit", game_copy, "--all")
    assert audit.exit_code == 1
    assert "was replaced without a correction (gm resolve --force --reason)" in audit.output


def test_a_correction_names_what_changed(game_copy):
    """With another seed the day comes out otherwise: the correction lists exactly the posts that differ."""
    for name in ("seed.secret", "commit.txt", "lock.txt"):
        (game_copy / "days" / "03" / name).unlink()
    assert run("resolve", game_copy, "--day", "3", "--force", "--seed", "00", "--reason", "the seed was lost",
               "--name-players").exit_code == 0
    new, old = game_copy / "days" / "03" / "result", game_copy / "days" / "03" / "result.1"
    record = json.loads((new / "day.json").read_text())
    changed = sorted(p.relative_to(new).as_posix() for p in new.rglob("*.bbcode")
                     if not p.name.startswith(("reveal", "correction")) and ".part" not in p.name
                     and (not (old / p.relative_to(new)).is_file() or (old / p.relative_to(new)).read_text() != p.read_text()))
    assert changed and sorted(x for x in record["corrections"][0]["posts_changed"] if x.endswith(".bbcode")) == changed
    post = (new / "correction.bbcode").read_text()
    players = [c.split("/")[1][:-len(".bbcode")] for c in changed if c.startswith("messages/")]
    assert players and "messages changed for " + ", ".join(players) in post


# ---- the pinned encoding, never split --------------------------------------------------------


def test_the_canonical_encoding_is_rfc8785_with_markup_escaped():
    assert canonical({"b": 1, "a": [True, None, "x"]}) == '{"a":[true,null,"x"],"b":1}'
    assert canonical({"\ue000": 1, "\U0001f600": 2}) == '{"\U0001f600":2,"\ue000":1}'  # UTF-16 order
    assert canonical("é\n\x01\"\\") == '"é\\n\\u0001\\"\\\\"'
    assert canonical("[b]<&>`") == '"\\u005bb\\u005d\\u003c\\u0026\\u003e\\u0060"'
    assert json.loads(canonical("[b]<&>`")) == "[b]<&>`"
    with pytest.raises(NotCanonical):
        canonical(0.5)
    with pytest.raises(NotCanonical):
        canonical(2 ** 60)


def test_a_machine_line_is_never_split_and_a_line_too_long_is_an_error(tmp_path):
    game = tmp_path / "g"
    assert run("new", game).exit_code == 0
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text().replace("format: bbcode\n", "forum: discord\n"))
    assert run("commit", game, "--day", "0").exit_code == 0
    salt = "Добрый вечер, пусть кости будут честными и удача на моей стороне " * 3
    write_orders(game, 0, f'Player One: {{start: Beach, salt: "{salt[:199]}"}}\nPlayer Two: {{salt: "{salt[1:200]}"}}\n'
                 f'Player Three: {{salt: "{salt[2:201]}"}}\n', "starting-zones.yaml")
    assert run("lock", game).exit_code == 0
    assert run("resolve", game).exit_code == 0
    result = game / "days" / "00" / "result"
    # Day 0 is sealed (issue 22): the reveal is the one the end of the game writes, made here as it will be
    from gm.gamedir import GameDir
    from gm.fairness.reveal import released_reveal

    assert not list(result.glob("reveal*"))
    released = released_reveal(GameDir(game).load(), (result / "day.json").read_text(encoding="utf-8"),
                               (result / "rolls.public.jsonl").read_text(encoding="utf-8"))
    made = tmp_path / "released"
    made.mkdir()
    for rel, text in released.items():
        (made / rel).write_text(text, encoding="utf-8")
    parts = sorted(made.glob("reveal.part*.md")) or [made / "reveal.md"]
    lines = {line for p in [made / "reveal.md"] for line in p.read_text().splitlines() if line.startswith("gm-")}
    shown = "\n".join(p.read_text() for p in parts)
    assert all(len(p.read_text()) <= 2000 for p in parts)
    assert lines and all(line in shown.splitlines() for line in lines)  # each machine line whole in one part
    saved = tmp_path / "reveal-parts.txt"
    saved.write_text(shown)
    verdict = verify({"--commit": game / "days/00/commit.txt", "--lock": game / "days/00/lock.txt",
                      "--reveal": saved, "--rolls": result / "rolls.public.jsonl"})
    assert verdict.exit_code == 0, verdict.output
    # a forum too short for one salt line: said so, nothing written
    yaml.write_text(yaml.read_text().replace("forum: discord\n", "forum: {profile: phpbb, max_length: 700}\n"))
    assert run("commit", game, "--day", "1", "--deadline", DEADLINE, "--now", BEFORE).exit_code == 0
    write_orders(game, 1, 'Player One: {salt: "' + "[]" * 100 + '"}\n')
    before = snapshot(game)
    too_long = run("lock", game, "--now", DEADLINE)
    assert too_long.exit_code == 1 and "the gm-salt line is" in too_long.output and "cannot be posted whole" in too_long.output
    assert snapshot(game) == before


# ---- gm verify's exit codes --------------------------------------------------------------------


def test_verify_exits_0_1_or_2(demo_dir, tmp_path):
    given = posts(demo_dir, 2)
    assert verify(given).exit_code == 0
    doctored = tmp_path / "rolls.jsonl"
    doctored.write_text(given["--rolls"].read_text().replace('"value":', '"value":1', 1))
    assert verify(given | {"--rolls": doctored}).exit_code == 1
    missing = verify(given | {"--rolls": tmp_path / "nowhere.jsonl"})
    assert missing.exit_code == 2 and "cannot read" in missing.output
    binary = tmp_path / "binary"
    binary.write_bytes(b"\xff\xfe\x00")
    assert verify(given | {"--reveal": binary}).exit_code == 2
    empty = tmp_path / "empty.txt"
    empty.write_text("nothing here\n")
    assert verify(given | {"--commit": empty}).exit_code == 2


# ---- the public roll log, for every engine ----------------------------------------------------


@pytest.fixture(scope="module", params=sorted(REGISTRY))
def played(request, demo_games):
    return request.param, demo_games.copy(request.param)


def _texts(value, out: set[str]) -> set[str]:
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for v in value.values():
            _texts(v, out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _texts(v, out)
    return out


def test_no_public_post_of_the_dice_names_a_secret(played):
    """Whatever the engine: the commitment, the lock, the reveal and the public roll log name no
    roll's purpose or outcome, nothing of the GM's view that the public view lacks (roles, items
    held in secret), and nothing of a private event."""
    from gm.events import Event
    from gm.gamedir import GameDir

    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from test_engine_contract import _template_text

    name, root = played
    game = GameDir(root).load()
    engine = game.engine
    wording = _template_text(name)  # what the templates themselves write is wording, not a fact of the game
    for day_dir in sorted((root / "days").iterdir()):
        result = day_dir / "result"
        public_files = [day_dir / "commit.txt", day_dir / "lock.txt", result / "rolls.public.jsonl",
                        *result.glob("reveal*"), *result.glob("correction*")]
        public = "\n".join(p.read_text(encoding="utf-8") for p in public_files if p.is_file())
        for line in (result / "rolls.public.jsonl").read_text().splitlines():
            rec = json.loads(line)
            assert set(rec) == {"commitment", "index", "sides", "value"}, rec
        state = engine.state_from_json(json.loads((result / "state.json").read_text(encoding="utf-8")))
        known = _texts(engine.public_view(state, game.rules), set()) | set(game.roster) | {game.title, name}
        secret = _texts(engine.gm_view(state, game.rules), set())
        for line in (result / "events.jsonl").read_text(encoding="utf-8").splitlines():
            event = Event.from_record(json.loads(line))
            (_texts(event.data, known) if event.is_public else _texts(event.data, secret))
        for line in (result / "rolls.jsonl").read_text(encoding="utf-8").splitlines():
            rec = json.loads(line)
            secret.add(rec["purpose"])
            _texts(rec.get("outcome"), secret)
            _texts(rec.get("table"), secret)
        named = sorted(s for s in secret - known if len(s) >= 4 and not s.isdigit() and s in public and s not in wording)
        assert not named, f"{name}, {day_dir.name}: the public posts of the dice name {named}"


def test_each_player_can_open_the_rolls_about_them(played):
    name, root = played
    for day_dir in sorted((root / "days").iterdir()):
        result = day_dir / "result"
        openings = sorted((result / "openings").glob("*")) if (result / "openings").is_dir() else []
        full = {json.loads(line)["index"]: json.loads(line) for line in (result / "rolls.jsonl").read_text().splitlines()}
        opened = set()
        for path in openings:
            if ".part" in path.name:
                continue
            verdict = verify(posts(root, int(day_dir.name)) | {"--reveal": next(result.glob("reveal.*"))}, "--open", path)
            assert verdict.exit_code == 0, verdict.output
            for line in path.read_text().splitlines():
                if "gm-open {" in line:
                    rec = json.loads(line[line.index("{"):line.rindex("}") + 1])
                    whole = full[rec["roll"]["index"]]
                    assert rec["roll"] == {k: v for k, v in whole.items() if k != "table"} | (
                        {"table_sha256": rec["roll"]["table_sha256"]} if "table" in whole else {})
                    opened.add(rec["roll"]["index"])
        assert opened <= set(full)


def test_a_doctored_opening_is_refused(demo_dir, tmp_path):
    result = demo_dir / "days" / "02" / "result"
    path = next(p for p in sorted((result / "openings").glob("*.bbcode")) if ".part" not in p.name)
    doctored = tmp_path / "open.txt"
    doctored.write_text(re.sub(r'"outcome":"(success|failure)"', lambda m: '"outcome":"' + (
        "failure" if m.group(1) == "success" else "success") + '"', path.read_text(), count=1))
    verdict = verify(posts(demo_dir, 2), "--open", doctored)
    assert verdict.exit_code == 1 and "does not match the public line's commitment" in verdict.output


# ---- game folders under git ------------------------------------------------------------------


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_clone_with_autocrlf_audits_clean(tmp_path):
    game = tmp_path / "g"
    assert run("new", game).exit_code == 0
    assert (game / ".gitattributes").read_text().splitlines()[-1] == "* -text"
    assert run("commit", game, "--day", "0").exit_code == 0
    assert run("resolve", game, "--day", "0").exit_code == 0
    assert run("commit", game, "--day", "1").exit_code == 0

    def git(*args, cwd=game):
        subprocess.run(["git", "-c", "user.name=GM", "-c", "user.email=gm@example.org", *args], cwd=cwd, check=True,
                       capture_output=True)

    git("init", "-q")
    git("add", "-A")
    git("commit", "-qm", "Day 0")
    tracked = subprocess.run(["git", "ls-files"], cwd=game, capture_output=True, text=True).stdout.split()
    assert not any(p.endswith("seed.secret") for p in tracked)  # the seed and veil of Day 1 stay out
    clone = tmp_path / "clone"
    git("-c", "core.autocrlf=true", "clone", "-q", str(game), str(clone), cwd=tmp_path)
    subprocess.run(["git", "config", "core.autocrlf", "true"], cwd=clone, check=True)
    subprocess.run(["git", "checkout", "-q", "--", "."], cwd=clone, check=True)
    audit = run("audit", clone, "--all")
    assert audit.exit_code == 0, audit.output


# ---- openings: only to the player entitled, and every purpose at the game's end ----------------


def test_no_opening_tells_a_player_what_they_may_not_know(played):
    """The leak check of tests/test_engine_contract.py, run on each player's openings: an opening
    names nothing of the GM's view that the player's own view, the public view or an event they
    saw does not hold (a table's rows are sealed; a roll opens only to the player who acts)."""
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from test_engine_contract import _file_stem, _leaks, _secrets, _strings, _template_text

    from gm.events import Event
    from gm.gamedir import GameDir

    name, root = played
    game = GameDir(root).load()
    engine = game.engine
    wording = _template_text(name)
    seen: dict[str, set[str]] = {}
    for day_dir in sorted((root / "days").iterdir()):
        result = day_dir / "result"
        state = engine.state_from_json(json.loads((result / "state.json").read_text(encoding="utf-8")))
        events = [Event.from_record(json.loads(line)) for line in (result / "events.jsonl").read_text().splitlines()]
        gm_knows = _strings(engine.gm_view(state, game.rules), set())
        public = _strings(engine.public_view(state, game.rules), set()) | set(game.roster)
        for e in events:
            _strings(e.data, gm_knows)
            if e.is_public:
                _strings(e.data, public)
            for player in e.concerns():
                _strings(e.data, seen.setdefault(player, set()))
        for path in sorted((result / "openings").glob("*")) if (result / "openings").is_dir() else []:
            reader = next(p for p in game.roster if _file_stem(p) == path.stem.split(".part")[0])
            theirs = _strings(engine.player_view(state, game.rules, reader), set()) | seen.get(reader, set()) | public
            leaked = _leaks(path.read_text(encoding="utf-8"), _secrets(gm_knows, theirs, wording), theirs)
            assert not leaked, f"{name}, Day {day_dir.name}: {reader}'s openings name {leaked}"
            for line in path.read_text(encoding="utf-8").splitlines():
                if "gm-open {" in line:
                    opening = json.loads(line[line.index("{"):line.rindex("}") + 1])
                    assert opening["roll"]["purpose"].startswith(reader) and "table" not in opening["roll"]


def test_every_purpose_is_revealed_once_the_game_has_ended(played, game_copy, tmp_path):
    running = run("reveal", game_copy, "--purposes")
    assert running.exit_code == 1 and "the game has not ended" in running.output
    name, root = played
    result = run("reveal", root, "--purposes")
    assert result.exit_code == 0, result.output
    saved = tmp_path / "purposes.txt"
    saved.write_text(result.output)
    for day_dir in sorted((root / "days").iterdir()):
        day = int(day_dir.name)
        full = (day_dir / "result" / "rolls.jsonl").read_text().splitlines()
        for line in full:
            assert json.loads(line)["purpose"] in result.output
        verdict = verify(posts(root, day) | {"--reveal": next((day_dir / "result").glob("reveal.*"))}, "--open", saved)
        assert verdict.exit_code == 0, verdict.output
        assert f"{len(full)} opening{'' if len(full) == 1 else 's'} of Day {day} checked" in verdict.output
    # a table changed in the post: the sealed digest names it
    if '"table":[[' in result.output:
        doctored = tmp_path / "doctored.txt"
        doctored.write_text(re.sub(r'"table":\[\["', '"table":[["X', result.output, count=1))
        line = next(l for l in doctored.read_text().splitlines() if '"table":[["X' in l)
        day = json.loads(line[line.index("{"):line.rindex("}") + 1])["day"]
        bad = verify(posts(root, day) | {"--reveal": next((root / "days" / f"{day:02d}" / "result").glob("reveal.*"))},
                     "--open", doctored)
        assert bad.exit_code == 1 and "the table given is not the one sealed in the roll" in bad.output
