"""Whom an attack hits: the war plan's preference lists, or `auto`, a maximiser a player can predict.

For each legal plan (each single legal army, and, when the plan allows a split, each pair with
half the points each, rounded up) the destruction is simulated with the player's `destroy` rule
(Stomps included), and the plans are ranked by (1) Kharnages, (2) Unit cards destroyed, (3) Armor
destroyed, (4) the Domination points of the armies hit, (5) seat order clockwise from the active
player (a single army before a split). A preference list names the armies to try, in order: a
single attack hits the first legal one; a split, the first two; `split: best` compares them.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from . import armies, destroy
from .context import Ctx
from .destroy import Outcome, Target
from .state import Player

REF_WORDS = ("left", "right")


@dataclass(frozen=True)
class Option:
    targets: tuple[str, ...]
    points: tuple[int, ...]


@dataclass
class Simulated:
    option: Option
    stomped: list[Target]  # in the first army, before the destruction
    outcomes: list[Outcome]
    kharnages: int
    cards: int
    armor: int


def targets_of(ctx: Ctx, p: Player) -> list[Target]:
    r = ctx.rules
    return [Target(i, armies.name_of(r, u), armies.armor(r, u), len(u.cards), armies.lines_of(r, u))
            for i, u in enumerate(p.units) if not u.absent]


def pick_unit(candidates: list[Target], rule) -> Target:
    """The Unit a Stomp destroys (`most_cards`, `toughest` or a list of names). Ties: placed earliest."""
    if isinstance(rule, (list, tuple)):
        names = [str(n).casefold() for n in rule]
        return min(candidates, key=lambda u: (names.index(u.name.casefold()) if u.name.casefold() in names
                                              else len(names), -u.armor, u.index))
    if rule == "most_cards":
        return min(candidates, key=lambda u: (-u.cards, -u.armor, u.index))
    return min(candidates, key=lambda u: (-u.armor, u.index))


def simulate(ctx: Ctx, option: Option, stomps: int, plan: dict) -> Simulated:
    stomped: list[Target] = []
    outcomes = []
    kh = cards = arm = 0
    for n, (name, pts) in enumerate(zip(option.targets, option.points)):
        units = targets_of(ctx, ctx.state.players[name])
        had = bool(units)
        if n == 0:
            for _ in range(stomps):
                if not units:
                    break
                line = min(u.lines[0] for u in units)
                victim = pick_unit([u for u in units if line in u.lines], plan.get("stomp", "most_cards"))
                stomped.append(victim)
                units = [u for u in units if u.index != victim.index]
                cards += victim.cards
                arm += victim.armor
        out = destroy.plan(units, pts, plan.get("destroy", "kharnage_first"))
        outcomes.append(out)
        cards += out.cards
        arm += out.armor
        if had and out.kharnage:
            kh += 1
    return Simulated(option, stomped, outcomes, kh, cards, arm)


def resolve_refs(ctx: Ctx, p: Player, refs, kind: str, legal: list[str]) -> tuple[list[str], list[dict]]:
    """The plan's list as players, legal ones only, and why each other entry was passed over."""
    if not isinstance(refs, list):
        return [], []
    left, right = armies.sides(ctx.state, p.name)
    wanted: list[str] = []
    skipped: list[dict] = []
    for ref in refs:
        who = left if ref == "left" else right if ref == "right" else ref
        if who is None:
            skipped.append({"ref": ref, "why": "no_army_that_side"})
        elif who in wanted:
            continue
        elif who in legal:
            wanted.append(who)
        elif not armies.has_units(ctx.state.players[who]):
            skipped.append({"ref": ref, "why": "no_units", "target": who})
        else:
            skipped.append({"ref": ref, "why": "out_of_range", "target": who})
    return wanted, skipped


def _score(ctx: Ctx, s: Simulated, order: dict[str, int]) -> tuple:
    dom = sum(ctx.state.players[t].points for t in s.option.targets)
    return (s.kharnages, s.cards, s.armor, dom, -min(order[t] for t in s.option.targets), -len(s.option.targets))


def choose(ctx: Ctx, p: Player, kind: str, points: int, refs, split: str, fixed: bool, stomps: int,
           plan: dict) -> tuple[Simulated | None, dict]:
    """The attack's target(s) and the reason, as data for the player's message."""
    legal = armies.legal_targets(ctx.state, p.name, "shooting" if kind == "magic" else kind)
    if not legal:
        return None, {"by": "none"}
    wanted, skipped = resolve_refs(ctx, p, refs, kind, legal)
    by = "plan" if wanted else "auto"
    pool = wanted if wanted else legal
    half = (points + 1) // 2
    singles = [Option((t,), (points,)) for t in (pool[:1] if wanted else pool)]
    pairs = [Option(pair, (half, half)) for pair in (combinations(pool[:2], 2) if wanted else combinations(pool, 2))]
    if fixed or split == "never":
        options = singles
    elif split == "always" and pairs:
        options = pairs
    else:
        options = singles + pairs
    order = {t: i for i, t in enumerate(armies.clockwise(ctx.state, p.name))}
    sims = [simulate(ctx, o, stomps, plan) for o in options]
    best = max(sims, key=lambda s: _score(ctx, s, order))  # max keeps the first of equals
    why = {"by": by, "skipped": skipped, "options": len(options), "split_rule": split,
           "fell_back": bool(isinstance(refs, list) and refs and not wanted)}
    return best, why
