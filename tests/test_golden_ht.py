"""Golden outputs of the Hostile Takeover demo's whole days, from the roll for the first player to the
final score. Regenerate with `pytest --update-golden` and review the diff."""

import json

from test_golden import GOLDEN, compare_with_golden

HT_GOLDEN = GOLDEN.parent / "hostile-takeover-demo"


def test_ht_demo_days_match_golden_files(ht_demo_dir, update_golden):
    compare_with_golden(ht_demo_dir, HT_GOLDEN, update_golden)


def test_ht_demo_goes_from_set_up_to_the_final_score(ht_demo_dir):
    days = sorted(p.name for p in (ht_demo_dir / "days").iterdir())
    assert days[0] == "00" and len(days) >= 5
    first = (ht_demo_dir / "days" / "00" / "result" / "narration.bbcode").read_text(encoding="utf-8")
    assert "Roll for the first player (d12)" in first and "goes first" in first
    setup = (ht_demo_dir / "days" / "01" / "result" / "narration.bbcode").read_text(encoding="utf-8")
    assert "the board is set" in setup and "[code]" in setup
    last = days[-1]
    state = json.loads((ht_demo_dir / "days" / last / "result" / "state.json").read_text(encoding="utf-8"))
    assert state["over"] and state["end"] == "last_standing" and state["scores"]
    final = (ht_demo_dir / "days" / last / "result" / "narration.bbcode").read_text(encoding="utf-8")
    assert "The game is over" in final and "score" in final
    for day in days[2:]:
        post = (ht_demo_dir / "days" / day / "result" / "narration.bbcode").read_text(encoding="utf-8")
        assert post.count("[code]") >= 1, f"Day {day}'s post has no map"
        for msg in (ht_demo_dir / "days" / day / "result" / "messages").iterdir():
            assert "[code]" in msg.read_text(encoding="utf-8"), f"{msg} has no map"
