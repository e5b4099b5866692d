"""The fast reader gives exactly what ruamel's round-trip loader gives: the data and every location."""

import io
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from gm.storage.fastyaml import FALLBACK, fast_load, read_events
from gm.storage.limits import DEFAULT
from gm.yamlio import _yaml, load_text

pytestmark = pytest.mark.skipif(fast_load("a: 1") is FALLBACK, reason="ruamel.yaml.clib is not installed")


def _same(fast, slow, where="doc"):
    assert type(fast) is type(slow) or (isinstance(fast, dict) and isinstance(slow, dict)) \
        or (isinstance(fast, list) and isinstance(slow, list)) or (isinstance(fast, str) and isinstance(slow, str)) \
        or (isinstance(fast, (int, float)) and isinstance(slow, (int, float))), (where, fast, slow)
    assert fast == slow, where
    if isinstance(slow, dict):
        assert (fast.lc.line, fast.lc.col) == (slow.lc.line, slow.lc.col), where
        for k in slow:
            assert fast.lc.key(k) == tuple(slow.lc.key(k)), (where, k)
            assert fast.lc.value(k) == tuple(slow.lc.value(k)), (where, k)
            _same(fast[k], slow[k], f"{where}.{k}")
    elif isinstance(slow, list):
        assert (fast.lc.line, fast.lc.col) == (slow.lc.line, slow.lc.col), where
        for i, item in enumerate(slow):
            assert fast.lc.item(i) == tuple(slow.lc.item(i)), (where, i)
            _same(fast[i], item, f"{where}[{i}]")


CASES = [
    "Akane:\n  action: {attack: {weapon: Rifle, targets: [Bruno, Bruno]}}\n  movement: hold\n",
    "Akane:\n  free:\n    - drop: Knife\n    - trade: {with: Chiaki, give: Uzi}\n  votes: {mark: Bruno}\n",
    "a: yes\nb: no\nc: on\nd: 010\ne: 0o10\nf: 1_000\ng: ~\nh: ''\ni: 1.5\nj: .inf\nk: true\nl: 0x1F\n",
    "Ümit:\n  action: {attack: {targets: [Chō, 'Ål']}}\n  movement: {move: [Forest]}\n",
    "- 1\n- [a, b, {c: d}]\n- {e: [f, g]}\n-\n  - nested\n",
    "key: |\n  literal\n  text\nother: >\n  folded\n",
    "x: &a {b: 1}\ny: *a\n",
    "Akane: {start: Beach}   # comment\n# another\nBruno: {start: 5}\n",
    "",
    "just a string\n",
    "a:\n  - b\n  -   c\n  - 'd e'\n  - \"f\\tg\"\n",
    "a: 1\r\nb:\r\n  - c\r\n",
]


def refuse(event, message):
    raise AssertionError(message)


def read_once(text):
    return read_events(text, DEFAULT, refuse)


@pytest.mark.parametrize("text", CASES)
def test_fast_reader_matches_round_trip(text):
    fast = fast_load(text)
    assert fast is not FALLBACK
    _same(fast, _yaml().load(text))
    once = read_once(text)
    if "*a" in text:
        assert once is FALLBACK  # an alias: fast_load repeats its node
    else:
        _same(once, _yaml().load(text))


@pytest.mark.parametrize("text", ["%YAML 1.1\n---\na: yes\n", "a: 1\n---\nb: 2\n", "a: !!str 1\nb: !!int '2'\n",
                                  "a: !!seq [1]\n", "[a, b]: c\n", "a: <<\n"])
def test_the_one_pass_reader_hands_over_or_reads_what_the_composer_reads(text):
    once = read_once(text)
    if once is not FALLBACK:
        _same(once, _yaml().load(text))
    else:
        fast = fast_load(text)
        if fast is not FALLBACK:
            _same(fast, _yaml().load(text))


@pytest.mark.parametrize("text", ["a: 1\na: 2\n", "<<: {a: 1}\nb: 2\n", "a: !custom 3\n", "a:\n\tb: 1\n",
                                  "a: [1\n", "? [a, b]\n: c\n", "when: 2026-11-22\n"])
def test_what_the_fast_reader_cannot_settle_goes_to_the_round_trip_loader(text):
    assert fast_load(text) is FALLBACK
    assert read_once(text) is FALLBACK


def test_errors_are_still_located_by_the_round_trip_loader():
    from gm.errors import LocatedError

    with pytest.raises(LocatedError) as err:
        load_text("Akane:\n  action: defend\nAkane:\n  action: search\n", Path("o.yaml"))
    assert "appears twice" in str(err.value)


_names = st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=0x2FF, blacklist_categories=("Cs",)),
                 min_size=1, max_size=8)
_scalars = st.one_of(_names, st.integers(-10**6, 10**6), st.booleans(), st.none(),
                     st.sampled_from(["yes", "no", "010", "1e3", "~", "null", "0x10", "- x", "a: b", "#x"]))
_docs = st.recursive(_scalars, lambda kids: st.one_of(st.lists(kids, max_size=4),
                                                     st.dictionaries(_names, kids, max_size=4)), max_leaves=20)


@settings(max_examples=150, deadline=None)
@given(_docs, st.sampled_from([None, True, False]))
def test_fast_reader_matches_round_trip_on_random_documents(doc, flow):
    from ruamel.yaml import YAML

    dumper = YAML()
    dumper.default_flow_style = flow
    buf = io.StringIO()
    dumper.dump(doc, buf)
    text = buf.getvalue()
    fast = fast_load(text)
    once = read_once(text)
    if fast is not FALLBACK:
        _same(fast, _yaml().load(text))
        assert once is not FALLBACK  # the one pass reads all the composer does, but aliases
    if once is not FALLBACK:
        _same(once, _yaml().load(text))


# ---- the parse kept in the user's cache (gm/storage/cache.py: yaml entries) ---------------------------


def _identical(kept, fresh, where="doc"):
    """The same types (LocatedMap, not just a dict; True, not 1), values and every line and column."""
    assert type(kept) is type(fresh), (where, kept, fresh)
    assert kept == fresh, where
    if isinstance(fresh, (dict, list)):
        assert (kept.lc.line, kept.lc.col, kept.lc.data) == (fresh.lc.line, fresh.lc.col, fresh.lc.data), where
        for k in (fresh if isinstance(fresh, dict) else range(len(fresh))):
            _identical(kept[k], fresh[k], f"{where}.{k}")


def _read_back_only(monkeypatch):
    """From here on, a text that is not in the cache fails the test: nothing may be parsed again."""
    import gm.storage.fastyaml
    import gm.yamlio

    def parsed(*args, **kwargs):
        raise AssertionError("parsed again")

    monkeypatch.setattr(gm.storage.fastyaml, "fast_load", parsed)
    monkeypatch.setattr(gm.storage.fastyaml, "read_events", parsed)


ROOT = Path(__file__).resolve().parent.parent
CORPUS = sorted((ROOT / "games").rglob("*.yaml")) + sorted((ROOT / "tests" / "scenarios").glob("*.yaml"))[:30]


def test_a_kept_parse_is_the_parse(tmp_path, monkeypatch):
    """Every shipped YAML file, scenarios and the cases above: read back from the cache, each is what a
    fresh parse gives, a new object each time (a caller may change what it gets)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    texts = [p.read_text(encoding="utf-8") for p in CORPUS] + CASES
    fresh = [load_text(t, Path("f.yaml"), keep=False) for t in texts]
    first = [load_text(t, Path("f.yaml")) for t in texts]  # parsed, and kept
    kept = len(list(tmp_path.glob("gm/yaml-*/*.marshal")))
    assert kept == sum(read_once(t) is not FALLBACK or fast_load(t) is not FALLBACK for t in set(texts))
    assert kept > 50
    with monkeypatch.context() as m:
        _read_back_only(m)
        again = [load_text(t, Path("f.yaml")) for t in texts]
        again_too = [load_text(t, Path("f.yaml")) for t in texts]
    for text, f, one, two, three in zip(texts, fresh, first, again, again_too):
        _identical(one, f, text[:40])
        _identical(two, f, text[:40])
        assert two is not three or not isinstance(two, (dict, list))


@settings(max_examples=60, deadline=None)
@given(_docs, st.sampled_from([None, True, False]))
@example({":0": None}, None)  # ruamel.yaml (0.18, 0.19) writes `{:0: }`, and cannot read it back
@example({":0": None}, True)
def test_a_kept_parse_is_the_parse_on_random_documents(doc, flow):
    import tempfile

    from ruamel.yaml import YAML

    from gm.errors import LocatedError

    dumper = YAML()
    dumper.default_flow_style = flow
    buf = io.StringIO()
    dumper.dump(doc, buf)
    text = buf.getvalue()
    with tempfile.TemporaryDirectory() as cache, pytest.MonkeyPatch.context() as m:
        m.setenv("XDG_CACHE_HOME", cache)
        try:
            fresh = load_text(text, Path("f.yaml"), keep=False)
        except LocatedError as exc:  # text ruamel writes but no YAML reader takes: refused, located, never kept
            assert str(exc).startswith("f.yaml:1:")
            with pytest.raises(LocatedError):
                load_text(text, Path("f.yaml"))
            assert not list(Path(cache).glob("gm/yaml-*/*"))
            _ruamel_refuses(text)
            return
        load_text(text, Path("f.yaml"))
        kept = list(Path(cache).glob("gm/yaml-*/*.marshal"))  # (not what the fast reader hands over)
        _read_back_only(m)
        if kept:
            _identical(load_text(text, Path("f.yaml")), fresh)


def _ruamel_refuses(text: str) -> None:
    """gm refuses only what ruamel.yaml itself cannot read: it never turns away good YAML."""
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    with pytest.raises(YAMLError):
        YAML(typ="rt").load(text)


def test_a_changed_text_or_changed_limits_are_read_again(tmp_path, monkeypatch):
    from gm.errors import LocatedError
    from gm.storage.limits import DEFAULT, Limits

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    text = "Akane:\n  votes: [" + ", ".join(f"v{i}" for i in range(150)) + "]\n"
    assert len(load_text(text, Path("o.yaml"))["Akane"]["votes"]) == 150  # kept under the default limits
    assert load_text(text.replace("v149", "w"), Path("o.yaml"))["Akane"]["votes"][-1] == "w"
    with pytest.raises(LocatedError) as err:  # the same text under a lower limit: refused, not read back
        load_text(text, Path("o.yaml"), Limits(yaml_nodes=100))
    assert str(err.value).startswith("o.yaml:2:") and "more than 100 values" in str(err.value)
    with pytest.raises(LocatedError):
        load_text(text, Path("o.yaml"), Limits(yaml_depth=8, yaml_nodes=120))
    assert len(load_text(text, Path("o.yaml"), DEFAULT)["Akane"]["votes"]) == 150


def test_a_damaged_entry_is_parsed_again_and_the_cache_stays_bounded(tmp_path, monkeypatch):
    import gm.storage.cache
    from gm.storage.limits import Limits

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    text = "Akane:\n  action: defend\n"
    want = load_text(text, Path("o.yaml"), keep=False)
    load_text(text, Path("o.yaml"))
    [entry] = tmp_path.glob("gm/yaml-*/*.marshal")
    stored = bytearray(entry.read_bytes())
    stored[-2] ^= 0xFF  # the digest no longer matches: parsed again
    entry.write_bytes(bytes(stored))
    _identical(load_text(text, Path("o.yaml")), want)
    entry.write_bytes(b"junk")
    _identical(load_text(text, Path("o.yaml")), want)
    monkeypatch.setattr(gm.storage.cache, "YAML_ENTRIES", 10)
    for i in range(25):
        load_text(f"Player {i}:\n  action: defend\n", Path("o.yaml"))
    assert 5 <= len(list(tmp_path.glob("gm/yaml-*/*.marshal"))) <= 10
    monkeypatch.setattr(gm.storage.cache, "YAML_ENTRIES", 1000)
    monkeypatch.setattr(gm.storage.cache, "YAML_BYTES", 20_000)
    for i in range(25):
        load_text(f"Player {i}:\n  votes: [{', '.join(['Bruno'] * 300)}]\n", Path("o.yaml"))
    assert sum(p.stat().st_size for p in tmp_path.glob("gm/yaml-*/*.marshal")) <= 20_000
    assert load_text("Player 24:\n  votes: [Bruno]\n", Path("o.yaml")) == {"Player 24": {"votes": ["Bruno"]}}
    before = sorted(tmp_path.glob("gm/yaml-*/*.marshal"))
    long = "Akane:\n  votes: [" + ", ".join(["Bruno"] * 20_000) + "]\n"  # beyond YAML_TEXT: parsed each time
    assert len(load_text(long, Path("o.yaml"), Limits(yaml_nodes=30_000))["Akane"]["votes"]) == 20_000
    assert sorted(tmp_path.glob("gm/yaml-*/*.marshal")) == before
    monkeypatch.setenv("GM_NO_CACHE", "1")  # off: nothing kept, nothing read back
    before = sorted(tmp_path.glob("gm/yaml-*/*.marshal"))
    assert load_text("Bruno:\n  action: search\n", Path("o.yaml")) == {"Bruno": {"action": "search"}}
    assert sorted(tmp_path.glob("gm/yaml-*/*.marshal")) == before
