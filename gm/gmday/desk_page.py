"""The desk's page (gm/gmday/desk.py says what is on it): one static HTML file, no network, no asset.

Each text is shown escaped in a box that scrolls (never wraps: a board stays a board), with a Copy
button that puts the exact text on the clipboard (from a JSON copy of the texts, so nothing is lost
to the HTML) and a "sent" tick kept in the browser's storage, or by the server of `gm desk --serve`.
A Content-Security-Policy allows the one inline script, by its hash, and nothing else: even a
player's text that slipped an escape could run nothing and fetch nothing.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json

# The desk (gm/gmday/desk.py) imports this page, never the other way round: `Desk` and `Item` in
# the annotations below are its classes, named only.

GENERATOR = '<meta name="generator" content="gm desk">'  # gm's own page: the only one it replaces

CSS = """
body { font-family: Verdana, Arial, sans-serif; font-size: 15px; background: #e8ecf0; color: #222; margin: 0; padding: 10px; }
main { max-width: 860px; margin: 0 auto; }
h1 { font-size: 20px; } h2 { font-size: 17px; margin: 22px 0 6px; }
.item, .card { background: #fff; border: 1px solid #b8c4d0; border-radius: 4px; margin: 10px 0; }
.item header, .card > header { background: #d4dde6; padding: 6px 10px; font-weight: bold; font-size: 13px;
  display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: center; }
.item header .title { flex: 1 1 12em; overflow-wrap: anywhere; }
.card .item { margin: 8px; }
button.copy { font-size: 15px; padding: 6px 14px; min-height: 36px; }
label.sent { font-weight: normal; white-space: nowrap; } label.sent input { width: 20px; height: 20px; vertical-align: middle; }
.item.done { opacity: .6; }
.again { background: #c22; color: #fff; border-radius: 3px; padding: 1px 6px; font-size: 12px; }
pre { margin: 0; padding: 8px 10px; white-space: pre; overflow: auto; max-height: 16em; font-size: 13px; background: #fafafa; }
.shown { padding: 4px 10px; overflow-wrap: anywhere; } .shown pre { max-height: none; }
details > summary { padding: 4px 10px; cursor: pointer; }
.note { color: #555; font-style: italic; margin: 4px 0 8px; }
.copied { color: #060; font-weight: normal; }
"""

SCRIPT = """
(function () {
  var data = JSON.parse(document.getElementById('desk-data').textContent);
  var sent = data.sent || {};
  function key(id) { return 'gm-desk|' + data.game + '|' + data.day + '|' + id; }
  function isSent(id) {
    var sha = data.items[id].sha;
    if (data.served) { return sent[id] === sha; }
    try { return window.localStorage.getItem(key(id)) === sha; } catch (e) { return false; }
  }
  function show(id) {
    var box = document.querySelector('.item[data-id="' + CSS.escape(id) + '"]');
    var on = isSent(id);
    box.querySelector('input.sent').checked = on;
    box.classList.toggle('done', on);
  }
  function setSent(id, on) {
    var sha = data.items[id].sha;
    if (data.served) {
      fetch('sent', {method: 'POST', headers: {'Content-Type': 'application/json'},
                     body: JSON.stringify({id: id, sha: sha, sent: on})})
        .then(function (r) { return r.json(); })
        .then(function (r) { sent = r.sent; show(id); })
        .catch(function () { show(id); });
      return;
    }
    try { if (on) { window.localStorage.setItem(key(id), sha); } else { window.localStorage.removeItem(key(id)); } }
    catch (e) { /* no storage: the tick lasts until the page is closed */ }
    show(id);
  }
  function fallback(text) {
    var area = document.createElement('textarea');
    area.value = text; area.setAttribute('readonly', ''); area.style.position = 'fixed'; area.style.top = '-1000px';
    document.body.appendChild(area); area.select(); document.execCommand('copy'); document.body.removeChild(area);
  }
  document.querySelectorAll('.item').forEach(function (box) {
    var id = box.getAttribute('data-id');
    show(id);
    box.querySelector('button.copy').addEventListener('click', function () {
      var text = data.items[id].text, said = box.querySelector('.copied');
      var done = function () { said.textContent = 'copied'; };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(text).then(done, function () { fallback(text); done(); });
      } else { fallback(text); done(); }
    });
    box.querySelector('input.sent').addEventListener('change', function (ev) { setSent(id, ev.target.checked); });
  });
})();
"""


def _json_for_script(value) -> str:
    """JSON inside a <script> element: no '<', '>' or '&' can end it or open a comment."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def _item_html(item: Item, render) -> str:
    again = ' <span class="again">changed by the correction: send again</span>' if item.changed else ""
    return (f'<section class="item" data-id="{html.escape(item.id)}"><header>'
            f'<span class="title">{html.escape(item.title)} <small>({html.escape(item.where)})</small>{again}</span>'
            f'<button type="button" class="copy">Copy</button><span class="copied"></span>'
            f'<label class="sent"><input type="checkbox" class="sent"> sent</label></header>\n'
            f'<pre>{html.escape(item.text, quote=False)}</pre>\n'
            f'<details><summary>as the forum shows it</summary><div class="shown">{render(item.text)}</div></details>'
            f'</section>')


def desk_page(desk: Desk, served: bool = False, sent: dict[str, str] | None = None) -> str:
    """The page: no network, no asset, one inline script allowed by its hash and nothing else."""
    from gm.gmday.preview import bbcode_to_html, markdown_to_html

    render = bbcode_to_html if desk.fmt == "bbcode" else markdown_to_html
    data = {"game": desk.key, "day": desk.day, "served": served, "sent": sent or {},
            "items": {i.id: {"text": i.text, "sha": i.sha} for i in desk.items()}}
    script_hash = base64.b64encode(hashlib.sha256(SCRIPT.encode("utf-8")).digest()).decode("ascii")
    connect = "'self'" if served else "'none'"
    csp = (f"default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-{script_hash}'; "
           f"connect-src {connect}; img-src 'none'; form-action 'none'; base-uri 'none'")
    title = html.escape(desk.title)
    out = ['<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">' + GENERATOR,
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f'<meta http-equiv="Content-Security-Policy" content="{csp}">',
           f"<title>Day {desk.day}: {title} (desk)</title><style>{CSS}</style></head><body><main>",
           f"<h1>Day {desk.day}: {title}</h1>",
           f"<p>Every post and message of the day for {html.escape(desk.forum)}, in the order you send them. "
           "<b>Copy</b> puts the exact text on the clipboard; tick <b>sent</b> once it is in the forum "
           f"({'kept in the day folder' if served else 'kept by this browser'}).</p>"]
    for step, items, note in desk.steps:
        out.append(f"<h2>{html.escape(step)}</h2>")
        if not items and note:
            out.append(f'<p class="note">{html.escape(note)}</p>')
        out += [_item_html(i, render) for i in items]
    if desk.cards:
        out.append("<h2>Private messages</h2>")
        for card in desk.cards:
            out.append(f'<article class="card"><header>{html.escape(card.player)}: send to '
                       f'<code>{html.escape(card.handle)}</code></header>')
            out += [_item_html(i, render) for i in card.items]
            out.append("</article>")
    out.append(f'</main><script type="application/json" id="desk-data">{_json_for_script(data)}</script>')
    out.append(f"<script>{SCRIPT}</script></body></html>\n")
    return "\n".join(out)
