"""Fuzzing every registered engine's inputs: orders, game.yaml, votes.yaml and thread files, valid,
nearly valid (a real file with a few characters changed) and garbage. Whatever the text, gm check
and gm votes end in a result or a GM's error (exit 1), never a crash, never a hang (issue #15).

Engines added to the registry later are fuzzed without a change here. The number of examples is
kept small so the whole module runs in a few seconds; raise FUZZ_EXAMPLES to look harder.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm.commands import game as commands
from gm.commands import forum as forum_commands
from gm.errors import GmError
from tests.hostile.support import ENGINES

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "12"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
ALPHABET = st.sampled_from(list("abcAB -:[]{}&*!|>'\"#,\n\t0123456789") + ["\ufeff", "\u2028", "\x00", "é", "\u202e", "\ud800"])


def mutated(seed: str):
    """`seed` with a few edits: characters inserted, deleted or replaced, lines swapped or repeated."""
    edit = st.tuples(st.sampled_from(["insert", "delete", "replace", "swap", "repeat"]),
                     st.integers(0, max(len(seed), 1)), st.text(ALPHABET, min_size=1, max_size=3))

    def apply(edits):
        text = seed
        for op, at, chars in edits:
            at = at % (len(text) + 1)
            if op == "insert":
                text = text[:at] + chars + text[at:]
            elif op == "delete":
                text = text[:at] + text[at + len(chars):]
            elif op == "replace":
                text = text[:at] + chars + text[at + len(chars):]
            else:
                lines = text.split("\n")
                i = at % len(lines)
                j = (i + 1) % len(lines)
                if op == "swap":
                    lines[i], lines[j] = lines[j], lines[i]
                else:
                    lines.insert(i, lines[i])
                text = "\n".join(lines)
        return text

    return st.lists(edit, min_size=1, max_size=6).map(apply)


def texts(seed: str):
    return st.one_of(st.just(seed), mutated(seed), st.text(ALPHABET, max_size=200))


class Hang(Exception):
    pass


def bounded(fn, seconds: int = 10):
    """Run fn; a hang fails the test instead of stopping CI."""
    def alarm(signum, frame):
        raise Hang(f"took more than {seconds} s")
    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        return fn()
    except GmError:
        return None  # a located message for the GM: what gm must do with a bad file
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@pytest.fixture(scope="module")
def demos(demo_games):
    """Every engine's demo (a private copy of the one played once per test run), taken back to before
    its first day with orders (its orders there are the seeds)."""
    from test_gm_day import unresolve

    out = {}
    for name in ENGINES:
        root = demo_games.copy(name)  # the fuzz writes into it
        days = sorted(d for d in (root / "days").iterdir() if d.name.isdigit())
        target = next((d for d in days[1:] if (d / "orders").is_dir()), days[0])
        unresolve(root, int(target.name))
        orders = sorted((target / "orders").glob("*.yaml"))
        out[name] = (root, int(target.name), orders[0] if orders else target / "orders" / "orders.yaml")
    return out


def _check_with(root: Path, day: int, path: Path, text: str, original: str | None):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        bounded(lambda: commands.check(root, day))
    finally:
        if original is None:
            path.unlink()
        else:
            path.write_text(original, encoding="utf-8")


@pytest.mark.parametrize("engine", ENGINES)
def test_orders_files(demos, engine):
    root, day, path = demos[engine]
    original = path.read_text(encoding="utf-8") if path.is_file() else None

    @FUZZ
    @given(texts(original or "Nobody: {}\n"))
    def run(text):
        _check_with(root, day, path, text, original)

    run()


@pytest.mark.parametrize("engine", ENGINES)
def test_game_yaml(demos, engine):
    root, day, _ = demos[engine]
    path = root / "game.yaml"
    original = path.read_text(encoding="utf-8")

    @FUZZ
    @given(texts(original))
    def run(text):
        _check_with(root, day, path, text, original)

    run()


@pytest.mark.parametrize("engine", ENGINES)
def test_votes_yaml(demos, engine):
    root, day, _ = demos[engine]
    seed = "Akane: {mark: Bruno, close: Forest, reward: Beach}\nBruno: {mark: null}\n"

    @FUZZ
    @given(texts(seed))
    def run(text):
        _check_with(root, day, root / "days" / f"{day:02d}" / "votes.yaml", text, None)

    run()


@pytest.mark.parametrize("engine", ENGINES)
def test_thread_files(demos, engine, tmp_path):
    root, day, _ = demos[engine]
    seed = ("--- thread key: fz9k ---\n--- fz9k post by Akane ---\n[color=red][b]Bruno[/b][/color]\n"
            "--- fz9k post by Bruno at 2025-03-01 18:40 ---\n[quote]x[/quote][b][color=yellow]Forest[/color][/b]\n"
            "--- fz9k deadline ---\n")
    thread = tmp_path / "thread.txt"

    @FUZZ
    @given(texts(seed))
    def run(text):
        thread.write_text(text, encoding="utf-8", errors="surrogatepass")
        bounded(lambda: forum_commands.votes(root, day, thread, None, dry_run=True))

    run()
