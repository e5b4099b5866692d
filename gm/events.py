"""Typed events with a visibility. Templates decide the wording; the engine decides who may see what."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PUBLIC = "public"
GM = "gm"


@dataclass(eq=False, repr=False)
class Event:
    """`visibility` is "public", "gm", or a sorted tuple of the players who may see it.
    `about` names the players a public event concerns: it reaches their messages too (a death
    reaches the dead), the same way in every engine."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    visibility: str | tuple[str, ...] = GM
    step: str = ""
    about: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.visibility, (list, tuple, set, frozenset)):
            self.visibility = tuple(sorted(set(self.visibility)))
        self.about = tuple(dict.fromkeys(self.about))

    def concerns(self) -> tuple[str, ...]:
        """The players whose own messages carry this event."""
        if isinstance(self.visibility, tuple):
            return tuple(dict.fromkeys(self.visibility + self.about))
        return self.about

    def visible_to(self, player: str) -> bool:
        return self.visibility == PUBLIC or (isinstance(self.visibility, tuple) and player in self.visibility)

    @property
    def is_public(self) -> bool:
        return self.visibility == PUBLIC

    def record(self) -> dict[str, Any]:
        vis = self.visibility if isinstance(self.visibility, str) else list(self.visibility)
        rec = {"kind": self.kind, "step": self.step, "visibility": vis, "data": self.data}
        if self.about:
            rec["about"] = list(self.about)
        return rec

    @classmethod
    def from_record(cls, rec: dict[str, Any]) -> "Event":
        vis = rec["visibility"]
        return cls(rec["kind"], rec["data"], tuple(vis) if isinstance(vis, list) else vis, rec.get("step", ""),
                   tuple(rec.get("about", ())))


def private(kind: str, audience, step: str = "", **data: Any) -> Event:
    return Event(kind, data, tuple(audience), step)


def public(kind: str, step: str = "", about=(), **data: Any) -> Event:
    """A public event; `about`: the players it concerns, whose messages carry it too."""
    return Event(kind, data, PUBLIC, step, tuple(about))


def gm_only(kind: str, step: str = "", **data: Any) -> Event:
    return Event(kind, data, GM, step)
