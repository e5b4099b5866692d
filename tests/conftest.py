import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite the golden files from the current output (review the diff!)")


@pytest.fixture
def update_golden(request):
    return request.config.getoption("--update-golden")


@pytest.fixture(scope="session")
def demo_dir(tmp_path_factory):
    """The bundled demo, created and resolved once for the whole session."""
    from gm.commands import demo

    target = tmp_path_factory.mktemp("demo") / "game"
    demo(target)
    return target


@pytest.fixture
def game_copy(demo_dir, tmp_path):
    """A private copy of the resolved demo that a test may change."""
    target = tmp_path / "game"
    shutil.copytree(demo_dir, target)
    return target


@pytest.fixture(scope="session")
def ht_demo_dir(tmp_path_factory):
    """The bundled Hostile Takeover demo, created and resolved once for the whole session."""
    from gm.commands import demo

    target = tmp_path_factory.mktemp("ht-demo") / "game"
    demo(target, "hostile-takeover")
    return target


@pytest.fixture
def ht_game_copy(ht_demo_dir, tmp_path):
    """A private copy of the resolved Hostile Takeover demo that a test may change."""
    target = tmp_path / "ht-game"
    shutil.copytree(ht_demo_dir, target)
    return target
