"""The audited dice: derivation, rejection sampling, logging, and the scripted dice used by tests."""

import hashlib
import hmac

import pytest

from gm.dice import AuditedDice, DiceScriptError, ScriptedDice, derive


def test_known_answers_do_not_change():
    # Fixed vectors: if these change, every published day becomes unverifiable.
    seed = bytes.fromhex("00112233445566778899aabbccddeeff")
    assert [derive(seed, "battle-royale", 1, k, 100) + 1 for k in range(5)] == [81, 68, 43, 14, 88]


def _by_hand(seed: bytes, game: str, day: int, k: int, n: int) -> int:
    """The documented recipe, written again from docs/dice.md with the standard library only."""
    msg = f"{game}|{day}|{k}".encode()
    x = int.from_bytes(hmac.new(seed, msg, hashlib.sha256).digest(), "big")
    limit = 2**256 - (2**256 % n)
    j = 0
    while x >= limit:
        j += 1
        x = int.from_bytes(hmac.new(seed, f"{game}|{day}|{k}|{j}".encode(), hashlib.sha256).digest(), "big")
    return x % n


@pytest.mark.parametrize("n", [1, 2, 6, 12, 100, 33, 2**255 + 1])
def test_derive_matches_the_documented_recipe(n):
    seed = b"any seed"
    for k in range(20):
        assert derive(seed, "battle-royale", 3, k, n) == _by_hand(seed, "battle-royale", 3, k, n)


def test_rejection_sampling_redraws_the_biased_tail():
    # With n just above 2**255 about half of all digests fall in the rejected tail.
    n = 2**255 + 1
    seed = b"tail"
    rejected = 0
    for k in range(64):
        msg = f"g|1|{k}".encode()
        x = int.from_bytes(hmac.new(seed, msg, hashlib.sha256).digest(), "big")
        value = derive(seed, "g", 1, k, n)
        assert 0 <= value < n
        if x >= 2**256 - (2**256 % n):
            rejected += 1
            assert value == _by_hand(seed, "g", 1, k, n)
    assert rejected > 10


def test_every_roll_is_logged_with_its_purpose_and_odds():
    dice = AuditedDice(b"seed", "battle-royale", 1)
    ok, value = dice.chance(65, "Akane attacks Bruno with Rifle: hit?")
    dmg, _ = dice.weighted([(2, 20), (3, 40), (4, 40)], "Akane attacks Bruno with Rifle: damage")
    who = dice.pick(["Akane", "Bruno", "Chiaki"], "who")
    assert [r.index for r in dice.log] == [0, 1, 2]
    first = dice.log[0].record()
    assert first["purpose"] == "Akane attacks Bruno with Rifle: hit?"
    assert first["against"] == 65 and first["outcome"] == ("success" if ok else "failure")
    assert dice.log[0].odds == "d100 <= 65"
    assert dice.log[1].odds == "2 (20%) / 3 (40%) / 4 (40%)"
    assert dice.log[1].outcome == dmg
    assert dice.log[2].odds == "one of 3, equally likely" and who in ("Akane", "Bruno", "Chiaki")


def test_same_seed_same_rolls_other_day_other_rolls():
    a = AuditedDice(b"s", "battle-royale", 1)
    b = AuditedDice(b"s", "battle-royale", 1)
    c = AuditedDice(b"s", "battle-royale", 2)
    ra = [a.roll(100, "x") for _ in range(30)]
    assert ra == [b.roll(100, "x") for _ in range(30)]
    assert ra != [c.roll(100, "x") for _ in range(30)]


def test_scripted_dice_complain_about_too_many_or_too_few_rolls():
    dice = ScriptedDice(script=[50, {"choose": 3}])
    assert dice.chance(60, "hit?") == (True, 50)
    assert dice.weighted([(2, 40), (3, 60)], "damage")[0] == 3
    dice.finish()
    with pytest.raises(DiceScriptError, match="unscripted roll"):
        dice.chance(60, "one too many")
    short = ScriptedDice(script=[1, 2])
    short.roll(6, "one")
    with pytest.raises(DiceScriptError, match="never used"):
        short.finish()
    with pytest.raises(DiceScriptError, match="d6"):
        ScriptedDice(script=[7]).roll(6, "out of range")
