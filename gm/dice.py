"""Audited dice: every roll of a day derived from the day's seed and logged with its purpose.

Roll number k (0-based) of a day draws from HMAC-SHA256(seed, "<game>|<day>|<k>").
The 32-byte digest, read as a big-endian integer x, gives a value in [0, n) as
x mod n when x < 2**256 - (2**256 mod n); otherwise the draw is rejected and
redone with the message "<game>|<day>|<k>|<j>" for j = 1, 2, ...  Only the
standard library is needed to check it, on any Python version. docs/dice.md
has a worked example.

The key is the day's seed itself, unless players sent salts with their orders: then it is
HMAC-SHA256(seed, "salts|" + netstring(name) + netstring(salt) + ...), the salts in order of
the players' names (by their UTF-8 bytes), so the GM cannot pick a seed that gives a result.
When the day's commitment named a drand beacon round (gm/fairness/beacon.py), the message goes on with
"beacon|" + netstring(round) + netstring(its randomness in hex), so nobody knows the key before
that round is out.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from gm.errors import StateError

_SPACE = 1 << 256


def derive(seed: bytes, game: str, day: int, index: int, n: int) -> int:
    """The unbiased value in [0, n) of roll `index`."""
    if not 1 <= n <= _SPACE:
        raise ValueError("n must be between 1 and 2**256")  # beyond, every draw would be rejected
    limit = _SPACE - (_SPACE % n)
    attempt = 0
    while True:
        msg = f"{game}|{day}|{index}" if attempt == 0 else f"{game}|{day}|{index}|{attempt}"
        x = int.from_bytes(hmac.new(seed, msg.encode("utf-8"), hashlib.sha256).digest(), "big")
        if x < limit:
            return x % n
        attempt += 1


def netstring(text: str) -> bytes:
    """`<length in bytes>:<UTF-8 bytes>,` (D. J. Bernstein's netstrings): no escaping needed."""
    data = text.encode("utf-8")
    return str(len(data)).encode("ascii") + b":" + data + b","


def dice_key(seed: bytes, salts: Mapping[str, str], beacon: Mapping[str, Any] | None = None) -> bytes:
    """The key every roll of the day is drawn with: the seed itself when no player sent a salt
    and no beacon round was named, else the seed mixed with every salt of the day and the beacon
    round's randomness. A day without salts or beacon rolls as it always did."""
    if not salts and not beacon:
        return seed
    ordered = sorted(salts.items(), key=lambda kv: kv[0].encode("utf-8"))
    msg = b"salts|" + b"".join(netstring(name) + netstring(salt) for name, salt in ordered)
    if beacon:
        msg += b"beacon|" + netstring(str(beacon["round"])) + netstring(str(beacon["randomness"]))
    return hmac.new(seed, msg, hashlib.sha256).digest()


def new_seed() -> bytes:
    import secrets  # only a new seed needs it

    return secrets.token_bytes(32)


def parse_seed(text: str) -> bytes:
    try:
        seed = bytes.fromhex(text.strip())
    except ValueError:
        raise StateError(f"--seed must be hexadecimal, e.g. 9f3a...; got {text!r}") from None
    if not seed:
        raise StateError("--seed must not be empty")
    return seed


def seed_commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


@dataclass(eq=False, repr=False)
class Roll:
    """One logged roll: what it was for, what was rolled, and what it meant."""

    index: int
    purpose: str
    sides: int
    value: int  # 1..sides
    against: int | None = None  # a d100 roll succeeds when value <= against
    table: list[list[Any]] | None = None  # weighted table as [[outcome, weight], ...]
    outcome: Any = None
    # the players entitled to this roll's opening (its purpose and odds): the one who acted, never a
    # name read from the purpose. Not in the record: the openings are routed from it (gm/fairness/rolllog.py)
    about: tuple[str, ...] = ()
    hides: bool = False  # the roll decides a hidden fact: its day is sealed (Engine.secrets)

    def record(self) -> dict[str, Any]:
        rec: dict[str, Any] = {
            "index": self.index,
            "purpose": self.purpose,
            "sides": self.sides,
            "value": self.value,
            "outcome": self.outcome,
        }
        if self.against is not None:
            rec["against"] = self.against
        if self.table is not None:
            rec["table"] = self.table
        return rec

    @property
    def odds(self) -> str:
        if self.against is not None:
            return f"d{self.sides} <= {self.against}"
        if self.table is not None and len({w for _, w in self.table}) == 1 and len(self.table) > 2:
            return f"one of {len(self.table)}, equally likely"
        if self.table is not None:
            return " / ".join(f"{o} ({w}%)" if self.sides == 100 else f"{o} ({w})" for o, w in self.table)
        return f"d{self.sides}"


class DiceBase:
    """What phases may ask of the dice. Subclasses decide where a value comes from."""

    def __init__(self) -> None:
        self.log: list[Roll] = []

    def _draw(self, sides: int, purpose: str, choices: Sequence[Any] | None = None) -> int:
        raise NotImplementedError

    def roll(self, sides: int, purpose: str, about: Sequence[str] = (), hides: bool = False) -> int:
        """A plain die. Every method takes `about`, the players the roll's opening goes to (the one
        entitled to its purpose and odds; none: nobody until the game ends), and `hides`."""
        value = self._draw(sides, purpose)
        self.log.append(Roll(len(self.log), purpose, sides, value, outcome=value, about=tuple(about), hides=hides))
        return value

    def chance(self, percent: int, purpose: str, about: Sequence[str] = (), hides: bool = False) -> tuple[bool, int]:
        """A d100 roll: succeeds when the roll is at most `percent`."""
        value = self._draw(100, purpose)
        ok = value <= percent
        self.log.append(
            Roll(len(self.log), purpose, 100, value, against=percent, outcome="success" if ok else "failure",
                 about=tuple(about), hides=hides)
        )
        return ok, value

    def weighted(self, table: Sequence[tuple[Any, int]], purpose: str, about: Sequence[str] = (),
                 hides: bool = False) -> tuple[Any, int]:
        """Pick from a table of (outcome, weight); the die has as many sides as the weights add up to."""
        total = sum(w for _, w in table)
        value = self._draw(total, purpose, [o for o, _ in table])
        acc = 0
        picked = table[-1][0]
        for outcome, weight in table:
            acc += weight
            if value <= acc:
                picked = outcome
                break
        self.log.append(
            Roll(len(self.log), purpose, total, value, table=[[o, w] for o, w in table], outcome=picked,
                 about=tuple(about), hides=hides)
        )
        return picked, value

    def pick(self, options: Sequence[Any], purpose: str, about: Sequence[str] = (), hides: bool = False) -> Any:
        """One of `options` with equal odds. Callers pass options in a stable order."""
        if len(options) == 1:
            return options[0]
        picked, _ = self.weighted([(o, 1) for o in options], purpose, about, hides)
        return picked

    def shuffled(self, options: Sequence[Any], purpose: str, about: Sequence[str] = (), hides: bool = False) -> list[Any]:
        """A random order, drawn one position at a time: at each, a die with as many sides as options
        are left, counting along them in the order given (the die `pick` would roll). Each draw is
        logged as that plain die, its purpose naming the position and what it drew, not as a table:
        a table a position would log n*n/2 rows for n options (a 10,000-player school draw took
        minutes and gigabytes)."""
        rest = list(options)
        out = []
        while len(rest) > 1:
            where = f"{purpose} (position {len(out) + 1})"
            sides = len(rest)
            value = self._draw_among(rest, where)
            chosen = rest.pop(value - 1)
            self.log.append(Roll(len(self.log), f"{where}: {chosen}", sides, value, outcome=value,
                                 about=tuple(about), hides=hides))
            out.append(chosen)
        return out + rest

    def _draw_among(self, options: Sequence[Any], purpose: str) -> int:
        """A die with a side for each option, in order (a scripted die may name the option)."""
        return self._draw(len(options), purpose, options)


class AuditedDice(DiceBase):
    def __init__(self, seed: bytes, game: str, day: int):
        super().__init__()
        self.seed = seed
        self.game = game
        self.day = day

    def _draw(self, sides: int, purpose: str, choices: Sequence[Any] | None = None) -> int:
        return derive(self.seed, self.game, self.day, len(self.log), sides) + 1


class DiceScriptError(AssertionError):
    pass


class ScriptedDice(DiceBase):
    """For tests: returns the scripted values in order and complains about any mismatch.

    A scripted value is the raw die value (1..sides), or {"choose": outcome} for a table or
    pick roll (it becomes the first die value that lands on that outcome).
    """

    def __init__(self, script: list[Any] | None = None):
        super().__init__()
        self.script = list(script or [])
        self._next = 0
        self._weights: list[int] | None = None

    def weighted(self, table, purpose, about=(), hides=False):
        self._weights = [w for _, w in table]
        try:
            return super().weighted(table, purpose, about, hides)
        finally:
            self._weights = None

    def _draw_among(self, options, purpose):
        self._weights = [1] * len(options)
        try:
            return super()._draw_among(options, purpose)
        finally:
            self._weights = None

    def _draw(self, sides: int, purpose: str, choices: Sequence[Any] | None = None) -> int:
        k = self._next
        if k >= len(self.script):
            raise DiceScriptError(f"the engine asked for an unscripted roll #{k}: {purpose}")
        want = self.script[k]
        self._next += 1
        if isinstance(want, dict) and "choose" in want:
            options = list(choices or [])
            if want["choose"] not in options or self._weights is None:
                raise DiceScriptError(f"roll #{k} ({purpose}) cannot choose {want['choose']!r} from {options}")
            return sum(self._weights[: options.index(want["choose"])]) + 1
        if isinstance(want, bool) or not isinstance(want, int) or not 1 <= want <= sides:
            raise DiceScriptError(f"roll #{k} ({purpose}) is d{sides}, scripted {want!r}")
        return want

    def finish(self) -> None:
        if self._next != len(self.script):
            raise DiceScriptError(
                f"{len(self.script) - self._next} scripted roll(s) were never used (the engine rolled {self._next} times)"
            )
