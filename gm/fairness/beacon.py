"""The drand `quicknet` randomness beacon: public randomness nobody knows before its round is out.

The League of Entropy's quicknet network signs one round every 3 seconds (round 1 at its genesis,
2023-08-23 15:09:27 UTC). Round r's signature is a BLS signature on G1 of SHA-256(r as 8 bytes,
big-endian), checked against the network's public key on G2 with the RFC 9380 hash to G1
(scheme `bls-unchained-g1-rfc9380`); the round's randomness is SHA-256 of the signature.

A day's commitment names the first round after its orders deadline; `gm resolve --beacon SIG`
takes that round's signature, checked here, and its randomness goes into the dice key
(gm/dice.py), so that nobody, GM or player, knows the key while orders and salts can change.

The pairing check uses py_arkworks_bls12381 (Rust's arkworks, with wheels for every Python gm
supports), imported only when a signature is checked.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import datetime, timezone

from gm.errors import GmError

NETWORK = "quicknet"
CHAIN_HASH = "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971"
PUBLIC_KEY = ("83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c"
              "921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a")
GENESIS = 1692803367  # Unix time of round 1
PERIOD = 3  # seconds between rounds
DST = b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_"
# A round the network published (its signature, as drand's HTTP API serves it), for the demo.
DEMO_ROUND = 1000
DEMO_SIGNATURE = "b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39"
_HEX96 = re.compile(r"^[0-9a-f]{96}$")


def round_url(round_: int) -> str:
    return f"https://api.drand.sh/{CHAIN_HASH}/public/{round_}"


def round_time(round_: int) -> datetime:
    return datetime.fromtimestamp(GENESIS + (round_ - 1) * PERIOD, timezone.utc)


def round_after(when: datetime) -> int:
    """The first round published strictly after `when` (a time with its zone)."""
    seconds = int(when.timestamp() // 1)
    if seconds < GENESIS:
        raise GmError(f"{when.isoformat()} is before the quicknet beacon began ({round_time(1).isoformat()})")
    return (seconds - GENESIS) // PERIOD + 2


def utc_text(when: datetime) -> str:
    """A time as the machine lines write it: UTC, to the second, `2026-03-01T20:00:00Z`."""
    return when.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_utc_text(text: str) -> datetime | None:
    try:
        return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
    except ValueError:
        return None


def utc_words(when: datetime, zone=None) -> str:
    """A moment as a post tells it, to the second: in UTC, or in the game's zone with UTC beside it."""
    if zone is None:
        return when.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")
    from gm.moments import told

    return told(when, zone, seconds=True)


def parse_deadline(text: str, zone=None, option: str = "--deadline") -> datetime:
    """A deadline as every gm command takes it (gm/rulings.py's parse_deadline): `2026-03-01 20:00`
    in the game's time zone (`zone`; UTC when None), or ISO 8601 with its zone (`2026-03-01T20:00Z`, `...+01:00`)."""
    from gm.moments import SYNTAX, parse_moment

    when = parse_moment(text, zone)
    if when is None:
        raise GmError(f"{option} takes a date and time: {SYNTAX}; not {text!r}")
    return when.replace(tzinfo=timezone.utc)


@dataclass(frozen=True)
class Round:
    round: int
    signature: str  # hex, 48 bytes: a compressed G1 point

    @property
    def randomness(self) -> str:
        return hashlib.sha256(bytes.fromhex(self.signature)).hexdigest()

    def record(self) -> dict:
        return {"network": NETWORK, "round": self.round, "signature": self.signature, "randomness": self.randomness}


def signature_problem(round_: int, signature: str) -> str | None:
    """Why `signature` is not quicknet's signature of round `round_`; None when it is."""
    sig = signature.strip().lower()
    if not _HEX96.match(sig):
        return "a quicknet signature is 96 hexadecimal digits"
    try:
        from py_arkworks_bls12381 import G1Point, G2Point, GT
    except ImportError:  # pragma: no cover - a dependency of gm
        return "py_arkworks_bls12381 is not installed, so the signature cannot be checked (pip install gm again)"
    try:
        point = G1Point.from_compressed_bytes(bytes.fromhex(sig))
    except Exception:  # the library raises its own errors for bytes that are no point of G1
        return "the signature is not a point of the curve"
    message = hashlib.sha256(round_.to_bytes(8, "big")).digest()
    hashed = G1Point.hash_to_curve(message, DST)
    key = G2Point.from_compressed_bytes(bytes.fromhex(PUBLIC_KEY))
    if not GT.pairing_check([point, -hashed], [G2Point(), key]):
        return f"it is not the quicknet network's signature of round {round_}"
    return None


def checked_round(round_: int, signature: str) -> Round:
    problem = signature_problem(round_, signature)
    if problem:
        raise GmError(f"drand quicknet round {round_}: {problem} (get it from {round_url(round_)})")
    return Round(round_, signature.strip().lower())
