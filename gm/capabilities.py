"""The capability groups an engine may take from modules of its own package instead of wiring each
member by hand (docs/engines.md, "Capabilities"): mix one in before `Engine`.

    class TeamKill(Views, Forms, Rulings, Vocabulary, RosterSetup, Engine): ...

Each member is looked up in the engine package's module when it is used, so that module is
imported only then (`gm check` loads no view or form) and a test that wraps the module's function
sees every call. A member the module lacks is an error that names the module and the function to
write, never a silent default; the few with a default say so below.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from gm.engine import GameSetup

_REQUIRED = object()
_CORE = frozenset({"gm.engine", "gm.capabilities", "builtins"})
_MODULES: dict[tuple[type, str], Any] = {}


def package_module(owner: type, module: str) -> Any:
    """The module `module` of the package that defines the engine class `owner` (or, for a subclass
    defined elsewhere, of the nearest engine class above it that has one)."""
    key = (owner, module)
    found = _MODULES.get(key)
    if found is None:
        problems = []
        for cls in owner.__mro__:
            package = cls.__module__
            if package in _CORE:
                continue  # Engine, the capability groups, object: the core, not a game
            try:
                found = import_module(f"{package}.{module}")
                break
            except ModuleNotFoundError as exc:
                if exc.name not in (f"{package}.{module}", package):
                    raise  # the module exists but an import inside it is broken: say that
                problems.append(f"{package}.{module}")
        if found is None:
            raise TypeError(f"{owner.__name__} takes a capability from its package's {module}.py, "
                            f"but there is none ({', '.join(problems) or owner.__module__}): write it (docs/engines.md)")
        _MODULES[key] = found
    return found


class FromPackage:
    """A class member that is `name` in the engine package's `module`, looked up when used. Like a
    staticmethod: a function comes back as it is, called without `self`."""

    def __init__(self, module: str, name: str | None = None, default: Any = _REQUIRED):
        self.module, self.name, self.default = module, name, default

    def __set_name__(self, owner, attr: str) -> None:
        self.name = self.name or attr

    def __get__(self, obj, owner=None):
        owner = owner if owner is not None else type(obj)
        module = package_module(owner, self.module)
        value = getattr(module, self.name, self.default)
        if value is _REQUIRED:
            raise TypeError(f"{owner.__name__} takes `{self.name}` from {module.__name__}, which has none: "
                            f"write `{self.name}` there (docs/engines.md, 'Capabilities')")
        return value


class Views:
    """Capability: the views, from the package's views.py. Every one is required there:
    `public_view(state, rules)`, `player_view(state, rules, player)`, `player_views(state, rules,
    players)` (build the public view once for every message), `gm_view(state, rules)`,
    `player_status(state, rules, player)`, `status_rows(state, rules)`."""

    public_view = FromPackage("views")
    player_view = FromPackage("views")
    player_views = FromPackage("views")
    gm_view = FromPackage("views")
    player_status = FromPackage("views")
    status_rows = FromPackage("views")


class Forms:
    """Capability: what goes to the players before the deadline, from the package's forms.py, all
    required there: `receipt_lines(orders, state, rules, player)`, `order_form(state, rules, player,
    view=None)`, `form_text(state, rules, player, view=None)`."""

    receipt_lines = FromPackage("forms")
    order_form = FromPackage("forms")
    form_text = FromPackage("forms")


class Rulings:
    """Capability: the GM's rulings, from the package's rulings.py: `KINDS` (at least "kill"),
    `check_ruling(ruling, state, rules)` and `apply_ruling(day, ruling)` required; `WHY_NOT` (kind ->
    why the game has no such ruling) only when a kind of kill, revive, health, give, take, move is
    left out, else none."""

    ruling_kinds = FromPackage("rulings", "KINDS")
    ruling_why_not = FromPackage("rulings", "WHY_NOT", default={})
    check_ruling = FromPackage("rulings")
    apply_ruling = FromPackage("rulings")


class Vocabulary:
    """Capability: free-text PMs read by `gm inbox`, from the package's words.py: its
    `vocabulary(state, rules, player)` (gm/vocabulary.py) is required there."""

    def vocabulary(self, state, rules, player):
        return package_module(type(self), "words").vocabulary(state, rules, player)


class RosterSetup:
    """Capability: `setup` from the package's roster.py, whose `read_game(doc, path)` returns
    (rules, roster, problems, initial_state) with every problem located (initial_state None when
    there is an error)."""

    def setup(self, doc: Any, path: str) -> GameSetup:
        rules, roster, problems, state = package_module(type(self), "roster").read_game(doc, path)
        return GameSetup(rules, roster, problems, state)
