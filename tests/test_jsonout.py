"""gm/storage/jsonout.py writes exactly what json.dumps writes, on any document."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from gm.storage.jsonout import dumps, line

scalars = (st.none() | st.booleans() | st.integers(min_value=-2**70, max_value=2**70)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text())
keys = st.text() | st.integers() | st.booleans() | st.none()  # json.dumps turns scalar keys into strings
documents = st.recursive(scalars, lambda inner: st.lists(inner, max_size=5) | st.tuples(inner, inner)
                         | st.dictionaries(st.text(max_size=6), inner, max_size=5)
                         | st.dictionaries(keys, inner, max_size=3), max_leaves=40)


def reference(obj):
    return json.dumps(obj, sort_keys=True, ensure_ascii=False, indent=2)


@settings(max_examples=400, deadline=None)
@given(documents)
def test_dumps_writes_what_json_dumps_writes(doc):
    try:
        want = reference(doc)
    except TypeError as exc:  # keys of different types do not sort: the same error either way
        try:
            dumps(doc)
        except TypeError as mine:
            assert str(mine) == str(exc)
            return
        raise AssertionError("json.dumps refused this document, jsonout did not")
    assert dumps(doc) == want


@settings(max_examples=200, deadline=None)
@given(documents)
def test_line_writes_what_json_dumps_writes(doc):
    try:
        want = json.dumps(doc, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    except TypeError:
        return
    assert line(doc) == want


def test_the_awkward_cases():
    class Name(str):
        pass

    cases = [{}, [], {"a": {}}, {"a": []}, [[[]]], {"z": 1, "a": [1.5, -0.0, 1e-07, 1e300, True, False, None]},
             {"\u2028 \x00 \x7f \"q\" \\ é 😀": "\t\n"}, {"k": (1, 2)}, {1: "int key", 2: "x"}, {None: 1}, {True: 1, False: 2},
             {"n": float("nan"), "i": float("inf"), "j": -float("inf")}, {"s": Name("sub")}, {Name("k"): 1},
             {"b": 2**80}, [{"deep": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}]]
    for doc in cases:
        assert dumps(doc) == reference(doc), doc
