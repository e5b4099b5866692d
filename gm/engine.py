"""The engine contract: what a game declares, and the defaults it inherits.

An engine is a small subclass of `Engine`, as OpenSpiel's Python games are: its facts as one
frozen record, its state class, and the handful of methods only it can write (set-up, orders,
phases, views). Everything else has a default here. The registry is apart, in gm/engines/.

Phases are pure: each takes one `Day` (boardgame.io's `ctx`) and returns the events it caused.
docs/engines.md walks through writing one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, ClassVar

from gm.engine_records import Day, DayContext, Facts, GameSetup, Hidden, Phase, Secrets, ThreadVotes, VoteKind, run_phase
from gm.errors import Problem
from gm.events import Event
from gm.paths import games_dir

# the records an engine declares and the phase API, kept in gm/engine_records.py; imported from here
__all__ = ["Engine", "Day", "DayContext", "Facts", "GameSetup", "Hidden", "Phase", "Secrets", "ThreadVotes", "VoteKind", "run_phase"]


class Engine:
    """The defaults every game inherits. A subclass sets `facts` and `state_class` and writes
    setup, check_orders, default_orders, players_due, phases, public_view and player_view."""

    facts: ClassVar[Facts]
    state_class: ClassVar[type]  # has .to_json() and a classmethod .from_json(data)
    votes: ClassVar[ThreadVotes | None] = None  # None: the game takes no votes from the thread
    # the rulings (gm/rulings.py) the state supports besides `replace` and `deadline`, which every
    # game has: some of kill, revive, health, give, take, move
    ruling_kinds: ClassVar[tuple[str, ...]] = ()
    # kind -> why the game has no such ruling, for a kind not in ruling_kinds (said with the refusal)
    ruling_why_not: ClassVar[dict[str, str]] = {}
    # does the core end each private message with the player's order form (order_form)? An engine
    # whose message template words the form itself sets False
    form_in_message: ClassVar[bool] = True
    # the event kinds `player_learned` reads (gm/learned.py reads no other; empty: every kind)
    learned_kinds: ClassVar[frozenset[str]] = frozenset()
    # what the game hides, from whom, until when; which days are sealed (Secrets, above)
    secrets: ClassVar[Secrets] = Secrets()

    # -- what a game must write ------------------------------------------------------------------

    def setup(self, doc: Any, path: str) -> GameSetup:
        raise NotImplementedError

    def check_orders(self, doc: Any, path: str, rules: Any, state: Any, day: int,
                     seen: dict) -> tuple[dict[str, Any], list[Problem]]:
        """One orders file: player -> checked orders, and every problem, located."""
        raise NotImplementedError

    def default_orders(self, player: str, day: int) -> Any:
        """What a player who sent nothing does."""
        raise NotImplementedError

    def players_due(self, state: Any) -> list[str]:
        """Who owes orders for the day after `state` (in a stable order)."""
        raise NotImplementedError

    def day_name(self, state: Any, day: int) -> str:
        """How the day after `state` is named to players, as its posts name it ("Round 7 (Day 7)"
        in a game of rounds): receipts and forms say the same."""
        return f"Day {day}"

    def rolls_dice(self, state: Any) -> bool:
        """May the day after `state` roll any die? False only where the rules say it never can (Team
        Kill after the deal): its commitment post then invites no salt."""
        return True

    def may_send(self, state: Any) -> list[str]:
        """Who may send orders for the day after `state` (stable order): those who owe them, and
        in a game whose standing orders anyone may change on any day, everyone still in. Their
        orders and salts count; `gm form --player` and `gm receipts` serve each of them."""
        return self.players_due(state)

    def phases(self, day: int, state: Any) -> list[Phase]:
        """The day's phases in the rules' order; `state` is the state before the day."""
        raise NotImplementedError

    def public_view(self, state: Any, rules: Any) -> dict:
        raise NotImplementedError

    def player_view(self, state: Any, rules: Any, player: str) -> dict:
        raise NotImplementedError

    # -- defaults --------------------------------------------------------------------------------

    @property
    def data_dir(self) -> Path:
        """games/<name>/: rules data, examples, new-game files and RULINGS.md."""
        return games_dir(self.facts.name)

    def state_from_json(self, data: dict) -> Any:
        return self.state_class.from_json(data)

    def state_to_json(self, state: Any) -> dict:
        return state.to_json()

    def new_notes(self) -> Any:
        """A fresh scratchpad for one day's phases (smoke that negated an action, say)."""
        return None

    def check_all(self, orders: dict[str, Any], missing: list[str], state: Any, rules: Any, day: int,
                  folder: str) -> list[Problem]:
        """Problems only the whole day's orders together show (each file is checked on its own first)."""
        return []

    def defaults_note(self, state: Any) -> str:
        """What happens to a player who sent nothing, as `gm check` says it."""
        return "they get the defaults"

    def decided(self, state: Any, rules: Any) -> bool:
        """Is the winner known in the middle of a day, so that the rest of its phases are skipped?"""
        return False

    def ended(self, state: Any) -> bool:
        """Has the game ended, so that no day may follow this state?"""
        return bool(getattr(state, "over", False))

    def sealed(self, day: int, rolls: list | None = None) -> str | None:
        """Why this day's seed, roll log, reveal and openings must not be posted before the game ends
        (its dice decided something secret that stays secret, such as the order of a deck), or None:
        post them at once. Read from `secrets`: a sealed day, or a day whose `rolls` (gm/dice.py's
        Roll, or their records) include one made with `hides=True`."""
        if day in self.secrets.sealed_days:
            return self.secrets.sealed_why
        for r in rolls or ():
            if (r.get("hides") if isinstance(r, dict) else getattr(r, "hides", False)):
                return f"Day {day}'s dice decided something secret ({self.secrets.sealing_rolls or 'a hidden fact'})"
        return None

    def sealing_rolls(self, rules: Any) -> str:
        """Which rolls of an open day seal it under this game's house rules, in words (the commitment
        post says it): the declaration's (`secrets.sealing_rolls`); an engine whose house rules may
        post such a day at once, or roll no such die, returns "" for them."""
        return self.secrets.sealing_rolls

    def open_rolls(self, rules: Any) -> str:
        """Rolls that decide something secret on a day this game's house rules post at once, in words
        (the commitment post warns of them): none by default."""
        return ""

    def secret_words(self, state: Any, rules: Any, events: list[Event]) -> tuple[set[str], dict[str, set[str]]]:
        """The game's secrets at this point, in the words a text would use: those no public text may
        hold, and for each reader those their own texts may not hold (tests/test_secrets_sim.py holds
        every post's context and view to them over simulated games). By default, every word of four
        letters or more in a field `secrets` declares hidden, for the public texts only. An engine
        that knows finer (a reader may see their own role, a secret comes out when the game ends)
        writes `secret_words(engine, state, rules, events)` in its package's hidden.py."""
        own = self._lab_module("hidden")
        if own is not None and callable(getattr(own, "secret_words", None)):
            return own.secret_words(self, state, rules, events)
        import json

        data = json.loads(json.dumps(self.state_to_json(state), default=str))
        hidden: set[str] = set()
        for h in self.secrets.hidden:
            for v in h.values(data):
                hidden |= _words(v)
        return hidden, {}

    def target_odds(self, rules: Any) -> bool:
        """May the target of an attack see the attacker's odds? The declaration's answer
        (`secrets.target_odds`); an engine whose house rules may show more reads them here. The
        messages' templates get it as `secrets.target_odds`."""
        return self.secrets.target_odds

    def final_phase(self) -> Phase | None:
        """A phase run after every day, even one cut short because the game was decided."""
        return None

    def player_views(self, state: Any, rules: Any, players: list[str]) -> dict[str, dict]:
        """player_view for each of `players`; an engine overrides it to share the work in a big game."""
        return {p: self.player_view(state, rules, p) for p in players}

    def player_learned(self, history: list[tuple[int, list[dict]]], rules: Any, player: str) -> list[str]:
        """`gm status --player`: what the player learned over the game and still holds, from
        (day, the events of that day the player saw) for every resolved day. Default: nothing more."""
        return []

    def orders_echo(self, orders: Any, rules: Any) -> str | None:
        """A player's orders as received, in words, for the top of their message (none: not echoed)."""
        return None

    def places(self, rules: Any) -> dict[str, str]:
        """How each place sits in a sentence ("on the Beach", "in the Forest"), for the `at` filter;
        a place not named here is "in the <name>"."""
        return {}

    def gm_view(self, state: Any, rules: Any) -> dict:
        return {"state": self.state_to_json(state)}

    def message_recipients(self, before: Any, after: Any, orders: dict[str, Any]) -> list[str]:
        """Who gets a private message for the day (sorted): by default, everyone who owed orders."""
        return sorted(orders)

    def player_status(self, state: Any, rules: Any, player: str) -> list[str]:
        """`gm status --player`: what that player knows, as plain lines."""
        return [f"{k}: {v}" for k, v in self.player_view(state, rules, player).items()]

    def public_status(self, view: dict, player: str, events: list[dict]) -> list[str]:
        """The player's own status as the thread knows it, said in every message as `status` (issue
        24: in the game or out and how, partners or teammates, whose turn, why they won or lost).
        Given only the public view and the day's public events, so no secret of anyone can reach it."""
        return []

    def status_rows(self, state: Any, rules: Any) -> tuple[list[str], list[list[str]]]:
        """`gm status`: a table's header and rows, for the GM."""
        return ["player"], [[p] for p in self.players_due(state)]

    def public_status_rows(self, state: Any, rules: Any) -> tuple[list[str], list[list[str]]]:
        """`gm status --public`: the table as the thread may see it. Default: `status_rows` without the
        columns named as a hidden field of `secrets` ("players.*.school" hides "school"), until the
        game has ended."""
        head, rows = self.status_rows(state, rules)
        if self.ended(state):
            return head, rows
        hidden = {h.field.rsplit(".", 1)[-1] for h in self.secrets.hidden}
        keep = [i for i, name in enumerate(head) if name not in hidden]
        return [head[i] for i in keep], [[row[i] for i in keep] for row in rows]

    def orders_record(self, orders: Any) -> dict:
        """One player's orders in a stable shape, for day.json and the GM summary."""
        return orders.record()

    # -- the GM's day: rulings, receipts, order forms (gm/rulings.py, gm/gmday/deadline.py) ----------------

    def players_in_state(self, state: Any) -> list[str]:
        """Every player the state knows, living or not: whom a ruling may name, and the roster
        game.yaml must keep after Day 0."""
        players = getattr(state, "players", None)
        if isinstance(players, dict):
            return list(players)
        if isinstance(players, (list, tuple)):
            return [p if isinstance(p, str) else getattr(p, "name", str(p)) for p in players]
        return list(self.players_due(state))  # a state that does not list its players: override this

    def check_ruling(self, ruling: Any, state: Any, rules: Any) -> str | None:
        """Why this ruling cannot apply to `state` (None: it can). An engine that lists a kind in
        `ruling_kinds` checks it here, and may set `ruling.value` to the proper spelling."""
        return f"the {self.facts.title} engine cannot apply a '{ruling.kind}' ruling"

    def apply_ruling(self, day: Day, ruling: Any) -> list[Event]:
        """Apply a checked ruling to `day.state` in place, at the start of the day. The core
        announces it (a `ruling` event); return any further events it causes."""
        return []

    def receipt_lines(self, orders: Any, state: Any, rules: Any, player: str) -> list[str]:
        """A player's orders as the engine understood them, in plain words, one line each
        (`gm receipts`): defaults filled in. Nothing the player may not know."""
        def words(v: Any) -> str:  # no brackets: a forum would take `[Juno` for the start of a tag
            if isinstance(v, dict):
                return ", ".join(f"{k} {words(x)}" for k, x in v.items())
            if isinstance(v, (list, tuple)):
                return ", ".join(words(x) for x in v) or "none"
            return "none" if v is None else str(v)

        record = self.orders_record(orders)
        return [f"{k}: {words(v)}" for k, v in record.items() if k not in ("player", "received")]

    def order_form(self, state: Any, rules: Any, player: str | None, view: dict | None = None) -> list[str]:
        """What `player` may order next, one line each (the end of their message, and `gm form`);
        `player` None: the blank form for the thread, naming nothing secret. `view`: the player's
        view when the caller has it already (a day's messages), so a big game stays linear."""
        return [f"Send your orders to the GM before the deadline (a player who sends none: {self.defaults_note(state)})."]

    def vocabulary(self, state: Any, rules: Any, player: str) -> Any:
        """`gm inbox`: the engine's words for a free-text PM from `player` (a gm.vocabulary.Vocabulary:
        its orders with their synonyms, and today's objects). None, the default: free text is not
        read, and every free-text PM waits for the GM (a filled-in form is still read)."""
        return None

    def form_text(self, state: Any, rules: Any, player: str, view: dict | None = None) -> str:
        """The inside of `player`'s form (its code block), as plain text: YAML whose top key is the
        player's name, as in days/NN/orders/*.yaml, and whose orders are commented lines (`# key:
        value`, the choices in a comment beside them) and its notes `## ...` lines. A player uncomments the lines they mean and
        fills in what is left blank; the block is then exactly their orders, which the PM reader reads
        back. Default: order_form's lines as comments; an engine writes its own with real orders."""
        from gm.text import yaml_scalar

        notes = [" ".join(str(line).split()) for line in self.order_form(state, rules, player, view)]
        return "\n".join([f"{yaml_scalar(player)}:"] + [f"  ## {line}" for line in notes]) + "\n"

    def example_dir(self) -> Path:
        """The game `gm demo` plays."""
        return self.data_dir / "examples" / "demo"

    def new_game_files(self, title: str | None) -> dict[str, str]:
        """The files `gm new` writes: game.yaml from games/<name>/new-game.yaml."""
        from gm.roster import new_game_yaml

        return {"game.yaml": new_game_yaml(self.data_dir / "new-game.yaml", self.facts.title, title)}

    # -- simulation (gm simulate, gm/simulate/) -------------------------------------------------

    def sim_game(self, players: int | None) -> Any:
        """The game.yaml document `gm simulate ENGINE` plays: the engine's new-game file by default.
        An engine that can seat another number of players (`facts.players`) overrides it to honour
        `players`."""
        from gm.errors import StateError
        from gm.yamlio import load_text

        doc = load_text(self.new_game_files(None)["game.yaml"], self.data_dir / "new-game.yaml")
        roster = doc.get("roster") if isinstance(doc, dict) else None
        self.check_seats(players)
        if players is not None and isinstance(roster, list) and self.facts.players and players < len(roster):
            del roster[players:]  # the first seats of the new game: fewer players than it seats
        if players is not None and (not isinstance(roster, list) or len(roster) != players):
            seated = len(roster) if isinstance(roster, list) else 0
            raise StateError(f"the {self.facts.title} engine simulates its new game's {seated} players only "
                             f"(--players {players}): give a game folder with the roster you want")
        return doc

    def check_seats(self, players: int | None) -> None:
        """A StateError when the rules (`facts.players`) do not seat `players` players."""
        from gm.errors import StateError

        seats = self.facts.players
        if players is not None and seats is not None and not seats[0] <= players <= (seats[1] or players):
            most = f"{seats[0]} to {seats[1]}" if seats[1] is not None else f"at least {seats[0]}"
            raise StateError(f"the {self.facts.title} rules seat {most} players, not {players} (--players)")

    def policies(self) -> dict[str, Callable[..., dict]]:
        """How simulated players write their orders, by name. A policy is called as
        `policy(state, rules, day, due, choose)` and returns the day's orders document, as a GM
        would write it (players left out get the defaults); `choose` (gm/balance.py) is its
        only randomness. `defaults`, then the engine's own: the `POLICIES` of its package's
        policies.py, found by the core (only gm simulate loads it) - `forum` (the default),
        `random`, `aggressive`, `cautious` and its own."""
        from gm.balance import defaults_policy

        own = self._lab_module("policies")
        return {"defaults": defaults_policy, **(getattr(own, "POLICIES", None) or {})}

    def sim_stats(self, game: Any) -> dict:
        """What one simulated game counts (gm/balance.py lists the keys): the engine's own
        `sim_stats(engine, game)` from its package's sim_stats.py when it has one (starting from
        `generic_stats`), else the winners by seat, the game's length, the players left after each
        day and events by kind."""
        own = self._lab_module("sim_stats")
        if own is not None and callable(getattr(own, "sim_stats", None)):
            return own.sim_stats(self, game)
        from gm.balance import generic_stats

        return generic_stats(self, game)

    def _lab_module(self, name: str) -> Any:
        """The engine package's module `name` (policies, sim_stats, hidden), or None when it has none."""
        from importlib import import_module
        from importlib.util import find_spec

        package = type(self).__module__
        full = f"{package}.{name}"
        try:
            found = find_spec(full)
        except ModuleNotFoundError:  # the engine is a module, not a package: nothing of its own
            return None
        return import_module(full) if found is not None else None

    def sim_reference(self) -> dict:
        """The rulebook's own figures a simulation is held against, e.g.
        {"weapons": {"Knife": 0.78}, "weapons_note": "average damage per hit attempt"}; "weapons_label"
        names what the engine counts there when it is not a weapon ("card", "roll")."""
        return {}


def _words(value: Any) -> set[str]:
    """The strings of four characters or more in a JSON value: what a text would show of it."""
    if isinstance(value, dict):
        return set().union(*(_words(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_words(v) for v in value)) if value else set()
    return {value} if isinstance(value, str) and len(value) >= 4 else set()
