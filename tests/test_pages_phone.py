"""Pages at a phone's width (issue 28, item 4): `gm preview`'s page and the verifier page are laid
out for a 390-px screen (a viewport), the text stays readable, and the boards and code blocks
scroll sideways inside their box, never wrap and never widen the page. A screenshot is taken in
headless Chromium for each (kept in the test's folder for a person to look at)."""

from __future__ import annotations

import struct

import pytest
from click.testing import CliRunner

from browser import chrome, phone
from gm.cli import cli

WIDTH = 390


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def _png_size(path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def _measure(driver, url: str | None, shot) -> dict:
    phone(driver, WIDTH)
    if url is not None:
        driver.get(url)
    driver.save_screenshot(str(shot))
    assert _png_size(shot)[0] == WIDTH
    return driver.execute_script("""
      var pres = Array.prototype.slice.call(document.querySelectorAll('pre'));
      var body = getComputedStyle(document.body);
      return {inner: window.innerWidth, page: document.documentElement.scrollWidth,
              font: parseFloat(body.fontSize),
              pres: pres.map(function (p) { var s = getComputedStyle(p);
                return {ws: s.whiteSpace, ox: s.overflowX, wide: p.scrollWidth > p.clientWidth,
                        right: p.getBoundingClientRect().right}; })};""")


def _laid_out_for_a_phone(m: dict) -> None:
    assert m["inner"] == WIDTH, "no viewport: the page is laid out for a desktop and shrunk"
    assert m["page"] <= WIDTH, f"the page is {m['page']} px wide at {WIDTH} px: it scrolls sideways"
    assert m["font"] >= 13
    for p in m["pres"]:
        assert p["ws"] == "pre" and p["ox"] in ("auto", "scroll"), p  # never wrapped: scrolled in its box
        assert p["right"] <= WIDTH, p


@pytest.mark.parametrize("engine, day", [("hostile-takeover", 2), ("hashmi-battle-royale", 3)])
def test_the_preview_fits_a_phone_and_its_boards_scroll(engine, day, tmp_path, demo_games):
    game = demo_games.copy(engine, tmp_path / "game")  # `gm preview` writes into the game folder
    assert run("preview", game, "--day", day).exit_code == 0
    page = game / "days" / f"{day:02d}" / "preview.html"
    with chrome(tmp_path) as driver:
        m = _measure(driver, page.resolve().as_uri(), tmp_path / f"preview-{engine}.png")
    _laid_out_for_a_phone(m)
    assert any(p["wide"] for p in m["pres"]), "a board wider than the phone should scroll in its box"


def test_the_verifier_page_fits_a_phone_with_a_days_rolls_in_it(demo_dir, tmp_path):
    import html

    from test_verifier_page import _posts

    out = tmp_path / "verifier.html"
    assert run("verifier", out).exit_code == 0
    page = out.read_text(encoding="utf-8")
    for field, text in _posts(demo_dir, 2).items():  # filled as a player pastes the posts
        page = page.replace(f'<textarea id="{field}"></textarea>', f'<textarea id="{field}">{html.escape(text)}</textarea>')
    out.write_text(page, encoding="utf-8")
    with chrome(tmp_path) as driver:
        phone(driver, WIDTH)
        driver.get(out.resolve().as_uri() + "#offline")
        from selenium.webdriver.support.ui import WebDriverWait

        WebDriverWait(driver, 60).until(lambda d: d.find_element("id", "verdict").text.strip())
        assert driver.find_element("id", "verdict").text.startswith("VERIFIED")
        m = _measure(driver, None, tmp_path / "verifier.png")
        table = driver.execute_script("var t = document.getElementById('rolltable'); return "
                                      "[getComputedStyle(t).overflowX, t.getBoundingClientRect().right, t.rows.length];")
    _laid_out_for_a_phone(m)
    assert table[0] == "auto" and table[1] <= WIDTH and table[2] > 1  # the roll table scrolls in its box


def test_hostile_names_in_the_preview_stay_inert_at_a_phones_width(game_copy, tmp_path):
    from test_desk_browser import HOSTILE

    from gm.gamedir import GameDir
    from gm.gmday.preview import preview_page

    game = GameDir(game_copy).load()
    posts = [("Private messages", f"Private message to {h}", f"[b]{h}[/b] [color={h}]x[/color]\n[code]{h} {'=' * 80}[/code]\n")
             for h in HOSTILE]
    page = tmp_path / "preview.html"
    page.write_text(preview_page(game, 3, posts), encoding="utf-8")
    with chrome(tmp_path) as driver:
        m = _measure(driver, page.resolve().as_uri(), tmp_path / "hostile.png")
        assert driver.execute_script("return window.pwned") is None
        assert driver.find_elements("css selector", "img, svg, iframe, body script") == []
        heads = [h.get_attribute("textContent") for h in driver.find_elements("css selector", "article header")]
        assert heads == [f"Private message to {h}" for h in HOSTILE]
    _laid_out_for_a_phone(m)
