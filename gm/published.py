"""Machine-readable lines inside forum posts: `gm-commit {...}` and `gm-reveal {...}`.

A post is BBCode or Markdown, and forums mangle what looks like markup. So the data a checker
needs travels as one line of JSON, in a code block, in which no string holds a character that
could end the code block or look like HTML: `[ ] < > &` and backquotes, and everything outside
printable ASCII, are written as \\uXXXX escapes, which every JSON reader decodes. The line reads
the same in the post's source, in the rendered page, and in a copy-paste of either. Standard
library only (gm verify needs no more).
"""

from __future__ import annotations

import json
import re
from typing import Any

from gm.errors import GmError, LocatedError, Location

_UNSAFE = re.compile(r"[\[\]<>&`]")


def safe_json(obj: Any) -> str:
    """Compact JSON with sorted keys, every string escaped as described above."""
    if isinstance(obj, str):
        return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", json.dumps(obj, ensure_ascii=True))
    if isinstance(obj, dict):
        return "{" + ",".join(f"{safe_json(str(k))}:{safe_json(v)}" for k, v in sorted(obj.items())) + "}"
    if isinstance(obj, (list, tuple)):
        return "[" + ",".join(safe_json(v) for v in obj) + "]"
    return json.dumps(obj)


def machine_line(tag: str, obj: dict) -> str:
    return f"{tag} {safe_json(obj)}"


def find_machine_line(text: str, tag: str, where: str) -> dict:
    """The object of the one `<tag> {...}` line in a post (its source, or a copy of the page)."""
    found = []
    for n, line in enumerate(text.splitlines(), 1):
        at = line.find(tag + " {")
        if at < 0:
            continue
        body = line[at + len(tag) + 1:]
        end = body.rfind("}")
        try:
            obj = json.loads(body[: end + 1])
        except json.JSONDecodeError as exc:
            raise LocatedError(Location(where, n, at + len(tag) + 2 + exc.pos),
                               f"the {tag} line is cut or altered ({exc.msg}): copy it whole, on one line") from None
        if not isinstance(obj, dict):
            raise LocatedError(Location(where, n, at + 1), f"the {tag} line holds no object")
        found.append((n, obj))
    if not found:
        raise GmError(f"{where}: no `{tag} {{...}}` line found (copy the whole post, including its code block)")
    if len({json.dumps(o, sort_keys=True) for _, o in found}) > 1:
        raise LocatedError(Location(where, found[1][0], 1), f"{where} holds two different {tag} lines; give one post")
    return found[0][1]
