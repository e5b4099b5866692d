"""Every engine's per-player form, sent, filled in and sent back in any forum's rendering (BBCode,
Markdown, quoted, with chatter around it), reads back as exactly the orders written into it. The form
is rendered by the engine (`gm form --player`), so a new form is checked by this same test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gm.engines import REGISTRY
from inbox_game import corpus_day


@pytest.fixture(scope="module")
def demos(tmp_path_factory):
    return tmp_path_factory.mktemp("inbox-forms")


def _reopened(engine: str, folder: Path) -> tuple[Path, int, dict]:
    """The demo before its corpus day, and the orders its players sent that day (player -> node)."""
    from gm.commands import demo
    from gm.yamlio import load_file, plain
    from test_gm_day import unresolve

    root = folder / engine
    if not root.exists():
        demo(root, engine)
    day = corpus_day(engine)
    unresolve(root, day)
    sent: dict = {}
    for path in sorted((root / "days" / f"{day:02d}" / "orders").glob("*.yaml")):
        doc = plain(load_file(path))
        sent.update({k: v for k, v in doc.items() if k != "gm"})
        path.unlink()
    return root, day, sent


def _fill(form: str, player: str, node, fmt: str) -> str:
    """The form as a player sends it back: its lines kept as comments (the choices), the orders below."""
    from gm.inbox.pmread import orders_yaml

    salt = node.pop("salt", None) if isinstance(node, dict) else None
    def filled(m):
        lines = [f"# {line}" if line.strip() and not line.lstrip().startswith("#") else line
                 for line in m.group(1).strip("\n").splitlines()]
        return "[code]" + "\n".join(lines + [orders_yaml(player, node, salt).rstrip("\n")]) + "[/code]"
    text = re.sub(r"\[code\](.*?)\[/code\]", filled, form, flags=re.DOTALL)
    if fmt == "bbcode":
        return f"hey gm, here u go 😀\n{text}\nthx!"
    if fmt == "quoted":
        return f'[quote="GM"]{text}[/quote]\nsorry it is late lol'
    if fmt == "markdown":
        text = re.sub(r"\[code\](.*?)\[/code\]", lambda m: "```yaml\n" + m.group(1) + "\n```", text, flags=re.DOTALL)
        return "GM wrote:\n" + "\n".join("> " + line for line in text.splitlines()) + "\n\ndone, gl all"
    raise AssertionError(fmt)


@pytest.mark.parametrize("engine", sorted(REGISTRY))
def test_every_form_round_trips(engine, demos):
    import copy

    from gm.pipeline.day import check_day
    from gm.errors import Location
    from gm.storage.gamedir import GameDir
    from gm.gmday.deadline import form
    from gm.inbox.pmread import orders_yaml, read_player
    from gm.inbox.pms import PM
    from test_inbox_corpus import record

    root, day, sent = _reopened(engine, demos)
    gd = GameDir(root)
    game = gd.load()
    state = check_day(gd, game, day).state
    assert sent, f"the {engine} demo sent no orders on Day {day}"
    for player, node in sent.items():
        _, post = form(root, day, player)
        salt = node.get("salt") if isinstance(node, dict) else None
        plain_node = {k: v for k, v in node.items() if k != "salt"} if isinstance(node, dict) else node
        meant = record(game, state, day, player, orders_yaml(player, plain_node, salt))
        for fmt in ("bbcode", "quoted", "markdown"):
            text = _fill(post, player, copy.deepcopy(node), fmt)
            box, _, written = read_player(game, state, day, player, [PM(player, None, "", text, Location("pm.txt", 1))])
            assert box.sure, (engine, fmt, player, text, [(d.phrase, d.why) for d in box.doubts], box.problems)
            assert record(game, state, day, player, written) == meant, (fmt, player, text)
            assert box.salt == salt
