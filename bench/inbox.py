"""The figures of bench/INBOX.md: each engine's PM corpus (tests/inbox/) read by `gm inbox`.

    .venv/bin/python bench/inbox.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))


def main() -> None:
    from inbox_game import make_game
    from test_inbox_corpus import corpus_of, measure

    print("| engine | PMs | meant orders: read exactly | flagged for the GM | read wrong | meant a flag: flagged |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for corpus in sorted((ROOT / "tests" / "inbox").glob("*/corpus.yaml")):
            engine = corpus.parent.name
            items = corpus_of(engine)[1]
            root, day = make_game(engine, Path(tmp))
            got = measure(root, day, items)
            meant = sum(1 for i in items if i["expect"] != "flag")
            flags = len(items) - meant
            pct = lambda n, d: f"{100 * n / d:.1f}% ({n})" if d else "-"
            print(f"| {engine} | {len(items)} | {pct(got['exact'], meant)} | {pct(got['flagged'], meant)} | "
                  f"{pct(got['wrong'], meant)} | {pct(got['caught'], flags)} |")
            for item, words in got["wrong_items"]:
                print(f"  wrong: {item} -> {words}", file=sys.stderr)


if __name__ == "__main__":
    main()
