"""gm/ reads down (docs/architecture.md): no import cycle, function-level imports counted, between
modules or between wings (the folders of gm/); the
layers and forbidden imports of pyproject.toml's import-linter contracts kept; and a day's inputs
read and verified, the lock among them, before the resolver rolls a single die."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent

grimp = pytest.importorskip("grimp", reason="import-linter (and grimp) come with the test extras")


def _cycles(graph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's, without recursion)."""
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            node, i = work.pop()
            if i == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            for j in range(i, len(edges[node])):
                nxt = edges[node][j]
                if nxt not in index:
                    work.append((node, j + 1))
                    work.append((nxt, 0))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                if low[node] == index[node]:
                    comp = []
                    while True:
                        m = stack.pop()
                        on_stack.discard(m)
                        comp.append(m)
                        if m == node:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
    return out


@pytest.fixture(scope="module")
def graph():
    return grimp.build_graph("gm")


def test_the_graph_counts_imports_made_inside_functions(graph):
    """The check below means something only if lazy imports are in the graph: `gm check` imports
    the day pipeline inside a function (start-up speed), and that import must count."""
    assert graph.direct_import_exists(importer="gm.commands.game", imported="gm.pipeline.day")
    assert all(d["line_contents"].startswith("from gm.pipeline.day import") for d in
               graph.get_import_details(importer="gm.commands.game", imported="gm.pipeline.day"))


def test_no_import_cycle_counting_function_level_imports(graph):
    cycles = _cycles(graph)
    shown = []
    for comp in cycles:
        inside = set(comp)
        shown.append(", ".join(comp) + "\n" + "\n".join(
            f"    {a} -> {b} (line {d['line_number']}: {d['line_contents']})"
            for a in comp for b in sorted(set(graph.find_modules_directly_imported_by(a)) & inside)
            for d in graph.get_import_details(importer=a, imported=b)))
    assert not cycles, "import cycles:\n" + "\n".join(shown)


def test_the_cycle_check_finds_a_cycle():
    g = grimp.ImportGraph()
    for m in ("x", "x.a", "x.b", "x.c"):
        g.add_module(m)
    g.add_import(importer="x.a", imported="x.b")
    g.add_import(importer="x.b", imported="x.c")
    g.add_import(importer="x.c", imported="x.a")
    assert _cycles(g) == [["x.a", "x.b", "x.c"]]


def wings_graph(graph):
    """The imports between gm's wings: a package of gm/ (gm.fairness, gm.engines) is one room, each
    module at the top of gm/ another; an import inside a wing is not drawn."""
    def room(m: str) -> str:
        parts = m.split(".")
        return ".".join(parts[:2]) if len(parts) > 2 or (ROOT / "gm" / parts[-1] / "__init__.py").exists() else m

    wings = grimp.ImportGraph()
    for m in graph.modules:
        wings.add_module(room(m))
    for m in graph.modules:
        for imported in graph.find_modules_directly_imported_by(m):
            if room(m) != room(imported):
                wings.add_import(importer=room(m), imported=room(imported))
    return wings, room


def test_the_wings_read_down(graph):
    """A wing (gm/fairness/, gm/forum/, ...) never imports one that imports it, at any depth: the
    folders stand on floors as the modules do, so a reader can take each folder as one room."""
    wings, room = wings_graph(graph)
    cycles = _cycles(wings)
    shown = []
    for comp in cycles:
        inside = set(comp)
        shown.append(", ".join(comp) + "\n" + "\n".join(
            f"    {a} -> {b}" for a in sorted(graph.modules) for b in sorted(graph.find_modules_directly_imported_by(a))
            if room(a) in inside and room(b) in inside and room(a) != room(b)))
    assert not cycles, "wings that import each other:\n" + "\n".join(shown)


def test_the_wings_check_finds_two_wings_that_import_each_other(graph):
    g = grimp.ImportGraph()
    for m in ("gm", "gm.fairness", "gm.fairness.lock", "gm.forum", "gm.forum.render", "gm.forum.profiles"):
        g.add_module(m)
    g.add_import(importer="gm.fairness.lock", imported="gm.forum.render")
    g.add_import(importer="gm.forum.profiles", imported="gm.fairness.lock")
    assert _cycles(wings_graph(g)[0]) == [["gm.fairness", "gm.forum"]]


def test_import_linter_contracts_are_kept():
    """pyproject.toml's [tool.importlinter] contracts (the layers of docs/architecture.md; engines
    never import the lab, the pipeline or the CLI), run as `lint-imports` would."""
    code = ("import sys; from importlinter.cli import lint_imports; "
            "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True, no_logo=True))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def _layered(pyproject: Path) -> set[str]:
    """Every module (or package) named in a layer of pyproject.toml's layers contract."""
    import tomllib

    contracts = tomllib.loads(pyproject.read_text())["tool"]["importlinter"]["contracts"]
    named: set[str] = set()
    for contract in contracts:
        if contract.get("type") != "layers":
            continue
        for line in contract["layers"]:
            named.update("gm." + m.strip() for m in line.replace("|", ":").split(":") if m.strip())
    return named


def _outside_the_layers(graph, named: set[str]) -> list[str]:
    """gm's modules in no layer: a module is placed when it, or a package above it, is named.
    A package whose `__init__` imports nothing (a wing's docstring) holds no code to place."""
    out = []
    for m in sorted(graph.modules):
        parts = m.split(".")
        if any(".".join(parts[:i]) in named for i in range(2, len(parts) + 1)):
            continue
        if (m == "gm" or (ROOT / m.replace(".", "/") / "__init__.py").exists()) and \
                not graph.find_modules_directly_imported_by(m):
            continue
        out.append(m)
    return out


def test_every_gm_module_is_in_a_layer(graph):
    """A module in no layer is held by the cycle check alone: anything may import it and it may
    import anything. Every module of gm/ has its place in the house (docs/architecture.md)."""
    outside = _outside_the_layers(graph, _layered(ROOT / "pyproject.toml"))
    assert not outside, "gm modules in no layer of pyproject.toml's contract: " + ", ".join(outside)


def test_the_layer_check_finds_a_module_outside(graph):
    named = _layered(ROOT / "pyproject.toml")
    placed = sorted(m for m in named if m in graph.modules and m.count(".") == 1
                    and not (ROOT / m.replace(".", "/") / "__init__.py").exists())
    assert placed and placed[0] in _outside_the_layers(graph, named - {placed[0]})


def test_the_lock_is_checked_before_any_die_is_rolled(game_copy, monkeypatch):
    """A day whose orders changed after the lock is refused before the resolver runs: nothing is
    rolled from inputs that are not the ones locked."""
    import gm.pipeline.day
    from gm.cli import cli

    entered = []
    monkeypatch.setattr(gm.pipeline.day, "resolve_checked", lambda *a, **k: entered.append(a) or (_ for _ in ()).throw(
        AssertionError("the resolver ran")))
    orders = game_copy / "days" / "02" / "orders" / "orders.yaml"
    orders.write_text(orders.read_text() + "\n# changed after the lock\n")
    result = CliRunner().invoke(cli, ["resolve", str(game_copy), "--day", "2", "--force", "--reason", "a misread order"])
    assert result.exit_code == 1, result.output
    assert "orders changed after the lock of Day 2: orders.yaml was changed" in result.output
    assert entered == []
