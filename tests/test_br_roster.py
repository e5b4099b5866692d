"""game.yaml for Battle Royale: Lovers by mutual agreement, Rivals, the new house rules, each mistake located."""

from pathlib import Path

import pytest

from gm.engines.battle_royale import BattleRoyale
from gm.yamlio import load_text

ENGINE = BattleRoyale()


def setup(text: str):
    return ENGINE.setup(load_text(text, Path("game.yaml")), "game.yaml")


def errors(text: str) -> list[str]:
    return [str(p) for p in setup(text).problems if p.severity == "error"]


GOOD = """\
house_rules:
  zones_closed_per_night: {1: 1, 10: 2}
  escape_zones: [beach, 6]
roster:
  - {name: Akane, role: Lover, partner: Dana}
  - {name: Dana, role: Lover, partner: akane}
  - {name: Bruno, role: Lone Wolf, rival: Akane}
"""


def test_lovers_and_rivals_reach_the_state():
    s = setup(GOOD)
    assert not s.problems
    players = s.initial_state.players
    assert players["Akane"].partner == "Dana" and players["Dana"].partner == "Akane"
    assert players["Bruno"].rival == "Akane" and players["Bruno"].role == "Lone Wolf"
    assert s.rules.house.escape_zones == ["Beach", "Cliffs"]
    assert [s.rules.house.closures_for(n) for n in (0, 1, 9, 10, 20)] == [0, 1, 1, 2, 2]


BAD = {
    "one-sided lovers": ("  - {name: Akane, role: Lover, partner: Dana}\n  - {name: Dana}\n",
                         "game.yaml:2:41: error: Lovers need both to agree: Dana's entry must say `role: Lover, partner: Akane`"),
    "lover alone": ("  - {name: Akane, role: Lover}\n",
                    "game.yaml:2:25: error: Akane is a Lover: name the partner who agreed"),
    "partner of a non-lover": ("  - {name: Akane, partner: Dana}\n  - {name: Dana, role: Lover, partner: Akane}\n",
                               "game.yaml:2:28: error: Akane has a partner but is not a Lover"),
    "unknown rival": ("  - {name: Akane, rival: Bruna}\n  - {name: Bruno}\n",
                      "game.yaml:2:26: error: Akane's rival 'Bruna' is not on the roster (did you mean 'Bruno'?)"),
    "own rival": ("  - {name: Akane, rival: Akane}\n", "game.yaml:2:26: error: Akane cannot be their own rival"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_roster_mistakes_are_located(case):
    roster, expected = BAD[case]
    assert expected in "\n".join(errors("roster:\n" + roster))


@pytest.mark.parametrize("rule, expected", [
    ("zones_closed_per_night: {1: 9}", "zones_closed_per_night maps 'students alive at least' to 'zones closing'"),
    ("zones_closed_per_night: two", "zones_closed_per_night must be a number of zones or a table"),
    ("escape_zones: [Beech]", "game.yaml:2:18: error: no zone called 'Beech' (did you mean 'Beach'?)"),
    ("lone_wolf_chance: 120", "lone_wolf_chance must be between 0 and 100, not 120"),
    ("marked_can_win: 1", "marked_can_win must be true or false"),
])
def test_new_house_rules_are_checked(rule, expected):
    text = f"house_rules:\n  {rule}\nroster: [Akane, Bruno]\n"
    assert expected in "\n".join(errors(text))
