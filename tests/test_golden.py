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


def test_demo_days_match_golden_files(demo_dir, update_golden):
    actual = _outputs(demo_dir)
    if update_golden:
        if GOLDEN.exists():
            shutil.rmtree(GOLDEN)
        for rel, text in actual.items():
            path = GOLDEN / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8", newline="\n")
    expected = _outputs(GOLDEN)
    assert sorted(actual) == sorted(expected), "the demo writes a different set of files than the golden copy"
    for rel in sorted(expected):
        if actual[rel] != expected[rel]:
            diff = "".join(difflib.unified_diff(expected[rel].splitlines(True), actual[rel].splitlines(True),
                                                f"golden/{rel}", f"actual/{rel}"))
            raise AssertionError(f"{rel} differs from its golden copy:\n{diff[:4000]}")


def test_demo_covers_four_days_and_every_player(demo_dir):
    days = sorted(p.name for p in (demo_dir / "days").iterdir())
    assert days == ["00", "01", "02", "03"]
    assert len(list((demo_dir / "days" / "01" / "result" / "messages").iterdir())) == 20
    narration = (demo_dir / "days" / "03" / "result" / "narration.bbcode").read_text(encoding="utf-8")
    assert "Fallen today (4)" in narration
    assert "caught in the closed Forest" in narration
