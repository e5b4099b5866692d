"""The GM's day through the CLI (issue 13): nothing ignored in silence, rulings, receipts, reminders,
the deadline, forgiving input and the right words. tests/test_engine_contract.py holds every engine
to the parts every engine shares; this file goes into Battle Royale's detail."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.cli import cli


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def snapshot(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def demo(demo_games) -> Path:
    return demo_games.copy("battle-royale")


@pytest.fixture
def day3(demo, tmp_path) -> Path:
    """The demo with Day 3 not yet resolved (its orders in), and no later days."""
    root = tmp_path / "game"
    shutil.copytree(demo, root)
    unresolve(root, 3)
    return root


def unresolve(root: Path, day: int) -> None:
    """Take the game back to before `day` was resolved and its orders locked, as if that had never
    happened: its result, its lock and every later day go, and so do their traces (chain-head.json,
    their lines of fairness.log). The tests then change its orders as a GM would before the deadline."""
    for d in sorted((root / "days").iterdir()):
        if d.name.isdigit() and int(d.name) > day:
            shutil.rmtree(d)
    shutil.rmtree(root / "days" / f"{day:02d}" / "result")
    (root / "days" / f"{day:02d}" / "lock.txt").unlink(missing_ok=True)
    (root / "chain-head.json").unlink(missing_ok=True)
    from conftest import reseal

    reseal(root)
    log = root / "fairness.log"
    if log.is_file():
        keep = [line for line in log.read_text(encoding="utf-8").splitlines()
                if json.loads(line)["day"] < day or (json.loads(line)["day"] == day and json.loads(line)["event"] == "commit")]
        log.write_text("".join(line + "\n" for line in keep), encoding="utf-8")


def state_after(root: Path, day: int) -> dict:
    data = json.loads((root / "days" / f"{day:02d}" / "result" / "state.json").read_text(encoding="utf-8"))
    return {p["name"]: p for p in data["players"]}


# ---- nothing ignored in silence ------------------------------------------------------------------


def test_check_names_every_file_and_folder_it_does_not_read(day3):
    (root := day3)
    (root / "days" / "5" / "orders").mkdir(parents=True)
    (root / "days" / "5" / "orders" / "a.yaml").write_text("Akane: {action: search}\n")
    orders = root / "days" / "03" / "orders"
    (orders / "b.txt").write_text("Bruno: {action: search}\n")
    (orders / "c.YAML").write_text("Chiaki: {action: search}\n")
    (root / "days" / "03" / "extra.yaml").write_text("Dana: {action: search}\n")
    (orders / ".DS_Store").write_bytes(b"\0")
    out = run("check", root)
    assert out.exit_code == 0, out.output
    assert "warning: days/5/: not read (day folders have two digits or more, without extra zeros): rename it days/05" in out.output
    assert "warning: days/03/orders/b.txt: not read (orders files end in .yaml): rename it b.yaml if it holds orders" in out.output
    assert "warning: days/03/orders/c.YAML: not read (the extension must be lower case): rename it c.yaml" in out.output
    assert "warning: days/03/extra.yaml: not read (orders go in days/03/orders/): move it there" in out.output
    assert ".DS_Store" not in out.output


# ---- rulings ---------------------------------------------------------------------------------------


RULINGS = """\
- kill: hana
  say: Hana was removed from the game for inactivity.
  why: no orders for two days
- health: {player: Ivan, to: 2}
- give: {player: Ivan, item: knife}
- move: {player: Ivan, to: beach}
- take: {player: Chiaki, item: paper fan}
- replace: {player: Kenji, by: NewFox}
"""


def test_rulings_are_applied_announced_recorded_and_audited(day3):
    root = day3
    (root / "days" / "03" / "rulings.yaml").write_text(RULINGS, encoding="utf-8")
    checked = run("check", root)
    assert checked.exit_code == 0, checked.output
    assert "Hana's orders will not happen: a ruling (" in checked.output
    assert "rulings.yaml:1:9) takes them out of the game before the orders" in checked.output
    assert "rulings (6): 6 in rulings.yaml (applied in that order, before the orders: `gm rules --rulings`)" in checked.output
    assert run("resolve", root).exit_code == 0
    result = root / "days" / "03" / "result"
    narration = (result / "narration.bbcode").read_text(encoding="utf-8")
    assert "[*]Hana (Kamino High)" in narration  # among the fallen
    assert "[*]Hana was removed from the game for inactivity." in narration
    assert "Kenji is now played by NewFox." in narration
    ruled = narration.split("The GM's rulings")[1].split("[/list]")[0]
    assert "Ivan" not in ruled  # Ivan's corrections are his alone
    assert narration.index("The GM's rulings") < narration.index("Fallen today")  # the rulings open the post
    assert "no orders for two days" not in narration
    ivan = (result / "messages" / "Ivan.bbcode").read_text(encoding="utf-8")
    assert "[*]The GM set your health to 2." in ivan and "[*]The GM gave you the Knife." in ivan
    assert "[*]The GM moved you to the Beach." in ivan
    summary = (result / "gm-summary.txt").read_text(encoding="utf-8")
    assert "kill Hana | said: Hana was removed from the game for inactivity. | note: no orders for two days (public)" in summary
    players = state_after(root, 3)
    assert not players["Hana"]["alive"] and players["Hana"]["death"] == "ruling"
    assert not any(i["name"] == "Paper Fan" for i in players["Chiaki"]["items"])
    record = json.loads((result / "day.json").read_text(encoding="utf-8"))
    assert [r["kind"] for r in record["rulings_yaml"]] == ["kill", "health", "give", "move", "take", "replace"]
    assert record["rulings_yaml"][0]["written"] == {"kill": "hana", "say": "Hana was removed from the game for inactivity.",
                                               "why": "no orders for two days"}
    assert run("audit", root, "--all").exit_code == 0


@pytest.mark.parametrize("text, expected", [
    ("- kil: Hana\n", "rulings.yaml:1:3: error: no ruling called 'kil' (did you mean 'kill'?)"),
    ("- kill: Hanna\n", "rulings.yaml:1:9: error: no player called 'Hanna' (did you mean 'Hana'?)"),
    ("- health: {player: Ivan, to: 99}\n", "rulings.yaml:1:11: error: health is a whole number from 1 to Ivan's maximum, 10"),
    ("- take: {player: Ivan, item: Rifle}\n", "rulings.yaml:1:9: error: Ivan holds no 'Rifle' (holds: Baseball Bat)"),
    ("- move: {player: Ivan, to: Forest}\n", "rulings.yaml:1:9: error: Forest is closed"),
    ("- revive: Ivan\n", "rulings.yaml:1:11: error: Ivan is alive: only the dead can be revived"),
    ("- deadline: tomorrow\n", "rulings.yaml:1:13: error: a deadline is a date and time (in the game's `timezone:`, UTC without it)"),
    ("kill: Hana\n", "rulings.yaml:1:1: error: rulings.yaml is a list of rulings"),
    ("- kill: Hana\n  sya: gone\n", "rulings.yaml:2:3: error: a ruling has no 'sya' (did you mean 'say'?)"),
])
def test_a_wrong_ruling_is_located_and_nothing_is_written(day3, text, expected):
    (day3 / "days" / "03" / "rulings.yaml").write_text(text, encoding="utf-8")
    before = snapshot(day3)
    for command in ("check", "resolve"):
        out = run(command, day3)
        assert out.exit_code == 1
        assert expected in out.output
    assert snapshot(day3) == before


def test_a_hand_edited_state_is_refused_with_a_pointer_to_rulings(day3):
    path = day3 / "days" / "02" / "result" / "state.json"
    path.write_text(path.read_text(encoding="utf-8").replace('"health": 10', '"health": 9', 1), encoding="utf-8")
    out = run("check", day3)
    assert out.exit_code == 1
    assert "days/02/result/state.json: changed after Day 2 was resolved" in out.output
    assert "days/03/rulings.yaml" in out.output and "- health: {player: NAME, to: 3}" in out.output


# ---- receipts, reminders, the deadline, forms ------------------------------------------------------


def test_receipts_echo_orders_and_show_whose_changed(day3):
    first = run("receipts", day3)
    assert first.exit_code == 0, first.output
    receipts = day3 / "days" / "03" / "receipts"
    lena = (receipts / "Lena.bbcode").read_text(encoding="utf-8")
    assert "[*]Action: attack Emil with the Molotov Cocktail" in lena
    assert "[*]Odds: " in lena and "% to hit with each of 1 attempt(s)" in lena
    assert "[*]Movement: move to the Septagon" in lena
    assert "[*]Votes: close Field, mark Emil, reward The Septagon" in lena
    orders = day3 / "days" / "03" / "orders" / "orders.yaml"
    orders.write_text(orders.read_text(encoding="utf-8").replace("targets: [Emil, Emil]", "targets: [Emil]"), encoding="utf-8")
    again = run("receipts", day3)
    changed = [line for line in again.output.splitlines() if not line.startswith(("same", "Day"))]
    assert changed == ["changed  " + str(receipts / "Mateo.bbcode")], again.output


def test_receipts_quote_the_warnings_a_player_may_read_and_word_the_others_neutrally(day3):
    """Mateo attacks Goro, who is in the Field, not the Cliffs: the warning would tell Mateo where
    Goro is, so his receipt says only that part of his orders may not happen; Dana's warning is
    about her own collar and is quoted. The same orders give the same bytes."""
    orders = day3 / "days" / "03" / "orders" / "orders.yaml"
    orders.write_text(orders.read_text(encoding="utf-8").replace("targets: [Emil, Emil]", "targets: [Goro]"), encoding="utf-8")
    checked = run("check", day3)
    assert "warning: Goro is not in the Cliffs at the start of the day" in checked.output  # the GM sees it all
    assert run("receipts", day3).exit_code == 0
    receipts = day3 / "days" / "03" / "receipts"
    mateo = (receipts / "Mateo.bbcode").read_text(encoding="utf-8")
    from gm.gmday.deadline import UNTOLD

    assert f"[b]Warnings[/b]\n[list]\n[*]{UNTOLD}\n[/list]" in mateo
    assert "Field" not in mateo.split("[b]Warnings")[1] and "Cliffs" not in mateo and "orders.yaml" not in mateo
    dana = (receipts / "Dana.bbcode").read_text(encoding="utf-8")
    assert ("[*]Dana escapes today without deactivating the collar: the escape works only if someone else's "
            "Deactivator does it") in dana
    assert UNTOLD not in dana
    lena = (receipts / "Lena.bbcode").read_text(encoding="utf-8")
    assert "Warnings" not in lena
    before = {p.name: p.read_bytes() for p in sorted(receipts.iterdir())}
    again = run("receipts", day3)
    assert "0 new or changed" in again.output
    assert {p.name: p.read_bytes() for p in sorted(receipts.iterdir())} == before


def test_remind_names_who_is_missing_with_their_forum_handle_and_the_time_left(day3):
    game_yaml = day3 / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + '\ndeadline: "20:00"\nforum:\n  profile: xenforo\n'
                         "  handles: {Shadow_Fox: Lena}\n", encoding="utf-8")
    orders = day3 / "days" / "03" / "orders" / "orders.yaml"
    text = orders.read_text(encoding="utf-8")
    start = text.index("Lena:")
    orders.write_text(text[:start] + text[text.index("Mateo:"):], encoding="utf-8")
    out = run("remind", day3, "--now", "2030-01-01 14:40")
    assert out.exit_code == 0, out.output
    assert "Still waiting for orders from 1 of 18: @Shadow_Fox." in out.output
    assert "The deadline is [b]2030-01-01 20:00[/b] UTC (5 h 20 min left)." in out.output
    status = run("status", day3)
    assert "Day 3: deadline" in status.output and "set in game.yaml (every day at 20:00 UTC)" in status.output


def test_commit_deadline_and_a_ruling_that_extends_it(day3):
    assert run("resolve", day3).exit_code == 0
    set_ = run("commit", day3, "--day", 4, "--deadline", "2030-01-01T21:00+01:00")
    assert set_.exit_code == 0, set_.output
    check = run("check", day3, "--day", 4)
    assert "Day 4: deadline 2030-01-01 20:00 UTC" in check.output and "days/04/deadline.txt" in check.output
    (day3 / "days" / "04" / "rulings.yaml").write_text("- deadline: 2030-01-02 08:00\n", encoding="utf-8")
    later = run("remind", day3, "--day", 4, "--now", "2030-01-01 08:00")
    assert "The deadline is [b]2030-01-02 08:00[/b] UTC (1 d 0 h left)." in later.output
    bad = run("commit", day3, "--day", 5, "--deadline", "soon")
    assert bad.exit_code == 1 and "--deadline takes a date and time: 2026-03-01 20:00 (in the game's time zone, game.yaml `timezone:`; UTC without it), or with its zone" in bad.output


def test_form_for_the_thread_and_for_a_player_named_any_way(day3):
    blank = run("form", day3)
    assert blank.exit_code == 0
    assert "[b]Order form for Day 3[/b]" in blank.output and "analyze: NAME" in blank.output
    mine = run("form", day3, "--player", "IVAN")
    assert "[b]Your orders for Day 3[/b]" in mine.output and "[code]Ivan:\n" in mine.output
    assert "action: {attack: {weapon: Baseball Bat, targets: [ " in mine.output  # his own weapon, as an order
    assert "weapons: Baseball Bat, none (bare hands: leave out weapon)" in mine.output
    assert run("status", day3, "--player", "ivan").exit_code == 0


def test_every_message_ends_with_tomorrows_order_form(demo):
    for path in sorted((demo / "days" / "02" / "result" / "messages").glob("*.bbcode")):
        text = path.read_text(encoding="utf-8")
        if re.search(r"Your status\[/b\]: (dead since|escaped the island)", text):
            continue  # no orders for them: their part in the Program is over
        assert "[b]Your orders for Day 3[/b]" in text.split("[b]Next[/b]")[-1], path.name


# ---- forgiving input, right words ------------------------------------------------------------------


def test_british_spelling_and_accents(day3):
    orders = day3 / "days" / "03" / "orders" / "orders.yaml"
    text = orders.read_text(encoding="utf-8")
    orders.write_text(text.replace("Chiaki:\n  action: {heal: {target: Chiaki, item: First Aid Kit}}",
                                   "chïaki:\n  action: {analyse: Juno}"), encoding="utf-8")
    out = run("check", day3)
    assert out.exit_code == 0, out.output


def test_commit_refuses_a_day_after_the_end(demo):
    out = run("commit", demo, "--day", 8)
    assert out.exit_code == 1 and "the game ended on Day 7: there is no Day 8 to commit" in out.output
    assert not (demo / "days" / "08").exists()


def test_rules_prints_rulings_and_how_to_write_rulings():
    out = run("rules", "battle-royale")
    assert out.exit_code == 0 and "# Battle Royale: rulings" in out.output
    how = run("rules", "--rulings")
    assert "- kill: Akane" in how.output and "deadline" in how.output


def test_tabs_are_read_with_a_warning_and_a_syntax_error_points_where_it_is(day3):
    orders = day3 / "days" / "03" / "orders" / "orders.yaml"
    text = orders.read_text(encoding="utf-8")
    chiaki = "Chiaki:\n  action: {heal: {target: Chiaki, item: First Aid Kit}}\n  votes:"
    assert chiaki in text
    orders.write_text(text.replace(chiaki, chiaki.replace("\n  ", "\n\t")), encoding="utf-8")
    out = run("check", day3)
    assert out.exit_code == 0, out.output
    assert "orders.yaml:15:1: warning: tab characters indent line(s) 15, 16: read as 4 spaces each" in out.output
    assert run("resolve", day3).exit_code == 0
    record = json.loads((day3 / "days" / "03" / "result" / "day.json").read_text(encoding="utf-8"))
    assert record["orders_files"]["orders.yaml"] == hashlib.sha256(orders.read_bytes()).hexdigest()  # as written
    (day3 / "days" / "03" / "result").rename(day3 / "days" / "03" / "kept")
    shutil.rmtree(day3 / "days" / "03" / "kept")
    orders.write_text(text.replace("Chiaki:\n  action: {heal: {target: Chiaki, item: First Aid Kit}}",
                                   "Chiaki:\n  action: {heal: {target: Chiaki, item: First Aid Kit}"), encoding="utf-8")
    out = run("check", day3)
    assert out.exit_code == 1
    assert "orders.yaml:15:11: error: this `{` is not closed: add `}` at the end of the line" in out.output


def test_hostile_takeover_rulings(tmp_path, demo_games):
    """Health is lives; a mod-kill puts the player out before the round, so their order does not happen."""
    root = demo_games.copy("hostile-takeover", tmp_path / "ht")
    unresolve(root, 19)
    rulings = root / "days" / "19" / "rulings.yaml"
    rulings.write_text("- give: {player: Akane, item: Knife}\n", encoding="utf-8")
    refused = run("check", root)
    assert refused.exit_code == 1
    assert "rulings.yaml:1:3: error: the Hostile Takeover engine has no 'give' ruling: Hostile Takeover has no items: a player holds only lives, buildings and a pawn (kinds: kill, revive, health, move" in refused.output
    rulings.write_text("- health: {player: Akane, to: 1}\n- revive: Bruno\n", encoding="utf-8")
    assert run("check", root).exit_code == 0
    from gm.pipeline.day import check_day
    from gm.gamedir import GameDir

    gd = GameDir(root)
    before = check_day(gd, gd.load(), 19).state.players
    assert before["Akane"].lives == 1 and before["Bruno"].lives == 1 and before["Bruno"].at == before["Bruno"].spawn
    (root / "days" / "19" / "orders" / "orders.yaml").write_text("Chiaki: {attack: Red}\n", encoding="utf-8")
    rulings.write_text("- kill: chiaki\n  say: Chiaki's company was dissolved by the board.\n", encoding="utf-8")
    checked = run("check", root)
    assert checked.exit_code == 0, checked.output
    assert "Chiaki's orders will not happen" in checked.output
    from gm.fairness.beacon import DEMO_SIGNATURE

    resolved = run("resolve", root, "--beacon", DEMO_SIGNATURE)  # the demo's last day takes a beacon round
    assert resolved.exit_code == 0, resolved.output
    result = root / "days" / "19" / "result"
    chiaki = next(p for p in json.loads((result / "state.json").read_text(encoding="utf-8"))["players"] if p["name"] == "Chiaki")
    assert chiaki["lives"] == 0 and chiaki["at"] is None and chiaki["out_round"] is not None
    assert "Chiaki's company was dissolved by the board." in (result / "narration.bbcode").read_text(encoding="utf-8")
    assert run("audit", root, "--all").exit_code == 0


def test_a_zone_written_as_the_posts_write_it(tmp_path):
    root = tmp_path / "g"
    assert run("new", root).exit_code == 0
    (root / "days" / "00" / "orders").mkdir(parents=True)
    (root / "days" / "00" / "orders" / "day0.yaml").write_text("Player One: {start: the beach}\n", encoding="utf-8")
    out = run("check", root, "--day", 0)
    assert out.exit_code == 0, out.output


def test_new_leaves_no_orders_for_commit_to_trip_on(tmp_path):
    root = tmp_path / "g"
    made = run("new", root)
    assert made.exit_code == 0 and "examples/day0-orders.yaml" in made.output
    assert not (root / "days").exists()
    committed = run("commit", root, "--day", 0)
    assert committed.exit_code == 0 and "warning" not in committed.output, committed.output


def test_remind_refuses_while_an_orders_file_cannot_be_read(day3):
    (day3 / "days" / "03" / "orders" / "broken.yaml").write_text("Akane: [unclosed\n", encoding="utf-8")
    out = run("remind", day3)
    assert out.exit_code == 1 and "broken.yaml:1:8: error: this `[` is not closed" in out.output


def test_no_ruling_on_players_before_day_1(tmp_path):
    root = tmp_path / "g"
    assert run("new", root).exit_code == 0
    (root / "days" / "00").mkdir(parents=True)
    (root / "days" / "00" / "rulings.yaml").write_text("- kill: Player One\n", encoding="utf-8")
    out = run("check", root, "--day", 0)
    assert out.exit_code == 1 and "rulings.yaml:1:9: error: Day 0 sets the game up" in out.output


def test_an_unclosed_quote_is_located_where_it_opens(day3):
    orders = day3 / "days" / "03" / "orders" / "orders.yaml"
    orders.write_text('Chiaki:\n  action: "search\n  movement: stay\n', encoding="utf-8")
    out = run("check", day3)
    assert out.exit_code == 1
    assert "orders.yaml:2:11: error: this quote is not closed: add the closing quote" in out.output


def test_late_change_is_not_called_a_ruling(day3):
    """#12's reason for an orders file changed after `gm lock` is --late-change; the old --ruling
    still works, with a note that points the GM to rulings.yaml for rulings on players."""
    shown = run("resolve", "--help")
    assert "--late-change TEXT" in shown.output and "--ruling " not in shown.output
    assert "days/NN/rulings.yaml" in shown.output
    old = CliRunner().invoke(cli, ["resolve", str(day3), "--ruling", "Dana re-sent the same orders"])
    assert old.exit_code == 1
    assert "note: --ruling is now called --late-change" in old.output
    assert "was not locked (`gm lock`), so no orders file can have changed after it: leave out --late-change" in old.output


@pytest.mark.parametrize("engine", ["hostile-takeover", "kharnage", "hashmi-battle-royale"])
def test_a_day_nobody_owes_orders_has_no_receipt_form_or_reminder(engine, tmp_path):
    root = tmp_path / "g"
    assert run("new", root, "--engine", engine).exit_code == 0
    for command in ("receipts", "form", "remind"):
        out = run(command, root, "--day", 0)
        assert out.exit_code == 0, out.output
        assert out.output.startswith("Day 0: no player owes orders, so there is nothing to send or post; resolve it")
    assert not (root / "days" / "00" / "receipts").exists()


def test_the_gms_section_of_the_orders_is_one_named_file(day3):
    """orders/_gm.yaml is the GM's (read as rulings, never as orders); a file that looks meant to be
    it (gm.yaml, rulings.yaml in orders/) is a located error, not a player's orders file; the GM's
    file holding orders is told where orders go."""
    orders = day3 / "days" / "03" / "orders"
    (orders / "gm.yaml").write_text("- kill: Hana\n", encoding="utf-8")
    wrong = run("check", day3)
    assert wrong.exit_code == 1
    assert ("days/03/orders/gm.yaml: error: not read as anyone's orders: the GM's rulings go in "
            in wrong.output and "days/03/orders/_gm.yaml (exactly that name) or in " in wrong.output), wrong.output
    (orders / "gm.yaml").rename(orders / "_gm.yaml")
    assert run("check", day3).exit_code == 0
    (orders / "_gm.yaml").write_text("Hana: {action: search}\n", encoding="utf-8")
    mapping = run("check", day3)
    assert mapping.exit_code == 1
    assert ("_gm.yaml:1:1: error: _gm.yaml is a list of the GM's rulings, one `- ` each, e.g. `- kill: Akane` "
            "(`gm rules --rulings` shows them all); players' orders go in the other files of orders/") in mapping.output


def test_the_lock_seals_the_gms_section_but_not_rulings_yaml(day3):
    """_gm.yaml is an orders file: `gm lock` seals it, and a ruling added there after the lock is a
    late change; rulings.yaml stays open for a ruling made after the deadline."""
    assert run("lock", day3, "--day", 3).exit_code == 0
    (day3 / "days" / "03" / "orders" / "_gm.yaml").write_text("- health: {player: Ivan, to: 2}\n", encoding="utf-8")
    refused = run("resolve", day3)
    assert refused.exit_code == 1
    assert "orders changed after the lock of Day 3: _gm.yaml" in refused.output and "--late-change" in refused.output
    (day3 / "days" / "03" / "orders" / "_gm.yaml").unlink()
    (day3 / "days" / "03" / "rulings.yaml").write_text("- health: {player: Ivan, to: 2}\n", encoding="utf-8")
    resolved = run("resolve", day3)
    assert resolved.exit_code == 0, resolved.output
    assert run("audit", day3, "--all").exit_code == 0


def test_a_name_nothing_like_a_player_lists_the_roster(demo_dir):
    """`gm status --player Zed`: with no close name to suggest, the message named no one; it lists
    whom the game has (a few, then how many more) and says where they come from."""
    out = run("status", demo_dir, "--player", "Zed")
    assert out.exit_code == 1
    assert ("no player called 'Zed' on the roster of game.yaml (the players: Akane, Bruno, Chiaki and 17 more; "
            "or a forum handle)") in out.output, out.output
    assert run("status", demo_dir, "--player", "Akame").output.count("did you mean 'Akane'?") == 1
