"""The component file (board, dice, weapons, cards): the shipped stand-in set follows the rulebook's
numbers; a GM's own file is checked with every mistake located; game.yaml's `components:` uses it."""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.engines.hashmi import HashmiBattleRoyale
from gm.engines.hashmi.components import read_components
from gm.engines.hashmi.rules import DATA, standard_components
from gm.yamlio import load_text

STANDARD = (DATA / "components.yaml").read_text(encoding="utf-8")


def test_the_stand_in_set_follows_the_rulebook():
    c = standard_components()
    b = c.board
    assert len(b.columns) == 20 and b.rows == 20  # "its row (1-20) and its column (A-T)"
    assert len(b.zones) == 14  # "divided into 14 zones"
    assert len(b.portkeys) == 8  # "There are 8 portkey squares"
    storm_rows = {sq[1] for z in b.storm_zones for sq in b.zone_squares(z)}
    assert storm_rows == set(range(8))  # "zones A-D (rows 1-8)"
    assert sum(w.cards for w in c.weapons.values()) + sum(c.ammunition.values()) == 61  # "61 Weapon Cards"
    assert sum(n for n, _ in c.action_cards.values()) == 50  # "50 Action Cards"
    assert c.weapons["Laser Guided Missile"].actions == 3 and c.weapons["Rocket Launcher"].ammo == 10
    assert [c.weapons[w].cards for w in ("Dagger", "Sword", "Crossbow", "Grenade")] == [7, 7, 5, 2]
    assert len(c.specials) == 8 and len(c.missions) == 5


def _read(text: str):
    return read_components(load_text(text, Path("mine.yaml")), "mine.yaml")


@pytest.mark.parametrize("old, new, where, message", [
    ("Dagger:               {cards: 7, actions: 1, ammo: 0,  fire: 6,", "Dagger:               {cards: 7, actions: 1, ammo: 0,  fire: 5,",
     None, "fire + misfire + backfire must be 6"),
    ("portkeys: [B2,", "portkeys: [C4,", None, "'C4' is not a playable square"),
    ("F8|F9, G8|G9", "F8|F10, G8|G9", None, "must be side by side"),
    ("    AAAAABBBBBCCCCCDDDDD\n    AAAAABBBBBCCCCCDDDDD\n    AAAAABBBBBCCCCCDDDDD\n    AA#",
     "    AAAAABBBBBCCCCCDDDDD\n    AAAAABBBBBCCCCCDDDD\n    AAAAABBBBBCCCCCDDDDD\n    AA#", ":12:", "zones row 2 has 19 squares"),
    ("  Zap'em: [1, 3]", "  Zapem: [1, 3]", ":97:", "unknown action card 'Zapem' (did you mean 'Zap'em'?)"),
    ("    - [C6, H3, M5, R7]", "    - [C6, H3, M5]", None, "a GO face is a list of 4 squares"),
    ("  seedo_home: K13", "  seedo_home: K11", None, "'K11' is not a playable square"),
    ("  charm: {survive: 3, eliminated: 3}", "  charm: {survive: 3, dead: 3}", None, "unknown charm field 'dead'"),
])
def test_a_gms_own_file_is_checked_and_every_mistake_located(old, new, where, message):
    assert old in STANDARD
    comp, problems = _read(STANDARD.replace(old, new, 1))
    assert comp is None
    text = [str(p) for p in problems]
    assert any(message in t for t in text), text
    assert all(t.startswith("mine.yaml:") for t in text), text
    if where:
        assert any(where in t and message in t for t in text), text


def test_game_yaml_points_at_the_gms_file_and_its_board_is_used(tmp_path):
    own = STANDARD.replace("seedo_home: K13", "seedo_home: A20")
    (tmp_path / "board.yaml").write_text(own, encoding="utf-8")
    doc = load_text("engine: hashmi-battle-royale\nroster: [A, B, C]\ncomponents: board.yaml\n", tmp_path / "game.yaml")
    setup = HashmiBattleRoyale().setup(doc, str(tmp_path / "game.yaml"))
    assert not setup.problems
    assert setup.rules.board.name(setup.rules.board.seedo_home) == "A20"


def test_a_missing_or_broken_components_file_is_a_located_error(tmp_path):
    doc = load_text("engine: hashmi-battle-royale\nroster: [A, B, C]\ncomponents: nope.yaml\n", tmp_path / "game.yaml")
    setup = HashmiBattleRoyale().setup(doc, str(tmp_path / "game.yaml"))
    assert any("no file" in str(p) and ":3:" in str(p) for p in setup.problems)
    (tmp_path / "bad.yaml").write_text(STANDARD.replace("chests: 4", "chests: lots"), encoding="utf-8")
    doc = load_text("engine: hashmi-battle-royale\nroster: [A, B, C]\ncomponents: bad.yaml\n", tmp_path / "game.yaml")
    setup = HashmiBattleRoyale().setup(doc, str(tmp_path / "game.yaml"))
    assert any("chests must be a whole number" in str(p) and "bad.yaml:" in str(p) for p in setup.problems)


@pytest.mark.parametrize("text, message", [
    ("roster: [A, B]\n", "Hashmi Battle Royale is for 3 or 4 players, not 2"),
    ("roster: [A, B, C, D, E]\n", "Hashmi Battle Royale is for 3 or 4 players, not 5"),
    ("roster: [A, B, a]\n", "a is on the roster twice (entries 1 and 3)"),
    ("roster: [Ann, B, (Ann)]\n", "reads the same as 'Ann' (entry 1)"),
    ("roster: [A, B, C.1]\n", "cannot hold a '.'"),
    ("roster: [A, B, C]\nhouse_rules: {max_round: 5}\n", "unknown house rule 'max_round' (did you mean 'max_rounds'?)"),
    ("roster: [A, B, C]\nhouse_rules: {ask: [wanted]}\n", "ask lists the choices that stop a turn: move, aim, go"),
    ("roster: [A, B, C]\nhouse_rules: {left_out: [Zapem]}\n", "left_out lists action cards"),
])
def test_game_yaml_mistakes_are_located(tmp_path, text, message):
    """ "The game is played by up to 4 players" (the box: 3-4), each mistake of game.yaml on its line."""
    doc = load_text("engine: hashmi-battle-royale\n" + text, tmp_path / "game.yaml")
    setup = HashmiBattleRoyale().setup(doc, "game.yaml")
    found = [str(p) for p in setup.problems]
    assert any(message in f and f.startswith("game.yaml:") for f in found), found
    assert setup.initial_state is None


def test_three_players_leave_opposite_destruction_out():
    """S-9: with 3 players there is no opposite seat: 4 missions, 3 dealt, 1 face down."""
    from hashmi_synth import play_game

    eng, rules, state, days = play_game(3, 4, max_days=1)
    missions = [p.mission for p in state.players.values()] + state.spare_missions
    assert sorted(missions) == sorted(m for m in rules.comp.missions if m != "Opposite Destruction")
    assert len(state.spare_missions) == 1
