"""`gm desk --serve`: the desk on loopback, its ticks kept in the day's folder.

Only 127.0.0.1 is bound; every request must carry the random token in its path and name this
server in its Host header (so another site's page cannot reach it by DNS rebinding); a request
body is at most MAX_BODY bytes; the only file written is days/NN/desk-sent.json. Ctrl-C stops it.
"""

from __future__ import annotations

import json
import os
import secrets
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from gm.errors import GmError
from gm.gamedir import Game, GameDir
from gm.gmday.desk import build_desk, read_sent, write_sent
from gm.gmday.desk_page import desk_page

MAX_BODY = 4096  # one tick: an id and a digest
MAX_PATH = 512


class DeskServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = os.name != "nt"  # on Windows SO_REUSEADDR would let another program share the port

    def __init__(self, gd: GameDir, game: Game, day: int, port: int = 0, now_raw: str | None = None):
        super().__init__(("127.0.0.1", port), _Handler)
        self.gd, self.game, self.day, self.now_raw = gd, game, day, now_raw
        self.token = secrets.token_urlsafe(18)
        self.hosts = {f"127.0.0.1:{self.server_port}", f"localhost:{self.server_port}"}
        self.write_lock = threading.Lock()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_port}/{self.token}/"

    def page(self) -> bytes:
        """Built afresh for each visit: a resolve or a receipt since the last one shows at once."""
        desk = build_desk(self.gd, self.game, self.day, self.now_raw)
        return desk_page(desk, served=True, sent=read_sent(self.gd, self.day)).encode("utf-8")

    def tick(self, body: dict) -> dict:
        """Mark one item sent (or not): only an item of today's desk, with the digest of its text now."""
        item_id, sha, on = body.get("id"), body.get("sha"), body.get("sent")
        if not isinstance(item_id, str) or not isinstance(sha, str) or not isinstance(on, bool):
            raise ValueError("a tick is {id, sha, sent}")
        current = {i.id: i.sha for i in build_desk(self.gd, self.game, self.day, self.now_raw).items()}
        if current.get(item_id) != sha:
            raise ValueError("no such item on today's desk (or its text changed: reload)")
        with self.write_lock:
            sent = read_sent(self.gd, self.day)
            if on:
                sent[item_id] = sha
            else:
                sent.pop(item_id, None)
            write_sent(self.gd, self.day, sent)
        return sent


class _Handler(BaseHTTPRequestHandler):
    server: DeskServer
    server_version = "gm-desk"
    timeout = 10  # a client that stops sending mid-request is dropped
    sys_version = ""

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass  # the GM's terminal shows the URL and nothing else

    def _send(self, code: int, body: bytes, kind: str = "text/plain; charset=utf-8") -> None:
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.end_headers()
        self.wfile.write(body)

    def _allowed(self) -> bool:
        if self.headers.get("Host", "") not in self.server.hosts:
            self._send(421, b"wrong Host header\n")
            return False
        token = self.path.split("/")[1] if self.path.count("/") >= 2 else ""
        if len(self.path) > MAX_PATH or not secrets.compare_digest(token.encode(), self.server.token.encode()):
            self._send(404, b"not found\n")
            return False
        return True

    def do_GET(self):  # noqa: N802 - http.server's name
        if not self._allowed():
            return
        if self.path != f"/{self.server.token}/":
            self._send(404, b"not found\n")
            return
        try:
            page = self.server.page()
        except GmError as exc:  # a file changed under the desk: the GM's mistake, said on the page
            self._send(500, f"error: {exc}\n".encode("utf-8"))
            return
        self._send(200, page, "text/html; charset=utf-8")

    def do_POST(self):  # noqa: N802
        if not self._allowed():
            return
        if self.path != f"/{self.server.token}/sent":
            self._send(404, b"not found\n")
            return
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            self._send(411, b"a length is required\n")
            return
        if length < 0 or length > MAX_BODY:
            self._send(413, b"too large\n")
            return
        try:
            body = json.loads(self.rfile.read(length).decode("utf-8"))
            if not isinstance(body, dict):
                raise ValueError("a tick is a JSON object")
            sent = self.server.tick(body)
        except (ValueError, UnicodeDecodeError, GmError) as exc:
            self._send(400, f"{exc}\n".encode("utf-8"))
            return
        self._send(200, json.dumps({"sent": sent}, sort_keys=True).encode("utf-8"), "application/json")


def serve(gd: GameDir, game: Game, day: int, port: int = 0, now_raw: str | None = None, ready=None) -> None:
    """Serve until Ctrl-C (or until `ready(server)` arranges a shutdown, as the tests do)."""
    try:
        server = DeskServer(gd, game, day, port, now_raw)
    except OSError as exc:
        raise GmError(f"cannot listen on 127.0.0.1:{port} ({exc.strerror or exc}): choose another --port, "
                      "or leave it out for any free one") from None
    try:
        server.page()  # a mistake in the day's files is one message before anything is served
        if ready is not None:
            ready(server)
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
