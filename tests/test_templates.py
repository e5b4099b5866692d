"""A GM's own templates: a whole post, or one block of a shipped one; sandboxed, and located when wrong."""

import hashlib
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.cli import cli
from gm.commands.game import demo_seed
from gm.engines.battle_royale.rules import DATA
from gm.gamedir import GameDir
from gm.pipeline.day import resolve_day
from gm.pipeline.record import day_files

GOLDEN = Path(__file__).resolve().parent / "golden" / "demo"


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def snapshot(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def demo_with_templates(tmp_path: Path, templates: dict[str, str], days=(0, 1)) -> Path:
    root = tmp_path / "game"
    shutil.copytree(DATA / "examples" / "demo", root)
    for name, text in templates.items():
        (root / "templates").mkdir(exist_ok=True)
        (root / "templates" / name).write_text(text)
    gd = GameDir(root)
    game = gd.load()
    for day in days:
        gd.write_result(day, day_files(game, resolve_day(gd, game, day, demo_seed(day))))
    return root


def test_one_block_replaced_by_extending_the_shipped_template(tmp_path):
    root = demo_with_templates(tmp_path, {"narration.j2": (
        '{% extends "shipped/narration.j2" %}\n'
        "{% block opening %}\n"
        "Dawn. {{ deaths|length }} dead, {{ noise|length }} fights, and a voice on the speakers: {{ \"[b]attention\" }}.\n"
        "{% endblock %}\n")})
    mine = (root / "days" / "01" / "result" / "narration.bbcode").read_text()
    shipped = (GOLDEN / "days" / "01" / "result" / "narration.bbcode").read_text()
    assert "Dawn. 0 dead, 7 fights, and a voice on the speakers: [\u200bb]attention." in mine  # still escaped
    shipped_opening = shipped.split("[b]Fallen today")[0].split("\n\n", 1)[1].strip()
    assert shipped_opening and shipped_opening not in mine
    # everything outside the block is the shipped template's
    assert mine.split("\n", 1)[0] == shipped.split("\n", 1)[0]
    assert mine[mine.index("[b]Fallen today"):] == shipped[shipped.index("[b]Fallen today"):]
    # Day 0 has its own block, untouched
    assert (root / "days" / "00" / "result" / "narration.bbcode").read_text() == \
        (GOLDEN / "days" / "00" / "result" / "narration.bbcode").read_text()


def test_a_whole_post_of_ones_own(tmp_path):
    root = demo_with_templates(tmp_path, {"message.j2": (
        "Dear {{ view.me.name }},\n\n{% for e in events %}- {{ e.kind }}\n{% endfor %}\n"
        "Yours, the Program ({{ game.title }}, Day {{ game.day }})\n")})
    text = (root / "days" / "01" / "result" / "messages" / "Akane.bbcode").read_text()
    assert text.startswith("Dear Akane,\n\n- attack\n") and text.endswith("Yours, the Program (Smoke over the Septagon, Day 1)\n")
    # the narration is still the shipped one
    assert (root / "days" / "01" / "result" / "narration.bbcode").read_text() == \
        (GOLDEN / "days" / "01" / "result" / "narration.bbcode").read_text()


BROKEN = {
    "undefined": ('{% extends "shipped/narration.j2" %}\n{% block fallen %}\nFallen: {{ dead_list }}\n{% endblock %}\n',
                  "templates/narration.j2:3: error: 'dead_list' is undefined"),
    "undefined attribute": ("{{ view.me.name }}\n\n{{ view.me.secret_plan }}\n",
                            "templates/message.j2:3: error: 'dict object' has no attribute 'secret_plan'"),
    "sandbox": ("{{ view.me.__class__.__subclasses__() }}\n",
                "templates/message.j2:1: error: not allowed in a template: access to attribute '__class__'"),
    "syntax": ('{% extends "shipped/narration.j2" %}\n{% block opening %}\n{% if x %}\n{% endblock %}\n',
               "templates/narration.j2:4: error: Encountered unknown tag 'endblock'"),
    "missing parent": ('{% extends "shipped/naration.j2" %}\n', "error: no template called 'shipped/naration.j2'"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_template_is_one_located_error_and_nothing_is_written(game_copy, case, monkeypatch):
    text, expected = BROKEN[case]
    name = "narration.j2" if "narration" in text or "narration" in expected or "naration" in text else "message.j2"
    (game_copy / "templates").mkdir()
    (game_copy / "templates" / name).write_text(text)
    monkeypatch.chdir(game_copy)
    before = snapshot(game_copy)
    result = run("resolve", ".", "--seed", "ab")
    assert result.exit_code == 1, result.output
    assert expected in result.output, result.output
    assert "Traceback" not in result.output
    assert snapshot(game_copy) == before
    if case == "syntax":  # gm check finds syntax errors before the day is resolved
        check = run("check", ".")
        assert check.exit_code == 1 and expected in check.output


def test_the_commitment_post_can_be_overridden_too(game_copy):
    (game_copy / "templates").mkdir()
    (game_copy / "templates" / "commit.j2").write_text(
        '{{ ("Seed locked for Day " ~ day)|b }}\n{{ machine|code }}\nFingerprint: {{ seed_sha256 }}\n')
    result = run("commit", game_copy)
    assert result.exit_code == 0
    assert result.output.strip().endswith("Fingerprint: " + hashlib.sha256(
        bytes.fromhex((game_copy / "days" / "04" / "seed.secret").read_text().split()[0])).hexdigest())


def test_gm_templates_lists_blocks_and_prints_the_shipped_source(game_copy):
    result = run("templates", game_copy)
    assert result.exit_code == 0
    assert "narration.j2: blocks day0, heading, story, opening, fallen, vote, ending" in result.output
    assert "message.j2: blocks heading, intro, orders, night, status, sheet, surroundings, next" in result.output
    assert "phrases.yaml: blocks " in result.output and "sounds" in result.output
    shown = run("templates", game_copy, "phrases.yaml")
    assert shown.exit_code == 0 and "sounds:" in shown.output
    source = run("templates", game_copy, "narration.j2")
    assert source.exit_code == 0 and "{% block opening %}" in source.output
    wrong = run("templates", game_copy, "naration.j2")
    assert wrong.exit_code == 1 and "did you mean 'narration.j2'" in wrong.output
