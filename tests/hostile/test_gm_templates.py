"""A GM's templates: bounded in time, located when they fail, read only from the game folder (issue #15).

Found: four GM templates hung the process; runtime errors exited 3 with no location; a
symlinked template put /etc/passwd into the public post.
"""

from __future__ import annotations

import shutil
import time

from click.testing import CliRunner

from gm.cli import cli


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def resolve_with(game_copy, name: str, text: str | None = None, link_to=None, limits: str = ""):
    shutil.rmtree(game_copy / "days" / "03" / "result")
    templates = game_copy / "templates"
    templates.mkdir(exist_ok=True)
    if link_to is not None:
        (templates / name).symlink_to(link_to)
    else:
        (templates / name).write_text(text, encoding="utf-8")
    if limits:
        game_yaml = game_copy / "game.yaml"
        game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + "\nlimits:\n" + limits, encoding="utf-8")
    start = time.monotonic()
    result = run("resolve", game_copy, "--day", "3")
    return result, time.monotonic() - start


def test_a_link_out_of_the_game_folder_is_refused(game_copy, tmp_path):
    secret = tmp_path / "passwd"
    secret.write_text("root:x:0:0:SECRET-LINE\n", encoding="utf-8")
    result, _ = resolve_with(game_copy, "narration.j2", link_to=secret)
    assert result.exit_code == 1, result.output
    assert "leads outside the game's templates folder" in result.output
    assert not (game_copy / "days" / "03" / "result").exists()


def test_a_template_that_runs_too_long_is_stopped_with_its_place(game_copy):
    loop = "{% for i in range(30000) %}{% for j in range(30000) %}{% endfor %}{% endfor %}\n"  # within the steps
    result, seconds = resolve_with(game_copy, "narration.j2", loop,
                                   limits="  template_seconds: 1\n  template_steps: 1000000000\n")
    assert seconds < 10
    assert result.exit_code == 1, result.output
    assert "templates/narration.j2:1: error: the templates took more than 1 s" in result.output


def test_a_macro_without_end_is_located(game_copy):
    text = "{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}\n"
    result, seconds = resolve_with(game_copy, "narration.j2", text)
    assert result.exit_code == 1, result.output
    assert "templates/narration.j2:1: error: a macro or include calls itself without end" in result.output


def test_a_template_that_takes_too_many_steps_is_stopped(game_copy):
    text = "{% for i in range(5000) %}{% for j in range(5000) %}{{ day.__class__ if false else j.real }}{% endfor %}{% endfor %}\n"
    result, seconds = resolve_with(game_copy, "narration.j2", text, limits="  template_steps: 100000\n")
    assert result.exit_code == 1, result.output
    assert "templates/narration.j2:1: error: the templates took more steps than template_steps allows" in result.output
    assert seconds < 10


def test_a_runtime_error_in_a_gm_template_is_located(game_copy):
    result, _ = resolve_with(game_copy, "narration.j2", "line one\n{{ 1 // 0 }}\n")
    assert result.exit_code == 1, result.output
    assert "templates/narration.j2:2: error:" in result.output and "internal error" not in result.output


def test_gm_check_names_a_link_out_and_a_linked_templates_folder(game_copy, tmp_path):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "narration.j2").write_text("SECRET\n", encoding="utf-8")
    (game_copy / "templates").mkdir()
    (game_copy / "templates" / "narration.j2").symlink_to(outside / "narration.j2")
    result = run("check", game_copy)
    assert result.exit_code == 1 and "leads outside the game's templates folder" in result.output, result.output
    shutil.rmtree(game_copy / "templates")
    (game_copy / "templates").symlink_to(outside)
    result = run("check", game_copy)
    assert result.exit_code == 1 and "leads outside the game folder (a link?)" in result.output, result.output
