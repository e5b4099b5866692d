"""What the fairness commands do (commit, lock, reveal, verify), as plain functions returning plain
results (gm/commandline/fairness.py prints them)."""

from __future__ import annotations

from pathlib import Path

from gm.commands.game import when_now
from gm.errors import StateError
from gm.gamedir import GameDir
from gm.gamedir import default_day as _default_day
from gm.paths import display_path


def commit(root: Path, day: int | None, deadline: str | None = None, late: bool = False, now: str | None = None,
           new_deadline: str | None = None, reason: str | None = None):
    """Fix the day's seed and return the commitment post (gm/fairness/commitment.py); with `deadline`, the
    dice also take the beacon round after it, and the day's deadline is kept for check, status,
    remind and the receipts (gm/gmday/deadline.py). A day after the end of the game is refused.
    With `new_deadline` (and `reason`), a committed day's deadline moves past its round: the
    announcement of a new round (gm/fairness/announce.py)."""
    from gm.fairness.beacon import parse_deadline
    from gm.fairness.commitment import commit_day
    from gm.pipeline.day import anyone_due, day_rolls, load_state

    gd = GameDir(root)
    game = gd.load()
    if new_deadline is not None:
        if deadline is not None or late:
            raise StateError("--new-deadline moves the deadline of a day already committed: leave out --deadline and --late")
        return _announce(gd, game, day, parse_deadline(new_deadline, game.zone, "--new-deadline"), reason, now)
    if reason is not None:
        raise StateError("--reason goes with --new-deadline (why the deadline moves)")
    when = parse_deadline(deadline, game.zone) if deadline is not None else None
    with gd.lock():
        day = _default_day(gd, day, resolved=False)
        done = [d for d in gd.resolved_days() if d < day]
        if done and not gd.is_resolved(day) and game.engine.ended(load_state(gd, game, done[-1])):
            raise StateError(f"the game ended on Day {done[-1]}: there is no Day {day} to commit")
        result = commit_day(gd, game, day, deadline=when, late=late, due=anyone_due(gd, game, day), now=when_now(now, game.zone),
                             rolls=day_rolls(gd, game, day))
        if when is not None:
            from gm.gmday.deadline import set_deadline

            where = set_deadline(gd, day, when)
            result.warnings.append(f"Day {day}: deadline kept in {where} (`gm remind` and `gm status` show the time left)")
    result.parts = post_parts(game, result.post)
    return result


def _announce(gd: GameDir, game, day: int | None, when, reason: str | None, now: str | None):
    from gm.fairness.announce import announce_round
    from gm.gmday.deadline import set_deadline

    with gd.lock():
        day = _default_day(gd, day, resolved=False)
        result = announce_round(gd, game, day, when, reason or "", when_now(now))
        where = set_deadline(gd, day, when)
        result.warnings.append(f"Day {day}: deadline kept in {where} (`gm remind` and `gm status` show the time left)")
    result.parts = post_parts(game, result.post)
    return result


def post_parts(game, post: str) -> list[str]:
    """A post as the forum takes it: whole, or in numbered parts within its length (gm/forum/profiles.py).
    The file gm keeps (commit.txt, lock.txt) holds the whole post; the parts are what is pasted."""
    from gm.forum.profiles import split_post

    return split_post(post, game.format, game.forum.max_length if game.forum is not None else None)


def lock(root: Path, day: int | None, file_key: str | None = None, now: str | None = None, early: bool = False,
         reason: str | None = None):
    """Post the orders and salts as received, at the deadline (gm/fairness/lock.py); with `file_key`, only
    the key of that orders file, for the player whose orders it holds."""
    from gm.fairness.lock import file_key_for, lock_day
    from gm.pipeline.day import check_day

    gd = GameDir(root)
    game = gd.load()
    if file_key is not None:
        d = _default_day(gd, day, resolved=False) if day is None else day
        return d, file_key_for(gd, game, d, file_key)
    with gd.lock():
        day = _default_day(gd, day, resolved=False)
        locked = lock_day(gd, game, day, lambda: check_day(gd, game, day), when_now(now, game.zone), early, reason)
    locked.parts = post_parts(game, locked.post)
    return locked


def reveal(root: Path, day: int | None, rolls: bool = False, purposes: bool = False) -> tuple[int, list[str]]:
    """The reveal post of a resolved day (or, with `rolls`, its public roll log as posts; with
    `purposes`, once the game has ended, every roll of every day opened)."""
    gd = GameDir(root)
    game = gd.load()
    if purposes:
        from gm.fairness.reveal import purposes_posts

        return purposes_posts(gd, game)
    day = _default_day(gd, day, resolved=True)
    if not gd.is_resolved(day):
        raise StateError(f"Day {day} has not been resolved: its seed stays secret until it is")
    # sealed (Engine.secrets): a sealed day's reveal is written only once the game has ended (gm/fairness/reveal.py)
    why = game.engine.sealed(day)
    if why or not (gd.result_dir(day) / f"reveal.{game.ext}").is_file():
        last = gd.resolved_days()[-1]
        if not game.engine.ended(game.engine.state_from_json(gd.read_json(last, "state.json"))):
            why = why or f"Day {day}'s dice decided something secret ({game.engine.secrets.sealing_rolls or 'a hidden fact'})"
            raise StateError(f"{why}: post Day {day}'s reveal and roll log after the game ends")
    if rolls:
        from gm.fairness.reveal import roll_log_posts

        return day, roll_log_posts(game, day, gd.result_dir(day) / "rolls.public.jsonl")
    path = gd.result_dir(day) / f"reveal.{game.ext}"
    if not path.is_file():  # a sealed day of a game that has ended: its reveal is due now (gm/fairness/reveal.py)
        from gm.fairness.reveal import release_sealed

        with gd.lock():
            release_sealed(gd, game)
    if not path.is_file():
        raise StateError(f"{display_path(path)} is missing (was Day {day} resolved by an older gm? docs/fairness.md says what to do)")
    parts = sorted(gd.result_dir(day).glob(f"reveal.part*.{game.ext}"), key=lambda p: int(p.name.split(".")[1][4:]))
    return day, [p.read_text(encoding="utf-8") for p in (parts or [path])]


def verify(commit_arg: str, reveal_path: Path | None, rolls_path: Path, seed: str | None, engine: str | None,
           day: int | None, salts: list[str], lock_path: Path | None = None, open_paths: tuple[Path, ...] = (),
           round_paths: tuple[Path, ...] = ()):
    """Check a day's dice from the published posts alone (gm/fairness/verify.py). A file that cannot be
    read raises Unreadable (exit code 2)."""
    from gm.fairness.verify import Published, Unreadable, verify as run

    def read(path: Path) -> str:
        try:
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise Unreadable(f"{display_path(path)}: cannot read ({getattr(exc, 'strerror', None) or exc})") from None

    commit_path = Path(commit_arg)
    commit_text, commit_where = ((read(commit_path), display_path(commit_path)) if commit_path.exists()
                                 else (commit_arg, "--commit"))
    typed = {}
    for item in salts:
        name, sep, salt = item.partition("=")
        if not sep or not name.strip():
            raise Unreadable(f"--salt takes NAME=SALT, not {item!r}")
        typed[name.strip()] = salt
    pub = Published(commit_text, commit_where, read(rolls_path), display_path(rolls_path),
                    read(reveal_path) if reveal_path else None, display_path(reveal_path) if reveal_path else "reveal",
                    seed, engine, day, typed,
                    lock_text=read(lock_path) if lock_path else None,
                    lock_where=display_path(lock_path) if lock_path else "lock",
                    openings=[(read(p), display_path(p)) for p in open_paths],
                    rounds=[(read(p), display_path(p)) for p in round_paths])
    return run(pub)
