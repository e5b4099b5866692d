"""gm simulate --cluster (#30): the same games on a Dask cluster give the same report as here."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from gm.cli import cli

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def cluster():
    """A local cluster of two worker processes on loopback, started and stopped by the test."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as c:
        yield c.scheduler_address


def _report(args):
    out = CliRunner().invoke(cli, ["simulate", *args, "--json"])
    assert out.exit_code == 0, out.output
    return json.loads(out.stdout)


def test_a_cluster_of_two_gives_the_report_of_two_jobs_here(cluster):
    here = _report(["team-kill", "--games", "60", "--seed", "c", "--jobs", "2"])
    there = _report(["team-kill", "--games", "60", "--seed", "c", "--cluster", cluster])
    assert there["timing"]["cluster"] == cluster and there["timing"]["workers"] == 2
    here.pop("timing"), there.pop("timing")
    assert there == here


def test_house_rules_reach_the_workers_as_data(cluster, tmp_path):
    rules = tmp_path / "house.yaml"
    rules.write_text("lone_wolf_chance: 100\n")
    args = ["battle-royale", "--games", "8", "--seed", "h", "--house-rules", str(rules)]
    here, there = _report([*args, "--jobs", "1"]), _report([*args, "--cluster", cluster])
    assert here["house_rules"] == there["house_rules"] == {"lone_wolf_chance": 100}
    here.pop("timing"), there.pop("timing")
    assert there == here  # every Lone Wolf request granted there too: the rules went with the game


def test_vs_on_a_cluster_pairs_the_games_as_here(cluster, tmp_path):
    """Both sets of rules go to the workers as data; game i is played under both in one task there too."""
    rules = tmp_path / "always.yaml"
    rules.write_text("lone_wolf_chance: 100\n")
    args = ["battle-royale", "--games", "6", "--seed", "v", "--policy", "defaults", "--vs", str(rules)]
    here, there = _report([*args, "--jobs", "2"]), _report([*args, "--cluster", cluster])
    assert there["vs"]["comparison"]["games"] == 6
    here.pop("timing"), there.pop("timing")
    assert there == here


def test_an_unreachable_cluster_is_one_clear_error():
    out = CliRunner().invoke(cli, ["simulate", "team-kill", "--games", "2", "--cluster", "tcp://127.0.0.1:9"])
    assert out.exit_code == 1 and "cannot reach the Dask scheduler" in out.output
