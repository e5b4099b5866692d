"""A resolved day's posts for another forum, and nothing else: `gm render`.

A GM who moves the game to another board (or mistyped `forum:` before resolving) needs the
day's posts in the new board's markup and lengths. Resolving again with --force would post a
public correction; this replays the day from its record instead (the same replay `gm audit`
makes), checks that the replay is the day on record (its rolls, events and state byte for
byte), and renders only the posts. They are written to days/NN/render/<forum>/; the result
folder, the record and the chain are never touched.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

from gm.errors import StateError
from gm.gamedir import Game, GameDir
from gm.paths import display_path
from gm.storage.atomic import scratch, write_bytes

FACTS = ("rolls.jsonl", "events.jsonl", "state.json")  # what the day was; the rest is how it is told
_NOT_POSTS = (".json", ".jsonl", ".txt")  # the record, the logs and the GM summary: not for the forum
# settings that change how a day is told, never what happened: a re-render takes today's (a pronoun
# or a forum handle corrected in game.yaml shows in the posts); the rules and the title stay the
# day's own, as the replay that checks the facts had them
TOLD_AS_TODAY = ("pronouns", "handles", "telling", "zone")


@dataclass
class Rendered:
    day: int
    forum: str
    folder: str
    files: list[str]


def forum_named(name: str, max_length: int | None = None, game: Game | None = None):
    """A forum profile or bare format by name (`discord`, `phpbb`, `markdown`, ...), as game.yaml's
    `forum:` takes them; a limit of the GM's own as `max_length:` sets it, no shorter than `game`'s
    machine lines need (gm/forum/fits.py)."""
    from gm.forum.profiles import GENERIC, PROFILES
    from gm.suggest import did_you_mean

    key = name.strip().casefold()
    forum = PROFILES.get(key) or GENERIC.get(key)
    if forum is None:
        names = [*PROFILES, *GENERIC]
        raise StateError(f"unknown forum {name!r}{did_you_mean(name, names)} (forums: {', '.join(names)})")
    if max_length is not None:
        if max_length < 500:
            raise StateError("--max-length must be at least 500 characters")
        forum = replace(forum, max_length=max_length)
        if game is not None:
            from gm.forum.profiles import length_problem

            why = length_problem(forum, game.title, game.engine.facts.name)
            if why:
                raise StateError(f"--max-length is {max_length}, and {why}")
    return forum


def posts_for(gd: GameDir, game: Game, day: int, forums: list) -> list[dict[str, str]]:
    """The day's posts and messages rendered for each forum, from one replay checked against the record."""
    from gm.gmday.audit import replayed
    from gm.storage.gcpause import gc_paused
    from gm.pipeline.record import day_files

    today = game
    with gc_paused():
        rd, history, game, _ = replayed(gd, game, day)  # the game as the day was resolved (its rules)
        expected = day_files(game, rd, history)
        result = gd.result_dir(day)
        for rel in FACTS:
            path = result / rel
            if not path.is_file() or path.read_bytes() != expected[rel].encode("utf-8"):
                raise StateError(f"{display_path(path)} does not match a replay of Day {day}: run `gm audit "
                                 f"{display_path(gd.root)} --day {day}`; posts rendered now would not tell the day on record")
        out = []
        told = {k: getattr(today, k) for k in TOLD_AS_TODAY}  # how it is told: as game.yaml says now
        for forum in forums:
            files = day_files(replace(game, format=forum.format, forum=forum, **told), rd, history)
            out.append({rel: text for rel, text in files.items() if not rel.endswith(_NOT_POSTS)})
    return out


def render_day_for(root: Path, day: int, forum) -> Rendered:
    """Write days/NN/render/<forum>/ whole (a folder gm owns: an earlier render is replaced)."""
    gd = GameDir(root)
    game = gd.load()
    if not gd.is_resolved(day):
        raise StateError(f"Day {day} has not been resolved: there is nothing to render yet")
    with gd.lock():
        files = posts_for(gd, game, day, [forum])[0]
        folder = gd.day_dir(day) / "render"
        target = folder / forum.name
        folder.mkdir(exist_ok=True)
        with scratch(folder) as tmp:
            built = tmp / "new"
            made: set[Path] = set()
            for rel, text in sorted(files.items()):
                path = built / rel
                if path.parent not in made:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    made.add(path.parent)
                write_bytes(path, text.encode("utf-8"))
            if target.exists():
                os.rename(target, tmp / "old")
            os.rename(built, target)
    return Rendered(day, forum.label, display_path(target), sorted(files))
