"""`gm desk` (issue 27): the day's posts and messages in the order the GM sends them, each the exact
text a command wrote or prints; the correction's re-sent messages marked; a sealed day's reveal held
back; the served desk's bounds (loopback, token, Host, body size, one file written)."""

from __future__ import annotations

import hashlib
import http.client
import json
import shutil
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, strategies as st

from gm.cli import cli
from gm.gamedir import GameDir
from gm.gmday.desk import build_desk


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def desk_of(root: Path, day: int, now: str | None = None):
    gd = GameDir(root)
    return build_desk(gd, gd.load(), day, now)


def snapshot(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(root.rglob("*")) if p.is_file()}


def test_a_resolved_day_in_the_order_of_the_gms_day_each_text_as_written(game_copy):
    before = snapshot(game_copy)
    result = run("desk", game_copy, "--day", 3)
    assert result.exit_code == 0, result.output
    after = snapshot(game_copy)
    assert {k for k in after if after[k] != before.get(k)} == {"days/03/desk.html"} and set(before) <= set(after)
    page = (game_copy / "days" / "03" / "desk.html").read_text(encoding="utf-8")
    assert '<meta name="viewport"' in page and "http://" not in page and "https://" not in page  # no asset from elsewhere
    heads = [h.split("</h2>")[0] for h in page.split("<h2>")[1:]]
    assert heads == ["Commitment", "Order form and reminder", "Receipts", "Lock", "Vote count", "Narration", "Reveal",
                     "Private messages"]
    desk = desk_of(game_copy, 3)
    day = game_copy / "days" / "03"
    texts = {i.id: i.text for i in desk.items()}
    assert texts["commit.1"] == (day / "commit.txt").read_text(encoding="utf-8")
    assert texts["lock.1"] == (day / "lock.txt").read_text(encoding="utf-8")
    assert texts["narration.1"] == (day / "result" / "narration.bbcode").read_text(encoding="utf-8")
    assert texts["reveal.1"] == run("reveal", game_copy, "--day", 3).output
    assert texts["rolls.1"] == run("reveal", game_copy, "--day", 3, "--rolls").output  # one post: the demo is short
    messages = sorted(p.stem for p in (day / "result" / "messages").glob("*.bbcode"))
    assert [c.player for c in desk.cards] == messages
    for card in desk.cards:
        assert card.items[0].text == (day / "result" / "messages" / f"{card.player}.bbcode").read_text(encoding="utf-8")
        opening = day / "result" / "openings" / f"{card.player}.bbcode"
        assert [i.text for i in card.items[1:]] == ([opening.read_text(encoding="utf-8")] if opening.is_file() else [])
    assert "the day is resolved" in page and "no vote count yet: `gm votes" in page
    again = run("desk", game_copy, "--day", 3)  # its own page: replaced
    assert again.exit_code == 0


def test_a_post_longer_than_the_forum_allows_is_copied_in_the_parts_gm_prints(game_copy):
    from gm.commands.fairness import post_parts

    yaml = game_copy / "game.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8") + "forum:\n  profile: phpbb\n  max_length: 600\n", encoding="utf-8")
    game = GameDir(game_copy).load()
    desk = desk_of(game_copy, 3)
    for name, stem in (("commit", "commit.txt"), ("lock", "lock.txt")):
        items = [i for i in desk.items() if i.id.startswith(name + ".")]
        assert len(items) > 1 and all(len(i.text) <= 600 for i in items)
        assert [i.text for i in items] == post_parts(game, (game_copy / "days" / "03" / stem).read_text(encoding="utf-8"))
        assert items[-1].title.endswith(f"part {len(items)} of {len(items)}")


def test_after_the_game_moves_to_another_forum_the_desk_copies_gm_renders_posts(game_copy):
    yaml = game_copy / "game.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8").replace("format: bbcode\n", "") + "forum: discord\n", encoding="utf-8")
    assert run("render", game_copy, "--day", 3, "--forum", "discord").exit_code == 0
    rendered = game_copy / "days" / "03" / "render" / "discord"
    desk = desk_of(game_copy, 3)
    texts = {i.id: i.text for i in desk.items()}
    parts = sorted(rendered.glob("narration.part*.md")) or [rendered / "narration.md"]
    assert [texts[f"narration.{n}"] for n in range(1, len(parts) + 1)] == [p.read_text(encoding="utf-8") for p in parts]
    assert all("[b]" not in texts[k] for k in texts if k.startswith(("narration", "pm.")))  # Markdown, not the BBCode on record
    assert all(len(t) <= 2000 for k, t in texts.items() if k.startswith(("narration", "pm.", "open.", "reveal")))


def test_before_the_deadline_the_form_reminder_receipts_and_vote_count_are_the_commands_own(votes_game):
    game = votes_game
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8") + "forum:\n  profile: phpbb\n  handles: {Shadow_Fox: Akane, DanaD: Dana}\n",
                    encoding="utf-8")
    assert run("commit", game, "--day", 4, "--deadline", "2030-01-01T20:00Z").exit_code == 0
    (game / "days" / "04" / "orders").mkdir(parents=True, exist_ok=True)
    (game / "days" / "04" / "orders" / "dana.yaml").write_text("Dana:\n  action: search\n", encoding="utf-8")
    assert run("receipts", game, "--day", 4, "--now", "2030-01-01 10:00").exit_code == 0
    thread = game / "thread.txt"
    thread.write_text("--- thread key: k3y9 ---\n--- k3y9 post by Akane ---\n[color=red][b]Chiaki[/b][/color]\n")
    votes = run("votes", game, "--thread", thread)
    assert votes.exit_code == 0
    desk = desk_of(game, 4, "2030-01-01 10:00")
    texts = {i.id: i.text for i in desk.items()}
    assert texts["form.1"] == run("form", game, "--day", 4, "--now", "2030-01-01 10:00").output
    reminder = run("remind", game, "--day", 4, "--now", "2030-01-01 10:00").output
    assert texts["remind.1"] == reminder and "@Shadow_Fox" in reminder and "10 h 0 min left" in reminder
    assert next(i.title for i in desk.items() if i.id == "receipt.Dana") == "Receipt for Dana, to DanaD"
    assert texts["receipt.Dana"] == (game / "days" / "04" / "receipts" / "Dana.bbcode").read_text(encoding="utf-8")
    assert texts["votes.1"] == votes.stdout and "[b]Vote count, Day 4[/b]" in texts["votes.1"]
    assert run("check", game, "--day", 4).output.count("not read") == 0  # the desk's and votes' files are gm's own
    assert desk.cards == [] and [s for s, _, _ in desk.steps][-1] == "Results"


def test_a_corrected_message_is_marked_to_send_again(game_copy):
    for name in ("seed.secret", "commit.txt", "lock.txt"):  # a lock belongs to its commitment (issue 23)
        (game_copy / "days" / "03" / name).unlink()
    assert run("resolve", game_copy, "--day", 3, "--force", "--seed", "00", "--reason", "a misread order").exit_code == 0
    record = json.loads((game_copy / "days" / "03" / "result" / "day.json").read_text())
    changed = set(record["corrections"][-1]["posts_changed"])
    desk = desk_of(game_copy, 3)
    marked = {i.id for i in desk.items() if i.changed}
    assert marked and {f"pm.{c.player}.1" for c in desk.cards if f"messages/{c.player}.bbcode" in changed} <= marked
    assert all(f"messages/{i.id.split('.')[1]}.bbcode" in changed for i in desk.items() if i.changed and i.id.startswith("pm."))
    assert [s for s, _, _ in desk.steps].index("Correction") < [s for s, _, _ in desk.steps].index("Reveal")
    assert run("desk", game_copy, "--day", 3).exit_code == 0
    assert "changed by the correction: send again" in (game_copy / "days" / "03" / "desk.html").read_text(encoding="utf-8")


def test_a_sealed_days_reveal_is_not_offered_before_the_game_ends(tmp_path, demo_games):
    game = demo_games.copy("team-kill", tmp_path / "tk")
    for d in (game / "days").iterdir():
        if int(d.name) > 0:
            shutil.rmtree(d)
    desk = desk_of(game, 0)
    reveal = next((items, note) for step, items, note in desk.steps if step == "Reveal")
    assert reveal[0] == [] and "after the game ends" in reveal[1]
    assert not any(i.id.startswith(("reveal", "rolls")) for i in desk.items())


def test_desk_never_overwrites_a_page_the_gm_wrote(game_copy):
    mine = game_copy / "days" / "03" / "desk.html"
    mine.write_text("<p>my notes</p>", encoding="utf-8")
    result = run("desk", game_copy, "--day", 3)
    assert result.exit_code == 1 and "not written by gm desk" in result.output
    assert mine.read_text(encoding="utf-8") == "<p>my notes</p>"


# ---- served -------------------------------------------------------------------------------------


@pytest.fixture
def served(game_copy):
    from gm.gmday.desk_serve import DeskServer

    gd = GameDir(game_copy)
    server = DeskServer(gd, gd.load(), 3)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()
    thread.join(5)


def _ask(server, method: str, path: str, body: bytes | None = None, host: str | None = None, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", server.server_port, timeout=10)
    conn.putrequest(method, path, skip_host=True)
    conn.putheader("Host", host or f"127.0.0.1:{server.server_port}")
    for k, v in (headers or {}).items():
        conn.putheader(k, v)
    if body is not None and "Content-Length" not in (headers or {}):
        conn.putheader("Content-Length", str(len(body)))
    conn.endheaders(body)
    resp = conn.getresponse()
    out = resp.status, resp.read()
    conn.close()
    return out


def test_the_served_desk_is_loopback_token_and_host_bound_and_writes_one_file(served, game_copy):
    before = snapshot(game_copy)
    base = f"/{served.token}/"
    assert served.server_address[0] == "127.0.0.1" and len(served.token) >= 20
    status, page = _ask(served, "GET", base)
    assert status == 200 and b"Private messages" in page and b"connect-src 'self'" in page
    assert _ask(served, "GET", "/")[0] == 404 and _ask(served, "GET", "/wrong-token/")[0] == 404
    assert _ask(served, "GET", base, host="evil.example:80")[0] == 421  # DNS rebinding
    assert _ask(served, "GET", base, host=f"localhost:{served.server_port}")[0] == 200
    item = next(i for i in desk_of(game_copy, 3).items() if i.id.startswith("pm."))
    tick = json.dumps({"id": item.id, "sha": item.sha, "sent": True}).encode()
    assert _ask(served, "POST", base + "sent", tick, host="evil.example")[0] == 421
    assert _ask(served, "POST", "/nope/sent", tick)[0] == 404
    assert _ask(served, "POST", base + "sent", b"x" * 5000)[0] == 413
    assert _ask(served, "POST", base + "sent", b"[1]")[0] == 400
    assert _ask(served, "POST", base + "sent", json.dumps({"id": "../../x", "sha": "0", "sent": True}).encode())[0] == 400
    stale = json.dumps({"id": item.id, "sha": "0" * 16, "sent": True}).encode()
    assert _ask(served, "POST", base + "sent", stale)[0] == 400  # a text changed since the page was loaded
    assert snapshot(game_copy) == before  # nothing written by refused requests
    status, body = _ask(served, "POST", base + "sent", tick)
    assert status == 200 and json.loads(body)["sent"] == {item.id: item.sha}
    sent_file = game_copy / "days" / "03" / "desk-sent.json"
    assert json.loads(sent_file.read_text()) == {item.id: item.sha}
    after = snapshot(game_copy)
    assert {k for k in after if after.get(k) != before.get(k)} == {"days/03/desk-sent.json"}
    assert f'"{item.id}": "{item.sha}"'.encode() in _ask(served, "GET", base)[1]  # the page shows it ticked
    untick = json.dumps({"id": item.id, "sha": item.sha, "sent": False}).encode()
    assert _ask(served, "POST", base + "sent", untick)[0] == 200 and json.loads(sent_file.read_text()) == {}


def test_a_ticks_file_that_is_not_the_desks_is_one_clear_error(game_copy):
    (game_copy / "days" / "03" / "desk-sent.json").write_text("[1, 2]", encoding="utf-8")
    result = run("next", game_copy)
    assert result.exit_code == 1 and "desk-sent.json is not the desk's list of what was sent" in result.output


def test_gm_desk_serve_stops_on_ctrl_c(game_copy):
    import os
    import signal
    import subprocess
    import sys
    import time

    if os.name == "nt":
        pytest.skip("Ctrl-C is a console event on Windows, not a signal a test can send")
    proc = subprocess.Popen([sys.executable, "-m", "gm", "desk", str(game_copy), "--day", "3", "--serve"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert "http://127.0.0.1:" in line, line + proc.stderr.read()
        url = line.split(": ", 1)[1].strip()
        port = int(url.split(":")[2].split("/")[0])
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", url.split(str(port), 1)[1])
        assert conn.getresponse().status == 200
        time.sleep(0.2)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "desk stopped" in out and "Traceback" not in err


def test_a_port_in_use_or_a_broken_ticks_file_is_one_message_before_serving(served, game_copy):
    busy = run("desk", game_copy, "--day", 3, "--serve", "--port", served.server_port)
    assert busy.exit_code == 1 and f"cannot listen on 127.0.0.1:{served.server_port}" in busy.output
    (game_copy / "days" / "03" / "desk-sent.json").write_text("{", encoding="utf-8")
    broken = run("desk", game_copy, "--day", 3, "--serve")
    assert broken.exit_code == 1 and "is not the desk's list of what was sent" in broken.output
    status, body = _ask(served, "GET", f"/{served.token}/")
    assert status == 500 and b"is not the desk's list" in body  # said on the page too, no traceback


@given(st.text())
def test_any_text_embedded_in_the_page_comes_back_exact_and_cannot_end_the_script(text):
    from gm.gmday.desk_page import _json_for_script

    embedded = _json_for_script({"items": {"x": {"text": text}}})
    assert "<" not in embedded and ">" not in embedded and "&" not in embedded
    assert json.loads(embedded)["items"]["x"]["text"] == text


def test_a_day_the_game_has_not_reached_gets_no_desk(game_copy):
    out = run("desk", game_copy, "--day", 20)
    assert out.exit_code == 1 and "Day 20 is not under way" in out.output
    assert not (game_copy / "days" / "20").exists()
