"""A run's figures as they arrive: each game's record (gm/balance.py) is added to a `Tally`
and dropped, so a million games cost the memory of a thousand.

A tally holds exact sufficient statistics, never a game: counts, and for every figure with an
interval its sums over games (n, Σx, Σx², and for a ratio Σy, Σy², Σxy; gm/simulate/sums.py). The
sums are Python integers (a float that is not whole is kept as an exact Fraction), so adding games
in any order, or merging the tallies of any number of workers, gives the same sums to the last
digit, and the report the same bytes whatever `--jobs`. `Tally.summary()` is the report
`summarize` gave from the full list of records (tests/sim_oracle.py keeps that list-based code as
the tests' oracle).

`Paired` does the same for `--vs`: game i is played under both sets of rules in the same task, and
only each figure's Σa, Σb and Σ(b - a)² are kept.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .stats import holm, wilson
from .sums import (add_ratio, exact, exact_div, interval, merge_ratio, mean_from, new_ratio, paired_from,
                   ratio_from, rounded)

EXAMPLES = 3  # refused orders quoted in the report: the first ones, by game number
COMPARED_DAYS = 8  # --vs compares the deaths of Days 1 to 7
UNDECIDED_WARN = 0.5  # the report warns when more than this share of games is undecided
UNDECIDED_MEANS = "no one won"  # what an undecided game is, for an engine that does not say


def undecided(count: int, n: int, reference: dict) -> dict:
    """How many games the policy left undecided, what that means for the engine, and whether most
    were (then the report warns: a balance answer from undecided games measures the policy, not the rules)."""
    share = count / n
    return {"games": count, "share": interval(wilson(count, n)), "means": reference.get("undecided") or UNDECIDED_MEANS,
            "warning": share > UNDECIDED_WARN}


def deaths_of(record: dict) -> list:
    """A game's deaths on Day 0, 1, ...: the engine's count, else the fall in players left."""
    if "deaths" in record:
        return [exact(x) for x in record["deaths"]]
    a = [exact(x) for x in (record.get("alive") or [0])]
    return [0] + [max(0, a[i - 1] - a[i]) for i in range(1, len(a))]


class Tally:
    """The mergeable sums of a run's games (see the module's docstring)."""

    def __init__(self) -> None:
        self.games = 0
        self.lengths: Counter = Counter()  # game length -> games
        self.ended: Counter = Counter()
        self.undecided = 0  # games the engine calls undecided (its record's `undecided`)
        self.categories: set = set()  # categories named among some game's entrants
        self.seated: set = set()  # (category, group) named among some game's entrants
        self.groups: dict = {}  # (category, group) -> ratio sums of (winners, players) per game
        self.games_won: Counter = Counter()  # (category, group) -> games a player of it won
        self.longest = 0  # the longest survival curve
        self.alive: list = []  # day -> [Σ, Σ²] of players left, over games whose curve reaches that day
        self.alive_tail: dict = {}  # curve length L -> [Σ, Σ²] of the last count of curves of length L
        self.deaths: list = []  # day -> [Σ, Σ²] of deaths
        self.weapons: dict = {}  # weapon -> [{count: total}, ratio sums of (damage, attempts) per game]
        self.rules: dict = {}  # rule -> total;  rule_games: rule -> games it fired in
        self.rule_games: Counter = Counter()
        self.events: dict = {}
        self.event_games: Counter = Counter()
        self.refused = 0
        self.examples: list = []  # the first refused orders: (game, n-th of the game, text)

    # ---- adding and merging -----------------------------------------------------------------

    def add(self, index: int, r: dict) -> None:
        """Game number `index`'s record."""
        self.games += 1
        self.lengths[exact(r["length"])] += 1
        self.ended[r.get("ended", "game over")] += 1
        self.undecided += bool(r.get("undecided"))
        entrants, wins = r.get("entrants") or {}, r.get("wins") or {}
        keys = set()
        for c, groups in entrants.items():
            self.categories.add(c)
            for g in groups:
                keys.add((c, g))
        self.seated |= keys
        for c, groups in wins.items():
            for g in groups or {}:
                keys.add((c, g))
        for c, g in keys:
            won = exact((wins.get(c) or {}).get(g, 0))
            seated = exact((entrants.get(c) or {}).get(g, 0))
            acc = self.groups.get((c, g))
            if acc is None:
                acc = self.groups[(c, g)] = new_ratio()
            add_ratio(acc, won, seated)
            if won > 0:
                self.games_won[(c, g)] += 1
        alive = r.get("alive") or []
        self.longest = max(self.longest, len(alive))
        a = [exact(x) for x in (alive or [0])]
        _add_days(self.alive, a)
        tail = self.alive_tail.setdefault(len(a), [0, 0])
        tail[0] += a[-1]
        tail[1] += a[-1] * a[-1]
        _add_days(self.deaths, deaths_of(r))
        for w, counts in (r.get("weapons") or {}).items():
            row = self.weapons.get(w)
            if row is None:
                row = self.weapons[w] = [{}, new_ratio()]
            for k, v in counts.items():
                row[0][k] = row[0].get(k, 0) + exact(v)
            add_ratio(row[1], exact(counts.get("damage", 0)), exact(counts.get("attempts", 0)))
        for key, totals, games in (("rules", self.rules, self.rule_games), ("events", self.events, self.event_games)):
            for k, v in (r.get(key) or {}).items():
                totals[k] = totals.get(k, 0) + exact(v)
                if v:
                    games[k] += 1
        refused = r.get("refused") or []
        self.refused += len(refused)
        if refused and (len(self.examples) < EXAMPLES or (index,) < self.examples[-1][:1]):
            self.examples = sorted(self.examples + [(index, k, m) for k, m in enumerate(refused[:EXAMPLES])])[:EXAMPLES]

    def merge(self, other: "Tally") -> "Tally":
        """Add another tally's games (another worker's block); the result does not depend on the order."""
        self.games += other.games
        self.lengths.update(other.lengths)
        self.ended.update(other.ended)
        self.undecided += other.undecided
        self.categories |= other.categories
        self.seated |= other.seated
        for key, acc in other.groups.items():
            if key in self.groups:
                merge_ratio(self.groups[key], acc)
            else:
                self.groups[key] = list(acc)
        self.games_won.update(other.games_won)
        self.longest = max(self.longest, other.longest)
        _merge_days(self.alive, other.alive)
        for length, (s, q) in other.alive_tail.items():
            tail = self.alive_tail.setdefault(length, [0, 0])
            tail[0] += s
            tail[1] += q
        _merge_days(self.deaths, other.deaths)
        for w, (totals, acc) in other.weapons.items():
            row = self.weapons.get(w)
            if row is None:
                row = self.weapons[w] = [{}, new_ratio()]
            for k, v in totals.items():
                row[0][k] = row[0].get(k, 0) + v
            merge_ratio(row[1], acc)
        for mine, theirs in ((self.rules, other.rules), (self.events, other.events)):
            for k, v in theirs.items():
                mine[k] = mine.get(k, 0) + v
        self.rule_games.update(other.rule_games)
        self.event_games.update(other.event_games)
        self.refused += other.refused
        self.examples = sorted(self.examples + other.examples)[:EXAMPLES]
        return self

    # ---- the report -------------------------------------------------------------------------

    def days(self) -> int:
        """Days of the survival table: the longest curve (one day when no game has a curve)."""
        return max(self.longest, 1)

    def summary(self, reference: dict | None = None) -> dict[str, Any]:
        """The report's summary (what `--json` prints under "summary")."""
        n = self.games
        reference = reference or {}
        out: dict[str, Any] = {"games": n}
        if n == 0:
            return out
        s = sum(k * c for k, c in self.lengths.items())
        q = sum(k * k * c for k, c in self.lengths.items())
        histogram: Counter = Counter()
        for k, c in self.lengths.items():
            histogram[int(k)] += c
        out["length"] = {**interval(mean_from(n, s, q), 3), "min": int(min(self.lengths)), "max": int(max(self.lengths)),
                         "histogram": {str(k): v for k, v in sorted(histogram.items())}}
        out["ended"] = dict(sorted(self.ended.items()))
        out["undecided"] = undecided(self.undecided, n, reference)
        out["wins"] = self._wins()
        out["days"] = self._days()
        out["weapons"] = self._weapons(reference.get("weapons") or {})
        for key in ("weapons_note", "weapons_label"):
            if reference.get(key):
                out[key] = reference[key]
        out["rules"] = self._counts(self.rules, self.rule_games)
        out["events"] = self._counts(self.events, self.event_games)
        out["refused_orders"] = {"count": self.refused, "examples": [m for _, _, m in self.examples]}
        return out

    def _wins(self) -> dict:
        n = self.games
        table: dict[str, dict] = {}
        for c in sorted(self.categories):
            rows = {}
            for g in sorted(g for cc, g in self.seated if cc == c):
                acc = self.groups.get((c, g)) or new_ratio()
                won = self.games_won[(c, g)]
                rows[g] = {"players": int(acc[1]), "wins": int(acc[0]), "win_rate": interval(ratio_from(n, *acc)),
                           "games_won": won, "games_won_share": interval(wilson(won, n))}
            table[c] = rows
        return table

    def _days(self) -> list[dict]:
        n = self.games
        out = []
        tail_s = tail_q = 0
        for d in range(self.days()):
            t = self.alive_tail.get(d)
            if t is not None and d > 0:
                tail_s, tail_q = tail_s + t[0], tail_q + t[1]
            reach = self.alive[d] if d < len(self.alive) else [0, 0]
            deaths = self.deaths[d] if d < len(self.deaths) else [0, 0]
            out.append({"day": d,
                        "alive": interval(mean_from(n, reach[0] + tail_s, reach[1] + tail_q), 3),
                        "deaths": interval(mean_from(n, deaths[0], deaths[1]), 3),
                        "games_going": sum(c for k, c in self.lengths.items() if k >= d)})
        return out

    def _weapons(self, reference: dict) -> dict:
        n = self.games
        out = {}
        for w in sorted(self.weapons):
            totals, acc = self.weapons[w]
            attempts = totals.get("attempts", 0)
            row: dict[str, Any] = {k: int(v) for k, v in sorted(totals.items())}
            if attempts:
                row["hit_rate"] = rounded(exact_div(totals.get("hits", 0), attempts))
                row["damage_per_attempt"] = interval(ratio_from(n, *acc), 3)
            row["kills_per_game"] = rounded(exact_div(totals.get("kills", 0), n))
            if w in reference:
                row["rulebook"] = reference[w]
            out[w] = row
        return out

    def _counts(self, totals: dict, games: Counter) -> dict:
        n = self.games
        return {k: {"total": int(totals[k]), "per_game": rounded(exact_div(totals[k], n), 3), "games": int(games[k]),
                    "games_share": rounded(games[k] / n, 3)} for k in sorted(totals)}

    # ---- what --vs compares -----------------------------------------------------------------

    def figure_names(self) -> list[str]:
        """The figures a comparison tests for these games, in the report's order."""
        names = ["game length (days)", "deaths per game"]
        if self.games:
            names += [f"deaths on Day {d}" for d in range(1, min(self.days(), COMPARED_DAYS))]
        for c in sorted(self.categories):
            names += [f"win rate: {c} {g}" for g in sorted(g for cc, g in self.seated if cc == c)]
        names += [f"fired: {k}" for k in sorted(self.rules)]
        names += [f"kills: {w}" for w in sorted(self.weapons)]
        return names


def _add_days(days: list, values: list) -> None:
    while len(days) < len(values):
        days.append([0, 0])
    for d, v in enumerate(values):
        if v:
            days[d][0] += v
            days[d][1] += v * v


def _merge_days(days: list, other: list) -> None:
    while len(days) < len(other):
        days.append([0, 0])
    for d, (s, q) in enumerate(other):
        days[d][0] += s
        days[d][1] += q


def figures(r: dict) -> dict[str, Any]:
    """One game's value of every figure a comparison tests (those left out are 0 in this game)."""
    out: dict[str, Any] = {"game length (days)": exact(r["length"])}
    deaths = deaths_of(r)
    out["deaths per game"] = sum(deaths)
    for d in range(1, min(len(deaths), COMPARED_DAYS)):
        if deaths[d]:
            out[f"deaths on Day {d}"] = deaths[d]
    wins = r.get("wins") or {}
    for c, groups in (r.get("entrants") or {}).items():
        for g, seated in groups.items():
            won = (wins.get(c) or {}).get(g, 0)
            if seated and won:
                out[f"win rate: {c} {g}"] = exact(won / seated)  # the float share, as the figure always was
    for k, v in (r.get("rules") or {}).items():
        if v:
            out[f"fired: {k}"] = exact(v)
    for w, counts in (r.get("weapons") or {}).items():
        if counts.get("kills"):
            out[f"kills: {w}"] = exact(counts["kills"])
    return out


class Paired:
    """Game i under one set of rules against game i under the other: each figure's Σa, Σb, Σ(b - a)²."""

    def __init__(self) -> None:
        self.games = 0
        self.sums: dict = {}  # figure -> [Σa, Σb, Σ(b - a)²]

    def add(self, a: dict, b: dict) -> None:
        self.games += 1
        fa, fb = figures(a), figures(b)
        for name in fa.keys() | fb.keys():
            x, y = fa.get(name, 0), fb.get(name, 0)
            acc = self.sums.get(name)
            if acc is None:
                acc = self.sums[name] = [0, 0, 0]
            acc[0] += x
            acc[1] += y
            acc[2] += (y - x) * (y - x)

    def merge(self, other: "Paired") -> "Paired":
        self.games += other.games
        for name, (x, y, dd) in other.sums.items():
            acc = self.sums.setdefault(name, [0, 0, 0])
            acc[0] += x
            acc[1] += y
            acc[2] += dd
        return self

    def comparison(self, a: Tally, b: Tally) -> dict[str, Any]:
        """Which differences are larger than chance, with Holm's correction over all the figures.
        `a` and `b` are the tallies of the same games under each set of rules (they name the figures)."""
        n = self.games
        names = a.figure_names()
        seen = set(names)
        names += [k for k in b.figure_names() if k not in seen]
        rows = []
        for name in names:
            x, y, dd = self.sums.get(name, (0, 0, 0))
            diff, p = paired_from(n, y - x, dd)
            rows.append({"figure": name, "a": rounded(exact_div(x, n) if n else 0), "b": rounded(exact_div(y, n) if n else 0),
                         "difference": rounded(diff), "p": rounded(p, 6)})
        for row, sig in zip(rows, holm([r["p"] for r in rows])):
            row["significant"] = sig
        return {"games": n, "alpha": 0.05, "correction": "Holm", "figures": rows}


class Results:
    """What games add to a run: their tally and, with --vs, the other rules' tally and the pairs.
    A worker returns one for its block of games; the parent merges them as they arrive."""

    def __init__(self, paired: bool = False) -> None:
        self.tally = Tally()
        self.vs = Tally() if paired else None
        self.paired = Paired() if paired else None

    @property
    def games(self) -> int:
        return self.tally.games

    @property
    def played(self) -> int:
        """Games played, counting each set of rules."""
        return self.tally.games * (2 if self.vs is not None else 1)

    def add(self, index: int, record: dict, vs_record: dict | None = None) -> None:
        self.tally.add(index, record)
        if self.vs is not None:
            self.vs.add(index, vs_record)
            self.paired.add(record, vs_record)

    def merge(self, other: "Results") -> "Results":
        self.tally.merge(other.tally)
        if self.vs is not None:
            self.vs.merge(other.vs)
            self.paired.merge(other.paired)
        return self
