"""'Did you mean' suggestions for misspelt names."""

from __future__ import annotations

from typing import Iterable


def closest(word: str, candidates: Iterable[str]) -> str | None:
    pool = sorted(set(candidates))
    by_fold = {c.casefold(): c for c in pool}
    import difflib  # only a word that is not known needs it

    hit = difflib.get_close_matches(word.casefold(), list(by_fold), n=1, cutoff=0.6)
    return by_fold[hit[0]] if hit else None


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    guess = closest(word, candidates)
    return f" (did you mean '{guess}'?)" if guess else ""
