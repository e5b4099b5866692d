"""The `gm` command: parse options, call the library, print. No rules here.

A GmError becomes its message and exit code 1; a usage error exits 2; anything else is a bug
and exits 3 with a pointer to where to report it.

Only click (and the standard library it loads) is imported here: `gm --help` and a command's
`--help` load nothing else of gm. Each command imports what it needs when it runs.
"""

from __future__ import annotations

import click

from gm.commandline import deadline, fairness, forum, game, lab, reference
from gm.commandline.base import GmGroup


@click.group(cls=GmGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="gm")
def cli():
    """gm: a game master's assistant for play-by-forum games.

    Write each day's orders as YAML, then check, resolve, and post.
    """


for family in (game, fairness, forum, deadline, reference, lab):
    for name, command in family.cli.commands.items():
        cli.add_command(command, name)


def main():
    cli(prog_name="gm")
