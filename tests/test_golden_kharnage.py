"""Golden outputs of the Kharnage demo's whole days, from the set-up to the final score.
Regenerate with `pytest --update-golden` and review the diff."""

import json

import pytest

from test_golden import GOLDEN, compare_with_golden

KH_GOLDEN = GOLDEN.parent / "kharnage-demo"


@pytest.fixture(scope="module")
def kh_demo_dir(demo_games):
    return demo_games.pristine("kharnage")


def test_kharnage_demo_days_match_golden_files(kh_demo_dir, update_golden):
    compare_with_golden(kh_demo_dir, KH_GOLDEN, update_golden)


def _read(root, day, name):
    return (root / "days" / f"{day:02d}" / "result" / name).read_text(encoding="utf-8")


def test_kharnage_demo_runs_set_up_and_four_rounds(kh_demo_dir):
    days = sorted(p.name for p in (kh_demo_dir / "days").iterdir())
    assert days == ["00", "01", "02", "03", "04"]
    state = json.loads(_read(kh_demo_dir, 4, "state.json"))
    assert state["over"] and state["round"] == 4 and state["scores"][0]["place"] == 1
    assert "the armies take the field" in _read(kh_demo_dir, 0, "narration.bbcode")
    for day in range(1, 5):
        post = _read(kh_demo_dir, day, "narration.bbcode")
        assert f"Round {day} of 4" in post and "The cards are revealed, in order of play" in post
        assert post.count("[code]") == 2, "the round's table and the armies by line"
    assert "The battle for the Hill is over" in _read(kh_demo_dir, 4, "narration.bbcode")


def test_kharnage_demo_is_a_tour_of_the_rules(kh_demo_dir):
    """Events the demo must show: these kinds (and flavours) all happen in it."""
    kinds = set()
    for day in range(5):
        for line in _read(kh_demo_dir, day, "events.jsonl").splitlines():
            e = json.loads(line)
            kinds.add(e["kind"])
            d = e["data"]
            if e["kind"] == "attack":
                kinds.add(f"attack:{d['source']}")
                if d["split"]:
                    kinds.add("split")
                if d["knights"]:
                    kinds.add("knights")
                if any(h["stomped"] for h in d["hits"]):
                    kinds.add("stomp")
            if e["kind"] == "placed" and d["large"]:
                kinds.add("large")
    for kind in ("army_set_up", "reveal", "reinforcement", "placed", "chief", "kamikaze", "kharnage", "web",
                 "flight", "power", "gm_note", "gm_discard", "silent", "choice", "round_end", "game_over", "drew",
                 "attack:card", "attack:elite", "attack:kamikaze", "attack:veteran", "split", "knights", "stomp", "large"):
        assert kind in kinds, f"the demo never shows {kind}"


def test_messages_show_the_hand_and_the_plan(kh_demo_dir):
    text = _read(kh_demo_dir, 2, "messages/Akane.bbcode")
    assert "Your hand" in text and "Your war plan, as understood" in text
    assert "Why the engine chose what it chose for you" in text
    silent = _read(kh_demo_dir, 4, "messages/Bruno.bbcode")
    assert "No orders came from you" in silent
