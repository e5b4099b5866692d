"""Golden outputs of the demo's whole days. Regenerate with `pytest --update-golden` and review the diff."""

import difflib
import shutil
from pathlib import Path

GOLDEN = Path(__file__).resolve().parent / "golden" / "demo"


def _outputs(root: Path) -> dict[str, str]:
    out = {}
    for day in sorted((root / "days").iterdir()):
        result = day / "result"
        for p in sorted(result.rglob("*")):
            if p.is_file():
                out[str(p.relative_to(root))] = p.read_text(encoding="utf-8")
    return out


def compare_with_golden(game: Path, golden: Path, update: bool) -> None:
    """Every result file of a resolved game against its golden copy (rewritten first with --update-golden)."""
    actual = _outputs(game)
    if update:
        if golden.exists():
            shutil.rmtree(golden)
        for rel, text in actual.items():
            path = golden / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8", newline="\n")
    expected = _outputs(golden)
    assert sorted(actual) == sorted(expected), "the demo writes a different set of files than the golden copy"
    for rel in sorted(expected):
        if actual[rel] != expected[rel]:
            diff = "".join(difflib.unified_diff(expected[rel].splitlines(True), actual[rel].splitlines(True),
                                                f"golden/{rel}", f"actual/{rel}"))
            raise AssertionError(f"{rel} differs from its golden copy:\n{diff[:4000]}")


def test_demo_days_match_golden_files(demo_dir, update_golden):
    compare_with_golden(demo_dir, GOLDEN, update_golden)


def test_demo_runs_from_day0_to_the_end_of_day7(demo_dir):
    days = sorted(p.name for p in (demo_dir / "days").iterdir())
    assert days == ["00", "01", "02", "03", "04", "05", "06", "07"]
    assert len(list((demo_dir / "days" / "01" / "result" / "messages").iterdir())) == 20
    narration = (demo_dir / "days" / "03" / "result" / "narration.bbcode").read_text(encoding="utf-8")
    assert "Fallen today (2)" in narration and "Escaped the island (1)" in narration
    final = (demo_dir / "days" / "07" / "result" / "narration.bbcode").read_text(encoding="utf-8")
    assert "The Program is over" in final
    for outcome in ("winner", "escaped on Day 3", "died on Day 2", "marked for reward", "survived"):
        assert outcome in final


def test_demo_exercises_the_rules(demo_dir):
    """The demo is also a tour of the handbook: these kinds of event all happen in it."""
    import json

    kinds = set()
    flags = set()
    for day in (demo_dir / "days").iterdir():
        for line in (day / "result" / "events.jsonl").read_text(encoding="utf-8").splitlines():
            e = json.loads(line)
            kinds.add(e["kind"])
            d = e["data"]
            for flag in ("covered", "saved", "all_out", "paint", "smoke", "follow", "stopped"):
                if d.get(flag):
                    flags.add(flag if flag != "saved" else d["saved"])
    assert {"role", "bonus", "school", "start", "store", "take_out", "wear", "trade", "pick_up", "drop",
            "proficiency", "megaphone", "distracted", "deactivated", "heal", "attack", "collateral", "poison",
            "trap_set", "mine", "c4_hit", "analysis", "search", "found_lying", "move", "run_drop", "escape",
            "rival_killed", "partner_lost", "bounty", "loot", "kill", "death", "votes", "reward", "binoculars", "tracking",
            "zones_closed", "game_over"} <= kinds
    assert {"covered", "Metal Pot Lid", "all_out", "paint", "smoke", "follow", "stopped"} <= flags
