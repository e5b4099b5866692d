"""`gm verifier`: the static page re-derives a day's dice in a real (headless) browser, and rejects
tampered posts. Driven like tests/test_preview.py; skipped where no Chromium is installed."""

import html
import os
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.cli import cli


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def _chromium() -> str | None:
    for name in (os.environ.get("GM_CHROMIUM"), "chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


class _Results(HTMLParser):
    """The verdict, and each result line with its class (ok, fail, note)."""

    def __init__(self):
        super().__init__()
        self.where: list[str] = []
        self.verdict = ""
        self.items: list[tuple[str, str]] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id") == "verdict":
            self.where.append("verdict")
        elif tag == "li":
            self.items.append((a.get("class", ""), ""))
            self.where.append("li")
        else:
            self.where.append("")

    def handle_endtag(self, tag):
        if self.where:
            self.where.pop()

    def handle_data(self, data):
        if self.where and self.where[-1] == "verdict":
            self.verdict += data
        elif self.where and self.where[-1] == "li":
            cls, text = self.items[-1]
            self.items[-1] = (cls, text + data)


@pytest.fixture(scope="module")
def chromium():
    found = _chromium()
    if found is None:
        pytest.skip("no Chromium found (the Debian package `chromium`; .ci/run installs it on CI, or set GM_CHROMIUM)")
    return found


@pytest.fixture(scope="module")
def page(tmp_path_factory) -> str:
    out = tmp_path_factory.mktemp("page") / "verifier.html"
    result = run("verifier", out)
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert "<script src" not in text and "http://" not in text  # nothing loaded from elsewhere
    return text


def _check(chromium: str, page: str, tmp_path: Path, **posts: str) -> _Results:
    filled = page
    for field, text in posts.items():
        filled = filled.replace(f'<textarea id="{field}"></textarea>', f'<textarea id="{field}">{html.escape(text)}</textarea>')
    path = tmp_path / "filled.html"
    path.write_text(filled, encoding="utf-8")
    out = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-extensions",
         f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=20000", "--dump-dom",
         path.resolve().as_uri() + "#offline"],
        capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stderr[-2000:]
    parsed = _Results()
    parsed.feed(out.stdout)
    return parsed


def _posts(game: Path, day: int) -> dict[str, str]:
    d = game / "days" / f"{day:02d}"
    opening = next(p for p in sorted((d / "result" / "openings").glob("*.bbcode")) if ".part" not in p.name)
    return {"commit": (d / "commit.txt").read_text(), "lock": (d / "lock.txt").read_text(),
            "reveal": (d / "result" / "reveal.bbcode").read_text(),
            "rolls": run("reveal", game, "--day", day, "--rolls").output, "open": opening.read_text()}


def test_the_page_verifies_a_beacon_day_of_the_demo(chromium, page, demo_dir, tmp_path):
    posts = _posts(demo_dir, 7)  # the demo's last day took drand round 1000
    result = _check(chromium, page, tmp_path, **posts)
    fails = [t for c, t in result.items if c == "fail"]
    assert result.verdict.startswith("VERIFIED"), fails
    texts = [t for _, t in result.items]
    rolls = len((demo_dir / "days" / "07" / "result" / "rolls.public.jsonl").read_text().splitlines())
    assert f"all {rolls} rolls re-derived from the dice key, none missing or repeated" in texts
    assert any("beacon round 1000: its randomness is the SHA-256 of its signature" in t for t in texts)
    assert any(t.startswith("roll #") for t in texts)  # the opening checked


def test_the_page_verifies_an_offline_day_of_every_demo(chromium, page, demo_dir, tmp_path):
    result = _check(chromium, page, tmp_path, **_posts(demo_dir, 2))
    assert result.verdict.startswith("VERIFIED"), result.items
    assert ("note", "no beacon round: an offline day") in result.items


@pytest.mark.parametrize("field, doctor, named", [
    ("rolls", lambda t: re.sub(r'"value":(\d+)', lambda m: f'"value":{int(m.group(1)) % 100 + 1}', t, count=1),
     "roll #0: the log says"),
    ("rolls", lambda t: t.replace('"index":1,', '"index":1 ,', 1), "is not as gm wrote it"),
    ("reveal", lambda t: t.replace('"seed":"', '"seed":"00', 1), "the seed does not have the committed SHA-256"),
    ("reveal", lambda t: "\n".join(l for l in t.splitlines() if "gm-beacon" not in l),
     "the commitment named beacon round 1000, the reveal used null"),
    ("lock", lambda t: t.replace('"files":1', '"files":2', 1), "the lock's gm-file lines do not match its gm-lock line"),
    ("lock", lambda t: t.replace('"files":1', '"files": 1', 1), "a gm-lock line is not as gm wrote it"),
    ("lock", lambda t: t.replace('"sha256":"', '"sha256":"0', 1), "the lock's gm-file lines do not match its gm-lock line"),
    ("open", lambda t: t.replace('"outcome":"failure"', '"outcome":"success"', 1).replace('"outcome":"success"', '"outcome":"failure"', 1)
     if '"outcome":"failure"' in t else t.replace('"value":', '"value":1', 1), "does not match the public log"),
])
def test_the_page_rejects_tampered_posts(chromium, page, demo_dir, tmp_path, field, doctor, named):
    posts = _posts(demo_dir, 7)
    changed = doctor(posts[field])
    assert changed != posts[field]
    result = _check(chromium, page, tmp_path, **(posts | {field: changed}))
    assert result.verdict == "NOT VERIFIED"
    assert any(c == "fail" and named in t for c, t in result.items), result.items


def test_the_page_is_written_once(tmp_path):
    out = tmp_path / "v.html"
    assert run("verifier", out).exit_code == 0
    again = run("verifier", out)
    assert again.exit_code == 1 and "already exists" in again.output


# ---- the beacon, checked in the page itself (issue 23, item 6) ------------------------------------------

G1_GENERATOR = ("97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb")


def _forge_beacon(reveal: str) -> str:
    """The reveal with another point of G1 as the round's signature, and its randomness to match."""
    import hashlib

    from gm.fairness.beacon import DEMO_SIGNATURE

    fake = hashlib.sha256(bytes.fromhex(G1_GENERATOR)).hexdigest()
    real = hashlib.sha256(bytes.fromhex(DEMO_SIGNATURE)).hexdigest()
    return reveal.replace(DEMO_SIGNATURE, G1_GENERATOR).replace(real, fake)


def test_the_page_checks_the_beacon_signature_itself_offline(chromium, page, demo_dir, tmp_path):
    result = _check(chromium, page, tmp_path, **_posts(demo_dir, 7))
    assert result.verdict.startswith("VERIFIED"), result.items
    assert ("ok", "beacon round 1000: its BLS signature checks against the quicknet network's public key") in result.items
    assert "Permission is hereby granted" in page and "connect-src" not in page  # the licence inlined; no network


def test_the_page_says_not_verified_for_a_forged_beacon(chromium, page, demo_dir, tmp_path):
    # issue 23: the page said VERIFIED for a forged beacon when it could not reach drand
    posts = _posts(demo_dir, 7)
    forged = _forge_beacon(posts["reveal"])
    assert forged != posts["reveal"]
    result = _check(chromium, page, tmp_path, **(posts | {"reveal": forged}))
    assert result.verdict == "NOT VERIFIED", result.items
    assert any(c == "fail" and "a forged beacon" in t for c, t in result.items), result.items


def test_a_page_without_its_bls_check_says_beacon_not_checked_and_is_not_green(chromium, page, demo_dir, tmp_path):
    start = page.index("<script>\n/* @noble/curves")
    stripped = page[:start] + page[page.index("</script>", start) + len("</script>"):]
    result = _check(chromium, stripped, tmp_path, **_posts(demo_dir, 7))
    assert result.verdict.startswith("NOT VERIFIED: beacon not checked"), result.verdict
    assert any("beacon not checked" in t for _, t in result.items)


def test_the_page_follows_an_announced_new_round(chromium, page, game_copy, tmp_path):
    """A day whose deadline moved past its round (tests/test_fairness_rounds.py): the page checks the
    announcement's chain, and a dropped announcement is named."""
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from test_fairness import write_orders
    from test_fairness_rounds import BEFORE, FIRST, ISO, RULED, play

    assert run("commit", game_copy, "--deadline", FIRST.strftime(ISO), "--now", BEFORE).exit_code == 0
    write_orders(game_copy, 4, 'Mateo:\n  salt: "blue moon"\n  action: search\n')
    (game_copy / "days" / "04" / "rulings.yaml").write_text(f"- deadline: {RULED}\n")
    play(game_copy)
    d = game_copy / "days" / "04"
    posts = {"commit": (d / "commit.txt").read_text(), "rounds": (d / "round.1.txt").read_text(),
             "lock": (d / "lock.txt").read_text(), "reveal": (d / "result" / "reveal.bbcode").read_text(),
             "rolls": run("reveal", game_copy, "--day", 4, "--rolls").output}
    result = _check(chromium, page, tmp_path, **posts)
    assert result.verdict.startswith("VERIFIED"), result.items
    assert any("round 990 -> 1000" in t for _, t in result.items)
    dropped = _check(chromium, page, tmp_path, **dict(posts, rounds=""))
    assert dropped.verdict.startswith("NOT VERIFIED")
    assert any("names 1 announcement(s) of a new round, 0 pasted" in t for c, t in dropped.items if c == "fail")
