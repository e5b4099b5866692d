import hashlib
import json
import shutil
from pathlib import Path

import os

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent


# On CI the property tests draw the same examples every run: a landing is never decided by a lucky
# draw. Locally they draw new examples each run, which is how they find bugs (pin what they find as
# @example). HYPOTHESIS_PROFILE=ci reproduces CI's draw.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") == "true" else "dev"))


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite the golden files from the current output (review the diff!)")


@pytest.fixture(autouse=True, scope="session")
def _private_cache(tmp_path_factory):
    """gm's cache (gm/storage/cache.py) lives in the session's temporary folder, not in the user's."""
    patch = pytest.MonkeyPatch()
    patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("xdg-cache")))
    yield
    patch.undo()


@pytest.fixture
def update_golden(request):
    return request.config.getoption("--update-golden")


class DemoGames:
    """Each engine's bundled demo (`gm demo`), played at most once per test run: `pristine(engine)`
    is the game as played, to read only; `copy(engine)` a private copy that a test may change.
    A test that wrote into a pristine game would change what every later test reads: `changed()`
    names such files, and the session fixture fails the run on them."""

    def __init__(self, tmp_path_factory):
        self._factory = tmp_path_factory
        self._played: dict[str, Path] = {}
        self._as_played: dict[str, dict[str, str]] = {}

    def pristine(self, engine: str = "battle-royale") -> Path:
        if engine not in self._played:
            from gm.commands.game import demo

            target = self._factory.mktemp("demo-" + engine) / "game"
            demo(target, engine)
            self._played[engine] = target
            self._as_played[engine] = _fingerprint(target)
        return self._played[engine]

    def copy(self, engine: str = "battle-royale", target: Path | None = None) -> Path:
        source = self.pristine(engine)
        target = target or self._factory.mktemp("copy-" + engine) / "game"
        shutil.copytree(source, target)
        return target

    def changed(self) -> list[str]:
        """Files of a pristine game that are not as the demo left them (added, changed or gone)."""
        out = []
        for engine, root in self._played.items():
            now, then = _fingerprint(root), self._as_played[engine]
            out += [f"{engine}: {name}" for name in sorted(now.keys() | then.keys()) if now.get(name) != then.get(name)]
        return out


def _fingerprint(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture(scope="session")
def demo_games(tmp_path_factory):
    games = DemoGames(tmp_path_factory)
    yield games
    changed = games.changed()
    assert not changed, f"a test wrote into a pristine demo game (use demo_games.copy): {changed[:10]}"


@pytest.fixture(scope="session")
def demo_dir(demo_games):
    """The bundled demo, created and resolved once for the whole session."""
    return demo_games.pristine("battle-royale")


@pytest.fixture
def game_copy(demo_dir, tmp_path):
    """A private copy of the resolved demo as it stood after Day 3 (the game still running), that a test may change."""
    target = tmp_path / "game"
    shutil.copytree(demo_dir, target)
    for day in (target / "days").iterdir():
        if int(day.name) > 3:
            shutil.rmtree(day)
    _head_at(target, 3)
    log = target / "fairness.log"  # the game as it was: what happened after Day 3 is not logged yet
    log.write_text("".join(line + "\n" for line in log.read_text().splitlines() if json.loads(line)["day"] <= 3))
    return target


def _head_at(root: Path, day: int) -> None:
    """A game cut back to `day` for a test: its chain head names that day again."""
    from gm.fairness.chain import HEAD, write_head
    from gm.gamedir import GameDir

    (root / HEAD).unlink(missing_ok=True)
    write_head(GameDir(root), day)
    reseal(root)


def reseal(root: Path) -> None:
    """A game cut back is running again: a sealed day's reveal, written when the game ended
    (gm/fairness/reveal.py, release_sealed), was not there yet."""
    from gm.gamedir import GameDir

    engine = GameDir(root).load().engine
    for d in (root / "days").iterdir():
        if d.name.isdigit() and engine.sealed(int(d.name)):
            for path in (d / "result").glob("reveal*"):
                path.unlink()


@pytest.fixture(scope="session")
def votes_game_dir(tmp_path_factory):
    """The game of the thread fixtures (tests/threads/game), resolved through Day 3 once for the session."""
    from gm.commands.game import demo_seed
    from gm.fairness.chain import write_result
    from gm.fairness.commitment import commit_day, log_event
    from gm.pipeline.day import resolve_day
    from gm.pipeline.record import day_files
    from gm.gamedir import GameDir

    target = tmp_path_factory.mktemp("votes") / "game"
    shutil.copytree(ROOT / "tests" / "threads" / "game", target)
    (target / GameDir.LOCK).write_text("")  # the writing commands' lock, as `gm new` makes it
    gd = GameDir(target)
    game = gd.load()
    for day in range(4):
        commit_day(gd, game, day, demo_seed(day), late=True)  # the fixture's orders are in already
        files = day_files(game, resolve_day(gd, game, day, demo_seed(day)))
        # as `gm resolve` does: the record's log line, then the result it vouches for
        log_event(gd, {"event": "resolve", "day": day,
                       "record_sha256": hashlib.sha256(files["day.json"].encode("utf-8")).hexdigest()})
        write_result(gd, day, files)  # the result, then the chain head
    return target


@pytest.fixture
def votes_game(votes_game_dir, tmp_path):
    """A private copy of the thread fixtures' game after Day 3, that a test may change."""
    target = tmp_path / "votes-game"
    shutil.copytree(votes_game_dir, target)
    return target


@pytest.fixture(scope="session")
def ht_demo_dir(demo_games):
    """The bundled Hostile Takeover demo, created and resolved once for the whole session."""
    return demo_games.pristine("hostile-takeover")


@pytest.fixture
def ht_game_copy(ht_demo_dir, tmp_path):
    """A private copy of the resolved Hostile Takeover demo that a test may change."""
    target = tmp_path / "ht-game"
    shutil.copytree(ht_demo_dir, target)
    return target


@pytest.fixture(scope="session")
def hashmi_demo_dir(demo_games):
    """The bundled Hashmi Battle Royale demo, created and resolved once for the whole session."""
    return demo_games.pristine("hashmi-battle-royale")


def pytest_terminal_summary(terminalreporter):
    """Say in one line per reason what was skipped and why, so that "161 skipped" in a plain clone
    reads as what it is (rulebooks or Chromium not on this machine), not as something broken."""
    reasons: dict[str, int] = {}
    for report in terminalreporter.stats.get("skipped", []):
        longrepr = getattr(report, "longrepr", None)
        reason = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(longrepr)
        reason = reason.removeprefix("Skipped: ")
        reasons[reason] = reasons.get(reason, 0) + 1
    for reason, n in sorted(reasons.items(), key=lambda kv: -kv[1]):
        terminalreporter.write_line(f"skipped {n}: {reason}")
