"""The beacon round a day is resolved with: the one its commitment named (or the last announced,
gm/fairness/rounds.py), its signature given to `gm resolve --beacon` and checked against drand's
key (gm/fairness/beacon.py); or, with `--no-beacon "why"`, none, the reason said in the reveal
(docs/fairness.md, "Without drand")."""

from __future__ import annotations

from gm.errors import StateError
from gm.fairness.commitment import commit_path, committed_record
from gm.gamedir import GameDir
from gm.paths import display_path


def beacon_for_resolve(gd: GameDir, day: int, signature: str | None, without: str | None = None) -> dict | None:
    """The beacon round the day's commitment named, checked: its signature is required then, unless
    the GM says why the day goes `without` it (drand unreachable: docs/fairness.md, "Without drand")."""
    from gm.fairness.beacon import checked_round, round_url

    if without is not None:
        return _without_beacon(gd, day, signature, without) and None
    if not commit_path(gd, day).is_file():
        if signature:
            raise StateError(f"Day {day} was not committed to a beacon round, so --beacon has nothing to check against")
        return None
    from gm.fairness.rounds import current_of

    named = current_of(gd, day)[2].get("beacon")  # the last round announced, else the committed one
    if not named:
        if signature:
            raise StateError(f"Day {day}'s commitment names no beacon round (it was made without --deadline): "
                             "leave out --beacon")
        return None
    if not signature:
        raise StateError(f"Day {day}'s commitment names drand quicknet round {named['round']}: give its signature "
                         f"with --beacon (the \"signature\" of {round_url(named['round'])}, or that page saved as a file). "
                         "If no drand mirror can be reached, resolve with --no-beacon \"why\": the reveal says so in "
                         "its first line")
    return checked_round(named["round"], _signature_of(signature, named["round"])).record()


def without_beacon(gd: GameDir, day: int, reason: str) -> dict:
    """What the record and the reveal say of a day resolved without its committed round."""
    from gm.fairness.rounds import current_of

    return {"round": current_of(gd, day)[0], "reason": reason.strip()}


def _without_beacon(gd: GameDir, day: int, signature: str | None, reason: str) -> bool:
    from gm.names import reason_problem

    if signature:
        raise StateError("--beacon and --no-beacon together: give the round's signature, or say why there is none")
    problem = reason_problem(reason, "--no-beacon", "--no-beacon needs a reason",
                             "--no-beacon: at most 500 characters (the reveal quotes it)")
    if problem:
        raise StateError(problem)
    if not commit_path(gd, day).is_file() or not committed_record(gd, day).get("beacon"):
        raise StateError(f"Day {day}'s commitment names no beacon round: leave out --no-beacon")
    return True


def _signature_of(given: str, round_: int) -> str:
    """--beacon takes the signature in hex, or a file holding drand's answer for the round (its JSON)."""
    import json
    from pathlib import Path

    from gm.fairness.beacon import round_url

    path = Path(given)
    if len(given) == 96 or not path.is_file():
        return given
    try:
        answer = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise StateError(f"{display_path(path)}: not drand's answer for a round ({exc})") from None
    if not isinstance(answer, dict) or not isinstance(answer.get("signature"), str):
        raise StateError(f"{display_path(path)}: no \"signature\" in it (save the page {round_url(round_)})") from None
    if answer.get("round") != round_:
        raise StateError(f"{display_path(path)} holds round {answer.get('round')}, but the commitment names round {round_}")
    return answer["signature"]
