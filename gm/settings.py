"""House rules laid over an engine's defaults, checked like orders (any engine may use this).

A setting's type is its default's type: a whole number (with an allowed range), true/false, or
a list of names. An unknown setting or a wrong type is a located problem with a suggestion.
"""

from __future__ import annotations

from typing import Any, Callable

from gm.errors import Location, Problem
from gm.suggest import did_you_mean
from gm.yamlio import key_loc, value_loc


def parse_settings(doc, path: str, defaults: dict[str, Any], ranges: dict[str, tuple[int, int]],
                   what: str = "house rule",
                   special: dict[str, Callable[[Any, Location], tuple[Any, list[Problem]]]] | None = None,
                   ) -> tuple[dict[str, Any], list[Problem]]:
    """`special` maps a setting to its own reader: (value, where) -> (value, problems)."""
    settings = dict(defaults)
    problems: list[Problem] = []
    if doc is None:
        return settings, problems
    if not isinstance(doc, dict):
        problems.append(Problem(value_loc(path, doc, None), f"{what}s must be a mapping of setting: value"))
        return settings, problems
    for key in doc:
        value = doc[key]
        if key not in defaults:
            problems.append(Problem(key_loc(path, doc, key), f"unknown {what} '{key}'{did_you_mean(str(key), defaults)}"))
            continue
        where = value_loc(path, doc, key)
        if special and key in special:
            value, found = special[key](value, where)
        else:
            value, found = _typed(key, value, defaults[key], ranges, where)
        problems += found
        if not found:
            settings[key] = value
    return settings, problems


def _typed(key: str, value: Any, default: Any, ranges, where: Location) -> tuple[Any, list[Problem]]:
    """A setting of its default's type: true/false, a whole number in range, or distinct names."""
    if isinstance(default, bool):
        if not isinstance(value, bool):
            return value, [Problem(where, f"{key} must be true or false, not {value!r}")]
    elif isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            return value, [Problem(where, f"{key} must be a whole number, not {value!r}")]
        lo, hi = ranges.get(key, (0, 10**6))
        if not lo <= value <= hi:
            return value, [Problem(where, f"{key} must be between {lo} and {hi}, not {value}")]
    elif isinstance(default, list):
        if not isinstance(value, list) or not value or not all(isinstance(v, str) and v.strip() for v in value):
            return value, [Problem(where, f"{key} must be a list of names")]
        value = [str(v) for v in value]
        if len(set(value)) != len(value):
            return value, [Problem(where, f"{key} names the same thing twice")]
    return value, []


def read_limits(doc, path: str) -> tuple[Limits, list[Problem]]:
    """game.yaml's `limits:` laid over the defaults, checked like any setting."""
    from dataclasses import fields, replace

    from gm.storage.limits import DEFAULT, RANGES, Limits

    defaults = {f.name: getattr(DEFAULT, f.name) for f in fields(Limits)}
    values, problems = parse_settings(doc, path, defaults, RANGES, what="limit")
    return replace(DEFAULT, **values), problems
