"""The engine seam (docs/engines.md): what the core gives every engine, tested without one.

A phase may return its events or emit them through its `Day` (`day.public`, `day.tell`, `day.gm`):
both reach the day's events, in order, stamped with the phase's step, so no engine needs a
context of its own to collect them."""

from __future__ import annotations

from gm.dice import AuditedDice
from gm.engine import Day, Phase, run_phase
from gm.events import GM, PUBLIC


def _day() -> Day:
    return Day(1, state=None, orders={}, dice=AuditedDice(b"seam", "test", 1), rules=None)


def test_a_phase_may_emit_its_events_through_the_day():
    def storm(day: Day):
        day.public("storm", about=["Bruno", "Akane", "Bruno"], zone="Beach")
        day.tell("found", ["Akane"], item="Knife")
        day.gm("note", why="scripted")

    events = run_phase(_day(), Phase("weather", storm))
    assert [(e.kind, e.visibility, e.step) for e in events] == [
        ("storm", PUBLIC, "weather"), ("found", ("Akane",), "weather"), ("note", GM, "weather")]
    assert events[0].about == ("Akane", "Bruno") and events[0].data == {"zone": "Beach"}
    assert events[1].data == {"item": "Knife"}


def test_emitted_events_come_before_returned_ones_and_are_not_kept_for_the_next_phase():
    from gm.events import public

    day = _day()

    def both(d: Day):
        d.public("first")
        return [public("second")]

    assert [e.kind for e in run_phase(day, Phase("a", both))] == ["first", "second"]
    assert [e.kind for e in run_phase(day, Phase("b", lambda d: []))] == []


def test_a_returned_event_keeps_its_own_step():
    from gm.events import public

    events = run_phase(_day(), Phase("night", lambda d: [public("dawn", step="morning"), public("dusk")]))
    assert [e.step for e in events] == ["morning", "night"]


def _fake_engine_package(tmp_path, monkeypatch, files: dict[str, str]):
    import re

    name = "fake_" + re.sub(r"\W", "_", tmp_path.name)  # a package of its own for each test
    package = tmp_path / name
    package.mkdir()
    (package / "__init__.py").write_text(
        "from gm.engine import Engine, Facts\n\n"
        "class Fake(Engine):\n    facts = Facts(name='fake', title='Fake')\n", encoding="utf-8")
    for file, text in files.items():
        (package / file).write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    import importlib

    importlib.invalidate_caches()
    return importlib.import_module(name).Fake()


def test_the_core_binds_an_engines_policies_and_statistics_by_their_modules(tmp_path, monkeypatch):
    """An engine with policies.py (POLICIES) and sim_stats.py (sim_stats) writes no wiring for them."""
    from gm.balance import defaults_policy

    engine = _fake_engine_package(tmp_path, monkeypatch, {
        "policies.py": "def random(state, rules, day, due, choose):\n    return {}\n\nPOLICIES = {'random': random}\n",
        "sim_stats.py": "def sim_stats(engine, game):\n    return {'length': 7, 'by': type(engine).__name__}\n"})
    policies = engine.policies()
    assert list(policies) == ["defaults", "random"] and policies["defaults"] is defaults_policy
    assert engine.sim_stats(object()) == {"length": 7, "by": "Fake"}


def test_an_engine_without_them_gets_the_defaults(tmp_path, monkeypatch):
    from gm.balance import defaults_policy

    engine = _fake_engine_package(tmp_path, monkeypatch, {})
    assert engine.policies() == {"defaults": defaults_policy}
