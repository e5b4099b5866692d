"""The colour of a bold vote, read as forums write it: a CSS name (`red`, `crimson`), hex (`#F00`,
`#ff0000`), or `rgb(226, 80, 65)` / `rgb(100%, 0%, 0%)` as XenForo's picker writes it.

A colour counts as a vote colour when it is plainly that colour: its hue within 15 degrees of
the vote colour's, bright and strong enough to read as it (XenForo's red, crimson and gold count;
pink does not). A colour near a vote colour but not plainly it (orange for yellow, green or dark red)
is a near miss: never counted, always warned (docs/votes.md). webcolors does the reading.
"""

from __future__ import annotations

import colorsys
import re

_RGB = re.compile(r"^rgba?\(\s*([^,()]+),\s*([^,()]+),\s*([^,()]+)(?:,\s*[^,()]+)?\s*\)$")
HUE_SAME, HUE_NEAR = 15.0, 40.0  # degrees
STRONG, BRIGHT = 0.55, 0.7  # the least saturation and value of a colour that reads as the vote colour


def rgb_of(written: str) -> tuple[int, int, int] | None:
    """The colour as (r, g, b) 0-255, or None when it is not a colour webcolors can read."""
    import webcolors

    text = written.strip().strip("\"'").strip().lower()
    try:
        m = _RGB.match(text)
        if m:
            parts = tuple(p.strip() for p in m.groups())
            if all(p.endswith("%") for p in parts):
                c = webcolors.rgb_percent_to_rgb(parts)
            else:
                c = webcolors.normalize_integer_triplet(tuple(int(p) for p in parts))
            return c.red, c.green, c.blue
        if text.startswith("#"):
            c = webcolors.hex_to_rgb(text)
        else:
            c = webcolors.name_to_rgb(text)
        return c.red, c.green, c.blue
    except (ValueError, TypeError):
        return None


def _hsv(rgb: tuple[int, int, int]) -> tuple[float, float, float]:
    h, s, v = colorsys.rgb_to_hsv(*(x / 255 for x in rgb))
    return h * 360, s, v


def _apart(a: float, b: float) -> float:
    d = abs(a - b) % 360
    return min(d, 360 - d)


def classify(written: str | None, vote_colours: list[str]) -> tuple[str | None, str | None]:
    """(the vote colour it is, None) or (None, the vote colour it nearly is) or (None, None)."""
    if written is None:
        return None, None
    rgb = rgb_of(written)
    if rgb is None:
        return None, None
    targets = [(c, rgb_of(c)) for c in vote_colours]
    for c, t in targets:
        if t == rgb:
            return c, None
    h, s, v = _hsv(rgb)
    best = min(((c, _apart(h, _hsv(t)[0])) for c, t in targets if t is not None and _hsv(t)[1] > 0),
               key=lambda x: x[1], default=None)
    if best is None or s < 0.3 or v < 0.3:
        return None, None
    colour, apart = best
    if apart <= HUE_SAME and s >= STRONG and v >= BRIGHT:
        return colour, None
    if apart <= HUE_NEAR:
        return None, colour
    return None, None
