"""Fast paths that must give exactly what their slow, obvious versions give (issue 17)."""


from hypothesis import given, settings, strategies as st

# The canonical encoder (gm/canonical.py): the fast one writes what the reference writes, byte for
# byte, or raises what it raises.
from gm.canonical import NotCanonical, canonical, reference  # noqa: E402

_text = st.text(st.one_of(st.sampled_from(list('ab é"\\\n\t\x00\x1f\x7f[]<>&`:,.e0123456789')),
                          st.characters()), max_size=12)
_leaf = st.one_of(st.none(), st.booleans(), st.integers(-2 ** 60, 2 ** 60),
                  st.integers(-(2 ** 53 - 1), 2 ** 53 - 1), st.floats(), st.sampled_from([2.0, -0.0, 1e20, 0.5]),
                  _text)
_value = st.recursive(_leaf, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.tuples(inner, inner),
    st.dictionaries(_text, inner, max_size=5),
    st.dictionaries(st.one_of(_text, st.integers(0, 3), st.none()), inner, max_size=3)), max_leaves=25)


def _outcome(fn, value):
    try:
        return fn(value)
    except NotCanonical as exc:
        return ("NotCanonical", str(exc))
    except UnicodeEncodeError:  # the reference's UTF-16 sort of a key with a lone surrogate
        return ("UnicodeEncodeError",)
    except TypeError:
        return ("TypeError",)


@settings(max_examples=1500, deadline=None)
@given(_value)
def test_the_fast_canonical_encoder_writes_what_the_reference_writes(value):
    assert _outcome(canonical, value) == _outcome(reference, value)


def test_the_fast_canonical_encoder_on_the_awkward_cases():
    cases = [{"b": 1, "a": [True, None, "x"]}, {"\ue000": 1, "\U0001f600": 2}, ["é\n\x01\"\\"],
             {"k[": ["[b]<&>`", "]", '"[', "\\[", {"[": "]"}]}, [2.0], {"a": 2 ** 53 - 1}, {"a": -(2 ** 53 - 1)},
             {"a": 2 ** 53}, [float("nan")], [float("-inf")], {1: "a"}, {"a": (1, 2)}, ["x:1.5", "a,12345678901234567"],
             ["\ud800"], {"\ud800": 1, "a": 2}, [], {}, [[[]]], {"a": {"b": {"c": "\x7f\u2028"}}}]
    for value in cases:
        assert _outcome(canonical, value) == _outcome(reference, value), value


def test_the_ground_of_a_crowded_zone_is_listed_by_kind(game_copy):
    """RULINGS.md, "The ground in a crowd": up to nearby_listed items each is named; past that each
    kind once with its count, every kind still there (so every pick_up stays possible)."""
    from gm.engines.battle_royale.forms import order_form
    from gm.engines.battle_royale.state import GroundItem, Item
    from gm.engines.battle_royale.views import ground_list, player_view
    from gm.gamedir import GameDir

    assert ground_list(["Knife", "Knife", "Rifle"], 3) == ["Knife", "Knife", "Rifle"]
    assert ground_list(["Bat", "Bat", "Knife", "Rifle", "Rifle", "Rifle"], 5) == ["Bat (2)", "Knife", "Rifle (3)"]

    gd = GameDir(game_copy)
    game = gd.load()
    state = game.engine.state_from_json(gd.read_json(3, "state.json"))
    me = next(p for p in sorted(state.players.values(), key=lambda p: p.name) if p.alive and p.on_island and p.zone)
    ground = state.zones[me.zone].ground
    ground.clear()
    names = ["Baseball Bat"] * 12 + ["Binoculars"] * 9 + ["Rifle"]
    ground += [GroundItem(Item(1000 + i, name, None, [], False)) for i, name in enumerate(names)]
    limit = game.rules.house.nearby_listed
    assert len(names) > limit == 20
    view = player_view(state, game.rules, me.name)
    assert view["lying"] == ["Baseball Bat (12)", "Binoculars (9)", "Rifle"]
    form = order_form(state, game.rules, me.name, view)
    assert form[0].endswith("lying here: Baseball Bat (12), Binoculars (9) and Rifle")
    del ground[limit:]
    assert player_view(state, game.rules, me.name)["lying"] == sorted(names[:limit])
