"""`gm inbox` (docs/inbox.md): players' PMs, as written, turned into checked orders.

    (gm/pms.py: PM files read and split into PMs, the provenance the lock seals: below the lock)
    pmform.py   a filled-in form's code blocks
    pmtext.py   free text read through the engine's vocabulary: sentences and orders
    pmmatch.py  its words matched to the vocabulary's, forgivingly (doubts with their choices)
    pmread.py   one player's PMs read into orders, or doubts for the GM
    intake.py   the command: every player's PMs, orders written, proposals kept
"""
