"""The Kharnage components: the shipped stand-ins, a GM's own file through `components:` (every
mistake located in that file), game.yaml's roster, initiative ties, and the destruction search."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.cli import cli
from gm.engines.kharnage.components import SHIPPED, read_components, shipped
from gm.engines.kharnage.destroy import Target, plan
from gm.yamlio import load_text


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def test_the_stand_ins_are_four_armies_of_24_to_26_cards():
    comp = shipped()
    assert sorted(comp.armies) == ["Dwarves", "Goblins", "Humans", "Orcs"]
    for army in comp.armies.values():
        assert 24 <= len(army.reserve) <= 26, army.name
        assert len(army.battle_cards) == 6 and army.zero_flags == 4 and army.generals
    inits = [b.initiative for a in comp.armies.values() for b in a.battle_cards]
    assert len(inits) == len(set(inits)), "stand-in initiatives are distinct (no ties)"
    thane = comp.unit_of["DW-G1"]
    assert thane.skill("chief") == 3 and dict(thane.elite) == {"sword": 3}  # the turn example's General


MINI = """\
tokens: {skull_5: 2}
armies:
  Reds:
    zero_card: {flags: 1}
    generals: []
    battle_cards:
      - {id: R-B1, name: Go, initiative: 100, flags: 1, attacks: [assault]}
    units:
      - {id: R-U1, name: Pawn, copies: 3, line: 1, armor: 1, skills: {sword: 1}}
  Blues:
    zero_card: {flags: 1}
    generals: []
    battle_cards:
      - {id: B-B1, name: Also Go, initiative: 100, flags: 1, attacks: [assault]}
    units:
      - {id: B-U1, name: Pawn, copies: 3, line: 1, armor: 1, skills: {sword: 1}}
"""


@pytest.mark.parametrize("edit, line, col, message", [
    (("line: 1, armor: 1, skills: {sword: 1}}", "line: 4, armor: 1, skills: {sword: 1}}"), 9, 49,
     "line must be a whole number from 1 to 3"),
    (("skills: {sword: 1}}\n  Blues", "skills: {swrod: 1}}\n  Blues"), 9, 71, "unknown skill symbol 'swrod' (did you mean 'sword'?)"),
    (("attacks: [assault]}\n    units:\n      - {id: R", "attacks: [melee]}\n    units:\n      - {id: R"), 7, 66,
     "attacks is a list of assault | shooting"),
    (("id: B-U1", "id: R-U1"), 16, 14, "the id R-U1 is already used at line 9"),
    (("tokens: {skull_5: 2}", "tokens: {skull_7: 2}"), 1, 10, "unknown tokens field 'skull_7'"),
    (("initiative: 100, flags: 1, attacks: [assault]}\n    units:\n      - {id: R",
      "initiative: 100, flags: 1, attacks: [assault], power: {summon: 2}}\n    units:\n      - {id: R"), 7, 85,
     "unknown Power 'summon'"),
])
def test_a_components_file_mistake_is_located(edit, line, col, message):
    text = MINI.replace(*edit)
    assert text != MINI
    comp, problems = read_components(load_text(text, Path("cards.yaml")), "cards.yaml")
    assert comp is None
    shown = [f"{p.where.line}:{p.where.column}: {p.message}" for p in problems]
    assert any(p.where.line == line and p.where.column == col and message in p.message for p in problems), shown


def test_a_large_unit_needs_parts_and_no_line():
    text = MINI.replace("{id: R-U1, name: Pawn, copies: 3, line: 1, armor: 1, skills: {sword: 1}}",
                        "{id: R-U1, name: Pawn, line: 1, armor: 4, large: {parts: [{id: R-U1a, line: 1}]}}")
    comp, problems = read_components(load_text(text, Path("cards.yaml")), "cards.yaml")
    messages = " | ".join(p.message for p in problems)
    assert comp is None and "no `line` of its own" in messages and "two parts or more" in messages


def _game(tmp_path: Path, cards: str | None, roster: str, extra: str = "") -> Path:
    root = tmp_path / "game"
    root.mkdir(parents=True)
    if cards is not None:
        (root / "cards.yaml").write_text(cards, encoding="utf-8")
    comp = "components: cards.yaml\n" if cards is not None else ""
    (root / "game.yaml").write_text(f"engine: kharnage\ntitle: T\n{comp}{extra}roster:\n{roster}", encoding="utf-8")
    return root


def test_components_point_at_the_gms_own_file_and_its_mistakes_are_located(tmp_path):
    bad = MINI.replace("armor: 1, skills: {sword: 1}}\n  Blues", "armor: -1, skills: {sword: 1}}\n  Blues")
    root = _game(tmp_path, bad, "  - {name: Akane, army: Reds}\n  - {name: Bruno, army: Blues}\n")
    result = run("check", root, "--day", "0")
    assert result.exit_code == 1
    assert "cards.yaml:9:" in result.output and "armor must be a whole number from 0 to 99" in result.output
    assert not (root / "days").exists() or not any((root / "days").rglob("result"))


def test_a_missing_components_file_is_named_at_its_line(tmp_path):
    root = _game(tmp_path, None, "  - {name: Akane, army: Dwarves}\n  - {name: Bruno, army: Goblins}\n",
                 extra="components: nowhere.yaml\n")
    result = run("check", root, "--day", "0")
    assert result.exit_code == 1 and "game.yaml:3:13: error: nowhere.yaml: no such components file" in result.output


@pytest.mark.parametrize("roster, message", [
    ("  - {name: Akane, army: Dwarfs}\n  - {name: Bruno}\n", "no army 'Dwarfs' (did you mean 'Dwarves'?)"),
    ("  - {name: Akane, army: Orcs}\n  - {name: Bruno, army: orcs}\n", "Orcs are already led by another player"),
    ("  - {name: Akane}\n", "Kharnage is for 2 to 4 players"),
    ("  - {name: gm}\n  - {name: Bruno}\n", "a player cannot be called 'gm'"),
    ("  - {name: Akane, armee: Orcs}\n  - {name: Bruno}\n", "unknown roster field 'armee'"),
])
def test_roster_mistakes_are_located(tmp_path, roster, message):
    root = _game(tmp_path, None, roster)
    result = run("check", root, "--day", "0")
    assert result.exit_code == 1 and message in result.output and "game.yaml:" in result.output


def test_equal_initiatives_are_ordered_by_an_audited_roll_off(tmp_path):
    """R1: with the GM's own cards two initiatives may tie; the roll-off is a logged roll."""
    import json

    root = _game(tmp_path, MINI, "  - {name: Akane, army: Reds}\n  - {name: Bruno, army: Blues}\n",
                 extra="house_rules: {hand: 1, rounds: 1}\n")
    assert run("resolve", root, "--day", "0", "--seed", "01").exit_code == 0
    (root / "days" / "01" / "orders").mkdir(parents=True)
    (root / "days" / "01" / "orders" / "o.yaml").write_text("Akane: Go\nBruno: Also Go\n", encoding="utf-8")
    result = run("resolve", root, "--day", "1", "--seed", "02")
    assert result.exit_code == 0, result.output
    rolls = [json.loads(x) for x in (root / "days" / "01" / "result" / "rolls.jsonl").read_text().splitlines()]
    # a shuffle logs one die a position, its purpose naming what it drew (gm/dice.py, main 811952b)
    assert [r["purpose"] for r in rolls] == ["initiative 100 tie: order of play (position 1): Akane"]
    post = (root / "days" / "01" / "result" / "narration.bbcode").read_text(encoding="utf-8")
    assert "Initiative 100 is tied between" in post and "a roll-off" in post
    state = json.loads((root / "days" / "01" / "result" / "state.json").read_text())
    assert state["over"] and sorted(state["order"]) == ["Akane", "Bruno"]


def _brute(units: list[Target], points: int) -> tuple[bool, int, int]:
    """Every legal destruction sequence, by brute force: the best (Kharnage, cards, Armor)."""
    best = (False, 0, 0)

    def walk(left, pts, cards, armor):
        nonlocal best
        if not left:
            best = max(best, (True, cards, armor))
            return
        line = min(u.lines[0] for u in left)
        able = [u for u in left if line in u.lines and u.armor <= pts]
        if not able:
            best = max(best, (False, cards, armor))
            return
        for u in able:
            walk([x for x in left if x is not u], pts - u.armor, cards + u.cards, armor + u.armor)

    walk(units, points, 0, 0)
    return best


def test_the_destruction_search_finds_the_best_sequence():
    rng = random.Random(7)  # a test's own randomness, not a game's
    for _ in range(300):
        units = []
        for i in range(rng.randint(1, 7)):
            large = rng.random() < 0.15
            first = rng.randint(1, 2 if large else 3)
            lines = (first, first + 1) if large else (first,)
            units.append(Target(i, f"U{rng.randint(0, 3)}", rng.randint(0, 5), 2 if large else 1, lines))
        points = rng.randint(0, 12)
        got = plan(units, points, "kharnage_first")
        assert (got.kharnage, got.cards, got.armor) == _brute(units, points), (units, points)


def test_greedy_rules_take_the_toughest_or_the_cheapest():
    units = [Target(0, "A", 1, 1, (1,)), Target(1, "B", 3, 1, (1,)), Target(2, "C", 2, 1, (1,))]
    assert plan(units, 4, "toughest_first").destroyed == (1, 0)
    assert plan(units, 4, "cheapest_first").destroyed == (0, 2)
    assert plan(units, 4, ["C"]).destroyed == (2, 0)


BOMBS = """\
armies:
  Reds:
    zero_card: {flags: 3}
    generals: [{id: R-G, name: Boss, line: 3, armor: 2, elite: {sword: 2}}]
    battle_cards:
      - {id: R-B1, name: Go, initiative: 100, flags: 1, attacks: [assault]}
      - {id: R-B2, name: Go Again, initiative: 200, flags: 1, attacks: [assault]}
      - {id: R-B3, name: Stay, initiative: 300, flags: 0, attacks: []}
      - {id: R-B4, name: Wait, initiative: 400, flags: 0, attacks: []}
    units:
      - {id: R-U1, name: Bomb, copies: 4, line: 1, armor: 2, skills: {kamikaze: true}, elite: {bow: 1}}
      - {id: R-U2, name: Chief, copies: 2, line: 2, armor: 1, skills: {chief: 1}}
      - {id: R-U3, name: Beast, armor: 3, large: {parts: [{id: R-U3a, line: 1}, {id: R-U3b, line: 2}]}}
  Blues:
    zero_card: {flags: 2}
    generals: []
    battle_cards:
      - {id: B-B1, name: Hold, initiative: 150, flags: 0, attacks: []}
    units:
      - {id: B-U1, name: Pawn, copies: 6, line: 1, armor: 1}
"""


def test_the_set_up_uses_only_chief_and_large_unit(tmp_path):
    """R20: "No skill can be used during the setup excepted the Chief skill and the Large unit skill"."""
    import json

    for seed in ("01", "02", "03", "04", "05"):
        root = _game(tmp_path / seed, BOMBS, "  - {name: Akane, army: Reds}\n  - {name: Bruno, army: Blues}\n")
        assert run("resolve", root, "--day", "0", "--seed", seed).exit_code == 0
        result = root / "days" / "00" / "result"
        kinds = [json.loads(x)["kind"] for x in (result / "events.jsonl").read_text().splitlines()]
        assert "attack" not in kinds and "kamikaze" not in kinds
        state = json.loads((result / "state.json").read_text())
        akane = state["players"][0]
        placed = sum(len(u["cards"]) for u in akane["units"])
        chiefs = sum(1 for u in akane["units"] if u["cards"][0].startswith("R-U2"))
        large = any(u["cards"] == ["R-U3a", "R-U3b"] for u in akane["units"])
        assert placed == 3 + chiefs + (1 if large else 0), akane["units"]  # a Chief's draw; a Large unit's part free
        assert akane["generals"] == ["R-G"] and len(akane["hand"]) == 3 and len(akane["deck"]) == 1
        assert len(state["players"][1]["hand"]) == 1 and state["players"][1]["deck"] == []


def test_a_huge_varied_line_falls_back_to_cheapest_first(monkeypatch):
    from gm.engines.kharnage import destroy

    units = [Target(i, f"U{i}", 1 + i % 3, 1, (1,)) for i in range(14)]
    exact = plan(units, 12, "kharnage_first")
    monkeypatch.setattr(destroy, "BUDGET", 50)
    assert plan(units, 12, "kharnage_first") == plan(units, 12, "cheapest_first")
    assert exact.cards >= plan(units, 12, "cheapest_first").cards


def test_a_mistaken_orders_file_writes_nothing(tmp_path):
    """gm resolve on a day with an order mistake: one located line, exit code 1, the folder unchanged."""
    root = _game(tmp_path, None, "  - {name: Akane, army: Dwarves}\n  - {name: Bruno, army: Goblins}\n")
    assert run("resolve", root, "--day", "0", "--seed", "07").exit_code == 0
    orders = root / "days" / "01" / "orders"
    orders.mkdir(parents=True)
    (orders / "o.yaml").write_text("Akane: {card: Hamerfall, plan: {split: sometimes}}\n", encoding="utf-8")
    before = sorted(p.relative_to(root).as_posix() for p in root.rglob("*"))
    result = run("resolve", root, "--day", "1", "--seed", "08")
    assert result.exit_code == 1
    assert "o.yaml:1:15: error: Dwarves have no Battle card 'Hamerfall' (did you mean 'Hammerfall'?)" in result.output
    assert "o.yaml:1:40: error: split is one of never, always, best" in result.output
    assert "Traceback" not in result.output
    assert sorted(p.relative_to(root).as_posix() for p in root.rglob("*")) == before
