"""Issue 22: nothing secret leaves the game folder by accident, on the channels around the posts:
the reveal of a sealed day, openings, receipts, the odds a target sees, the correction post.

Each test here failed before its fix (the issue's reproductions). The declaration they read is
each engine's `secrets` (gm/engine.py, Secrets)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.cli import cli
from gm.engines import REGISTRY, get_engine


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture(scope="module")
def demos(demo_games):
    """Every engine's demo, played to its end (once for the test run, tests/conftest.py): to read only."""
    return {name: demo_games.pristine(name) for name in sorted(REGISTRY)}


# ---- item 1: the declaration -------------------------------------------------------------------

@pytest.mark.parametrize("engine_name", sorted(REGISTRY))
def test_every_engine_declares_its_secrets(engine_name):
    from gm.engine import Secrets

    secrets = get_engine(engine_name).secrets
    assert isinstance(secrets, Secrets)
    for h in secrets.hidden:
        assert h.hidden_from in ("everyone", "others") and h.until and h.field
    if secrets.sealed_days:  # a day is sealed for a secret its dice decide: the declaration names it
        assert secrets.hidden, f"{engine_name} seals {secrets.sealed_days} but declares nothing hidden"


# the engines whose declaration seals Day 0 (it deals hands, draws schools, shuffles decks). An engine
# whose state hides nothing but the orders (Hostile Takeover) declares `Secrets()`, and
# tests/test_secrets_sim.py then holds every player's view to the public view plus `me`.
SEALS_DAY_0 = sorted(n for n in REGISTRY if 0 in get_engine(n).secrets.sealed_days)


# ---- item 2: sealed days -------------------------------------------------------------------------

def test_battle_royale_day_0_is_sealed():
    """Day 0 draws the schools, the hidden items and the Lone Wolf requests from lists anyone can
    rebuild: its public log would tell them."""
    assert get_engine("battle-royale").sealed(0)


def test_a_search_seals_its_day():
    from gm.dice import ScriptedDice

    dice = ScriptedDice([10, 1])
    dice.chance(50, "Akane searches the Beach: finds something?", about=["Akane"], hides=True)
    assert get_engine("battle-royale").sealed(3, dice.log)
    assert not get_engine("battle-royale").sealed(3, [])


@pytest.mark.parametrize("engine_name", SEALS_DAY_0)
def test_a_sealed_day_is_not_posted_before_the_game_ends(engine_name, tmp_path):
    """Day 0 of a game that deals or shuffles: no reveal post written, none previewed, none printed,
    no openings, and the refusal says when it may be."""
    from gm.commands.game import resolve
    from gm.engines import get_engine

    engine = get_engine(engine_name)
    target = tmp_path / "g"
    shutil.copytree(engine.example_dir(), target)
    for d in (target / "days").iterdir():
        if d.name.isdigit() and int(d.name) > 0:
            shutil.rmtree(d)
    resolve(target, 0, "00" * 16, False)
    result = target / "days" / "00" / "result"
    assert not list(result.glob("reveal*")), "a sealed day's reveal is not written before the game ends"
    assert not (result / "openings").exists(), "a sealed day opens nothing before the game ends"
    preview = run("preview", target, "--day", "0", "--out", tmp_path / "p.html")
    assert preview.exit_code == 0
    assert "The dice revealed" not in (tmp_path / "p.html").read_text(encoding="utf-8")
    refused = run("reveal", target, "--day", "0")
    assert refused.exit_code == 1 and "after the game ends" in refused.output
    assert run("reveal", target, "--day", "0", "--rolls").exit_code == 1


@pytest.mark.parametrize("engine_name", SEALS_DAY_0)
def test_the_end_of_the_game_lifts_the_seal(engine_name, demos):
    """Once the game has ended, Day 0's reveal is written and `gm reveal` prints it, seed and all."""
    root = demos[engine_name]
    record = json.loads((root / "days" / "00" / "result" / "day.json").read_text(encoding="utf-8"))
    assert (root / "days" / "00" / "result" / "reveal.bbcode").is_file()
    out = run("reveal", root, "--day", "0")
    assert out.exit_code == 0 and record["seed"] in out.output


@pytest.mark.parametrize("engine_name", SEALS_DAY_0)
def test_the_commitment_of_a_sealed_day_says_when_it_is_revealed(engine_name, demos):
    """Day 0's commitment post promised "When Day 0 is resolved I will reveal the seed": false."""
    post = (demos[engine_name] / "days" / "00" / "commit.txt").read_text(encoding="utf-8")
    assert "When Day 0 is resolved I will reveal the seed" not in post
    assert "when the game ends" in post


# ---- item 3: openings by `about` ---------------------------------------------------------------

def test_openings_go_by_about_never_by_a_name_prefix():
    from gm.dice import ScriptedDice
    from gm.fairness.rolllog import openings

    dice = ScriptedDice([3, 40, 5])
    dice.roll(6, "Land Mine #26 hits Quinn: damage")  # about nobody: opened to nobody
    dice.chance(50, "Round 2: Players die", about=["Quinn"])
    dice.roll(6, "Land searches the Beach: what is found", about=["Land"])
    out = openings(dice.log, b"veil", "battle-royale", 2)
    assert sorted(out) == ["Land", "Quinn"]
    assert [o["roll"]["purpose"] for o in out["Land"]] == ["Land searches the Beach: what is found"]
    assert [o["roll"]["purpose"] for o in out["Quinn"]] == ["Round 2: Players die"]


def test_a_kharnage_player_is_not_opened_their_own_shuffle(demos):
    """Kharnage Day 0 shuffles each Reserve and Battle deck: an opening would show the draws to come."""
    root = demos["kharnage"]
    assert not (root / "days" / "00" / "result" / "openings").exists()


@pytest.mark.parametrize("engine_name", sorted(REGISTRY))
def test_no_opening_names_another_player_first(engine_name, demos):
    """Each opening sent to a player is about a roll they are entitled to: one they made."""
    root = demos[engine_name]
    for path in sorted(root.glob("days/*/result/openings/*.bbcode")):
        reader = path.stem
        for line in path.read_text(encoding="utf-8").splitlines():
            if "gm-open " in line:
                opened = line.split("gm-open ", 1)[1].removesuffix("[/code]")
                purpose = json.loads(opened)["roll"]["purpose"]
                assert reader in purpose, (path, purpose)


# ---- item 7: the correction post -----------------------------------------------------------------

def test_the_correction_post_names_no_player_unless_asked(game_copy):
    """Whose messages changed tells the thread who was in the fights: counted, not named."""
    for name in ("seed.secret", "commit.txt", "lock.txt"):
        (game_copy / "days" / "03" / name).unlink()
    assert run("resolve", game_copy, "--day", "3", "--force", "--seed", "00", "--reason", "the seed was lost").exit_code == 0
    result = game_copy / "days" / "03" / "result"
    record = json.loads((result / "day.json").read_text())
    changed = [c.split("/")[1].rsplit(".", 1)[0] for c in record["corrections"][0]["posts_changed"] if c.startswith("messages/")]
    post = (result / "correction.bbcode").read_text()
    assert changed and f"messages changed for {len(changed)} players" in post
    assert not [name for name in changed if name in post]
    named = run("resolve", game_copy, "--day", "3", "--force", "--seed", "01", "--reason", "again", "--name-players")
    assert named.exit_code == 0, named.output
    post = (result / "correction.bbcode").read_text()
    now = json.loads((result / "day.json").read_text())["corrections"][-1]
    players = [c.split("/")[1].rsplit(".", 1)[0] for c in now["posts_changed"] if c.startswith("messages/")]
    assert players and "messages changed for " + ", ".join(players) in post


# ---- item 4: receipts carry only the receiver's own facts ------------------------------------------

@pytest.fixture
def day3(demos, tmp_path):
    """The Battle Royale demo with Day 3 not yet resolved (its orders in)."""
    from test_gm_day import unresolve

    root = tmp_path / "game"
    shutil.copytree(demos["battle-royale"], root)
    unresolve(root, 3)
    return root


def test_a_ruling_on_another_player_reaches_no_receipt(day3):
    """Hana's block stands after Priya's in the orders file: the ruling that takes Hana's orders out
    was charged to Priya, with the GM's file path and line."""
    (day3 / "days" / "03" / "rulings.yaml").write_text("- kill: hana\n", encoding="utf-8")
    assert run("receipts", day3).exit_code == 0
    for path in sorted((day3 / "days" / "03" / "receipts").glob("*.bbcode")):
        text = path.read_text(encoding="utf-8")
        assert "rulings.yaml" not in text and "Hana's orders" not in text, path.name
        assert "days/" not in text and ".yaml:" not in text, path.name


def test_a_receipt_quotes_no_path_or_line():
    """A warning that names a file or a line is the GM's, not the player's: the neutral line instead."""
    from gm.errors import Location, Problem
    from gm.gmday.deadline import UNTOLD, receipt_warnings

    where = Location("days/03/orders/orders.yaml", 3, 1)
    told = receipt_warnings([Problem(where, "your Knife is dull", "warning"),
                             Problem(where, "as ruled in days/03/rulings.yaml:1:9, you are out", "warning")])
    assert told == ["Your Knife is dull", UNTOLD]


# ---- item 5: odds a player can compute -------------------------------------------------------------

def test_a_target_sees_the_outcome_not_the_attackers_odds(demos):
    """The target knows the base, the zone and their own defences: the rest of the odds would give
    away the attacker's hidden bonuses (a Lone Wolf's Killer Instinct, a Rival's bonus)."""
    assert get_engine("battle-royale").secrets.target_odds is False
    seen = 0
    for path in sorted(demos["battle-royale"].glob("days/*/result/messages/*.bbcode")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if "attacked you with" in line or "'s attack with" in line or "caught you too" in line:
                seen += 1
                assert "% to hit" not in line and "rolled" not in line and "%," not in line, (path.name, line)
    assert seen


def test_a_target_of_a_volley_sees_no_odds(demos):
    for path in sorted(demos["battle-royale"].glob("days/*/result/messages/*.bbcode")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if " times" in line and "attacked" in line:
                assert "% each" not in line and "Rolls:" not in line, (path.name, line)


def test_a_battle_royale_day_with_a_search_is_sealed_by_default(tmp_path):
    """On a later day a search's dice tell whether it found something and how many items the zone
    holds: with the default `seal_hidden_rolls: true` that day waits for the end like Day 0."""
    from gm.commands.game import resolve

    engine = get_engine("battle-royale")
    target = tmp_path / "g"
    shutil.copytree(engine.example_dir(), target)
    for d in (target / "days").iterdir():
        if d.name.isdigit() and int(d.name) > 1:
            shutil.rmtree(d)
    yaml = target / "game.yaml"
    yaml.write_text("".join(line for line in yaml.read_text(encoding="utf-8").splitlines(keepends=True)
                            if "seal_hidden_rolls" not in line and "not for a real game" not in line), encoding="utf-8")
    resolve(target, 0, "00" * 16, False)
    resolve(target, 1, "01" * 16, False)
    rolls = (target / "days" / "01" / "result" / "rolls.jsonl").read_text(encoding="utf-8")
    assert "searches" in rolls
    assert not list((target / "days" / "01" / "result").glob("reveal*"))
    assert not (target / "days" / "01" / "result" / "openings").exists()
    refused = run("reveal", target, "--day", "1", "--rolls")
    assert refused.exit_code == 1 and "a search" in refused.output and "after the game ends" in refused.output


def test_gm_reveal_writes_a_missing_sealed_reveal_once_the_game_has_ended(demos, tmp_path):
    root = tmp_path / "g"
    shutil.copytree(demos["team-kill"], root)
    for path in (root / "days" / "00" / "result").glob("reveal*"):
        path.unlink()
    out = run("reveal", root, "--day", "0")
    assert out.exit_code == 0 and (root / "days" / "00" / "result" / "reveal.bbcode").is_file()
    assert run("audit", root, "--all").exit_code == 0


# ---- gm status --public ----------------------------------------------------------------------------

def test_the_public_status_leaves_out_what_the_engine_hides(day3):
    """`gm status` is the GM's table (roles, health, items); --public is what the thread may see."""
    gm_view = run("status", day3)
    assert gm_view.exit_code == 0 and "Lone Wolf" in gm_view.output and "/10" in gm_view.output
    public = run("status", day3, "--public")
    assert public.exit_code == 0
    head = public.output.splitlines()[1]
    assert head.split() == ["player", "status"]
    assert "Lone Wolf" not in public.output and "/10" not in public.output and "died Day 2" in public.output


def _target_lines(game, days) -> list[str]:
    from gm.forum.render import render_day

    out = []
    for rd in days:
        for name, text in render_day(game, rd).items():
            if name.startswith("messages/"):
                out += [line for line in text.splitlines()
                        if "attacked you with" in line or "'s attack with" in line or "caught you too" in line]
    return out


def test_the_target_odds_rule_is_read_from_the_declaration(demo_games, monkeypatch):
    """The rule "a target sees no odds" lives in one place: the declaration (`secrets.target_odds`),
    which a house rule (`target_odds: true`) may widen; the message template reads it, no more."""
    import copy
    from dataclasses import replace

    from gm.gmday.audit import replayed
    from gm.gamedir import GameDir

    gd = GameDir(demo_games.pristine("battle-royale"))
    game = gd.load()
    days = [replayed(gd, game, d)[0] for d in (1, 2, 3)]
    hidden = _target_lines(game, days)
    assert hidden and not [x for x in hidden if "% to hit" in x]
    engine = game.engine
    monkeypatch.setattr(type(engine), "secrets", replace(engine.secrets, target_odds=True))
    shown = _target_lines(game, days)
    assert len(shown) == len(hidden) and all("% to hit" in x or "% each" in x for x in shown), shown[:3]
    monkeypatch.undo()
    house = copy.deepcopy(game.rules)
    house.house.target_odds = True
    monkeypatch.setattr(game, "rules", house)
    assert _target_lines(game, days) == shown


def test_a_kharnage_card_drawn_for_a_silent_player_seals_its_day(demo_games):
    """A player who sent nothing plays a card drawn from their hand (sorted by initiative): the die's
    value beside the card, public once played, tells how many cards of the hand come before it. The
    draw seals its day, and the commitment post says such a draw would."""
    from gm.gmday.audit import replayed
    from gm.gamedir import GameDir

    root = demo_games.pristine("kharnage")
    gd = GameDir(root)
    rd = replayed(gd, gd.load(), 4)[0]
    assert [r for r in rd.rolls if "sent no orders" in r.purpose]
    assert get_engine("kharnage").sealed(4, rd.rolls)
    assert "a Battle card drawn for a player who sent no orders" in (root / "days" / "02" / "commit.txt").read_text(encoding="utf-8")


def test_receipts_go_to_players_not_to_the_gms_own_steps(demo_games, tmp_path):
    """Kharnage Day 3's orders hold the GM's `gm:` steps: `gm receipts` made one for "gm" and crashed
    reading its card (an internal error)."""
    from test_gm_day import unresolve

    root = demo_games.copy("kharnage", tmp_path / "k")
    unresolve(root, 3)
    out = run("receipts", root, "--day", 3)
    assert out.exit_code == 0, out.output
    assert not (root / "days" / "03" / "receipts" / "gm.bbcode").exists()
