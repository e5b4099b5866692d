"""What every engine's roster entry shares: a name (or a mapping with one), known fields, a sane length."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

from gm.errors import Location, Problem
from gm.suggest import did_you_mean
from gm.yamlio import item_loc, key_loc, value_loc


def roster_entry(roster, i: int, path: str, keys: tuple[str, ...], example: str,
                 problems: list[Problem]) -> tuple[dict, str, Callable[[str], Location], Location] | None:
    """Entry i of a roster list as (fields, name, where-is-field, where-is-entry), or None after
    adding the located problem. A bare string is taken as `{name: ...}`."""
    at = item_loc(path, roster, i)
    node = roster[i]
    fields = node if isinstance(node, dict) else None
    if isinstance(node, str):
        node = {"name": node}
    if not isinstance(node, dict):
        problems.append(Problem(at, f"a roster entry is `{example}`"))
        return None
    loc = (lambda k, f=fields: value_loc(path, f, k)) if fields is not None else (lambda k, a=at: a)
    keys = tuple(keys) + ("pronouns",)  # every engine's roster may give them (gm/narration.py)
    for key in node:
        if key not in keys:
            problems.append(Problem(key_loc(path, fields, key) if fields is not None else at,
                                    f"unknown roster field '{key}'{did_you_mean(str(key), keys)}"))
    name = node.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append(Problem(at, "every roster entry needs a name"))
        return None
    name = name.strip()
    from gm.names import name_key, text_problem

    why = text_problem(name)
    if not why and not name_key(name):
        why = "a name needs a letter or a digit"
    if why:
        problems.append(Problem(loc("name"), f"{why}: {ascii(name)}"))
        return None
    if len(name) > 40:
        problems.append(Problem(loc("name"), f"the name '{name[:40]}...' is longer than 40 characters"))
        return None
    return node, name, loc, at


def new_game_yaml(template: Path, default_title: str, title: str | None) -> str:
    """An engine's commented game.yaml template, with the GM's title put in."""
    text = template.read_text(encoding="utf-8")
    if title:
        text = text.replace(f'title: "{default_title}"', f"title: {json.dumps(title)}")
    return text


def alike_problem(name: str, earlier: str, first_entry: int, entry: int) -> str:
    """The roster error for two names that read the same (gm/names.py)."""
    from gm.names import file_stem, name_key

    if name.casefold() == earlier.casefold():
        return f"{name} is on the roster twice (entries {first_entry + 1} and {entry + 1})"
    if (name_key(name) or name) != (name_key(earlier) or earlier):
        return (f"'{name}' (entry {entry + 1}) would get the same message file as '{earlier}' (entry {first_entry + 1}), "
                f"messages/{file_stem(name)}: names must differ in their letters or digits, so that no player is ever "
                "sent another's message")
    return (f"'{name}' (entry {entry + 1}) reads the same as '{earlier}' (entry {first_entry + 1}): names must differ "
            "by more than case, punctuation, spaces or look-alike letters, so nobody mistakes one player for the other")
