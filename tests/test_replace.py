"""`replace` follows through at once (issue 24, item 1): from the day of the ruling the new player's
forum handle is the character's for reminders and votes, `gm status --player NEW` finds the
character, and orders sent under the new handle are read as the character's, with a note."""

from __future__ import annotations

import pytest

from test_gm_day import day3, demo, run  # noqa: F401 (fixtures)


@pytest.fixture
def replaced(day3):  # noqa: F811
    game_yaml = day3 / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + "\nforum:\n  profile: phpbb\n  handles:\n    OldFox: Kenji\n",
                         encoding="utf-8")
    (day3 / "days" / "03" / "rulings.yaml").write_text("- replace: {player: Kenji, by: NewFox}\n", encoding="utf-8")
    return day3


def test_orders_under_the_new_handle_are_the_characters(replaced):
    orders = replaced / "days" / "03" / "orders" / "orders.yaml"
    text = orders.read_text(encoding="utf-8")
    assert "\nKenji:\n" in text
    orders.write_text(text.replace("\nKenji:\n", "\nNewFox:\n"), encoding="utf-8")
    checked = run("check", replaced)
    assert checked.exit_code == 0, checked.output
    assert "orders.yaml:56:1: warning: NewFox now plays Kenji (replace ruling, " in checked.output, checked.output
    assert "days/03/rulings.yaml): read as Kenji's orders" in checked.output
    assert "Kenji: no orders" not in checked.output


def test_reminders_status_and_votes_follow_the_new_player(replaced):
    import re

    orders = replaced / "days" / "03" / "orders" / "orders.yaml"
    orders.write_text(re.sub(r"\nKenji:\n(?:  .*\n)*", "\n", orders.read_text(encoding="utf-8")), encoding="utf-8")
    reminder = run("remind", replaced, "--now", "2020-01-01 00:00")
    assert reminder.exit_code == 0, reminder.output
    assert "@NewFox" in reminder.output and "@OldFox" not in reminder.output and "@Kenji" not in reminder.output
    status = run("status", replaced, "--player", "newfox")
    assert status.exit_code == 0, status.output
    assert "Kenji, " in status.output and "what Kenji knows" in status.output
    thread = replaced / "thread.txt"
    thread.write_text("--- thread key: k3y9 ---\n--- k3y9 post by NewFox ---\n[color=red][b]Chiaki[/b][/color]\n"
                      "--- k3y9 post by OldFox ---\n[color=red][b]Dana[/b][/color]\n", encoding="utf-8")
    counted = run("votes", replaced, "--thread", thread, "--dry-run")
    assert counted.exit_code == 0, counted.output
    assert "[*][b]Chiaki[/b] (1): Kenji" in counted.output
    assert "'OldFox' is not a player" in counted.output
