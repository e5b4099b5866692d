"""Rulings are first-class in the posts (issue 24, item 1): the GM's words open the day's post,
before its events, told as a ruling and never as a death in a fight; every engine sends a player the
GM removed a last message (TK-17: "eliminated players get a last message")."""

from __future__ import annotations

from gm.gamedir import GameDir
from test_engine_contract import _reopened, played, run  # noqa: F401 (played: the fixture)


def _resolve_with(root, day, rulings: str):
    from gm.fairness.beacon import DEMO_SIGNATURE

    (root / "days" / f"{day:02d}" / "rulings.yaml").write_text(rulings, encoding="utf-8")
    resolved = run("resolve", root, "--day", day, "--beacon", DEMO_SIGNATURE)
    assert resolved.exit_code == 0, resolved.output
    return root / "days" / f"{day:02d}" / "result"


def test_a_mod_kill_opens_the_post_and_the_removed_player_gets_a_last_message(played, tmp_path):
    from gm.pipeline.day import check_day

    root, day = _reopened(played, tmp_path)
    gd = GameDir(root)
    game = gd.load()
    victim = check_day(gd, game, day).due[0]
    say = f"{victim} was removed from the game for inactivity."
    result = _resolve_with(root, day, f"- kill: {victim}\n  say: {say}\n")
    narration = (result / f"narration.{game.ext}").read_text(encoding="utf-8")
    lines = narration.splitlines()
    said = next(i for i, line in enumerate(lines) if say in line)
    # the heading (and its headline) may come first; nothing of the day's events before the ruling
    assert said <= 6, narration
    assert victim not in "\n".join(lines[:said]), narration
    assert "did not survive" not in narration.split(say, 1)[1].split("\n\n")[0]
    for line in lines:  # told as a ruling, never as a death in the fight
        if victim in line and say not in line:
            assert "survive" not in line and "fell" not in line.lower() and "killed" not in line, line
    assert "First to Fall" not in narration
    messages = {p.stem: p.read_text(encoding="utf-8") for p in (result / "messages").glob(f"*.{game.ext}")}
    assert victim in messages, f"{victim} removed by the GM got no last message ({sorted(messages)})"
    assert "The GM removed you from the game." in messages[victim]
    assert say in messages[victim]
    # the status line of their last message says how they went out: by the GM, never in the fight
    status = next(line for line in messages[victim].splitlines() if line.startswith("[b]Your status[/b]: "))
    assert "GM" in status and "in the game" not in status.replace("out of the game", ""), status
    # and nothing in the day's texts contradicts another (tests/told_facts.py's extractor):
    # Battle Royale told the removed player "You were killed in the Septagon"
    from told_facts import contradictions, day_claims, resolved_day

    game, told = resolved_day(root, day)
    assert not contradictions(day_claims(game, told))
    if played[0] == "battle-royale":
        assert "killed" not in messages[victim], messages[victim]
