"""Every phrase pool of every engine, one fixture per condition (tests/phrases/<engine>.yaml).

A case gives the names a post passes to `phrase(pool, ...)` and every phrasing the narration
stream may say for them. The runner renders the case under many days' keys and compares: the
condition picks exactly those phrasings, no other. Each phrasing of the shipped pools must be said by
some case (a phrasing no fixture reaches is a condition without a fixture), and each one said
must read well (tests/test_reading.py's checks).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.engines import REGISTRY
from gm.forum.templating import environment
from gm.narration import Narrator, load_pools
from gm.yamlio import load_file
from tests.test_reading import problems_in

FIXTURES = Path(__file__).parent / "phrases"
PLACES = {"Beach": "on the Beach", "Forest": "in the Forest", "Crevasse": "in the Crevasse"}
KEYS = [bytes([i, 255 - i]) * 16 for i in range(200)]


def _cases(engine: str) -> tuple[dict, list[dict]]:
    doc = load_file(FIXTURES / f"{engine}.yaml")
    return dict(doc["names"]), [dict(c) for c in doc["cases"]]


def _said(engine: str, pools, pool: str, names: dict) -> set[str]:
    env = environment(engine, "bbcode", places=PLACES)
    return {str(Narrator(pools, env, key, f"{engine}|3|narration", context={"places": PLACES}).phrase(pool, **names))
            for key in KEYS}


@pytest.mark.parametrize("engine", sorted(REGISTRY))
def test_each_condition_picks_its_phrasings(engine):
    pools = load_pools(engine)
    base, cases = _cases(engine)
    wrong = []
    for case in cases:
        names = {**base, **dict(case.get("names") or {})}
        said = _said(engine, pools, case["pool"], names)
        want = set(case["says"])
        if said != want:
            wrong.append(f"{case['pool']} when {case['when']}: said {sorted(said - want)}, never said {sorted(want - said)}")
        for text in said:
            wrong += [f"{case['pool']}: {p}" for p in problems_in(text)]
    assert not wrong, f"{engine}:\n" + "\n".join(wrong)


@pytest.mark.parametrize("engine", sorted(REGISTRY))
def test_every_phrasing_has_a_fixture(engine):
    """Each phrasing of the shipped pools is said by a case whose names fit it."""
    pools = load_pools(engine)
    assert pools, f"{engine} ships no phrase pool"
    base, cases = _cases(engine)
    env = environment(engine, "bbcode", places=PLACES)
    covered = set()
    for case in cases:
        names = {**base, **dict(case.get("names") or {})}
        n = Narrator(pools, env, b"x" * 32, "t", context={"places": PLACES})
        for i, p in enumerate(pools[case["pool"]]):
            if p.fits(names) and n._render(p, names) in case["says"]:
                covered.add((case["pool"], i))
    missing = [f"{pool}: {p.text}" for pool, phrasings in pools.items()
               for i, p in enumerate(phrasings) if (pool, i) not in covered]
    assert not missing, f"{engine}: phrasings no fixture says:\n" + "\n".join(missing)


def test_a_wrong_fixture_fails():
    """The runner can fail: a case that expects a phrasing its condition does not pick."""
    pools = load_pools("hostile-takeover")
    base, cases = _cases("hostile-takeover")
    case = next(c for c in cases if c["pool"] == "combat" and c["names"].get("result") == "tie")
    said = _said("hostile-takeover", pools, "combat", {**base, **case["names"], "result": "won"})
    assert said != set(case["says"])
