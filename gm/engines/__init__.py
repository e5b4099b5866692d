"""The registry of engines: every game gm runs, by the name game.yaml gives it.

Adding an engine is one line here plus its own package, templates/<name>/ and games/<name>/.
Each entry imports its engine only when asked, so `gm --help` stays fast.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gm.engine import Engine

REGISTRY: dict[str, str] = {  # name in game.yaml -> "module:class"
    "battle-royale": "gm.engines.battle_royale:BattleRoyale",
    "hostile-takeover": "gm.engines.hostile_takeover:HostileTakeover",
    "hashmi-battle-royale": "gm.engines.hashmi:HashmiBattleRoyale",
    "kharnage": "gm.engines.kharnage:Kharnage",
    "team-kill": "gm.engines.team_kill:TeamKill",
}
DEFAULT_ENGINE = "battle-royale"  # what `gm new` and `gm demo` use without --engine


def get_engine(name: str) -> "Engine":
    if name not in REGISTRY:
        from gm.errors import GmError
        from gm.suggest import did_you_mean

        known = ", ".join(sorted(REGISTRY))
        raise GmError(f"unknown engine '{name}'{did_you_mean(name, REGISTRY)} (engines: {known})")
    module, cls = REGISTRY[name].split(":")
    return getattr(import_module(module), cls)()
