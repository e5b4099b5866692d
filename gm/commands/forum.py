"""What the forum toolkit's commands do (votes, preview, render, templates) and the players'
reference (rules, guide), as plain functions returning plain results (gm/commandline/ prints them)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from gm.errors import StateError
from gm.gamedir import GameDir
from gm.gamedir import default_day as _default_day
from gm.paths import display_path


@dataclass(eq=False, repr=False)
class VotesResult:
    """What `gm votes` counted and wrote."""

    day: int
    posts: list[str]  # the vote-count post (in parts if the forum needs them)
    problems: list  # warnings for the GM, located in the thread file
    written: str | None  # votes.yaml, unless --dry-run
    voters: int
    warnings: list[str] = field(default_factory=list)  # for the GM: what the secrets' filter could not check


def votes(root: Path, day: int | None, thread_path: Path, deadline: str | None, dry_run: bool) -> VotesResult:
    """Count the day's votes from a saved thread (gm/forum/thread.py, gm/gmday/votecount.py)."""
    from datetime import datetime

    from gm.pipeline.day import state_before
    from gm.forum.profiles import split_post
    from gm.forum.render import render_post
    from gm.forum.thread import read_thread
    from gm.gmday.votecount import count_post, count_votes, votes_yaml, write_votes

    gd = GameDir(root)
    game = gd.load()
    day = _default_day(gd, day, resolved=False)
    if gd.is_resolved(day):
        raise StateError(f"Day {day} is already resolved: its votes are part of its record")
    # the count gm resolve will make: the state after the day's rulings, the votes sent by PM
    from gm.pipeline.day import check_day

    before = state_before(gd, game, day)
    checked = check_day(gd, game, day, thread_votes=False)
    state = checked.state
    ruled_out = frozenset(game.engine.players_due(before)) - frozenset(game.engine.players_due(state))
    cast = game.engine.votes.cast if game.engine.votes is not None else (lambda o: {})
    by_pm = {p: cast(o) for p, o in checked.orders.items() if p not in checked.missing}
    when = None
    if deadline is not None:
        from gm.gmday.deadline import parse_when

        when = parse_when(deadline, "--deadline", game.zone)
    from gm.yamlio import read_text_file

    from gm.yamlio import decode_text, read_bytes

    raw = read_bytes(thread_path, game.limits.thread_bytes, "thread_bytes")
    text = decode_text(raw, thread_path)
    where = display_path(thread_path)
    thread = read_thread(text, where, when, markdown=game.format == "markdown", zone=game.zone)
    from gm.rulings import replacements, with_replacements

    game = with_replacements(game, replacements(gd, game, day))  # a replacement posts as the character
    tally = count_votes(thread, where, game, state, day, by_pm, ruled_out)
    notes: list[str] = []
    post = count_post(game, state, tally, bool(thread.deadline_line or when), notes)  # through the secrets' filter
    written = None
    if not dry_run:
        with gd.lock():
            if gd.is_resolved(day):
                raise StateError(f"Day {day} is already resolved: its votes are part of its record")
            written = write_votes(gd, day, votes_yaml(tally, thread_path.name, hashlib.sha256(raw).hexdigest()))
            from gm.storage.atomic import replace_file_atomically

            replace_file_atomically(gd.day_dir(day) / f"votecount.{game.ext}", post)  # for gm desk
    limit = game.forum.max_length if game.forum else None
    return VotesResult(day, split_post(post, game.format, limit), tally.problems, written, len(tally.standing), notes)


def preview(root: Path, day: int | None, out: Path | None, forum: str | None = None,
            max_length: int | None = None) -> tuple[str, str | None]:
    """Write the day's HTML preview (gm/gmday/preview.py); return where, and a note when the posts shown
    are rendered again for another forum than the result's. Opens nothing."""
    from gm.gmday.preview import write_preview
    from gm.gmday.rerender import posts_for

    gd = GameDir(root)
    game = gd.load()
    chosen = _forum(game, forum, max_length)
    with gd.lock():
        day = _default_day(gd, day, resolved=True)
        if not gd.is_resolved(day):
            raise StateError(f"Day {day} has not been resolved: there is nothing to preview yet")
        return write_preview(gd, game, day, posts_for(gd, game, day, [chosen])[0], chosen, out)


def _forum(game, name: str | None, max_length: int | None):
    """The forum a command renders for: the one named, else game.yaml's (with the GM's length)."""
    from gm.forum.profiles import GENERIC
    from gm.gmday.rerender import forum_named

    if name:
        return forum_named(name, max_length, game)
    chosen = game.forum or GENERIC[game.format]
    return forum_named(chosen.name, max_length, game) if max_length is not None else chosen


def render(root: Path, day: int | None, forum: str | None, max_length: int | None):
    """A resolved day's posts for another forum (gm/gmday/rerender.py), written to days/NN/render/<forum>/."""
    from gm.gmday.rerender import render_day_for

    gd = GameDir(root)
    game = gd.load()
    return render_day_for(root, _default_day(gd, day, resolved=True), _forum(game, forum, max_length))


def templates(root: Path, name: str | None):
    """The shipped templates with their blocks, or one shipped template's source (to copy or extend)."""
    from gm.forum.templating import shipped_template, template_catalogue

    game = GameDir(root).load()
    if name is not None:
        return shipped_template(game, name)
    return template_catalogue(game)


def rules_text(engine_name: str | None, root: Path | None) -> tuple[str, str]:
    """An engine's RULINGS.md (where its rulebook is silent or unclear, what gm decided), and where it is."""
    from gm.engines import DEFAULT_ENGINE, get_engine

    if engine_name is None and root is not None:
        engine = GameDir(root).load().engine
    else:
        engine = get_engine(engine_name or DEFAULT_ENGINE)
    path = engine.data_dir / "RULINGS.md"
    return path.read_text(encoding="utf-8"), str(path)


GUIDE_FILE = "GUIDE.md"


def guide_text(engine_name: str | None, root: Path | None, fmt: str | None = None) -> str:
    """The players' guide of an engine (games/<engine>/GUIDE.md, the same page as
    docs/guides/<engine>.md): every order with its syntax and one example, to post in the sign-up
    thread. `fmt` bbcode: in BBCode (headings bold, examples in [code], tables as monospace)."""
    from gm.engines import DEFAULT_ENGINE, get_engine

    if engine_name is None and root is not None:
        game = GameDir(root).load()
        engine, fmt = game.engine, fmt or game.format
    else:
        engine = get_engine(engine_name or DEFAULT_ENGINE)
    text = (engine.data_dir / GUIDE_FILE).read_text(encoding="utf-8")
    if fmt == "bbcode":
        from gm.markup import markdown_page_to_bbcode

        return markdown_page_to_bbcode(text)
    return text
