"""Event constructors for this engine: who an event is about (their message shows it among their
own news), and who may see it. One place, so the routing rules stay the same everywhere."""

from __future__ import annotations

from gm.events import Event
from gm.events import private as _private
from gm.events import public as _public


def public(kind: str, step: str = "", about=(), **data) -> Event:
    e = _public(kind, step, **data)
    e.data["about"] = sorted(set(about))
    return e


def private(kind: str, audience, step: str = "", **data) -> Event:
    return _private(kind, sorted(set(audience)), step, **data)
