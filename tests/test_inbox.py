"""`gm inbox`: PMs saved as text, read into checked orders (docs/inbox.md). The demo after Day 3
(tests/conftest.py `game_copy`): Day 4 is next; Dana, Goro, Juno and Chiaki are on the Beach."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.cli import cli
from gm.pms import MAX_PM_CHARS, parse_time, split_pms


def run(*args, input=None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=input, catch_exceptions=False)


def snapshot(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(root.rglob("*")) if p.is_file()}


INBOX_PAGE = """\
Subject: day 4
From: juno_chan
Sent: Mon Mar 02, 2026 7:40 pm

hey gm! shoot goro twice w/ my crossbow then hold
vote tomo, close beach, reward septagon 😀

From: Bruno
Sent: Mon Mar 02, 2026 7:45 pm
serch. move to the beech lol
-----
From: Chiaki
Sent: Mon Mar 02, 2026 8:00 pm
[quote="GM"][b]Your orders for Day 4[/b]
[code]
# free: your items are Paper Fan
Chiaki:
  action: {cover: Juno}
[/code][/quote]
here u go

From: Goro
Sent: Mon Mar 02, 2026 8:10 pm
shoot juno w/ the uzi. search
"""


@pytest.fixture
def game(game_copy):
    game_yaml = game_copy / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + 'forum:\n  profile: phpbb\n  handles:\n    "juno_chan": Juno\n',
                         encoding="utf-8")
    return game_copy


def orders_dir(root: Path) -> Path:
    return root / "days" / "04" / "orders"


# ---- reading the saved text ---------------------------------------------------------------------


def test_an_inbox_page_splits_into_pms_with_sender_time_and_line():
    pms = split_pms(INBOX_PAGE, "pms.txt")
    assert [(p.sender, p.where.line) for p in pms] == [("juno_chan", 1), ("Bruno", 8), ("Chiaki", 12), ("Goro", 22)]
    assert pms[0].subject == "day 4" and pms[0].sent is not None and pms[0].sent.hour == 19
    assert pms[1].text == "serch. move to the beech lol"  # the ----- between PMs is not part of one
    assert "[code]" in pms[2].text


def test_a_file_without_headers_is_one_pm_from_the_player_it_is_named_after():
    (pm,) = split_pms("search then hold\n", "juno.txt", "juno")
    assert pm.sender == "juno" and pm.text == "search then hold"


def test_times_in_the_common_forum_formats_and_none_guessed():
    assert parse_time("Mar 2, 2026 at 7:40 PM").hour == 19
    assert parse_time("2026-03-02 19:40").minute == 40
    assert parse_time("yesterday evening") is None


def test_a_pm_too_long_is_refused_with_its_place(game, tmp_path):
    before = snapshot(game)
    page = tmp_path / "pms.txt"
    page.write_text("From: Chiaki\n\n" + "search " * (MAX_PM_CHARS // 6), encoding="utf-8")
    out = run("inbox", game, page)
    assert out.exit_code == 1 and "pms.txt:1" in out.output and "characters" in out.output
    assert snapshot(game) == before


def test_a_file_that_is_not_utf8_changes_nothing(game, tmp_path):
    before = snapshot(game)
    page = tmp_path / "pms.txt"
    page.write_bytes(b"From: Chiaki\n\nsearch \xff\n")
    out = run("inbox", game, page)
    assert out.exit_code == 1 and "UTF-8" in out.output and "Traceback" not in out.output
    assert snapshot(game) == before


# ---- the day ------------------------------------------------------------------------------------


def test_sure_orders_are_written_and_doubts_wait_for_the_gm(game, tmp_path):
    page = tmp_path / "pms.txt"
    page.write_text(INBOX_PAGE, encoding="utf-8")
    out = run("inbox", game, "--day", 4, page)
    assert out.exit_code == 1, out.output  # something waits for the GM
    assert "read: attack Goro twice with the Crossbow" in out.output
    assert "read 'beech' as Beach" in out.output
    assert "doubt 1:" in out.output and "two orders for the action" in out.output  # Goro: shoot, then search
    written = sorted(p.name for p in orders_dir(game).glob("*.yaml"))
    assert written == ["inbox-bruno.yaml", "inbox-chiaki.yaml", "inbox-juno.yaml"]
    juno = (orders_dir(game) / "inbox-juno.yaml").read_text(encoding="utf-8")
    assert "Juno:\n  action: {attack: {weapon: Crossbow, targets: [Goro, Goro]}}\n  movement: hold\n" in juno
    kept = game / "days" / "04" / "inbox" / "pms-juno.txt"
    assert "shoot goro twice" in kept.read_text(encoding="utf-8")  # the PM as written, kept beside its orders
    assert hashlib.sha256(kept.read_bytes()).hexdigest() in juno  # and named by its digest
    proposal = game / "days" / "04" / "inbox" / "proposed-goro.yaml"
    assert "choose:" in proposal.read_text(encoding="utf-8")
    check = run("check", game, "--day", 4)
    assert check.exit_code == 0, check.output
    assert "not read" not in check.output and "inbox/" not in check.output  # gm's own files are no stray files


def test_the_same_pms_again_change_nothing(game, tmp_path):
    page = tmp_path / "pms.txt"
    page.write_text(INBOX_PAGE, encoding="utf-8")
    run("inbox", game, "--day", 4, page)
    before = snapshot(game)
    out = run("inbox", game, "--day", 4, page)
    assert "unchanged" in out.output
    assert snapshot(game) == before


def test_accept_refuses_until_the_gm_has_chosen_then_checks_and_writes(game, tmp_path):
    page = tmp_path / "pms.txt"
    page.write_text(INBOX_PAGE, encoding="utf-8")
    run("inbox", game, "--day", 4, page)
    proposal = game / "days" / "04" / "inbox" / "proposed-goro.yaml"
    refused = run("inbox", game, "--day", 4, "--accept", "goro")
    assert refused.exit_code == 1 and "doubts left to choose" in refused.output
    assert not (orders_dir(game) / "inbox-goro.yaml").exists()
    text = proposal.read_text(encoding="utf-8")
    text = text.replace('  choose: "1 doubt(s) left: see the comments below"\n', "").replace("  # action: search", "  action: search")
    proposal.write_text(text, encoding="utf-8")
    ok = run("inbox", game, "--day", 4, "--accept", "goro")
    assert ok.exit_code == 0, ok.output
    assert "action: search" in (orders_dir(game) / "inbox-goro.yaml").read_text(encoding="utf-8")
    assert not proposal.exists()


def test_an_accepted_proposal_is_checked_like_any_orders_file(game, tmp_path):
    page = tmp_path / "pms.txt"
    page.write_text("From: Goro\n\nshoot juno w/ the uzi. search\n", encoding="utf-8")
    run("inbox", game, "--day", 4, page)
    proposal = game / "days" / "04" / "inbox" / "proposed-goro.yaml"
    text = proposal.read_text(encoding="utf-8").replace('  choose: "1 doubt(s) left: see the comments below"\n', "")
    proposal.write_text(text + "  movement: {move: [Atlantis]}\n", encoding="utf-8")
    out = run("inbox", game, "--day", 4, "--accept", "Goro")
    assert out.exit_code == 1 and "Atlantis" in out.output
    assert not (orders_dir(game) / "inbox-goro.yaml").exists()


def test_the_gm_chooses_at_the_terminal(game, tmp_path):
    from gm.inbox.intake import run_inbox

    page = tmp_path / "pms.txt"
    page.write_text("From: Goro\n\nshoot juno w/ the uzi. search\n", encoding="utf-8")
    asked = []

    def choose(player, doubt):
        asked.append((player, [w for w, _ in doubt.choices]))
        return 1  # the second: search

    result = run_inbox(game, 4, [page], choose=choose)
    assert asked == [("Goro", ["attack Juno with the Uzi", "search"])], asked
    assert result.players[0].sure
    assert "action: search" in (orders_dir(game) / "inbox-goro.yaml").read_text(encoding="utf-8")


def test_a_later_pm_replaces_an_earlier_one_by_the_time_sent(game, tmp_path):
    page = tmp_path / "pms.txt"  # the later one first in the file: the times decide
    page.write_text("From: Chiaki\nSent: 2026-03-02 21:00\n\njust defend\n\n"
                    "From: Chiaki\nSent: 2026-03-02 19:00\n\nsearch and move to the septagon\n", encoding="utf-8")
    out = run("inbox", game, "--day", 4, page)
    assert out.exit_code == 0, out.output
    chiaki = (orders_dir(game) / "inbox-chiaki.yaml").read_text(encoding="utf-8")
    assert "Chiaki:\n  action: defend\n" in chiaki and "movement" not in chiaki.split("Chiaki:")[1]
    assert "replaces the earlier" in out.output


def test_change_my_move_and_a_salt_alone_are_laid_over_the_earlier_pm(game, tmp_path):
    first = tmp_path / "one.txt"
    first.write_text("From: Chiaki\n\nsearch, then move to the septagon\n", encoding="utf-8")
    run("inbox", game, "--day", 4, first)
    later = tmp_path / "two.txt"  # a second run, later in the day: the kept PMs and the new ones together
    later.write_text("From: Chiaki\n\nchange my move: hold\n\nFrom: Chiaki\n\nsalt: Blue Moon over the Pier\n",
                     encoding="utf-8")
    out = run("inbox", game, "--day", 4, later)
    assert out.exit_code == 0, out.output
    chiaki = (orders_dir(game) / "inbox-chiaki.yaml").read_text(encoding="utf-8")
    assert 'salt: "Blue Moon over the Pier"' in chiaki  # as written: the lock quotes a salt exactly
    assert "action: search" in chiaki and "movement: hold" in chiaki


def test_scratch_that_takes_back_the_order_before(game, tmp_path):
    page = tmp_path / "chiaki.txt"
    page.write_text("attack goro. scratch that, defend\n", encoding="utf-8")
    out = run("inbox", game, "--day", 4, page)
    assert out.exit_code == 0, out.output
    assert "action: defend" in (orders_dir(game) / "inbox-chiaki.yaml").read_text(encoding="utf-8")
    assert "scratched: attack Goro" in out.output


def test_two_players_orders_in_one_pm_are_refused(game, tmp_path):
    page = tmp_path / "chiaki.txt"
    page.write_text("Chiaki: search\nJuno: defend\n", encoding="utf-8")
    out = run("inbox", game, "--day", 4, page)
    assert out.exit_code == 1
    assert "gives orders for Juno too" in out.output
    assert not list(orders_dir(game).glob("*.yaml"))


def test_a_vote_alone_is_read(game, tmp_path):
    page = tmp_path / "chiaki.txt"
    page.write_text("vote tomo pls\n", encoding="utf-8")
    out = run("inbox", game, "--day", 4, page)
    assert out.exit_code == 0, out.output
    assert "votes: {mark: Tomo}" in (orders_dir(game) / "inbox-chiaki.yaml").read_text(encoding="utf-8")


def test_an_unknown_sender_is_never_guessed(game, tmp_path):
    page = tmp_path / "pms.txt"
    page.write_text("From: chiakii_xx\n\nsearch\n", encoding="utf-8")
    out = run("inbox", game, "--day", 4, page)
    assert out.exit_code == 1 and "no player's name or forum handle" in out.output and "Chiaki" in out.output
    assert not list(orders_dir(game).glob("*.yaml"))


def test_orders_the_gm_edited_are_never_overwritten(game, tmp_path):
    page = tmp_path / "chiaki.txt"
    page.write_text("search\n", encoding="utf-8")
    run("inbox", game, "--day", 4, page)
    mine = orders_dir(game) / "inbox-chiaki.yaml"
    mine.write_text(mine.read_text(encoding="utf-8").replace("search", "defend"), encoding="utf-8")
    page.write_text("hold\n", encoding="utf-8")
    out = run("inbox", game, "--day", 4, page)
    assert out.exit_code == 1 and "edited by hand" in out.output
    assert "defend" in mine.read_text(encoding="utf-8")


def test_a_player_with_orders_in_the_gms_own_file_gets_none_beside_them(game, tmp_path):
    (orders_dir(game)).mkdir(parents=True, exist_ok=True)
    (orders_dir(game) / "orders.yaml").write_text("Chiaki: {action: defend}\n", encoding="utf-8")
    page = tmp_path / "chiaki.txt"
    page.write_text("search\n", encoding="utf-8")
    out = run("inbox", game, "--day", 4, page)
    assert out.exit_code == 1 and "already has orders in" in out.output
    assert not (orders_dir(game) / "inbox-chiaki.yaml").exists()


def test_the_lock_seals_the_pms_and_a_changed_pm_shows(game, tmp_path):
    from gm.gamedir import GameDir
    from gm.pms import provenance_problems

    assert run("commit", game, "--day", 4).exit_code == 0
    page = tmp_path / "chiaki.txt"
    page.write_text("search\n", encoding="utf-8")
    assert run("inbox", game, "--day", 4, page).exit_code == 0
    locked = run("lock", game, "--day", 4)
    assert locked.exit_code == 0, locked.output
    assert "inbox-chiaki.yaml" in locked.output  # the orders file, which names its PM's digest, is in the lock
    assert provenance_problems(GameDir(game), 4) == []
    kept = game / "days" / "04" / "inbox" / "pms-chiaki.txt"
    kept.write_text(kept.read_text(encoding="utf-8").replace("search", "defend"), encoding="utf-8")
    assert any("were changed since" in p for p in provenance_problems(GameDir(game), 4))


def test_the_lock_warns_of_a_pm_changed_before_it(game, tmp_path):
    assert run("commit", game, "--day", 4).exit_code == 0
    page = tmp_path / "chiaki.txt"
    page.write_text("search\n", encoding="utf-8")
    assert run("inbox", game, "--day", 4, page).exit_code == 0
    kept = game / "days" / "04" / "inbox" / "pms-chiaki.txt"
    kept.write_text("From: Chiaki\n\ndefend\n", encoding="utf-8")
    locked = run("lock", game, "--day", 4)
    assert "the PMs it was read from" in locked.output and "were changed since" in locked.output, locked.output
    late = run("inbox", game, "--day", 4, page)  # after the lock, a PM is a late change
    assert late.exit_code == 1 and "locked" in late.output


# ---- what must always hold ------------------------------------------------------------------------

WORDS = ["shoot", "attack", "juno", "goro", "chiaki", "bruno", "beach", "septagon", "uzi", "crossbow", "twice", "x2",
         "then", "scratch that", "actually", "search", "hold", "vote", "close", "reward", "salt:", "if", "?", "w/",
         "[code]", "[/code]", "```", "> ", "[quote]", "Juno:", "Chiaki:", "\n", ".", ",", "😀", "it", "him", "don't",
         "move to", "follow", "drop", "take out", "same as yesterday"]


@pytest.fixture(scope="module")
def day4(tmp_path_factory, demo_dir):
    import shutil

    from conftest import _head_at

    root = tmp_path_factory.mktemp("inbox-prop") / "game"
    shutil.copytree(demo_dir, root)
    for day in (root / "days").iterdir():
        if int(day.name) > 3:
            shutil.rmtree(day)
    _head_at(root, 3)
    from gm.pipeline.day import check_day
    from gm.gamedir import GameDir

    gd = GameDir(root)
    game = gd.load()
    return game, check_day(gd, game, 4).state


def test_any_pm_reads_without_a_crash_and_what_is_written_passes_the_checker(day4):
    from hypothesis import given, settings, strategies as st

    from gm.errors import Location
    from gm.inbox.pmread import check_orders_text, read_player
    from gm.pms import PM

    game, state = day4

    @settings(max_examples=150, deadline=None)
    @given(st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=8)), max_size=25), st.sampled_from(["Juno", "Goro", "Chiaki"]))
    def check(words, player):
        text = " ".join(words)
        pm = PM(player, None, "", text, Location("pm.txt", 1))
        box, node, written = read_player(game, state, 4, player, [pm])
        again = read_player(game, state, 4, player, [pm])
        assert again[2] == written and [d.why for d in again[0].doubts] == [d.why for d in box.doubts]  # the same bytes
        if box.sure:
            assert check_orders_text(game, state, 4, written, "x.yaml") == []

    check()


def test_a_form_sent_back_with_words_where_the_orders_go_reads_as_free_text(game, tmp_path):
    form = run("form", game, "--day", 4, "--player", "Juno").output
    assert "[code]" in form
    body = form.split("[code]")[1].split("[/code]")[0]
    lines: dict[str, str] = {}  # each order's first commented line in the form (`  # action: ...`)
    for line in body.splitlines():
        if line.startswith("  # "):
            lines.setdefault(line[4:].split(":")[0], line)
    filled = body.replace(lines["action"], "  action: shoot goro w/ crossbow").replace(lines["movement"], "  movement: hold") \
        .replace(lines["votes"], "  votes: mark tomo")
    page = tmp_path / "juno.txt"
    page.write_text(f'[quote="GM"]{form.split("[code]")[0]}[code]{filled}[/code][/quote]\nok!\n', encoding="utf-8")
    out = run("inbox", game, "--day", 4, page)
    assert out.exit_code == 0, out.output
    assert "read as free text" in out.output
    juno = (orders_dir(game) / "inbox-juno.yaml").read_text(encoding="utf-8")
    assert "action: {attack: {weapon: Crossbow, targets: [Goro]}}\n  movement: hold\n  votes: {mark: Tomo}\n" in juno


def test_at_a_terminal_gm_asks_and_writes_what_the_gm_chose(game, tmp_path, monkeypatch):
    import gm.commandline.deadline

    monkeypatch.setattr(gm.commandline.deadline, "_at_terminal", lambda: True)
    page = tmp_path / "goro.txt"
    page.write_text("shoot juno w/ the uzi. search\n", encoding="utf-8")
    out = run("inbox", game, "--day", 4, page, input="2\n")
    assert out.exit_code == 0, out.output
    assert "1. attack Juno with the Uzi" in out.output and "2. search" in out.output
    assert "the GM chose: search" in out.output
    assert "action: search" in (orders_dir(game) / "inbox-goro.yaml").read_text(encoding="utf-8")
    later = tmp_path / "chiaki.txt"
    later.write_text("shoot juno. defend\n", encoding="utf-8")
    kept = run("inbox", game, "--day", 4, later, input="\n")  # Enter: decide later
    assert kept.exit_code == 1 and (game / "days" / "04" / "inbox" / "proposed-chiaki.yaml").is_file()


def test_a_word_that_starts_with_salt_is_no_salt(game, tmp_path):
    page = tmp_path / "chiaki.txt"
    page.write_text("salty today lol. search\n", encoding="utf-8")
    out = run("inbox", game, "--day", 4, page)
    assert "salt" not in (orders_dir(game) / "inbox-chiaki.yaml").read_text(encoding="utf-8").split("Chiaki:")[1]


def test_the_report_as_json_for_scripts(game, tmp_path):
    import json

    page = tmp_path / "pms.txt"
    page.write_text(INBOX_PAGE, encoding="utf-8")
    out = run("inbox", game, "--day", 4, page, "--json")
    assert out.exit_code == 1
    doc = json.loads(out.output)
    by = {p["player"]: p for p in doc["players"]}
    assert by["Juno"]["read"][0] == "attack Goro twice with the Crossbow" and by["Juno"]["written"]
    assert by["Goro"]["doubts"][0]["choices"][1] == {"words": "search", "orders": {"action": "search"}}
    assert by["Goro"]["proposed"] and not by["Goro"]["written"]
