"""One player's PMs of the day read and checked, nothing written (`gm inbox`, docs/inbox.md): each
PM a filled-in form (gm/inbox/pmform.py) or free text (gm/inbox/pmtext.py), then the PMs first to last (a later
one replaces the earlier, or is laid over them), then the engine's checker over the YAML they make.
gm/inbox/intake.py writes what this reads without doubt, and proposes the rest.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gm.gamedir import Game
from gm.inbox.pmtext import Doubt, Reading
from gm.pms import ORDERS_PREFIX, PM

WHOLE = "*"  # a doubt about the whole PM (whose it is, two players' orders)


@dataclass
class PlayerInbox:
    """What gm made of one player's PMs for the day."""

    player: str
    pms: list[PM] = field(default_factory=list)
    sections: dict = field(default_factory=dict)
    said: dict = field(default_factory=dict)
    salt: str | None = None
    doubts: list[Doubt] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    how: list[str] = field(default_factory=list)  # "form" / "free text", per PM
    problems: list[str] = field(default_factory=list)  # the checker's errors, or why nothing is written
    writes: dict = field(default_factory=dict, repr=False)  # path -> text to write, or None to remove
    written: str | None = None  # the orders file written
    proposed: str | None = None  # the proposal waiting for the GM
    same: bool = False  # the orders file was already so

    @property
    def words(self) -> list[str]:
        return [w for section in self.said.values() for w in section] + ([f"salt: {self.salt}"] if self.salt else [])

    @property
    def sure(self) -> bool:
        return not self.doubts and not self.problems


# ---- reading one PM ----------------------------------------------------------------------------


def read_pm(pm: PM, player: str, game: Game, state: Any, day: int, vocab) -> tuple[Reading, str]:
    """One PM read for `player`: a form if it holds a code block, else free text."""
    from gm.inbox.pmform import code_blocks, outside_blocks

    blocks = code_blocks(pm.text)
    if blocks:
        reading = _read_form(blocks, player, game, pm)
        if vocab is not None and len(blocks) == 1 and _not_orders(reading, player, game, state, day):
            from gm.inbox.pmtext import read_text

            # the form sent back with words where the orders go ("action: shoot bruno w/ rifle"): free text
            prose = read_text(re.sub(r"(?m)^\s*#.*$", "", blocks[0]), vocab)
            if prose.sections or prose.salt is not None:
                prose.notes.insert(0, "the form's lines are not orders the checker reads: read as free text")
                return prose, "form read as free text"
        around = outside_blocks(pm.text)
        if around and vocab is not None:
            from gm.inbox.pmtext import read_text

            extra = read_text(around, vocab)
            if extra.sections or extra.salt:
                reading.doubts.append(Doubt(around, "orders written outside the form too: which count?",
                                            [("the form only", {})]))
        elif around:
            reading.notes.append(f"words around the form, not read: {short(around)}")
        return reading, "form"
    if vocab is None:
        reading = Reading()
        others = _other_players(pm.text, player, game)
        if others:
            reading.doubts.append(Doubt(WHOLE, _two_players(player, others)))
        if _only_salt(pm.text, reading):
            return reading, "free text"
        reading.doubts.append(Doubt(short(pm.text), f"the {game.engine.facts.title} engine reads no free text: "
                                    "write these orders by hand (or send the player the form: `gm form --player`)"))
        return reading, "free text"
    from gm.inbox.pmtext import read_text

    others = _other_players(pm.text, player, game)
    reading = read_text(pm.text, vocab)
    if others:
        reading.doubts.insert(0, Doubt(WHOLE, _two_players(player, others)))
    return reading, "free text"


def _not_orders(reading: Reading, player: str, game: Game, state: Any, day: int) -> bool:
    """Is the form's YAML (read without a doubt about whose it is) refused by the checker?"""
    if any(d.phrase == WHOLE for d in reading.doubts):
        return False
    if any(d.why.startswith("the form is not YAML") for d in reading.doubts):
        return True
    if reading.doubts or not reading.sections:
        return False
    node = reading.sections.get("", reading.sections) if "" in reading.sections else reading.sections
    return bool(check_orders_text(game, state, day, orders_yaml(player, node, None), "form.yaml"))


def _two_players(player: str, others: list[str]) -> str:
    return (f"this PM gives orders for {' and '.join(others)} too: gm reads only the sender's own orders "
            f"({player}'s); each player sends their own, or the GM writes theirs by hand")


def _only_salt(text: str, reading: Reading) -> bool:
    m = re.fullmatch(r"\s*(?:my\s+)?salt\b\s*(?:is\b|=|:)?\s*(.+?)\s*", text, re.IGNORECASE | re.DOTALL)
    if m and "\n" not in m.group(1).strip():
        reading.salt = m.group(1).strip().strip("\"'“”").strip()
        return True
    return False


def _other_players(text: str, player: str, game: Game) -> list[str]:
    """Players other than the sender named at the start of a line as a heading ("Bruno:")."""
    from gm.checker import find_name

    out = []
    for line in text.splitlines():
        m = re.match(r"^\s*(?:\[b\]|\*\*)?([^:\[\]*]{1,40}?)(?:\[/b\]|\*\*)?\s*:", line)
        if not m:
            continue
        name = find_name(m.group(1), game.roster) or find_name(m.group(1), list(game.handles))
        name = game.handles.get(name, name) if name else None
        if name and name != player and name not in out:
            out.append(name)
    return out


def _read_form(blocks: list[str], player: str, game: Game, pm: PM) -> Reading:
    from gm.checker import find_name
    from gm.errors import LocatedError
    from gm.yamlio import load_text, plain

    reading = Reading()
    if len(blocks) > 1:
        reading.doubts.append(Doubt(WHOLE, f"{len(blocks)} forms in one PM: which one counts? Keep one and run again"))
        return reading
    try:
        doc = plain(load_text(blocks[0], Path(pm.label), game.limits, keep=False))
    except LocatedError as exc:
        reading.doubts.append(Doubt(short(blocks[0]), f"the form is not YAML gm can read: {exc.problem.message}"))
        return reading
    if doc is None:
        reading.doubts.append(Doubt(WHOLE, "the form came back with nothing filled in"))
        return reading
    if not isinstance(doc, dict):
        reading.doubts.append(Doubt(short(blocks[0]), "the form should map the player's name to their orders"))
        return reading
    named = {k: (find_name(str(k), game.roster) or game.handles.get(find_name(str(k), list(game.handles)) or ""))
             for k in doc}
    players = [n for n in named.values() if n]
    if players:
        others = [n for n in players if n != player]
        if others:
            reading.doubts.append(Doubt(WHOLE, _two_players(player, others)))
            return reading
        if len(players) != len(doc):
            reading.doubts.append(Doubt(short(blocks[0]), "the form has lines outside the player's orders"))
            return reading
        node = doc[next(k for k, n in named.items() if n == player)]
    else:
        node = doc  # the sections alone: the PM is the sender's
        reading.notes.append(f"the form names no player: read as {player}'s (the sender's)")
    if isinstance(node, dict) and "salt" in node:
        node = dict(node)
        reading.salt = str(node.pop("salt"))
    reading.sections = {"": node} if not isinstance(node, dict) else dict(node)
    reading.said = {"form": [flow(node) if not isinstance(node, dict) else f"{k}: {flow(v)}" for k, v in node.items()]
                    if isinstance(node, dict) else [flow(node)]}
    return reading


def short(text: str, most: int = 160) -> str:
    one = re.sub(r"\s+", " ", text).strip()
    return one if len(one) <= most else one[:most - 1] + "…"


# ---- YAML as gm writes it ----------------------------------------------------------------------

_PLAIN = re.compile(r"^[A-Za-z][A-Za-z0-9 '.+-]*[A-Za-z0-9.]$|^[A-Za-z]$")
_SPECIAL = {"true", "false", "yes", "no", "on", "off", "null", "y", "n", "~"}


def flow(value: Any) -> str:
    """A value as one line of YAML (flow style); strings quoted as JSON where YAML could misread them."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{flow(k)}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, (int, float)):
        return str(value)
    text = str(value)
    if _PLAIN.match(text) and text.casefold() not in _SPECIAL and ": " not in text and " #" not in text:
        return text
    return json.dumps(text, ensure_ascii=False)


def orders_yaml(player: str, node: Any, salt: str | None) -> str:
    """The player's orders as an orders file holds them."""
    lines = [f"{flow(player)}:"]
    if salt is not None:
        lines.append(f"  salt: {json.dumps(salt, ensure_ascii=False)}")
    if isinstance(node, dict):
        lines += [f"  {flow(k)}: {flow(v)}" for k, v in node.items()]
    elif isinstance(node, list):
        lines += [f"  - {flow(v)}" for v in node]
    elif node is not None:
        lines[0] += f" {flow(node)}"
    if len(lines) == 1 and node is None:
        lines[0] += " {}"
    return "\n".join(lines) + "\n"


def combine(readings: list[tuple[PM, Reading, str]], vocab) -> PlayerInbox:
    """A player's PMs read one after another: a later PM replaces the earlier ones, unless it only
    changes them (a salt alone, votes alone, or "change my move...", "also..."): then it is laid over
    them, section by section."""
    box = PlayerInbox("")
    for pm, reading, how in readings:
        whole = [d for d in reading.doubts if d.phrase == WHOLE]
        sections = reading.sections
        alone_salt = not sections and not reading.doubts and reading.salt is not None
        votes_only = vocab is not None and set(sections) == {"votes"} and vocab.sections.get("votes") == "update"
        over = reading.partial or alone_salt or votes_only or whole
        if box.pms and not over:
            if box.sections or box.doubts or box.salt:
                box.notes.append(f"the PM of {pm.sent_raw or pm.label} replaces the earlier one(s)")
            box.sections, box.said, box.doubts = {}, {}, []
        box.pms.append(pm)
        box.how.append(how)
        if whole:
            box.doubts += reading.doubts
            continue
        for section, value in sections.items():
            how_ = vocab.sections.get(section, "one") if vocab is not None and how != "form" else "one"
            if how_ == "append" and isinstance(box.sections.get(section), list):
                box.sections[section] = box.sections[section] + list(value)
                box.said.setdefault(section, []).extend(reading.said.get(section, []))
            elif how_ == "update" and isinstance(box.sections.get(section), dict) and isinstance(value, dict):
                box.sections[section] = {**box.sections[section], **value}
                box.said.setdefault(section, []).extend(reading.said.get(section, []))
            else:
                box.sections[section] = value
                box.said[section] = list(reading.said.get(section, []))
        if how == "form":
            box.said = {"form": reading.said.get("form", [])}
        if reading.salt is not None:
            box.salt = reading.salt
        box.doubts += reading.doubts
        box.notes += reading.notes
    return box


def _node(box: PlayerInbox, vocab) -> Any:
    if "" in box.sections:  # a form whose orders are not a mapping (a list of fallbacks)
        return box.sections[""]
    if vocab is not None and "form" not in box.how:
        return vocab.node(dict(box.sections))
    return dict(box.sections)


def check_orders_text(game: Game, state: Any, day: int, text: str, shown: str,
                      warnings: list[str] | None = None) -> list[str]:
    """The checker's errors for an orders file's text, exactly as `gm check` would give them (its
    warnings into `warnings`)."""
    from gm.errors import LocatedError
    from gm.salts import take_salts
    from gm.yamlio import load_text

    try:
        doc = load_text(text, Path(shown), game.limits, keep=False)
    except LocatedError as exc:
        return [str(exc.problem)]
    taken, problems = take_salts(doc, shown)
    got, found = game.engine.check_orders(doc, shown, game.rules, state, day, {})
    if warnings is not None:
        warnings += [p.message for p in problems + found if p.severity != "error"]
    return [str(p) for p in problems + found if p.severity == "error"]


def read_player(game: Game, state: Any, day: int, player: str, pms: list[PM],
                choose=None) -> tuple[PlayerInbox, Any, str]:
    """A player's PMs of the day, first to last, read and checked (nothing written): what was read,
    the orders node, and the orders file's text."""
    vocab = game.engine.vocabulary(state, game.rules, player)
    if vocab is not None:
        table = vocab.objects.setdefault("player", {})
        names = set(table.values())
        for handle, p in sorted(game.handles.items()):
            if p in names:
                table.setdefault(handle.casefold(), p)
    readings = [(pm, *read_pm(pm, player, game, state, day, vocab)) for pm in pms]
    box = combine(readings, vocab)
    box.player = player
    if choose is not None:
        _ask(box, choose)
    node = _node(box, vocab)
    text = orders_yaml(player, node if box.sections else None, box.salt)
    if not box.sections and box.salt is None and not box.doubts:
        box.problems.append("no orders read from the PM")
    if not box.doubts and not box.problems:
        warned: list[str] = []
        box.problems += check_orders_text(game, state, day, text, f"{ORDERS_PREFIX}{file_stem(player)}.yaml", warned)
        box.notes += [f"the checker warns: {w}" for w in warned]
    return box, node, text


def _ask(box: PlayerInbox, choose) -> None:
    """The GM's picks, at a terminal: each chosen doubt's orders laid into the player's."""
    left = []
    for doubt in box.doubts:
        pick = choose(box.player, doubt)
        if pick is None or (pick >= 0 and pick >= len(doubt.choices)):
            left.append(doubt)
            continue
        if pick < 0:
            box.notes.append(f"the GM left out: {doubt.phrase}")
            continue
        words, fragment = doubt.choices[pick]
        for section, value in fragment.items():
            if isinstance(box.sections.get(section), list):
                box.sections[section] += value if isinstance(value, list) else [value]
            elif isinstance(box.sections.get(section), dict) and isinstance(value, dict):
                box.sections[section] = {**box.sections[section], **value}
            else:
                if section in box.sections and box.sections[section] != value:
                    box.notes.append(f"the GM's choice replaces: {'; '.join(box.said.get(section, [])) or section}")
                    box.said[section] = []
                box.sections[section] = value
            box.said.setdefault(section, []).append(words)
        box.notes.append(f"the GM chose: {words}")
    box.doubts = left

def file_stem(player: str) -> str:
    """The player's name as gm inbox's files carry it, after their prefix (pms-, proposed-, inbox-)."""
    from gm.forum.render import message_filename

    return message_filename(player, set()).casefold()
