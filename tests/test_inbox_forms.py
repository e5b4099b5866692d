"""Every engine's per-player form, sent, filled in and sent back in any forum's rendering (BBCode,
Markdown, quoted, with chatter around it), reads back as exactly the orders written into it. The form
is rendered by the engine (`gm form --player`), so a new form is checked by this same test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gm.engines import REGISTRY
from inbox_game import corpus_day


@pytest.fixture
def demos(demo_games, tmp_path):
    """engine -> a private copy of its demo (played once per test run), that the test takes back."""
    return lambda engine: demo_games.copy(engine, tmp_path / engine)


def _reopened(engine: str, demos) -> tuple[Path, int, dict]:
    """The demo before its corpus day, and the orders its players sent that day (player -> node)."""
    from gm.yamlio import load_file, plain
    from test_gm_day import unresolve

    root = demos(engine)
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
    from gm.gamedir import GameDir
    from gm.gmday.deadline import form
    from gm.inbox.pmread import orders_yaml, read_player
    from gm.pms import PM
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


# Names a forum's markup would eat: a tag, a bracket, a mention, Markdown's marks and backticks,
# a YAML word. Inside the form's code block the BBCode escaping breaks `[` and `@` with a zero-width
# space so that no tag or mention is read; the player copies the name back with it.
HOSTILE = ('"[b]Bold[/b]"', '"Zoë [GM]"', '"@here *x* _y_"', '"a`b``c"', '"no"')


def _hostile_game(engine: str, folder: Path) -> Path:
    """A new game of `engine` whose first players have HOSTILE names, played to its first day of orders."""
    from gm.commands.game import new_game

    root = folder / engine
    new_game(root, engine, None)
    text = (root / "game.yaml").read_text(encoding="utf-8")
    for plain_name, hostile in zip(("Player One", "Player Two", "Player Three", "Player Four", "Player Five"), HOSTILE):
        text = text.replace(plain_name, hostile)
    (root / "game.yaml").write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize("fmt", ["bbcode", "markdown"])
@pytest.mark.parametrize("engine", sorted(REGISTRY))
def test_a_form_reads_back_exactly_whatever_the_names(engine, fmt, tmp_path):
    """`gm form --player` for players with markup-heavy names, sent back with one order
    uncommented (the zero-width spaces the code block put in their names included), reads back as
    exactly the orders the same lines give when written straight into an orders file."""
    import re as _re

    from click.testing import CliRunner

    from gm.cli import cli
    from gm.errors import Location
    from gm.pipeline.day import check_day
    from gm.inbox.pmread import read_player
    from gm.pms import PM
    from gm.gamedir import GameDir
    from gm.yamlio import load_text
    from test_forms_guides import PLACEHOLDER, _order_lines, _uncommented
    from test_inbox_corpus import record

    def run(*args):
        return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)

    root = _hostile_game(engine, tmp_path)
    yaml_text = (root / "game.yaml").read_text(encoding="utf-8")
    (root / "game.yaml").write_text(yaml_text.replace("format: bbcode", f"format: {fmt}"), encoding="utf-8")
    gd = GameDir(root)
    game = gd.load()
    names = [n for n in game.roster if n not in ("Player Five", "Player Six", "Player Four")]
    assert len(names) >= 3, game.roster
    tried = 0
    for day in range(0, 4):
        state = check_day(gd, game, day).state
        senders = [p for p in game.engine.may_send(state) if p in names]
        for player in senders:
            out = run("form", root, "--day", day, "--player", player)
            assert out.exit_code == 0, out.output
            block = _re.search(r"\[code\](.*?)\[/code\]" if fmt == "bbcode" else r"```\n(.*?)\n```", out.output, _re.S).group(1)
            plain_form = game.engine.form_text(state, game.rules, player)
            lines = [ln for ln in _order_lines(block) if not PLACEHOLDER.search(ln.split("   # ")[0])
                     and not _re.match(r"^\s*# \w+:\s*(#.*)?$", ln)]
            for line in lines[:2]:
                sent = _uncommented(block, line)  # as the player sends it: the zero-width spaces kept
                meant_text = _uncommented(plain_form, _order_lines(plain_form)[_order_lines(block).index(line)])
                assert list(load_text(meant_text, Path("form.yaml"))) == [player]
                wrapped = f"[code]{sent}[/code]" if fmt == "bbcode" else f"```\n{sent}```"
                pm = PM(player, None, "", f"here you go\n{wrapped}\n", Location("pm.txt", 1))
                box, _, written = read_player(game, state, day, player, [pm])
                assert box.sure and not box.problems, (engine, player, line, [(d.phrase, d.why) for d in box.doubts], box.problems)
                if line.lstrip().startswith("# salt:"):  # a salt only: read back as the salt
                    assert box.salt == load_text(meant_text, Path("form.yaml"))[player]["salt"], (engine, player, written)
                    continue
                assert record(game, state, day, player, written) == record(game, state, day, player, meant_text), \
                    (engine, player, sent, written)
                tried += 1  # an order read back (a salt alone does not count)
        if tried:
            break
        assert run("resolve", root, "--day", day, "--seed", f"0{day}").exit_code == 0
    assert tried, f"no {engine} form with an order to send back"
