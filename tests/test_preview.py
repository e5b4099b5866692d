"""gm preview: the day's posts as one HTML page, checked in a real browser (headless Chromium)."""

import os
import shutil
import subprocess
from html.parser import HTMLParser

import pytest
from click.testing import CliRunner

from gm.cli import cli
from gm.gmday.preview import bbcode_to_html, markdown_to_html


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def test_bbcode_becomes_html_and_player_text_stays_text():
    page = bbcode_to_html("[b][size=150]Day 1[/size][/b]\n[list]\n[*]<script>alert(1)</script>\n[*][\u200bb]x\n[/list]\n"
                          "[color=red][b]Goro[/b][/color] [color=red;background:url(x)]y[/color] [b]open")
    assert '<strong><span style="font-size: 150%">Day 1</span></strong>' in page
    assert "<li>&lt;script&gt;alert(1)&lt;/script&gt;</li>" in page and "<script>" not in page
    assert "<li>[\u200bb]x</li>" in page  # an escaped tag in a name is shown, not applied
    assert '<span style="color: red"><strong>Goro</strong></span>' in page
    assert "[color=red;background:url(x)]y[/color]" in page  # not a colour: left as text
    assert page.endswith("<strong>open</strong>")  # a tag left open is closed


def test_markdown_becomes_html():
    page = markdown_to_html("## Day 1\n\n**Fallen** \\*x\\* \\<b\\>\n- a\n- b\n\n[details=\"Votes\"]\n- x\n[/details]\nT: ||hidden||")
    assert "<h2>Day 1</h2>" in page and "<strong>Fallen</strong> *x* &lt;b&gt;" in page
    assert "<ul><li>a</li><li>b</li></ul>" in page
    assert "<details><summary>Votes</summary>" in page and '<span class="spoiler">hidden</span>' in page


def test_preview_writes_a_page_and_opens_nothing(game_copy, monkeypatch):
    import webbrowser

    monkeypatch.setattr(webbrowser, "open", lambda *a, **k: pytest.fail("gm preview opened a browser"))
    result = run("preview", game_copy, "--day", "1")
    assert result.exit_code == 0, result.output
    page = (game_copy / "days" / "01" / "preview.html").read_text()
    assert page.count('class="post private"') == 20 and "Private message to Akane" in page
    assert run("preview", game_copy, "--day", "1").exit_code == 0  # its own page: replaced
    mine = game_copy / "mine.html"
    mine.write_text("<p>my notes</p>")
    result = run("preview", game_copy, "--day", "1", "--out", mine)
    assert result.exit_code == 1 and "not written by gm preview" in result.output
    assert mine.read_text() == "<p>my notes</p>"
    result = run("preview", game_copy, "--day", "4")
    assert result.exit_code == 1 and "has not been resolved" in result.output


def _chromium() -> str | None:
    for name in (os.environ.get("GM_CHROMIUM"), "chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


class _Text(HTMLParser):
    """The text a reader sees, by post: headers and bodies of every <article>."""

    def __init__(self):
        super().__init__()
        self.posts: list[list[str]] = []
        self.skip = 0
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "script"):
            self.skip += 1
        if tag == "article":
            self.posts.append([])
        self.tags.append(tag)

    def handle_endtag(self, tag):
        if tag in ("style", "script"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip and self.posts:
            self.posts[-1].append(data)


def test_the_preview_shows_the_posts_in_a_real_browser(game_copy, tmp_path):
    chromium = _chromium()
    if chromium is None:
        pytest.skip("no Chromium found (the Debian package `chromium`; .ci/run installs it on CI, or set GM_CHROMIUM)")
    assert run("preview", game_copy, "--day", "3").exit_code == 0
    page = game_copy / "days" / "03" / "preview.html"
    out = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-extensions",
         f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", page.resolve().as_uri()],
        capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    dom = _Text()
    dom.feed(out.stdout)
    posts = ["".join(p) for p in dom.posts]
    messages = len(list((game_copy / "days" / "03" / "result" / "messages").iterdir()))
    assert messages == 18 and len(posts) == 1 + 1 + messages  # the narration, the reveal, each message
    narration, reveal, juno = posts[0], posts[1], next(p for p in posts if "Private message to Juno" in p)
    assert "Day 3: Smoke over the Septagon" in narration and "Fallen today (2)" in narration
    assert "Escaped the island (1)" in narration
    assert "the dice revealed" in reveal and "gm-reveal {" in reveal
    assert "Day 3: your results, Juno" in juno
    for post in posts:
        assert "[b]" not in post and "[/list]" not in post and "[color" not in post, post[:200]
    # the markup became elements, as a forum shows it
    assert {"strong", "ul", "li", "span", "pre"} <= set(dom.tags)
