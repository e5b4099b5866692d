"""Small wording helpers shared by messages and templates."""

from __future__ import annotations

from typing import Any


def the(zone: Any) -> str:
    """'the Forest', 'the Septagon': a zone's name as it sits inside a sentence."""
    name = str(zone)
    return "the " + name[4:] if name.startswith("The ") else "the " + name
