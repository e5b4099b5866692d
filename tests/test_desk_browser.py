"""The desk in a real browser (issue 27, item 3): every Copy button puts the post's exact bytes on
the clipboard, a tick survives a reload (browser storage; the day's folder when served), the page
works with the network off, and hostile names stay inert text. Headless Chromium via tests/browser.py."""

from __future__ import annotations

import threading
import time

import pytest

from browser import chrome, offline, phone
from gm.gamedir import GameDir
from gm.gmday.desk import Card, Desk, Item, build_desk
from gm.gmday.desk_page import desk_page

READ_CLIPBOARD = ("var done = arguments[0]; navigator.clipboard.readText()"
                  ".then(done, function (e) { done('clipboard refused: ' + e); });")


def _grant_clipboard(driver) -> None:
    driver.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})


def _box(driver, item_id: str):
    return next(b for b in driver.find_elements("css selector", "section.item") if b.get_attribute("data-id") == item_id)


def test_every_copy_button_gives_the_exact_text_and_a_tick_survives_a_reload(game_copy, tmp_path):
    from click.testing import CliRunner

    from gm.cli import cli

    assert CliRunner().invoke(cli, ["desk", str(game_copy), "--day", "3"]).exit_code == 0
    gd = GameDir(game_copy)
    items = build_desk(gd, gd.load(), 3).items()
    url = (game_copy / "days" / "03" / "desk.html").resolve().as_uri()
    with chrome(tmp_path) as driver:
        offline(driver)  # nothing the page needs is elsewhere
        _grant_clipboard(driver)
        driver.get(url)
        assert driver.execute_script("return performance.getEntriesByType('resource').length") == 0
        boxes = driver.find_elements("css selector", "section.item")
        assert [b.get_attribute("data-id") for b in boxes] == [i.id for i in items]
        for box, item in zip(boxes, items):
            driver.execute_script("arguments[0].scrollIntoView()", box)
            box.find_element("css selector", "button.copy").click()
            for _ in range(50):
                if box.find_element("css selector", ".copied").text == "copied":
                    break
                time.sleep(0.02)
            assert driver.execute_async_script(READ_CLIPBOARD) == item.text, item.id
        card = next(i for i in items if i.id.startswith("pm."))
        _box(driver, card.id).find_element("css selector", "input.sent").click()
        driver.refresh()
        assert _box(driver, card.id).find_element("css selector", "input.sent").is_selected()
        assert not _box(driver, "narration.1").find_element("css selector", "input.sent").is_selected()
        phone(driver)  # and at a phone's width: laid out for it, the posts scroll in their box
        driver.refresh()
        m = driver.execute_script("return [window.innerWidth, document.documentElement.scrollWidth, "
                                  "getComputedStyle(document.querySelector('pre')).whiteSpace]")
        assert m == [390, 390, "pre"]


def test_the_served_desk_keeps_a_tick_in_the_days_folder(game_copy, tmp_path):
    import json

    from gm.gmday.desk_serve import DeskServer

    gd = GameDir(game_copy)
    server = DeskServer(gd, gd.load(), 3)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        item = next(i for i in build_desk(gd, gd.load(), 3).items() if i.id.startswith("pm."))
        with chrome(tmp_path) as driver:
            driver.get(server.url)
            _box(driver, item.id).find_element("css selector", "input.sent").click()
            sent = game_copy / "days" / "03" / "desk-sent.json"
            for _ in range(100):
                if sent.is_file():
                    break
                time.sleep(0.05)
            assert json.loads(sent.read_text()) == {item.id: item.sha}
            driver.delete_all_cookies()
            driver.execute_script("localStorage.clear()")  # the tick is the folder's, not the browser's
            driver.refresh()
            assert _box(driver, item.id).find_element("css selector", "input.sent").is_selected()
    finally:
        server.shutdown()
        server.server_close()


HOSTILE = ['</script><script>window.pwned=1</script>', '<img src=x onerror="window.pwned=2">',
           '"><svg onload="window.pwned=3">', "{{ 7*7 }}", "[b]x[/b]", "';window.pwned=4;'", "\u2028<!--"]


def test_hostile_names_stay_inert_text(tmp_path):
    cards = [Card(name, name, [Item(f"pm.p{n}.1", f"Message to {name}", f"Hello {name}\n[code]{name}[/code]\n",
                                    "private message")]) for n, name in enumerate(HOSTILE)]
    desk = Desk(HOSTILE[0], 1, HOSTILE[1], "bbcode", [("Narration", [Item("narration.1", HOSTILE[2], HOSTILE[0], "public thread")],
                                                      "")], cards, HOSTILE[3])
    page = tmp_path / "desk.html"
    page.write_text(desk_page(desk), encoding="utf-8")
    with chrome(tmp_path) as driver:
        _grant_clipboard(driver)
        driver.get(page.resolve().as_uri())
        assert driver.execute_script("return window.pwned") is None
        assert driver.find_elements("css selector", "img, svg") == []
        heads = [h.get_attribute("textContent") for h in driver.find_elements("css selector", "article.card > header")]
        assert heads == [f"{n}: send to {n}" for n in HOSTILE]
        for card in cards:
            box = _box(driver, card.items[0].id)
            assert box.find_element("css selector", "pre").get_attribute("textContent") == card.items[0].text
            box.find_element("css selector", "button.copy").click()
            time.sleep(0.05)
            assert driver.execute_async_script(READ_CLIPBOARD) == card.items[0].text
        assert driver.execute_script("return window.pwned") is None


@pytest.mark.parametrize("engine", ["hostile-takeover", "hashmi-battle-royale", "kharnage"])
def test_every_engines_desk_copies_its_board_posts_exactly(engine, tmp_path, demo_games):
    game = demo_games.copy(engine, tmp_path / "game")
    gd = GameDir(game)
    items = build_desk(gd, gd.load(), 2).items()
    page = tmp_path / "desk.html"
    page.write_text(desk_page(build_desk(gd, gd.load(), 2)), encoding="utf-8")
    with chrome(tmp_path) as driver:
        _grant_clipboard(driver)
        driver.get(page.resolve().as_uri())
        for item in items[:4]:
            _box(driver, item.id).find_element("css selector", "button.copy").click()
            time.sleep(0.05)
            assert driver.execute_async_script(READ_CLIPBOARD) == item.text, item.id
