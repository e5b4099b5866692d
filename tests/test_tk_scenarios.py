"""The Team Kill harness (tests/harness_team_kill.py) must be able to fail: a probe fixture, and
edits of it that the engine does not meet. (The fixtures themselves run in tests/test_scenarios.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.yamlio import load_text
from harness_team_kill import TeamKillHarness
from scenario_harness import Fixture, FixtureError

PROBE = """\
name: probe
rule: {section: Confrontations, text: "x"}
game: |
  roster: [Akane, Bruno, Chiaki]
before:
  hands: {Akane: [Bazooka], Bruno: [Rope], Chiaki: [Katana]}
orders: |
  Akane: {turn: right, sign: kill}
expect:
  events:
    - {kind: confrontation, person: Akane, target: Bruno, result: showdown}
  state:
    out: [Bruno]
    hands: {Akane: [Bazooka, Rope]}
"""


def _probe(edit=None) -> Fixture:
    doc = load_text(PROBE, Path("probe.yaml"))
    if edit:
        edit(doc)
    return Fixture(Path("probe.yaml"), doc)


def test_runner_accepts_the_probe() -> None:
    TeamKillHarness().run(_probe())


@pytest.mark.parametrize("edit, message", [
    (lambda d: d["expect"]["events"].append({"kind": "team_formed"}), "did not happen"),
    (lambda d: d["expect"].__setitem__("no_events", ["showdown"]), "must not happen"),
    (lambda d: d["expect"]["state"].__setitem__("out", ["Akane"]), "out is ['Bruno']"),
    (lambda d: d["expect"]["state"]["hands"].__setitem__("Akane", ["Bazooka"]), "Akane holds"),
    (lambda d: d.__setitem__("dice", [3]), "never used"),
    (lambda d: d.__setitem__("orders", "Akane: {trun: right}\n"), "errors the fixture does not expect"),
    (lambda d: d["before"]["hands"].__setitem__("Chiaki", ["Bazooka"]), "held twice"),
    (lambda d: d["before"].__setitem__("hand", {}), "before: unknown keys"),
])
def test_runner_fails_when_the_engine_differs(edit, message) -> None:
    with pytest.raises(FixtureError, match="probe.yaml") as info:
        TeamKillHarness().run(_probe(edit))
    assert message in str(info.value)
