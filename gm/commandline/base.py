"""What every `gm` command shares: the command and group classes (exit codes in every help, domain
errors turned into one message and an exit code), the options and arguments, JSON output.

Only click (and the standard library it loads) is imported here (docs/cli.md)."""

from __future__ import annotations

import os
import sys

import click

REPORT = "please report it with the command you ran (set GM_DEBUG=1 for the traceback)"


EXIT_CODES = ("Exit codes: 0 done; 1 a problem gm explains (where it is, and the folder left as it was); "
              "2 a usage error; 3 a bug in gm (GM_DEBUG=1 shows the traceback).")


class GmCommand(click.Command):
    """Every command's help ends with its exit codes (a command whose help names its own keeps them)."""

    def format_epilog(self, ctx, formatter):
        super().format_epilog(ctx, formatter)
        if "Exit code" not in (self.help or ""):
            formatter.write_paragraph()
            formatter.write_text(EXIT_CODES)


class GmGroup(click.Group):
    command_class = GmCommand

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.Abort):
            raise
        except BrokenPipeError:  # `gm rolls g | head`: the reader has all it wanted
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            ctx.exit(141)
        except OSError as exc:  # the machine said no: a full disk, a read-only folder, a permission
            click.echo(f"error: {os_problem(exc)}; nothing was changed.", err=True)
            ctx.exit(1)
        except KeyboardInterrupt:
            click.echo("interrupted; nothing was written.", err=True)
            ctx.exit(130)
        except Exception as exc:
            from gm.errors import GmError, OrderError  # only now: help and usage need neither

            if isinstance(exc, OrderError):
                for p in exc.problems:
                    click.echo(str(p), err=True)
                n = len(exc.errors)
                click.echo(f"{n} error{'s' if n != 1 else ''}; nothing was written.", err=True)
                ctx.exit(exc.exit_code)
            if isinstance(exc, GmError):
                click.echo(f"error: {exc}", err=True)
                ctx.exit(exc.exit_code)
            if os.environ.get("GM_DEBUG"):  # a bug, not the GM's fault
                raise
            click.echo(f"internal error: {type(exc).__name__}: {exc}\nThis is a bug in gm; {REPORT}.", err=True)
            ctx.exit(3)


def os_problem(exc: OSError) -> str:
    """What the system refused, and where, in one line the GM can act on."""
    import errno

    from gm.paths import display_path

    name = exc.filename
    where = display_path(_Path(os.fsdecode(name))) if isinstance(name, (str, bytes, os.PathLike)) else "the game folder"
    what = {errno.ENOSPC: "the disk is full", errno.EDQUOT: "the disk quota is used up",
            errno.EROFS: "the folder is on a read-only file system", errno.EACCES: "permission denied",
            errno.EPERM: "not permitted"}.get(exc.errno, exc.strerror or str(exc))
    return f"cannot write or read {where}: {what}"


class _Path:
    """click's `path_type`: the command gets a pathlib.Path, and pathlib (with urllib.parse and
    ipaddress) is imported only when a command runs, not for `--help`."""

    def __new__(cls, value):
        from pathlib import Path

        return Path(value)


# one of each, shared by every option (click asks gettext for its words as each is made)
FOLDER = click.Path(file_okay=False, path_type=_Path)
FILE = click.Path(dir_okay=False, path_type=_Path)

game_arg = click.argument("game_dir", type=FOLDER)
day_opt = click.option("--day", "-d", type=click.IntRange(min=0), default=None,
                       help="Day number (default: the first day not yet resolved).")
done_day_opt = click.option("--day", "-d", type=click.IntRange(min=0), default=None,
                            help="Day number (default: the last day resolved).")
json_opt = click.option("--json", "as_json", is_flag=True,
                        help="Print the result as one JSON object (for scripts and bots); the exit code is the same.")


def _emit_json(obj) -> None:
    """One JSON object on standard output: sorted keys, UTF-8 as it is, two-space indents."""
    import json

    click.echo(json.dumps(obj, indent=2, sort_keys=True, ensure_ascii=False))


def _problem(p) -> dict:
    w = p.where
    return {"file": w.path, "line": w.line, "column": w.column, "severity": p.severity, "message": p.message}


class EngineOption(click.Option):
    """`--engine`: its help names the registered engines, so the registry is loaded only when
    that help is shown (the default, None, means the registry's default engine)."""

    def get_help_record(self, ctx):
        from gm.engines import DEFAULT_ENGINE, REGISTRY

        self.help = f"Which game: {', '.join(sorted(REGISTRY))}."
        self.default, self.show_default = DEFAULT_ENGINE, True
        return super().get_help_record(ctx)

    def shell_complete(self, ctx, incomplete):
        return _engine_names(ctx, None, incomplete)


def _engine_names(ctx, param, incomplete: str):
    """Shell completion of an engine's name (the registry is read only when completing)."""
    from click.shell_completion import CompletionItem

    from gm.engines import REGISTRY

    return [CompletionItem(name) for name in sorted(REGISTRY) if name.startswith(incomplete)]


def _engine_or_folder(ctx, param, incomplete: str):
    """Completion of an argument that is an engine's name or a game folder: both are offered."""
    from click.shell_completion import CompletionItem

    return [*_engine_names(ctx, param, incomplete), CompletionItem(incomplete, type="dir")]


def _engine_option():
    return click.option("--engine", "-e", cls=EngineOption, default=None)


def _echo_parts(parts: list[str]) -> None:
    """A post on standard output; in numbered parts, each announced on standard error, when the
    forum takes it in more than one."""
    for i, part in enumerate(parts, 1):
        if len(parts) > 1:
            click.echo(f"----- post {i} of {len(parts)} -----", err=True)
        click.echo(part, nl=False)


def command_set() -> GmGroup:
    """A group that only collects one family's commands; gm/cli.py adds them to `gm`."""
    return GmGroup()
