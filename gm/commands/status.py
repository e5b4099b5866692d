"""`gm status`: the GM's table of the game (or what the thread may see, or what one player knows),
and the lines about the next day that `gm check` prints too: who owes orders, the seed's
commitment and the lock, the deadline."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from gm.errors import GmError
from gm.gamedir import GameDir
from gm.paths import display_path


@dataclass(eq=False, repr=False)
class Status:
    """`gm status`: the table and lines to print."""

    title: str
    head: list[str]
    rows: list[list[str]]
    lines: list[str]
    warnings: list[str] = field(default_factory=list)  # for the GM: what the secrets' filter could not check


def status(root: Path, player: str | None, public: bool = False) -> Status:
    """The GM's table of the game (or, `public`, what the thread may see: Engine.public_status_rows),
    who owes orders and the deadline; or, with `player`, what that player knows."""
    from gm.pipeline.day import check_day

    gd = GameDir(root)
    game = gd.load()
    done = gd.resolved_days()
    engine = game.engine
    if done:
        from gm.pipeline.day import load_state

        state = load_state(gd, game, done[-1])
    else:
        state = game.initial_state
    day_txt = f"after Day {done[-1]}" if done else "before Day 0"
    if player is not None:
        from gm.gmday.deadline import find_player
        from gm.rulings import replacements, with_replacements

        # a replacement's handle finds the character (rulings up to the day being played)
        game = with_replacements(game, replacements(gd, game, done[-1] + 1 if done else 0))
        player = find_player(game, player)
        lines = [f"{player}, {day_txt}: what {player} knows"] + engine.player_status(state, game.rules, player)
        from gm.learned import seen_by_player

        seen = seen_by_player([(d, gd.result_dir(d)) for d in done], engine.learned_kinds).get(player, [])
        learned = engine.player_learned(seen, game.rules, player)
        if learned:
            lines += ["  learned:"] + ["  " + x for x in learned]
        from gm.channels import release

        # what the player knows: through the filter of the engine's declared secrets
        notes: list[str] = []
        release(engine, state, player, "status", lambda s: "\n".join(engine.player_status(s, game.rules, player)), notes)
        return Status(game.title, [], [], lines, notes)
    notes: list[str] = []
    if public:  # what the thread may see, through the secrets' filter
        from gm.channels import public_status

        head, rows = public_status(engine, state, game.rules, notes)
    else:
        head, rows = engine.status_rows(state, game.rules)
    lines = []
    if not engine.ended(state):
        next_day = done[-1] + 1 if done else 0
        try:
            checked = check_day(gd, game, next_day)
            waiting = checked.missing
            if not checked.due:
                lines.append(f"Day {next_day}: no orders are due; resolve it when you are ready")
            else:
                lines.append(f"Day {next_day}: " + (f"no orders yet from {', '.join(waiting)}" if waiting else "orders from everyone"))
            if checked.errors:
                lines.append(f"Day {next_day}: {len(checked.errors)} error(s) in the orders: run `gm check`")
            lines.append(_commitment_line(gd, next_day))
            lines.append(deadline_line(gd, game, next_day, checked))
            from gm.gmday.ignored import unread

            stray = unread(gd, next_day)
            if stray:
                lines.append(f"Day {next_day}: {len(stray)} file(s) or folder(s) gm does not read: "
                             f"`gm check {display_path(gd.root)}` names them, with the fix")
        except GmError as exc:
            lines.append(f"Day {next_day}: {exc}")
    else:
        lines.append("The game is over.")
    return Status(f"{game.title}, {day_txt}", head, rows, lines, notes)



def deadline_line(gd: GameDir, game, day: int, checked, now_raw: str | None = None) -> str:
    """`Day 3: deadline 2026-03-01 20:00 UTC (5 h 20 min left; set in ...)`, as check and status show it,
    in the game's zone as the posts tell it."""
    from gm.gmday.deadline import deadline_of, now_utc, time_left

    now = now_utc(now_raw, game.zone)
    rulings = checked.rulings.deadline if checked.rulings is not None else None
    d = deadline_of(gd, game, day, rulings, now, checked.rulings.deadline_source if checked.rulings is not None else None)
    if d.when is None:
        return (f"Day {day}: no deadline set (`gm commit {display_path(gd.root)} --day {day} --deadline "
                "'YYYY-MM-DD HH:MM'`, or `deadline: \"20:00\"` in game.yaml)")
    from gm.moments import told

    left = time_left(d, now)
    return f"Day {day}: deadline {told(d.when, game.zone)} ({f'{left} left' if left else 'passed'}; set in {d.source})"


def _commitment_line(gd: GameDir, day: int) -> str:
    from gm.fairness.beacon import round_time
    from gm.fairness.commitment import commit_path, is_committed
    from gm.fairness.lock import lock_path

    if not is_committed(gd, day):
        return f"Day {day}: no seed committed yet (run `gm commit {display_path(gd.root)} --day {day}` before the orders come in)"
    line = f"Day {day}: seed committed ({display_path(commit_path(gd, day))}: post it before the orders come in)"
    try:
        from gm.fairness.rounds import current_of

        beacon = current_of(gd, day)[2].get("beacon") if commit_path(gd, day).is_file() else None  # the last announced
    except GmError:
        beacon = None
    if beacon:
        line += (f"; the dice take drand quicknet round {beacon['round']}, out at "
                 f"{round_time(beacon['round']).strftime('%Y-%m-%d %H:%M:%S UTC')}: give its signature to `gm resolve --beacon`")
    if lock_path(gd, day).is_file():
        line += f"; orders locked ({display_path(lock_path(gd, day))})"
    else:
        line += f"; at the deadline, run `gm lock {display_path(gd.root)} --day {day}`"
    return line
