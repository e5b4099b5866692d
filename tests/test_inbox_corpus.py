"""The PM corpus (tests/inbox/<engine>/corpus.yaml) read as `gm inbox` reads it, and the goals of
issue 26 held: filled-in forms 100% exact, free text at least 85% exact, and no wrong orders written
without a flag. bench/INBOX.md has the figures (bench/inbox.py prints them)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gm.engines import REGISTRY
from inbox_game import make_game

HERE = Path(__file__).resolve().parent
CORPORA = sorted(p.parent.name for p in (HERE / "inbox").glob("*/corpus.yaml"))


def corpus_of(engine: str) -> tuple[int, list[dict]]:
    """The engine's PMs: the generated corpus.yaml, and handwritten.yaml where there is one."""
    from gm.yamlio import load_file, plain

    day, items = None, []
    for name in ("corpus.yaml", "handwritten.yaml"):
        path = HERE / "inbox" / engine / name
        if path.is_file():
            doc = plain(load_file(path))
            assert day in (None, doc["day"]), path
            day = doc["day"]
            items += doc["pms"]
    return day, items


@pytest.fixture(scope="module")
def games(tmp_path_factory, demo_games):
    folder = tmp_path_factory.mktemp("inbox-games")
    return {name: make_game(name, folder, demo_games.pristine(name)) for name in sorted(REGISTRY)}


def record(game, state, day, player, text):
    """The player's orders as the engine's checker reads them from an orders file's text."""
    from gm.salts import take_salts
    from gm.yamlio import load_text

    doc = load_text(text, Path("x.yaml"), game.limits, keep=False)
    take_salts(doc, "x.yaml")
    got, problems = game.engine.check_orders(doc, "x.yaml", game.rules, state, day, {})
    assert not [p for p in problems if p.severity == "error"], (text, [str(p) for p in problems])
    return json.dumps(game.engine.orders_record(got[player]), sort_keys=True, default=str)


def measure(root: Path, day: int, items: list[dict]) -> dict:
    """Each PM read on its own: exact, flagged for the GM, or wrong (written, and not what it means)."""
    from gm.pipeline.day import check_day
    from gm.errors import Location
    from gm.gamedir import GameDir
    from gm.inbox.pmread import orders_yaml, read_player
    from gm.pms import PM

    gd = GameDir(root)
    game = gd.load()
    state = check_day(gd, game, day).state
    counts = {"exact": 0, "flagged": 0, "wrong": 0, "caught": 0, "written_flag": 0}
    wrong = []
    for n, item in enumerate(items):
        pm = PM(item["from"], None, "", item["text"], Location("corpus.yaml", n + 1))
        box, node, text = read_player(game, state, day, item["from"], [pm])
        if item["expect"] == "flag":
            if box.sure:
                counts["written_flag"] += 1
                wrong.append((item, box.words))
            else:
                counts["caught"] += 1
            continue
        if not box.sure:
            counts["flagged"] += 1
            continue
        meant = record(game, state, day, item["from"], orders_yaml(item["from"], item["expect"], None))
        if record(game, state, day, item["from"], text) == meant:
            counts["exact"] += 1
        else:
            counts["wrong"] += 1
            wrong.append((item, box.words))
    counts["wrong_items"] = wrong
    return counts


@pytest.mark.parametrize("engine", sorted(REGISTRY))
def test_free_text_corpus_meets_the_goals(engine, games):
    root, day = games[engine]
    if engine not in CORPORA:  # an engine that reads no free text needs none; one that does, does
        from gm.pipeline.day import check_day
        from gm.gamedir import GameDir

        gd = GameDir(root)
        game = gd.load()
        checked = check_day(gd, game, day)
        assert all(game.engine.vocabulary(checked.state, game.rules, p) is None for p in checked.due), \
            f"{engine} reads free text: write its PMs in tests/inbox/{engine}/corpus.yaml"
        return
    corpus_day, items = corpus_of(engine)
    assert corpus_day == day
    assert len(items) >= 100
    got = measure(root, day, items)
    meant = sum(1 for i in items if i["expect"] != "flag")
    assert not got["wrong_items"], f"{engine}: wrong orders written without a flag: {got['wrong_items']}"
    assert got["exact"] / meant >= 0.85, f"{engine}: {got['exact']} of {meant} read exactly ({got})"


@pytest.mark.parametrize("engine", sorted(REGISTRY))
def test_no_pm_crashes_the_reader_of_any_engine(engine, games):
    """Words of the engine's own vocabulary, in any order, with noise: read without a crash, the same
    way twice, and what reads without doubt passes the checker."""
    from hypothesis import given, settings, strategies as st

    from gm.pipeline.day import check_day
    from gm.errors import Location
    from gm.gamedir import GameDir
    from gm.inbox.pmread import check_orders_text, read_player
    from gm.pms import PM

    root, day = games[engine]
    gd = GameDir(root)
    game = gd.load()
    checked = check_day(gd, game, day)
    state, due = checked.state, checked.due
    words = ["then", ".", ",", "scratch that", "actually", "x2", "twice", "w/", "him", "it", "?", "if", "salt:", "\n"]
    for player in due[:2]:
        vocab = game.engine.vocabulary(state, game.rules, player)
        if vocab is not None:
            words += [w for o in vocab.orders for w in o.words[:3]]
            words += [s for table in vocab.objects.values() for s in list(table)[:6]]
    words = sorted(set(words))

    @settings(max_examples=60, deadline=None)
    @given(st.lists(st.one_of(st.sampled_from(words), st.text(max_size=6)), max_size=20), st.sampled_from(due))
    def check(pieces, player):
        pm = PM(player, None, "", " ".join(pieces), Location("pm.txt", 1))
        box, _, written = read_player(game, state, day, player, [pm])
        assert read_player(game, state, day, player, [pm])[2] == written
        if box.sure:
            assert check_orders_text(game, state, day, written, "x.yaml") == []

    check()
