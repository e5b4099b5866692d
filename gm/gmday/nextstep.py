"""`gm next`: where a game stands in the day's cycle, what is overdue, and the one command to run.

The cycle: commit, forms, receipts, reminders, lock, votes, resolve, preview, reveal, send. What
gm can see on disk decides each step (commit.txt, receipts/, lock.txt, votes.yaml, result/,
preview.html, and the ticks a served desk keeps in desk-sent.json); what only the GM can see (a
form posted from a static desk) is shown as a step to do, never guessed done. A day's results
count as sent once every text on its desk is ticked, or once the next day is committed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from gm.errors import GmError
from gm.gamedir import GameDir
from gm.paths import display_path

DONE, TODO, LATE, WAIT, SKIP, OPT = "done", "to do", "overdue", "waiting", "not needed", "optional"


@dataclass(eq=False, repr=False)
class Step:
    step: str
    status: str
    detail: str = ""


@dataclass(eq=False, repr=False)
class Next:
    title: str
    day: int
    steps: list[Step]
    command: str  # the exact next command
    why: str
    deadline: str | None = None  # UTC, 'YYYY-MM-DD HH:MM'
    warnings: list[str] = field(default_factory=list)
    over: bool = False

    def as_json(self) -> dict:
        return {"title": self.title, "day": self.day, "deadline": self.deadline, "game_over": self.over,
                "next": {"command": self.command, "why": self.why}, "warnings": self.warnings,
                "steps": [{"step": s.step, "status": s.status, "detail": s.detail} for s in self.steps]}


def _ago(delta) -> str:
    minutes = int(delta.total_seconds() // 60)
    d, rest = divmod(minutes, 24 * 60)
    h, m = divmod(rest, 60)
    return f"{d} d {h} h" if d else f"{h} h {m} min" if h else f"{m} min"


def _mtime(paths) -> float:
    return max((p.stat().st_mtime for p in paths), default=0.0)


def _all_sent(gd: GameDir, game, day: int) -> tuple[int, int]:
    """(sent, to send) among the day's results on the desk, by the served desk's ticks."""
    from gm.gmday.desk import build_desk, read_sent

    desk = build_desk(gd, game, day)
    results = [i for i in desk.items() if i.id.split(".")[0] in ("narration", "correction", "reveal", "rolls", "pm", "open")]
    sent = read_sent(gd, day)
    return sum(1 for i in results if sent.get(i.id) == i.sha), len(results)


def next_step(root: Path, now_raw: str | None = None) -> Next:
    from gm.fairness.commitment import is_committed
    from gm.gmday.deadline import now_utc

    gd = GameDir(root)
    game = gd.load()
    now = now_utc(now_raw, game.zone)
    g = display_path(gd.root)
    done = gd.resolved_days()
    if done:
        last = done[-1]
        state = game.engine.state_from_json(gd.read_json(last, "state.json"))
        over = game.engine.ended(state)
        if over or not is_committed(gd, last + 1):  # once the next day is committed, this one was sent
            sent, total = _all_sent(gd, game, last)
            if over or sent < total:
                return _after_resolve(gd, game, last, g, sent, total, over)
        day = last + 1
    else:
        day = 0
    return _before_resolve(gd, game, day, g, now)


def _before_resolve(gd: GameDir, game, day: int, g: str, now: datetime) -> Next:
    from gm.fairness.commitment import committed_record, is_committed
    from gm.pipeline.day import check_day
    from gm.gmday.desk import read_sent
    from gm.gmday.deadline import deadline_of, time_left
    from gm.fairness.lock import lock_path

    checked = check_day(gd, game, day)
    rulings = checked.rulings.deadline if checked.rulings is not None else None
    deadline = deadline_of(gd, game, day, rulings, now)
    passed = deadline.when is not None and deadline.when <= now
    left = time_left(deadline, now)
    when = (f"deadline {deadline.text()} UTC, " + (f"{left} left" if left else f"passed {_ago(now - deadline.when)} ago")
            if deadline.when else "no deadline set")
    steps: list[Step] = []
    warnings: list[str] = []
    cmd: tuple[str, str] | None = None

    def want(command: str, why: str):
        nonlocal cmd
        if cmd is None:
            cmd = (command, why)

    committed = is_committed(gd, day)
    if committed:
        steps.append(Step("commit", DONE, f"days/{day:02d}/commit.txt"))
    else:
        iso = deadline.when.strftime("%Y-%m-%dT%H:%MZ") if deadline.when else "WHEN"
        late = passed or bool(gd.orders_files(day))
        steps.append(Step("commit", LATE if late else TODO, "orders already came in: the post will say it was late"
                          if late else "post the commitment before any orders come in"))
        want(f"gm commit {g} --day {day} --deadline {iso}" + (" --late" if late else ""),
             "fix the day's dice before the orders come in" + ("" if deadline.when else
                                                              "; WHEN is the orders deadline with its zone, like 2026-03-01T20:00Z"))
    locked = lock_path(gd, day).is_file()
    due, missing = checked.due, checked.missing
    if not due:
        for name in ("forms", "receipts", "reminders"):
            steps.append(Step(name, SKIP, "no player owes orders this day"))
    else:
        got = len(due) - len(missing)
        ticked = {k.split(".")[0] for k in read_sent(gd, day)}  # a served desk's ticks
        steps.append(Step("forms", DONE if locked or "form" in ticked else TODO,
                          "ticked on the served desk" if "form" in ticked else "post the blank form in the thread (on the "
                          "desk), each player's with `gm form --player`; tick it on a served desk and gm knows"))
        receipts = gd.day_dir(day) / "receipts"
        fresh = receipts.is_dir() and _mtime(receipts.iterdir()) >= _mtime(gd.orders_files(day))
        steps.append(Step("receipts", DONE if fresh else (SKIP if not got else TODO),
                          f"{got} of {len(due)} players' orders in" + ("" if fresh or not got else "; some not yet receipted")))
        steps.append(Step("reminders", SKIP if not missing or locked or passed else DONE if "remind" in ticked else TODO,
                          (f"no orders from {', '.join(missing)}: the deadline has passed, they get the defaults"
                           if passed else f"waiting for {', '.join(missing)}") if missing else "everyone has sent orders"))
        if checked.errors:
            want(f"gm check {g} --day {day}", f"{len(checked.errors)} error(s) in the orders")
        if got and not fresh and not locked:
            want(f"gm receipts {g} --day {day}", "send each player what gm read, while a dispute can still be settled")
        if missing and not passed and not locked:
            want(f"gm desk {g} --day {day}", f"post the form and, nearer the deadline, the reminder: {len(missing)} "
                                             f"player(s) still owe orders ({when})")
    if locked:
        steps.append(Step("lock", DONE, display_path(lock_path(gd, day))))
    else:
        steps.append(Step("lock", LATE if passed else (TODO if deadline.when is None else WAIT), when))
        want(f"gm lock {g} --day {day}", "post the lock at the deadline: every orders file's digest and every salt")
    if game.engine.votes is not None:
        has = gd.votes_path(day).is_file()
        steps.append(Step("votes", DONE if has else OPT, "votes counted from the thread" if has else
                          f"if players vote in the thread: `gm votes {g} --day {day} --thread FILE`"))
    beacon = ""
    if committed:
        try:
            rec = committed_record(gd, day)
            beacon = " --beacon SIGNATURE" if rec.get("beacon") else ""
        except GmError:
            pass
    steps.append(Step("resolve", TODO if locked else WAIT, "after the lock" + (" and the beacon round" if beacon else "")))
    want(f"gm resolve {g} --day {day}{beacon}", "resolve the day" + (
        " with the signature of the drand round the commitment named" if beacon else ""))
    for name in ("preview", "reveal", "send"):
        steps.append(Step(name, WAIT, "after resolving"))
    command, why = cmd
    if command.startswith(("gm lock", "gm resolve")) and not passed:
        warnings.append(f"warning: Day {day}'s deadline has not passed ({when}): `{' '.join(command.split(' ')[:2])}` now "
                        "would shut out orders still allowed" if deadline.when else
                        f"warning: Day {day} has no deadline: run `{' '.join(command.split(' ')[:2])}` once you have "
                        "announced that orders are closed")
    return Next(game.title, day, steps, command, why, deadline.text(), list(dict.fromkeys(warnings)))


def _after_resolve(gd: GameDir, game, day: int, g: str, sent: int, total: int, over: bool) -> Next:
    preview = (gd.day_dir(day) / "preview.html").is_file()
    steps = [Step(name, DONE) for name in ("commit", "forms", "receipts", "reminders", "lock", "votes", "resolve")
             if name != "votes" or game.engine.votes is not None]
    steps.append(Step("preview", DONE if preview else TODO, f"days/{day:02d}/preview.html"))
    why = game.engine.sealed(day)
    steps.append(Step("reveal", WAIT if why and not over else TODO,
                      f"{why}: post it when the game ends" if why and not over else "post it after the narration (on the desk)"))
    steps.append(Step("send", DONE if total and sent == total else TODO,
                      f"{sent} of {total} ticked on the served desk (a static desk keeps its ticks in the browser)"))
    if not preview:
        command, reason = f"gm preview {g} --day {day}", "check the posts as the forum shows them"
    elif over and sent == total:
        command, reason = f"gm reveal {g} --purposes", "the game is over: open every roll of every day"
    else:
        command, reason = f"gm desk {g} --day {day} --serve", "copy the narration, the reveal and each player's message"
    if not over:
        reason += f"; then `gm commit {g} --day {day + 1}` for the next day"
    return Next(game.title, day, steps, command, reason, None, [], over)
