"""A filled-in order form found in a PM: the code block gm sent (BBCode `[code]...[/code]` or a
Markdown ``` fence), in any forum's rendering, quoted (`[quote]...[/quote]`, `> `) or not, with
the player's words around it. What is inside is YAML the engine's own reader reads (docs/inbox.md):
the player's name as the top key, commented lines the choices, uncommented lines the orders.
"""

from __future__ import annotations

import re

_QUOTE_TAG = re.compile(r"\[/?quote(?:=[^\]]*)?\]", re.IGNORECASE)
_BB_CODE = re.compile(r"\[code(?:=[^\]]*)?\](.*?)\[/code\]", re.IGNORECASE | re.DOTALL)
_FENCE = re.compile(r"^[ \t]*(```|~~~)[^\n`]*\n(.*?)^[ \t]*\1[ \t]*$", re.DOTALL | re.MULTILINE)
_QUOTED_LINE = re.compile(r"^[ \t]*(?:>[ \t]?)+", re.MULTILINE)
_QUOTE_HEAD = re.compile(r"^[ \t]*\S.{0,60}\b(?:wrote|said|schrieb|a écrit)\s*:?\s*$", re.IGNORECASE | re.MULTILINE)


def unquote(text: str) -> str:
    """The PM without its quoting: quote tags gone, `> ` taken off every line."""
    text = _QUOTE_TAG.sub("\n", text)
    return _QUOTED_LINE.sub("", text)


def code_blocks(text: str) -> list[str]:
    """Every code block of the PM, in order, with its quoting taken off."""
    plain = unquote(text.replace("\r\n", "\n"))
    found: list[tuple[int, str]] = [(m.start(), m.group(1)) for m in _BB_CODE.finditer(plain)]
    found += [(m.start(), m.group(2)) for m in _FENCE.finditer(plain)]
    return [_dedent(body) for _, body in sorted(found)]


# The lines gm writes around a player's form (templates/common/form.j2), which a player quoting the
# form sends back: the GM's words, never the player's orders.
_FORM_HEAD = re.compile(r"(?im)^[ \t>]*(?:\[b\]|\*\*)?(?:Your orders|Order form) for Day \d+.*$"
                        r"|^[ \t>]*Uncomment \(remove the \"# \" before\) the orders you want.*$")


def outside_blocks(text: str) -> str:
    """The player's words around the code blocks (what a form's reading reports as not read); the
    form's own heading and instructions, as gm wrote them, are not the player's."""
    plain = unquote(text.replace("\r\n", "\n"))
    plain = _FENCE.sub("\n", _BB_CODE.sub("\n", plain))
    plain = _FORM_HEAD.sub("", plain)
    return _QUOTE_HEAD.sub("", plain).strip()


# The zero-width spaces gm's own code blocks put into names and text (gm/markup.py): after a '['
# (no BBCode tag), after an '@' (no mention), between backticks (no Markdown fence). The player copies
# them back with the form; taken out, the block reads as the orders file would (names hold none:
# gm/names.py refuses zero-width characters).
_OUR_ZWSP = re.compile(r"(?<=[\[@`])\u200b|\u200b(?=`)")


def _dedent(body: str) -> str:
    import textwrap

    body = _OUR_ZWSP.sub("", body.strip("\n"))
    return textwrap.dedent(body.replace("\u00a0", " ")) + "\n"  # a forum's no-break spaces are spaces to YAML
