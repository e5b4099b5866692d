"""`gm votes`: count the day's votes from a saved thread; write days/NN/votes.yaml and a vote-count post.

Each living player's latest vote of each colour counts (red marks, yellow closes a zone,
lime drops the reward: the engine says which colours mean what), over the vote in their orders
(sent by PM), after the day's rulings: the count `gm resolve` makes. A bold "unvote" in a colour
withdraws that colour's vote; an uncoloured bold "unvote" withdraws all of them. Votes in
quotes, code or struck-through text, votes of dead players and of non-players, and votes after
the deadline do not count. Names are matched exactly, then ignoring case, then by the engine's
aliases (a zone's number), then fuzzily, with a warning for every fuzzy match. docs/votes.md
has the details.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import re
from dataclasses import dataclass, field

from gm.errors import Location, Problem, StateError
from gm.forum.thread import Thread
from gm.gamedir import Game, GameDir
from gm.paths import display_path
from gm.storage.atomic import create_file_atomically, replace_file_atomically

UNVOTES = {"unvote", "un-vote", "no vote", "novote", "withdraw"}
_PREFIX = re.compile(r"^(?:i\s+)?(?:vote|votes|voting)(?:\s+for)?(?:\s*[:\-]\s*|\s+)", re.I)
GUARD = "# gm-votes-sha256: "


@dataclass
class Tally:
    day: int
    kinds: list  # the engine's VoteKinds
    standing: dict[str, dict[str, str | None]]  # player -> vote key -> choice (None: withdrawn)
    problems: list[Problem] = field(default_factory=list)  # warnings for the GM
    counted_posts: int = 0
    late_posts: int = 0
    warned: set[str] = field(default_factory=set)  # authors already warned about
    colours: dict = field(default_factory=dict)  # colour as written -> (vote colour, near miss), read once

    by_pm: dict[str, dict[str, str]] = field(default_factory=dict)  # player -> votes in their orders

    def vote(self, voter: str, key: str) -> tuple[str | None, bool]:
        """The voter's standing vote of one kind as `gm resolve` counts it, and whether it came by
        PM: the thread's latest (a withdrawal included) over the one in their orders."""
        thread = self.standing.get(voter, {})
        if key in thread:
            return thread[key], False
        pm = self.by_pm.get(voter, {}).get(key)
        return pm, pm is not None

    def table(self, key: str) -> list[tuple[str, list[str]]]:
        """(choice, voters) for one kind of vote, most votes first, then by name."""
        by_choice: dict[str, list[str]] = {}
        for voter in sorted(set(self.standing) | set(self.by_pm)):
            choice, _ = self.vote(voter, key)
            if choice:
                by_choice.setdefault(choice, []).append(voter)
        return sorted(by_choice.items(), key=lambda kv: (-len(kv[1]), kv[0]))

    def pm_voters(self, key: str) -> list[str]:
        """Who has a vote of this kind standing from their orders (by PM), not from the thread."""
        return [v for v in sorted(self.by_pm) if self.vote(v, key)[1]]


def count_votes(thread: Thread, where: str, game: Game, state, day: int, by_pm: dict | None = None,
                ruled_out: frozenset = frozenset()) -> Tally:
    """`state`: the day's, after its rulings; `by_pm`: the votes in each player's orders;
    `ruled_out`: players a ruling of the day took out (their thread votes do not count)."""
    engine = game.engine
    if engine.votes is None:
        raise StateError(f"the {engine.facts.title} engine takes no votes from the thread")
    if day == 0:
        raise StateError("there are no votes on Day 0")
    kinds = engine.votes.kinds(state, game.rules)
    by_colour = {k.colour: k for k in kinds}
    tally = Tally(day, kinds, {})
    alive = set(engine.players_due(state))
    tally.by_pm = {p: dict(v) for p, v in sorted((by_pm or {}).items()) if v and p in alive}
    if thread.stray_line:
        tally.problems.append(_warn(where, thread.stray_line, "text before the first post's separator belongs to no post: ignored"))
    for line, author in thread.fakes:
        tally.problems.append(_warn(where, line, f"a separator without the thread's key, inside {author}'s post: "
                                    "read as text of that post (a player may have typed it)"))
    for post in thread.posts:
        voter = _voter(post, where, game, alive, tally, ruled_out)
        if voter is None:
            continue
        tally.problems += [_warn(where, post.line, f"{voter}'s post: {note}") for note in post.notes]
        votes = list(_votes_in(post, where, by_colour, tally))
        if post.late:
            tally.late_posts += 1
            for line, kind, text in votes:
                shown = "unvote" if kind is None else f"{kind.colour} vote {text!r}"
                tally.problems.append(_warn(where, line, f"{voter}'s {shown} came after the deadline: not counted"))
            continue
        tally.counted_posts += 1
        for line, kind, text in votes:
            keys = [k.key for k in kinds] if kind is None else [kind.key]
            if kind is None or text.casefold() in UNVOTES:
                for key in keys:
                    tally.standing.setdefault(voter, {})[key] = None
                continue
            choice = _choice(text, kind, voter, where, line, tally)
            if choice is not None:
                tally.standing.setdefault(voter, {})[kind.key] = choice
    return tally


def count_post(game: Game, state, tally: Tally, deadline: bool, notes: list[str] | None = None) -> str:
    """The vote-count post for the thread, from the tally and the day's state, through the secrets'
    filter (gm/channels.py)."""
    from gm.channels import release
    from gm.forum.render import render_post

    kinds = [{"key": k.key, "label": k.label, "colour": k.colour, "table": tally.table(k.key),
              "pm": tally.pm_voters(k.key)} for k in tally.kinds]
    return release(game.engine, state, None, "vote count", lambda s: render_post(
        game, "votecount.j2", day=tally.day, kinds=kinds, not_voting=not_voting(tally, game, s),
        by_pm=any(k["pm"] for k in kinds), posts=tally.counted_posts, late=tally.late_posts, deadline=deadline), notes)


def _warn(where: str, line: int, message: str) -> Problem:
    return Problem(Location(where, line), message, "warning")


def _voter(post, where: str, game: Game, alive: set[str], tally: Tally, ruled_out: frozenset = frozenset()) -> str | None:
    """The player who wrote a post: by the forum handles of game.yaml, by name, or fuzzily."""
    author = post.author
    handles = {h.casefold(): p for h, p in game.handles.items()}
    folded = {n.casefold(): n for n in game.roster}
    name = handles.get(author.casefold()) or folded.get(author.casefold())
    first = author not in tally.warned
    tally.warned.add(author)
    if name is None:
        close = difflib.get_close_matches(author.casefold(), list(folded), n=2, cutoff=0.8)
        if len(close) == 1:
            name = folded[close[0]]
            if first:
                tally.problems.append(_warn(where, post.line, f"post author '{author}' read as {name} (a fuzzy match: "
                                            f"check it, or add `{author}: {name}` under forum: handles: in game.yaml)"))
    if name is None:
        if first:
            tally.problems.append(_warn(where, post.line, f"'{author}' is not a player: their posts do not count "
                                        "(if they are, add them under forum: handles: in game.yaml)"))
        return None
    if name not in alive:
        if first:
            why = "was removed from the game by a ruling today" if name in ruled_out else "is not alive"
            tally.problems.append(_warn(where, post.line, f"{name} {why}: their votes do not count"))
        return None
    return name


def _votes_in(post, where: str, by_colour: dict, tally: Tally):
    """(line, kind or None for an uncoloured unvote, text) for every vote in a post, in order: bold
    in a vote colour as forums write it (gm/forum/colours.py), or bold with the vote's word first, in any
    colour or none (`**mark: Chiaki**`, the way to vote on a Markdown forum)."""
    from gm.forum.colours import classify

    by_key = {k.key: k for k in by_colour.values()}
    for span in post.spans:
        if not span.bold:
            continue
        if span.colour not in tally.colours:
            tally.colours[span.colour] = classify(span.colour, list(by_colour))
        colour, near = tally.colours[span.colour]
        for text in span.text.split("\n"):
            text = _PREFIX.sub("", text.strip()).strip(" .!,;:")
            if not text:
                continue
            word, sep, rest = text.partition(":")
            if sep and word.strip().casefold() in by_key and rest.strip(" .!,;:"):
                yield span.line, by_key[word.strip().casefold()], rest.strip(" .!,;:")
            elif colour is not None:
                yield span.line, by_colour[colour], text
            elif span.colour is None and text.casefold() in UNVOTES:
                yield span.line, None, text
            elif near is not None:
                kind = by_colour[near]
                tally.problems.append(_warn(where, span.line, f"bold {span.colour} {text!r} is not a vote "
                                            f"(the {kind.key} vote is bold {kind.colour}): not counted"))


def _choice(text: str, kind, voter: str, where: str, line: int, tally: Tally) -> str | None:
    folded: dict[str, str] = {}
    for spelling, choice in [(c, c) for c in kind.choices] + list(kind.aliases.items()):
        folded.setdefault(spelling.casefold(), choice)
        folded.setdefault(_bare(spelling), choice)
    choice = folded.get(text.casefold()) or folded.get(_bare(text))
    what = f"{voter}'s {kind.colour} vote {text!r}"
    if choice is None:
        close = {folded[m] for m in difflib.get_close_matches(_bare(text), list(folded), n=3, cutoff=0.75)}
        if len(close) != 1:
            hint = f" (could be {' or '.join(sorted(close))})" if close else ""
            tally.problems.append(_warn(where, line, f"{what} names nothing that can be voted for{hint}: not counted"))
            return None
        choice = close.pop()
        tally.problems.append(_warn(where, line, f"{what} read as {choice} (a fuzzy match: check it)"))
    why_not = kind.choices.get(choice)
    if why_not:
        tally.problems.append(_warn(where, line, f"{what}: {choice} {why_not}: not counted"))
        return None
    return choice


def _bare(text: str) -> str:
    """A name as compared: case folded, without a leading "the" ("the cliffs" is Cliffs)."""
    return re.sub(r"^the\s+", "", text.strip().casefold())


# ---- votes.yaml -----------------------------------------------------------------------------

_PLAIN = re.compile(r"^[A-Za-z][A-Za-z0-9 .'_-]*$")


def _scalar(text: str | None) -> str:
    if text is None:
        return "null"
    if _PLAIN.match(text) and text.casefold() not in ("null", "true", "false", "yes", "no", "on", "off", "y", "n") \
            and not text.endswith(" "):
        return text
    return json.dumps(text, ensure_ascii=False)


def votes_yaml(tally: Tally, source: str, source_sha256: str) -> str:
    keys = [k.key for k in tally.kinds]
    lines = [
        f"# Day {tally.day}: the votes counted from the thread by `gm votes` ({source}, SHA-256 {source_sha256[:16]}...).",
        "# gm resolve lays them over the votes in the orders: a vote here replaces the player's vote of that kind,",
        "# and null withdraws it. Editing this file is allowed; gm votes will then not overwrite it (docs/votes.md).",
    ]
    for voter, votes in sorted(tally.standing.items()):
        inner = ", ".join(f"{k}: {_scalar(votes[k])}" for k in keys if k in votes)
        lines.append(f"{_scalar(voter)}: {{{inner}}}")
    body = "\n".join(lines) + "\n"
    return body + GUARD + hashlib.sha256(body.encode("utf-8")).hexdigest() + "\n"


def written_by_gm(text: str) -> bool:
    """True when the file is exactly as `gm votes` wrote it (its last line seals the rest)."""
    body, sep, last = text.rstrip("\n").rpartition("\n")
    return bool(sep) and last.startswith(GUARD) and \
        last[len(GUARD):] == hashlib.sha256((body + "\n").encode("utf-8")).hexdigest()


def write_votes(gd: GameDir, day: int, text: str) -> str:
    """Write votes.yaml; replace an earlier one only if `gm votes` wrote it and nobody edited it."""
    path = gd.votes_path(day)
    if path.exists():
        if not written_by_gm(path.read_text(encoding="utf-8", errors="replace")):
            raise StateError(f"{display_path(path)} was written or edited by hand; not overwriting it "
                             "(move it away, or pass --dry-run to see the new count)")
        replace_file_atomically(path, text)
    else:
        create_file_atomically(path, text)
    return display_path(path)


def not_voting(tally: Tally, game: Game, state) -> list[str]:
    """Living players with no standing vote of any kind in the thread."""
    return [p for p in game.engine.players_due(state)
            if not any(tally.vote(p, k.key)[0] for k in tally.kinds)]
