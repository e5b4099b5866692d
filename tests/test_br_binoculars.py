"""Battle Royale: what the Binoculars say of a closed zone (stop 33's closing note, item 5). No one
can stand in a closed zone at night (a student who ends the day there dies), so "the Cliffs: no one"
tells nothing the thread has not: the night's report says the zone is closed, and "What you have
learned" drops a closed zone and every earlier sighting of it (games/battle-royale/RULINGS.md,
"Binoculars and closed zones"). Checked over every message of every day of the demo."""

from __future__ import annotations

import json
import re

from gm.gamedir import GameDir

from told_facts import plain


def _closed(result) -> set[str]:
    state = json.loads((result / "state.json").read_text(encoding="utf-8"))
    return {z["name"] for z in state["zones"] if z.get("closed")}


def _said(line: str) -> dict[str, str]:
    """zone -> what a Binoculars line says of it ("no one", "closed", or names)."""
    body = re.sub(r"^.*?(Through your Binoculars|through the Binoculars)[:,] ", "", line).rstrip(".")
    out = {}
    for part in body.split("; "):
        zone, _, who = part.partition(": ")
        out[re.sub(r"^the ", "", zone)] = who
    return out


def test_a_closed_zone_is_told_closed_at_night_and_dropped_from_what_you_have_learned(demo_games):
    root = demo_games.pristine("battle-royale")
    gd = GameDir(root)
    problems, seen_closed = [], 0
    for day in gd.resolved_days():
        result = gd.result_dir(day)
        closed = _closed(result)
        for path in sorted((result / "messages").glob("*.bbcode")):
            for line in plain(path.read_text(encoding="utf-8")).splitlines():
                if "Through your Binoculars: " in line:
                    said = _said(line)
                    for z in closed & set(said):
                        seen_closed += 1
                        if said[z] != "closed":
                            problems.append(f"Day {day}, {path.stem} at night: {z}: {said[z]}")
                    problems += [f"Day {day}, {path.stem} at night: {z} is open but told closed"
                                 for z, w in said.items() if w == "closed" and z not in closed]
                elif "through the Binoculars, " in line:
                    problems += [f"Day {day}, {path.stem} learned: {z}: {w}" for z, w in _said(line).items() if z in closed]
    assert not problems, "\n".join(problems[:20])
    assert seen_closed, "the demo has no Binoculars next to a closed zone"
