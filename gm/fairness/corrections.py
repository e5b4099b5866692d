"""Re-resolving a day leaves a trace: what changed, and why, in the record and in a post.

`gm resolve --force --reason "..."` keeps the earlier result as result.N/ (gm/gamedir.py) and
adds a correction to the new day.json: the earlier record's SHA-256, the reason, the orders files
and the posts that changed. result/correction.<ext> says the same for the thread, and the reveal
post counts the corrections. Every message and narration the correction changed opens with a line
saying it replaces the one sent before, and why (templates/common/corrected.j2). The game's fairness.log holds every resolution in order, so one
made after deleting a result folder (no --force, no trace) shows in `gm audit --all`. The post
counts the players whose messages changed, and names them only with `--name-players`.
"""

from __future__ import annotations

import hashlib
import json

from gm.gamedir import Game, GameDir


def correction(gd: GameDir, day: int, reason: str, new_files: dict[str, str], new_orders: dict[str, str],
               name_players: bool = False) -> dict:
    """The correction record of a re-resolve: compared with the result folder it replaces."""
    result = gd.result_dir(day)
    old_record_bytes = (result / "day.json").read_bytes()
    old = json.loads(old_record_bytes)
    old_orders = old.get("orders_files") or {}
    orders = sorted(n for n in set(old_orders) | set(new_orders) if old_orders.get(n) != new_orders.get(n))
    changed = []
    for rel, text in sorted(new_files.items()):
        if rel.endswith(".jsonl") or rel.endswith(".json") or ".part" in rel or rel.startswith(("reveal.", "correction.")):
            continue
        path = result / rel
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            changed.append(rel)
    out = {"previous_record": hashlib.sha256(old_record_bytes).hexdigest(), "reason": reason,
           "orders_changed": orders, "posts_changed": changed}
    if name_players:  # `--name-players`: the post names them (only then is the key in the record)
        out["name_players"] = True
    return out


def correction_post(game: Game, day: int, corr: dict) -> str:
    from gm.forum.render import render_post

    messages = [rel.split("/", 1)[1].rsplit(".", 1)[0] for rel in corr["posts_changed"] if rel.startswith("messages/")]
    public = [rel for rel in corr["posts_changed"] if not rel.startswith(("messages/", "openings/")) and rel != "gm-summary.txt"]
    # whose messages changed, and whose orders files, tell the thread who was in the fights: counted,
    # unless the GM asked for names (issue 22)
    named = bool(corr.get("name_players"))
    return render_post(game, "correction.j2", day=day, correction=corr, messages=messages, public=public, named=named)


def mark_corrected(game: Game, day: int, corr: dict, files: dict[str, str]) -> None:
    """Put the correction line on top of each message and narration the correction changed (in
    its parts too): a player who got the earlier one is told this one replaces it, and why."""
    from gm.forum.render import render_posts, with_parts

    changed = [rel for rel in corr["posts_changed"]
               if rel in files and (rel.startswith("messages/") or rel.startswith("narration."))]
    if not changed:
        return
    kinds = ["message" if rel.startswith("messages/") else "post" for rel in changed]
    lines = render_posts(game, "corrected.j2", [{"day": day, "reason": corr["reason"], "post": k} for k in kinds])
    for rel, line in zip(changed, lines):
        stem, ext = rel.rsplit(".", 1)
        for part in [k for k in files if k.startswith(stem + ".part") and k.endswith("." + ext)]:
            del files[part]
        with_parts(files, rel, line + "\n" + files[rel], game)
