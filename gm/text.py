"""Small wording helpers shared by messages and templates."""

from __future__ import annotations

from typing import Any


def counted(n: int, word: str) -> str:
    """'1 roll', '3 rolls': a count and its noun, the plural made with an s."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def the(zone: Any) -> str:
    """'the Forest', 'the Septagon': a zone's name as it sits inside a sentence."""
    name = str(zone)
    return "the " + name[4:] if name.startswith("The ") else "the " + name


_PLAIN_RESERVED = {"y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"}


def yaml_scalar(text: str) -> str:
    """`text` as a YAML 1.2 scalar that reads back as exactly that string: plain when it safely can
    be (Akane, Akane 1, Bruno.2, G12), double-quoted (JSON's escapes are YAML's) otherwise."""
    import json
    import re

    s = str(text)
    if (re.fullmatch(r"[A-Za-z][A-Za-z0-9 ._'-]*", s) and not s.endswith(" ") and "  " not in s
            and s.casefold() not in _PLAIN_RESERVED):
        return s
    return json.dumps(s, ensure_ascii=False)
