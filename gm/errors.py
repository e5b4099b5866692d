"""Domain errors. The CLI turns every GmError into one located line and exit code 1."""

from __future__ import annotations

from dataclasses import dataclass


class GmError(Exception):
    """A mistake in the GM's input: a message, never a traceback."""

    exit_code = 1


@dataclass(frozen=True)
class Location:
    """Where a problem is, as `file:line:col`."""

    path: str
    line: int | None = None  # 1-based
    column: int | None = None  # 1-based

    def __str__(self) -> str:
        if self.line is None:
            return self.path
        if self.column is None:
            return f"{self.path}:{self.line}"
        return f"{self.path}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Problem:
    """One located diagnostic: an error stops a resolve, a warning does not."""

    where: Location
    message: str
    severity: str = "error"
    # a warning that names what the player may not know (where someone else stands, a ruling not
    # yet announced): `gm receipts` words it neutrally instead of quoting it (gm/gmday/deadline.py)
    secret: bool = False
    # the players a day-level warning concerns (Engine.check_all): their receipts quote it too
    concerns: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.where}: {self.severity}: {self.message}"


class OrderError(GmError):
    """One or more problems in a day's orders (all reported at once)."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        self.errors = [p for p in problems if p.severity == "error"]
        super().__init__("\n".join(str(p) for p in self.errors))


class LocatedError(OrderError):
    """A single located problem (a file that is not valid YAML, say)."""

    def __init__(self, where: Location, message: str):
        self.problem = Problem(where, message)
        super().__init__([self.problem])


class StateError(GmError):
    """The game folder is not in a state that allows this command."""


class AuditMismatch(GmError):
    """A replayed day does not match what is on disk."""
