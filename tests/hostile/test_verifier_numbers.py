"""The verifier page bounds every number it loops on (issue 31, item 7).

Found: the page looped forever in the player's browser on a forged roll whose `sides` was a
huge number (hex over 2**256, or a long decimal string).
"""

from __future__ import annotations

import re

import pytest

from tests.test_verifier_page import _check, _posts, chromium, page  # noqa: F401 (fixtures)


@pytest.mark.parametrize("sides", ['"0x' + "f" * 70 + '"', '"' + "9" * 90 + '"', "1e300", str(2 ** 300), "-5", "0"])
def test_a_forged_die_is_named_not_looped_on(chromium, page, demo_dir, tmp_path, sides):  # noqa: F811
    posts = _posts(demo_dir, 7)
    forged = re.sub(r'"sides":\d+', f'"sides":{sides}', posts["rolls"], count=1)
    assert forged != posts["rolls"]
    result = _check(chromium, page, tmp_path, **(posts | {"rolls": forged}))
    assert result.verdict == "NOT VERIFIED"
    # a number JSON cannot hold exactly is refused as the posts are read; any other, as the rolls are checked
    assert any(c == "fail" and ("is not one gm rolls" in t or "not a whole number" in t) for c, t in result.items), \
        result.items
