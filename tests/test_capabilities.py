"""The capability groups of gm/capabilities.py: a member is the engine package's own function, looked
up when used; what the package lacks is one error naming the module and the function to write."""

from __future__ import annotations

import sys

import pytest

from gm.capabilities import Forms, Rulings, Views
from gm.engine import Engine
from gm.engines import REGISTRY, get_engine


def _package(tmp_path, monkeypatch, name: str, files: dict[str, str]):
    pkg = tmp_path / name
    pkg.mkdir()
    (pkg / "__init__.py").write_text(
        "from gm.capabilities import Forms, Rulings, Views\nfrom gm.engine import Engine\n\n\n"
        "class Game(Views, Forms, Rulings, Engine):\n    pass\n", encoding="utf-8")
    for file, text in files.items():
        (pkg / file).write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, name, raising=False)
    return __import__(name).Game


def test_a_member_is_the_package_function_looked_up_when_used(tmp_path, monkeypatch):
    Game = _package(tmp_path, monkeypatch, "capgame_a", {
        "views.py": "def public_view(state, rules):\n    return {'state': state}\n",
        "rulings.py": "KINDS = ('kill',)\n"})
    assert Game().public_view(1, None) == {"state": 1}
    import capgame_a.views

    monkeypatch.setattr(capgame_a.views, "public_view", lambda state, rules: {"wrapped": state})
    assert Game().public_view(2, None) == {"wrapped": 2}  # a test's wrapper sees every call
    assert Game().ruling_kinds == ("kill",)
    assert Game().ruling_why_not == {}  # every kind supported needs no reason


def test_a_missing_function_is_named(tmp_path, monkeypatch):
    Game = _package(tmp_path, monkeypatch, "capgame_b", {"views.py": "def public_view(state, rules):\n    return {}\n"})
    with pytest.raises(TypeError, match=r"`player_views` from capgame_b.views, which has none: write `player_views` there"):
        Game().player_views
    with pytest.raises(TypeError, match=r"its package's forms.py, but there is none \(capgame_b.forms\)"):
        Game().order_form


def test_a_broken_import_inside_the_module_is_not_called_missing(tmp_path, monkeypatch):
    Game = _package(tmp_path, monkeypatch, "capgame_c", {"views.py": "import no_such_module_here\n"})
    with pytest.raises(ModuleNotFoundError, match="no_such_module_here"):
        Game().public_view


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_capability_an_engine_takes_is_there(name):
    engine = get_engine(name)
    groups = {Views: ("public_view", "player_view", "player_views", "gm_view", "player_status", "status_rows"),
              Forms: ("receipt_lines", "order_form", "form_text"),
              Rulings: ("ruling_kinds", "ruling_why_not", "check_ruling", "apply_ruling")}
    for group, members in groups.items():
        if isinstance(engine, group):
            for member in members:
                assert getattr(engine, member) is not None, (name, member)
    assert isinstance(engine, Engine)
