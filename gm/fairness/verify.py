"""`gm verify`: check a day's dice from what was published, without the game folder.

Inputs, all of them public: the commitment post (before the orders deadline), the lock post (at
the deadline, optional), the reveal post (the seed, the beacon round and every salt, after the
day), the public roll log (result/rolls.public.jsonl, or the posts of `gm reveal --rolls`) and,
for a player, the openings sent with their message. The checks:

1. the seed's SHA-256 is the fingerprint in the commitment, for the same game, engine and day;
2. the beacon round is the one the commitment named, and its signature is the drand quicknet
   network's (gm/fairness/beacon.py); a day committed without one used none;
3. the salts are the ones the reveal counts and, with the lock, the ones locked, each as sent;
   the lock's own lines add up, and orders changed after it are covered by a ruling;
4. the dice key follows from the seed, the salts and the beacon (docs/dice.md);
5. every roll's value is what the dice key gives for its index and die; no roll is missing,
   repeated or out of place (gm/fairness/roll_check.py); the log is the one the reveal names
   (count and SHA-256);
6. each opening matches its roll's commitment, and its outcome follows from its value.

Exit codes (gm/cli.py): 0 verified, 1 not verified (each reason named), 2 unreadable input.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

from gm.canonical import digest
from gm.dice import dice_key
from gm.errors import GmError, LocatedError
from gm.fairness.roll_check import check_rolls, outcome_of, read_rolls, rolls_digest
from gm.forum.machine_lines import find_machine_line, find_machine_lines
from gm.text import counted

_HEX64 = re.compile(r"^[0-9a-fA-F]{64}$")


class Unreadable(GmError):
    """An input that cannot be read at all (exit code 2), as opposed to one that reads but does not check out."""

    exit_code = 2


def no_rolls_problem(rolls: list[dict], text: str, where: str, expected: int | None) -> None:
    """No roll record in a text that is not empty: a day without rolls (the reveal counts none, or
    the text is gm's own roll-log post of 0 rolls), or else the wrong file."""
    if rolls or not text.strip() or expected == 0 or "(0 rolls)" in text:
        return
    raise Unreadable(f"{where}: no roll records found (give result/rolls.public.jsonl, or the posts that hold its lines)")


@dataclass
class Published:
    """What a player has: the posts' texts (and where they came from)."""

    commit_text: str
    commit_where: str
    rolls_text: str
    rolls_where: str
    reveal_text: str | None = None
    reveal_where: str = "reveal"
    seed_hex: str | None = None  # instead of a reveal post: the values typed in
    engine: str | None = None
    day: int | None = None
    salts: dict[str, str] = field(default_factory=dict)
    lock_text: str | None = None
    lock_where: str = "lock"
    openings: list[tuple[str, str]] = field(default_factory=list)  # (text, where) of each openings post
    rounds: list[tuple[str, str]] = field(default_factory=list)  # (text, where) of each announcement of a new round


@dataclass
class Verdict:
    ok: bool
    lines: list[str]


def verify(pub: Published) -> Verdict:
    lines: list[str] = []
    bad: list[str] = []
    commit = _commitment(pub)
    reveal = _reveal(pub) if pub.reveal_text else {}
    engine = pub.engine or reveal.get("engine") or commit.get("engine")
    day = pub.day if pub.day is not None else reveal.get("day", commit.get("day"))
    seed_hex = pub.seed_hex or reveal.get("seed")
    if seed_hex is not None and not isinstance(seed_hex, str) or type(reveal.get("day", 0)) is not int:
        raise GmError(f"{pub.reveal_where}: the seed or the day is not of the type gm writes (was the reveal altered?)")
    if not engine or day is None or not seed_hex:
        raise Unreadable("verify needs the reveal post, or --seed, --engine and --day")
    try:
        seed = bytes.fromhex(seed_hex)
    except ValueError:
        raise Unreadable(f"the seed must be hexadecimal, not {seed_hex!r}") from None
    for key, value in (("engine", engine), ("day", day)):
        if key in commit and value is not None and commit[key] != value:
            bad.append(f"the commitment is for {key} {commit[key]!r}, the reveal for {key} {value!r}")
    lines.append(f"Commitment ({pub.commit_where}): Day {commit.get('day', day)} of {commit.get('game') or commit.get('engine', engine)}, "
                 f"seed SHA-256 {commit['seed_sha256']}" + (" (made late, after orders came in)" if commit.get("late") else ""))
    if hashlib.sha256(seed).hexdigest() == commit["seed_sha256"].lower():
        lines.append(f"Seed {seed_hex}: its SHA-256 matches the commitment.")
    else:
        bad.append(f"the seed {seed_hex} does not have the committed SHA-256 (it hashes to {hashlib.sha256(seed).hexdigest()})")
    _check_post_digest(pub.commit_text, pub.commit_where, reveal.get("commit_sha256"), "commitment", lines, bad)
    if pub.lock_text:
        _check_post_digest(pub.lock_text, pub.lock_where, reveal.get("lock_sha256"), "lock", lines, bad)
    commit = _check_rounds(pub, commit, reveal, lines, bad)  # with the last round announced, if any
    beacon = _check_beacon(commit, reveal, lines, bad)
    if pub.reveal_text:
        _check_rulings(pub, reveal, lines, bad)
    salts = _salts(pub, reveal, lines, bad)
    _check_lock(pub, commit, reveal, salts, lines, bad)
    key = dice_key(seed, salts, beacon)
    lines.append(f"Dice key {key.hex()} (from the seed" + (", the salts" if salts else "") + (", the beacon" if beacon else "") + ").")
    if reveal.get("dice_key") and reveal["dice_key"] != key.hex() and not pub.salts:
        bad.append(f"the reveal's dice key {reveal['dice_key']} does not follow from its seed, salts and beacon")
    rolls = read_rolls(pub.rolls_text, pub.rolls_where)
    no_rolls_problem(rolls, pub.rolls_text, pub.rolls_where, reveal.get("rolls"))
    digest_ = rolls_digest(rolls)
    lines.append(f"Roll log ({pub.rolls_where}): {counted(len(rolls), 'roll')}, SHA-256 {digest_}")
    if reveal.get("rolls_sha256") and reveal["rolls_sha256"] != digest_:
        hint = " (this is the GM's own log, with purposes: give the public one, rolls.public.jsonl)" \
            if any("purpose" in r for r in rolls) else ""
        bad.append(f"this roll log is not the one the reveal names (SHA-256 {reveal['rolls_sha256']}){hint}")
    problems = check_rolls(rolls, key, engine, day, reveal.get("rolls"))
    bad += problems
    if not problems:
        lines.append("Every roll re-derived from the dice key: " +
                     ("its value matches." if len(rolls) == 1 else f"all {len(rolls)} values match, none missing or repeated."))
    _check_openings(pub, rolls, day, lines, bad)
    if reveal.get("corrections"):
        lines.append(f"Note: Day {day} was resolved {reveal['corrections'] + 1} times (see its correction posts).")
    if bad:
        lines += [f"FAIL: {b}" for b in bad]
        lines.append(f"NOT VERIFIED: {len(bad)} problem(s).")
        return Verdict(False, lines)
    sources = ["the committed seed"] + (["the published salts"] if salts else []) + (["the beacon round"] if beacon else [])
    lines.append(f"OK: every roll of Day {day} follows from " + (", ".join(sources[:-1]) + " and " if len(sources) > 1 else "")
                 + sources[-1] + ".")
    return Verdict(True, lines)


def post_digests(text: str) -> set[str]:
    """The SHA-256 of a post as gm wrote it, from a copy: as saved, or with its line ends made \\n and
    its last line ended once (what a copy through an editor or a browser may change, and nothing else)."""
    plain = text.replace("\r\n", "\n")
    forms = {text, plain, plain.rstrip("\n") + "\n", plain.rstrip("\n")}
    return {hashlib.sha256(f.encode("utf-8")).hexdigest() for f in forms}


def _check_post_digest(text: str, where: str, named: str | None, what: str, lines: list[str], bad: list[str]) -> None:
    """The reveal's gm-seal names the SHA-256 of the commitment and lock posts as gm wrote them: a post
    whose prose was edited (a deadline moved, a promise changed) is not the one the day was sealed with."""
    if not named or _HEX64.match(text.strip()):
        return
    if named in post_digests(text):
        lines.append(f"The {what} post ({where}) is the one the reveal's gm-seal names, prose included.")
    else:
        bad.append(f"the {what} post is not the one the reveal's gm-seal names (SHA-256 {named}): its text was "
                   "edited, or it was not copied whole as gm wrote it")


def _one(text: str, tag: str, where: str) -> dict:
    try:
        return find_machine_line(text, tag, where)
    except LocatedError:
        raise
    except GmError as exc:
        raise Unreadable(str(exc)) from None


def _reveal(pub: Published) -> dict:
    """The gm-reveal line, with the gm-seal line's digests and the gm-beacon line folded in."""
    reveal = dict(_one(pub.reveal_text, "gm-reveal", pub.reveal_where))
    seals = find_machine_lines(pub.reveal_text, "gm-seal", pub.reveal_where)
    if seals:
        reveal.update({k: v for k, v in seals[0][1].items() if k != "day"})
    beacons = find_machine_lines(pub.reveal_text, "gm-beacon", pub.reveal_where)
    reveal["beacon"] = {k: v for k, v in beacons[0][1].items() if k != "day"} if beacons else None
    return reveal


def _commitment(pub: Published) -> dict:
    text = pub.commit_text.strip()
    if _HEX64.match(text):
        return {"seed_sha256": text.lower()}
    commit = _one(pub.commit_text, "gm-commit", pub.commit_where)
    if not isinstance(commit.get("seed_sha256"), str) or not _HEX64.match(commit["seed_sha256"]):
        raise Unreadable(f"{pub.commit_where}: the gm-commit line has no SHA-256")
    return commit


def _check_beacon(commit: dict, reveal: dict, lines: list[str], bad: list[str]) -> dict | None:
    from gm.fairness.beacon import signature_problem

    named = commit.get("beacon")
    used = reveal.get("beacon")
    _check_time(commit, lines, bad)
    if not named:
        if used:
            bad.append("the reveal mixes in a beacon round the commitment never named")
        elif "beacon" in commit:
            lines.append("No beacon round was named: an offline day (the dice key is the seed and the salts).")
        return None
    skipped = reveal.get("no_beacon") if isinstance(reveal.get("no_beacon"), dict) else None
    if not used and skipped and skipped.get("round") == named.get("round"):
        lines.append(f"WARNING: Day resolved without its beacon round {named.get('round')}, for this reason: "
                     f"{skipped.get('reason')!r}. The dice key is the seed and the salts alone: whoever held the seed "
                     "knew it once the salts were in.")
        return None
    if not used:
        bad.append(f"the commitment named drand quicknet round {named.get('round')}, the reveal used no beacon")
        return None
    if used.get("round") != named.get("round"):
        bad.append(f"the commitment named drand quicknet round {named.get('round')}, the reveal used round {used.get('round')}")
        return used
    problem = signature_problem(int(used["round"]), str(used.get("signature", "")))
    if problem:
        bad.append(f"beacon round {used['round']}: {problem}")
    elif used.get("randomness") != hashlib.sha256(bytes.fromhex(used["signature"])).hexdigest():
        bad.append(f"beacon round {used['round']}: its randomness is not the SHA-256 of its signature")
    else:
        lines.append(f"Beacon: drand quicknet round {used['round']}, signature checked against the network's key.")
    return used


def _check_rulings(pub: Published, reveal: dict, lines: list[str], bad: list[str]) -> None:
    """The gm-ruling lines of the reveal are the rulings its gm-reveal line counts (count and digest)."""
    if "rulings_sha256" not in reveal:
        return  # a reveal older than v3: its "rulings" counted the late changes
    listed = [o for _, o, _ in find_machine_lines(pub.reveal_text, "gm-ruling", pub.reveal_where)]
    if len(listed) != reveal.get("rulings") or digest(listed) != reveal["rulings_sha256"]:
        bad.append(f"the reveal's gm-ruling lines ({len(listed)}) are not the {reveal.get('rulings')} ruling(s) its "
                   "gm-reveal line counts (a ruling was left out, added or edited)")
        return
    if not listed:
        lines.append("No rulings applied.")
        return
    after = sum(1 for o in listed if o.get("after_lock"))
    lines.append(f"{counted(len(listed), 'ruling')} applied" + (f", {after} made after the lock" if after else "") + ":")
    for o in listed:
        lines.append(f"  - {o.get('say') if o.get('say') is not None else 'a private ruling'}"
                     + (" (made after the lock)" if o.get("after_lock") else "") + f" [{str(o.get('sha256'))[:12]}...]")


def _check_rounds(pub: Published, commit: dict, reveal: dict, lines: list[str], bad: list[str]) -> dict:
    """The announcements of a new round (gm/fairness/rounds.py): each continues the commitment or
    the one before, was made before the round it replaces was out, and names a round after its new
    deadline; the reveal's gm-seal counts them and names the last; the lock continues the last.
    Returns the commitment with the last round and deadline announced in place."""
    from gm.fairness.beacon import NETWORK
    from gm.fairness.rounds import ROUND_TAG, round_problems

    posts = []
    for text, where in pub.rounds:
        posts.append((_one(text, ROUND_TAG, where), post_digests(text)))
    posts.sort(key=lambda p: p[0].get("n") if type(p[0].get("n")) is int else 0)
    named = reveal.get("rounds", 0) if pub.reveal_text else len(posts)
    if named != len(posts):
        bad.append(f"the reveal's gm-seal names {named} announcement(s) of a new round, {len(posts)} given"
                   + (" (give each with --round)" if named > len(posts) else ""))
    elif posts and reveal.get("round_sha256") and reveal["round_sha256"] not in posts[-1][1]:
        bad.append("the last announcement of a new round given is not the one the reveal's gm-seal names "
                   f"(SHA-256 {reveal['round_sha256']})")
    if not posts:
        return commit
    digests = post_digests(pub.commit_text) if not _HEX64.match(pub.commit_text.strip()) else set()
    problems = round_problems(commit, digests, posts)
    bad += problems
    last = posts[-1][0]
    for rec, _ in posts:
        lines.append(f"Announcement {rec.get('n')}: the deadline moves from {rec.get('from_deadline')} to "
                     f"{rec.get('deadline')}, round {rec.get('from_round')} -> {rec.get('round')} (made {rec.get('made')}; "
                     f"reason: {rec.get('reason')!r}).")
    if not problems:
        lines.append(f"The {len(posts)} announcement(s) continue the commitment, each made before the round it "
                     f"replaced was out: round {last.get('round')} is the one in force.")
    if pub.lock_text:
        try:
            locked = find_machine_line(pub.lock_text, "gm-lock", pub.lock_where)
        except GmError:
            locked = {}
        if locked.get("round_sha256") not in posts[-1][1]:
            bad.append("the lock does not continue the last announcement of a new round (its round_sha256)")
    return dict(commit, beacon={"network": NETWORK, "round": last.get("round")}, deadline=last.get("deadline"))


def _check_time(commit: dict, lines: list[str], bad: list[str]) -> None:
    """The commitment's deadline and its beacon round's time: the round must come after the deadline,
    or someone could know the dice key while orders and salts could still change."""
    from gm.fairness.beacon import parse_utc_text, round_after, round_time, utc_words

    raw = commit.get("deadline")
    round_ = (commit.get("beacon") or {}).get("round")
    if raw is None:
        return
    deadline = parse_utc_text(raw) if isinstance(raw, str) else None
    if deadline is None:
        bad.append(f"the commitment's deadline {raw!r} is not a time as gm writes it (2026-03-01T20:00:00Z)")
        return
    if type(round_) is not int or round_ < 1:
        lines.append(f"Deadline {utc_words(deadline)}; no beacon round named.")
        return
    published = round_time(round_)
    lines.append(f"Deadline {utc_words(deadline)}; drand quicknet round {round_} was published {utc_words(published)}.")
    if published <= deadline:
        bad.append(f"drand quicknet round {round_} was published {utc_words(published)}, before the deadline "
                   f"{utc_words(deadline)}: its randomness could be known while orders and salts could still change")
    elif round_ != round_after(deadline):
        lines.append(f"Note: round {round_} is not the first after the deadline (that is round {round_after(deadline)}).")


def _salts(pub: Published, reveal: dict, lines: list[str], bad: list[str]) -> dict[str, str]:
    salts: dict[str, str] = {}
    if pub.reveal_text:
        for _, o, _ in find_machine_lines(pub.reveal_text, "gm-salt", pub.reveal_where):
            salts[o.get("player")] = o.get("salt")
        if reveal.get("salts_sha256") is not None and (digest(salts) != reveal["salts_sha256"] or len(salts) != reveal.get("salts")):
            bad.append(f"the reveal's gm-salt lines ({len(salts)}) are not the {reveal.get('salts')} salt(s) its gm-reveal line counts")
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in salts.items()):
        raise GmError(f"{pub.reveal_where}: the salts are not names and texts (was the reveal altered?)")
    salts |= pub.salts
    if salts:
        lines.append(f"Salts ({len(salts)}): " + ", ".join(f"{n}={s!r}" for n, s in sorted(salts.items())))
    else:
        lines.append("No salts.")
    return salts


def _check_lock(pub: Published, commit: dict, reveal: dict, salts: dict, lines: list[str], bad: list[str]) -> None:
    from gm.fairness.lock import lock_problems, parse_lock, salt_differences

    if not pub.lock_text:
        return
    lock = parse_lock(pub.lock_text, pub.lock_where)
    rec = lock.record
    bad += [f"the lock post: {p}" for p in lock_problems(lock)]
    for key in ("engine", "day", "game"):
        if key in commit and rec.get(key) != commit[key]:
            bad.append(f"the lock is for {key} {rec.get(key)!r}, the commitment for {commit[key]!r}")
    if rec.get("beacon_round") != (commit.get("beacon") or {}).get("round"):
        bad.append(f"the lock names beacon round {rec.get('beacon_round')}, the commitment {(commit.get('beacon') or {}).get('round')}")
    if commit.get("rules_sha256") and rec.get("rules_sha256") and commit["rules_sha256"] != rec["rules_sha256"]:
        lines.append("Note: the house rules changed between the commitment and the lock (their rules_sha256 differ): "
                     "ask the GM what changed.")
    changes = salt_differences(lock.salts, salts)
    bad += changes
    late = reveal.get("late_changes", reveal.get("rulings"))  # before v3, "rulings" counted the late changes
    if reveal.get("orders_sha256") and reveal["orders_sha256"] != rec.get("files_sha256"):
        if late:
            lines.append(f"Orders changed after the lock, by {counted(late, 'late change')} named in the reveal post.")
        else:
            bad.append("the orders files the day was resolved from are not the ones locked, and no ruling says why")
    if not changes:
        lines.append(f"Lock ({pub.lock_where}): {counted(len(lock.files), 'orders file')} and {counted(len(lock.salts), 'salt')}, "
                     "every salt used as locked.")


def _check_openings(pub: Published, rolls: list[dict], day: int, lines: list[str], bad: list[str]) -> None:
    """Each gm-open line of the day against its public roll line; lines of other days are skipped
    (a post of the whole game's openings serves every day)."""
    from gm.fairness.rolllog import OPEN_TAG, check_opening

    by_index = {r.get("index"): r for r in rolls}
    opened = 0
    for text, where in pub.openings:
        for n, o, _ in find_machine_lines(text, OPEN_TAG, where):
            if o.get("day") != day:
                continue
            roll = o.get("roll") if isinstance(o.get("roll"), dict) else {}
            public = by_index.get(roll.get("index"))
            problem = "no such roll in the public log" if public is None else check_opening(o, public)
            full = dict(roll, table=o["table"]) if "table" in o else roll
            if problem is None and "outcome" in roll and ("table_sha256" not in roll or "table" in o) \
                    and roll["outcome"] != outcome_of(full):
                problem = f"a value of {roll['value']} means {outcome_of(full)!r}, the opening says {roll['outcome']!r}"
            if problem:
                bad.append(f"{where}:{n}: {problem}")
                continue
            opened += 1
            lines.append(f"Opened roll #{roll['index']}: {roll.get('purpose')}: {roll['value']} on d{roll['sides']}"
                         + (f", {roll['outcome']}" if roll.get("outcome") not in (None, roll["value"]) else ""))
    if pub.openings:
        lines.append(f"{counted(opened, 'opening')} of Day {day} checked against the public roll log.")
