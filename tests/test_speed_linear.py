"""Fast paths that must give exactly what their slow, obvious versions give (issue 17)."""

import re

from hypothesis import given, settings, strategies as st

from gm.rolllog import concerned


def _concerned_by_regex(purpose, roster):
    """The obvious version: every name of the roster tried against the purpose (rolls x players)."""
    best = None
    for name in roster:
        if re.match(re.escape(name) + r"(?!\w)", purpose) and (best is None or len(name) > len(best)):
            best = name
    return best


_letters = st.sampled_from(list("Aab é_1-.'[]()*+?\\ж"))
_names = st.text(_letters, min_size=1, max_size=6)


@settings(max_examples=400, deadline=None)
@given(roster=st.lists(_names, max_size=8, unique=True), tail=st.text(_letters, max_size=8), pick=st.integers(0, 10))
def test_the_player_a_roll_concerns_is_found_as_the_regex_finds_them(roster, tail, pick):
    purposes = [tail] + [name + tail for name in roster] + [name[: pick % len(name) + 1] + tail for name in roster]
    for purpose in purposes:
        assert concerned(purpose, roster) == _concerned_by_regex(purpose, roster), purpose


def test_a_longer_name_wins_and_a_name_must_end_a_word():
    roster = ["Noor", "Noor Ali", "Bo"]
    assert concerned("Noor Ali searches the Septagon", roster) == "Noor Ali"
    assert concerned("Noor searches", roster) == "Noor"
    assert concerned("Noora searches", roster) is None
    assert concerned("Bo's attack", roster) == "Bo"
    assert concerned("bounty on Bo: the reward", roster) is None
    assert concerned("Bo", roster) == "Bo"
