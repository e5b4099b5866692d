"""A showdown (rulebook: "Each player who selected "kill" now reveals one card and the teams
compare their respective sums. The team with the lower sum is eliminated. Cards are only
revealed to the players in the confrontation. On an equal result, it's a tie and nothing
happens.") and the special cards, in the order of RULINGS.md TK-8: Bomb, Scream Mask,
$1000 Dollars, then the sums."""

from __future__ import annotations

from dataclasses import dataclass, field

from .outcome import KILL
from .policy import bomb_choice, reveal_for
from .rules import Rules
from .state import State


@dataclass
class Verdict:
    """What the showdown decided. `eliminated` maps a side ("a"/"b") to whether it is out;
    `by` names the side that collects the cards (None: discarded)."""

    reveals: list[dict]
    sums: dict[str, int]
    result: str  # a | b (that side wins) | tie | bomb | scream_mask | both_masked | two_winners | bomb_lose
    #              | bomb_pending (the day stops for the Bomb holder's choice)
    out: list[str] = field(default_factory=list)  # sides eliminated
    by: str | None = None  # the side that collects the eliminated persons' cards
    bomb_holder: str | None = None
    bomb_chose: str | None = None
    bomb_chose_by_order: bool = False


def reveals(state: State, rules: Rules, sides: dict[str, list[str]], signs: dict[str, str]) -> list[dict]:
    """Every kill-voter's card, side a first, each side in seat order."""
    out = []
    for s, other in (("a", "b"), ("b", "a")):
        opposite = list(dict.fromkeys(state.player_of(m) for m in sides[other]))
        for person in sides[s]:
            if signs[person] != KILL:
                continue
            card, chosen = reveal_for(state, rules, person, opposite)
            c = rules.deck.card(card)
            out.append({"person": person, "player": state.player_of(person), "side": s, "card": card,
                        "value": c.value, "bang": c.bang, "effect": c.effect, "chosen": chosen})
    return out


def last_two(state: State, sides: dict[str, list[str]]) -> bool:
    """Is this a confrontation between the last two players in the game?"""
    players = {state.player_of(m) for s in sides.values() for m in s}
    return len(state.players_in()) == 2 and players == set(state.players_in())


def settle(state: State, rules: Rules, sides: dict[str, list[str]], signs: dict[str, str],
           shown: list[dict] | None = None, may_ask: bool = True) -> Verdict:
    """The showdown's verdict. `shown`: the cards already revealed (a day that stopped for the Bomb's
    choice); `may_ask`: the Bomb's choice may stop the day (house rule `ask: [bomb]`)."""
    shown = shown if shown is not None else reveals(state, rules, sides, signs)
    sums = {s: sum(r["value"] for r in shown if r["side"] == s) for s in ("a", "b")}
    by_effect = {r["effect"]: r for r in shown if r["effect"]}
    bomb, mask, dollars = by_effect.get("bomb"), by_effect.get("scream_mask"), by_effect.get("thousand_dollars")
    if bomb:
        if dollars and dollars["side"] != bomb["side"] and last_two(state, sides):
            # FAQ: "The player with the bomb chooses if both players win or both players lose."
            if may_ask and "bomb" in rules.ask:
                return Verdict(shown, sums, "bomb_pending", bomb_holder=bomb["person"])
            choice, by_order = bomb_choice(state, rules, bomb["person"])
            v = Verdict(shown, sums, "two_winners" if choice == "win" else "bomb_lose",
                        out=[] if choice == "win" else ["a", "b"])
            v.bomb_holder, v.bomb_chose, v.bomb_chose_by_order = bomb["person"], choice, by_order
            return v
        # stand-in text: every player in the confrontation is eliminated, the holder included
        return Verdict(shown, sums, "bomb", out=["a", "b"], bomb_holder=bomb["person"])
    masks = [r for r in shown if r["effect"] == "scream_mask"]
    if mask:
        lone = [s for s in ("a", "b") if len(sides[s]) == 1 and any(r["side"] != s for r in masks)]
        if len(lone) == 2:
            return Verdict(shown, sums, "both_masked", out=["a", "b"])
        if lone:
            return Verdict(shown, sums, "scream_mask", out=lone, by="b" if lone[0] == "a" else "a")
    if dollars and last_two(state, sides):
        return Verdict(shown, sums, "two_winners")
    if sums["a"] == sums["b"]:
        return Verdict(shown, sums, "tie")
    loser = "a" if sums["a"] < sums["b"] else "b"
    return Verdict(shown, sums, "b" if loser == "a" else "a", out=[loser], by="b" if loser == "a" else "a")
