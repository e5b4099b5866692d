"""Event constructors for this engine, in one place: a public event names the players it is
about (their messages carry it too: Event.about); a private one, the players who may see it."""

from __future__ import annotations

from gm.events import Event
from gm.events import private as _private
from gm.events import public as _public


def public(kind: str, step: str = "", about=(), **data) -> Event:
    return _public(kind, step, about=sorted(set(about)), **data)


def private(kind: str, audience, step: str = "", **data) -> Event:
    return _private(kind, sorted(set(audience)), step, **data)
