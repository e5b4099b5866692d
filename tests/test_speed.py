"""Speed without a changed byte: what `gm --help` loads, the user's cache (compiled templates, parsed
rules data), the quick dict look-up in templates, and the cycle collector paused through a day.

The cache must never change a byte of any output, and never make a command fail: a cold cache,
a warm one, a damaged one and one that cannot be written all give the golden demo.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from test_golden import GOLDEN, compare_with_golden

ROOT = Path(__file__).resolve().parent.parent


def _env(**extra):
    env = {k: v for k, v in os.environ.items() if k not in ("XDG_CACHE_HOME", "GM_NO_CACHE")}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env


def _run(args, cwd, **env):
    return subprocess.run([sys.executable, "-m", "gm", *args], cwd=cwd, env=_env(**env),
                          capture_output=True, text=True, timeout=300)


# gm/cli.py assembles these (gm/commandline/): only click and these load for --help
COMMAND_FAMILIES = ("base", "game", "fairness", "forum", "deadline", "reference", "lab")


@pytest.mark.parametrize("args", [["--help"], ["check", "--help"], ["new", "--help"], ["resolve", "--help"]])
def test_help_loads_nothing_but_click(args):
    """`gm --help` and a command's --help import no other module of gm, and none of jinja2, ruamel or rich
    (`new --help` names the engines, so it loads the registry: still no YAML, template or rich)."""
    code = ("import sys; from gm.cli import cli\n"
            f"try: cli({args!r}, prog_name='gm')\n"
            "except SystemExit: pass\n"
            "print('MODULES', ' '.join(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('gm', 'jinja2', 'ruamel', 'rich', 'markupsafe'))))")
    out = subprocess.run([sys.executable, "-c", code], env=_env(), capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "Usage: gm" in out.stdout
    loaded = set(out.stdout.split("MODULES", 1)[1].split())
    assert not {m for m in loaded if m.split(".")[0] in ("jinja2", "ruamel", "rich", "markupsafe")}
    gm_modules = {m for m in loaded if m.split(".")[0] == "gm"}
    if args[0] == "new":
        assert "--engine" in out.stdout and "battle-royale" in out.stdout
        assert not {"gm.yamlio", "gm.forum.render", "gm.pipeline.day", "gm.commands.game"} & gm_modules
    else:
        assert gm_modules == {"gm", "gm.cli", "gm.commandline", *(f"gm.commandline.{m}" for m in COMMAND_FAMILIES)}


# What `gm check` has no use for: templates, posts, the record and roll log, the phases of a day, the
# views and forms of messages (Battle Royale's); and once its files are in the cache, the standard
# library's writing (which a first run uses to fill the cache) and diffing.
NOT_FOR_CHECK = {
    "jinja2", "rich", "markupsafe", "gm.forum.templating", "gm.forum.sandbox", "gm.forum.render", "gm.pipeline.record", "gm.fairness.rolllog", "gm.storage.jsonout",
    "gm.fairness.verify", "gm.gmday.audit", "gm.fairness.lock", "gm.fairness.corrections", "gm.fairness.reveal", "gm.forum.thread", "gm.gmday.votecount", "gm.simulate",
    "gm.gmday.preview",
} | {f"gm.engines.battle_royale.{m}" for m in (
    "views", "forms", "echo", "learned", "today", "setup", "policies", "forum_policy", "policy_kit", "sim_stats", "dawn", "free_actions", "smoke",
    "use_items", "attacks", "traps", "search", "analyze", "movement", "votes", "night", "endgame")}


def _day1_of_demo(demo_dir, tmp_path) -> Path:
    """The demo with Day 1 not resolved yet, as bench.py checks it."""
    game = tmp_path / "game"
    shutil.copytree(demo_dir, game)
    for day in (game / "days").iterdir():
        if int(day.name) >= 1:
            shutil.rmtree(day / "result", ignore_errors=True)
            for name in ("seed.secret", "commit.txt"):
                (day / name).unlink(missing_ok=True)
    return game


def test_check_loads_only_what_it_needs(demo_dir, tmp_path):
    """`gm check` imports nothing a check does not use, and once the day's files are in the cache,
    not ruamel.yaml either: a GM runs it again and again as orders arrive."""
    game = _day1_of_demo(demo_dir, tmp_path)
    code = ("import sys; from gm.cli import cli\n"
            "try: cli(['check', sys.argv[1], '--day', '1'], prog_name='gm')\n"
            "except SystemExit as exc: print('EXIT', exc.code)\n"
            "print('MODULES', ' '.join(sorted(sys.modules)))")
    loaded = []
    for _ in ("cold", "warm"):
        out = subprocess.run([sys.executable, "-c", code, str(game)], env=_env(XDG_CACHE_HOME=str(tmp_path / "cache")),
                             capture_output=True, text=True, timeout=120)
        assert "Day 1: orders OK (19 players, 3 file(s)" in out.stdout and "EXIT 0" in out.stdout, out.stdout + out.stderr
        loaded.append(set(out.stdout.split("MODULES", 1)[1].split()))
    cold, warm = loaded
    roots = lambda modules: {m.split(".")[0] for m in modules}  # noqa: E731
    assert "ruamel" in roots(cold) and not {"ruamel", "_ruamel_yaml"} & roots(warm)
    for modules in (cold, warm):
        assert not {m for m in modules if m in NOT_FOR_CHECK or m.split(".")[0] in NOT_FOR_CHECK}
    assert not {"shutil", "tempfile", "difflib", "secrets", "random"} & warm
    assert "gm.engines.battle_royale.orders" in warm  # (the test sees the modules it names)


def test_check_says_the_same_with_the_cache_off_cold_or_warm(demo_dir, tmp_path):
    """Every problem, at the same line and column, and the same exit code, whether the day's YAML was
    parsed now or read back from the cache; an orders file changed between runs is read again."""
    game = _day1_of_demo(demo_dir, tmp_path)
    orders = game / "days" / "01" / "orders"
    with open(orders / "forest.yaml", "a", encoding="utf-8") as fh:
        fh.write("Farah:\n  action: {atack: {targets: [Emil]}}\n  movment: stay\nNobody:\n  action: defend\n")
    runs = {label: _run(["check", str(game), "--day", "1"], tmp_path, **env) for label, env in (
        ("off", {"GM_NO_CACHE": "1"}), ("cold", {"XDG_CACHE_HOME": str(tmp_path / "cache")}),
        ("warm", {"XDG_CACHE_HOME": str(tmp_path / "cache")}))}
    assert runs["off"].returncode == 1 and "forest.yaml:" in runs["off"].stdout + runs["off"].stderr
    for label, out in runs.items():
        assert (out.returncode, out.stdout, out.stderr) == (runs["off"].returncode, runs["off"].stdout,
                                                            runs["off"].stderr), label
    assert list((tmp_path / "cache" / "gm").glob("yaml-*/*.marshal"))
    (orders / "forest.yaml").write_text((orders / "forest.yaml").read_text().replace("Nobody", "Nobody Else"))
    again = _run(["check", str(game), "--day", "1"], tmp_path, XDG_CACHE_HOME=str(tmp_path / "cache"))
    assert "Nobody Else" in again.stdout + again.stderr and "Nobody'" not in again.stdout + again.stderr


def test_demo_is_the_same_with_a_cold_warm_damaged_or_unwritable_cache(tmp_path):
    cache = tmp_path / "cache"
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache folder would go\n")
    runs = [("cold", {"XDG_CACHE_HOME": str(cache)}), ("warm", {"XDG_CACHE_HOME": str(cache)}),
            ("damaged", {"XDG_CACHE_HOME": str(cache)}), ("unwritable", {"XDG_CACHE_HOME": str(blocked)})]
    for label, env in runs:
        if label == "damaged":  # every entry cut short or overwritten with junk
            for i, p in enumerate(sorted(q for q in (cache / "gm").rglob("*") if q.is_file())):
                p.write_bytes(p.read_bytes()[: len(p.read_bytes()) // 2] if i % 2 else b"j2 not a cache entry")
        (tmp_path / label).mkdir()
        out = _run(["demo", "game"], tmp_path / label, **env)
        assert out.returncode == 0, f"{label}: {out.stderr}"
        compare_with_golden(tmp_path / label / "game", GOLDEN, update=False)
        if label == "cold":
            templates = list((cache / "gm").glob("templates-*/*"))
            data = list((cache / "gm").glob("data-*/*.marshal"))
            assert len(templates) >= 4 and len(data) == 4, (templates, data)  # zones, items, roles, defaults
    assert blocked.read_text() == "a file where the cache folder would go\n"


def test_without_home_or_with_the_cache_off_nothing_is_cached(tmp_path, monkeypatch):
    from gm.storage.cache import cache_dir, cache_root

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_root() == tmp_path / "gm"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")  # XDG: only an absolute path counts
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache_root() == tmp_path / "home" / ".cache" / "gm"
    monkeypatch.setenv("GM_NO_CACHE", "1")
    assert cache_root() is None and cache_dir("data", "k") is None


def test_shipped_data_comes_back_the_same_and_a_bad_entry_is_read_again(tmp_path, monkeypatch):
    from gm.yamlio import shipped_data
    from gm.yamlio import load_file, plain

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    source = tmp_path / "items.yaml"
    source.write_text("items:\n  Knife: {class: Melee, hits: 1, damage: [[1, 3]], ok: true, note: null}\n")
    want = plain(load_file(source))
    assert shipped_data(source) == want  # parsed, then kept
    [entry] = (tmp_path / "cache" / "gm").glob("data-*/*.marshal")
    assert shipped_data(source) == want  # read back
    stored = bytearray(entry.read_bytes())
    stored[-3] ^= 0xFF  # one byte changed: the digest no longer matches, so it is parsed again
    entry.write_bytes(bytes(stored))
    assert shipped_data(source) == want
    source.write_text("items: {}\n")  # an edited file is another entry, never the old data
    assert shipped_data(source) == {"items": {}}
    assert json.dumps(shipped_data(source)) == '{"items": {}}'


def test_each_format_and_forum_has_its_own_compiled_templates(tmp_path, monkeypatch):
    """Jinja folds `{{ "x"|b }}` into the compiled code, so BBCode's compiled template must never be
    reused for Markdown or another forum's tags (the cache would then change a post)."""
    import gm.forum.templating as render
    from gm.forum.profiles import PROFILES

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / "post.j2").write_text('{{ "The vote"|b }} {{ "Spoiler"|heading }} {{ "[x]" }}\n')
    want = {}
    for round_ in ("cold", "warm"):
        render._environment.cache_clear()  # a new process, as far as Jinja knows
        for fmt, forum in (("bbcode", None), ("markdown", None), ("bbcode", PROFILES["vbulletin"])):
            got = render.environment("battle-royale", fmt, [tmp_path / "t"], forum).get_template("post.j2").render()
            want.setdefault((fmt, forum), got)
            assert got == want[(fmt, forum)], (round_, fmt, forum)
    render._environment.cache_clear()
    assert want[("bbcode", None)] == "[b]The vote[/b] [b][size=150]Spoiler[/size][/b] [\u200bx]\n"
    assert want[("markdown", None)] == "**The vote** ## Spoiler \\[x\\]\n"
    assert want[("bbcode", PROFILES["vbulletin"])].startswith("[b]The vote[/b] [b][size=4]Spoiler")


@pytest.mark.parametrize("sandboxed", [False, True])
def test_quick_lookup_reads_dicts_exactly_as_jinja_does(tmp_path, sandboxed):
    """gm/forum/sandbox.py's _quick_lookup skips a caught exception, never a meaning: a key named like a dict method
    is still the method, a missing key is still an error, the sandbox still refuses private names."""
    import jinja2
    from jinja2.sandbox import SandboxedEnvironment

    from gm.forum.templating import environment

    env = environment("battle-royale", "text", [tmp_path] if sandboxed else None)
    stock = (SandboxedEnvironment if sandboxed else jinja2.Environment)(undefined=jinja2.StrictUndefined)
    d = {"kind": "attack", "items": ["Knife"], "get": 3, "n": None}
    for source in ("{{ d.kind }}", "{{ d.n is none }}", "{{ d['items']|join }}", "{{ d.items()|list|length }}",
                   "{{ d.get('kind') }}", "{{ d.keys()|list|length }}", "{{ d.missing is defined }}"):
        assert env.from_string(source).render(d=d) == stock.from_string(source).render(d=d), source
    for source in ("{{ d.missing }}", "{{ d.__class__.__name__ }}" if sandboxed else "{{ d.missing.x }}"):
        with pytest.raises((jinja2.UndefinedError, jinja2.exceptions.SecurityError)):
            env.from_string(source).render(d=d)


def test_the_collector_is_paused_only_while_a_day_is_worked_on(game_copy):
    import gc

    from gm.commands.game import resolve
    from gm.storage.gcpause import gc_paused

    seen = []
    with gc_paused():
        seen.append(gc.isenabled())
    assert seen == [False] and gc.isenabled()
    with pytest.raises(ZeroDivisionError):
        with gc_paused():
            1 / 0
    assert gc.isenabled()  # back on after an error too
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()  # a caller that had it off keeps it off
    finally:
        gc.enable()
    out = resolve(game_copy, 4, "ab" * 16, False)
    assert out.day == 4 and gc.isenabled()


def test_a_cache_folder_others_can_write_to_is_not_used(tmp_path, monkeypatch):
    """Compiled templates are code: a cache folder writable by the group or others is ignored."""
    from gm.storage.cache import cache_dir

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    folder = cache_dir("templates", "k")
    assert folder is not None and folder.is_dir()
    folder.chmod(0o777)
    assert cache_dir("templates", "k") is None
    folder.chmod(0o700)
    assert cache_dir("templates", "k") == folder
