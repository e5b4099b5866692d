"""The `gm` command's families of commands, one module each (gm/cli.py assembles them):

    base.py       what every command shares: classes, options, JSON output
    game.py       new, check, resolve, audit, rolls, status, demo
    fairness.py   commit, lock, reveal, verify, verifier
    forum.py      votes, preview, desk, next, render, templates
    deadline.py   receipts, inbox, form, remind
    reference.py  rules, guide
    lab.py        simulate
"""
