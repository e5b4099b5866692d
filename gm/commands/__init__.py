"""The commands (docs/cli.md): what each `gm` command does, as functions of the game folder that
return what to print; gm/commandline/ turns them into click commands.
    game.py       new, check, resolve, audit, rolls, demo, and what they share
    status.py     `gm status`, and the next-day lines `gm check` prints too
    fairness.py   commit, lock, reveal, verify
    forum.py      templates, preview, votes, rerender, rules and guides
"""
