"""How much input gm reads before it refuses: every file a person wrote is bounded.

A forum game's orders file is a few kilobytes; the limits are far above that and far below what
would make a run take minutes or gigabytes. A GM who needs more raises them under `limits:` in
game.yaml (game.yaml itself is always read with the defaults). docs/limits.md lists them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, eq=False, repr=False)
class Limits:
    """How much gm reads before it refuses (game.yaml's `limits:` over the defaults)."""

    file_bytes: int = 2_000_000  # any YAML file a person wrote (orders, votes.yaml, game.yaml, house rules)
    yaml_nodes: int = 100_000  # values in one YAML file, counting every alias as the values it repeats
    yaml_aliases: int = 100  # `*name` aliases in one YAML file
    yaml_depth: int = 64  # lists and mappings inside each other
    thread_bytes: int = 20_000_000  # a saved thread (gm votes)
    template_seconds: int = 10  # one rendering of a GM's template
    template_steps: int = 2_000_000  # loop iterations and calls in one rendering of a GM's template


DEFAULT = Limits()
RANGES = {
    "file_bytes": (1_000, 200_000_000),
    "yaml_nodes": (100, 10_000_000),
    "yaml_aliases": (0, 100_000),
    "yaml_depth": (8, 1_000),
    "thread_bytes": (1_000, 1_000_000_000),
    "template_seconds": (1, 3_600),
    "template_steps": (1_000, 1_000_000_000),
}
