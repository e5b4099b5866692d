"""The balance lab: `gm simulate`.

Only click is imported here: each command imports what it needs when it runs."""

from __future__ import annotations

import click

from gm.commandline.base import FOLDER, FILE, _emit_json, _engine_or_folder, command_set

cli = command_set()  # this family's commands, added to `gm` by gm/cli.py


@cli.command()
@click.argument("target", metavar="GAME_OR_ENGINE", shell_complete=_engine_or_folder)
@click.option("--games", "-n", type=click.IntRange(min=1), default=1000, show_default=True, help="Games to play.")
@click.option("--players", type=int, default=None,
              help="Players in an engine's own game, as many as its rules seat (default: the engine's; a game folder has its roster).")
@click.option("--policy", default=None,
              help="How the simulated players write orders: random (the default where the engine has it, "
                   "else defaults), aggressive, cautious, defaults, and the engine's own.")
@click.option("--house-rules", "house_rules", type=FILE, default=None,
              help="A YAML file of house rules laid over the game's.")
@click.option("--vs", "vs", type=FILE, default=None,
              help="Other house rules to compare, played on the same seeds.")
@click.option("--seed", default=None, help="Any text; the same seed gives the same report (default: a fresh one, printed).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None, help="Worker processes (default: every core).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON instead of tables.")
@click.option("--plots", type=FOLDER, default=None,
              help="Write survival.png, wins.png and kills.png here (needs the extra: pip install 'gm[lab]').")
@click.option("--no-charts", is_flag=True, help="Leave out the text charts.")
@click.option("--sweep", "sweeps", multiple=True, metavar="SETTING=V1,V2",
              help="Play the same games under each value of a house rule (repeat: every combination).")
@click.option("--target", "target_text", default=None, metavar="'GROUP wins LOW-HIGH%'",
              help="With --sweep: which combinations give GROUP that share of games won.")
@click.option("--cluster", default=None, metavar="ADDRESS",
              help="Play on a Dask cluster (its scheduler, e.g. tcp://10.0.0.5:8786) instead of here: pip install 'gm[cluster]'.")
def simulate(target, games, players, policy, house_rules, vs, seed, jobs, as_json, plots, no_charts, sweeps, target_text,
             cluster):
    """Play many complete games with the engine's own rules, and report who wins, how long games
    last, who dies when, what each weapon does and how often each rule fires (docs/simulate.md).

    \b
    Examples:
      gm simulate battle-royale --games 500 --seed test
      gm simulate my-game --house-rules more-health.yaml --vs game-rules.yaml
    """
    from gm import simulate as lab_mod
    from gm.simulate.runner import default_jobs

    if plots is not None:
        from gm.errors import GmError
        from gm.simulate.charts import have_matplotlib

        if not have_matplotlib():
            raise GmError("--plots draws with matplotlib, which is not installed: pip install 'gm[lab]' "
                          "(the terminal report has text charts without it)")
    lab, sim = lab_mod.prepare(target, games, players, policy, house_rules, vs, seed)
    jobs = jobs or default_jobs()
    if sweeps or target_text:
        if cluster:
            raise click.UsageError("--sweep plays here: leave out --cluster (or sweep one value per cluster run)")
        return _sweep(lab, sim, sweeps, target_text, vs, jobs, as_json, plots)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    err = Console(stderr=True)
    total = games * (2 if vs is not None else 1)
    import signal
    import threading

    def stop_once(signum, frame):  # one Ctrl-C stops the games; more are ignored until the report of those played is out
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        raise KeyboardInterrupt

    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, stop_once) if main_thread else None
    try:
        with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TextColumn("left:"),
                      TimeRemainingColumn(), console=err, transient=True, disable=not err.is_terminal) as bar:
            task = bar.add_task("games", total=total)
            report, timing = lab_mod.simulate(lab, sim, jobs, lambda n: bar.advance(task, n), cluster)
        if as_json:
            import json

            click.echo(json.dumps({**report, "timing": timing}, indent=2, sort_keys=True))
        else:
            from gm.simulate.report import render

            render(Console(), report, timing, charts=not no_charts)
        if plots is not None and report["summary"]["games"]:
            from gm.simulate.charts import write_pngs

            other = report["vs"]["summary"] if "vs" in report else None
            for path in write_pngs(report["summary"], plots, sim.engine.facts.title, other,
                                   (str(house_rules or "these rules"), str(vs or ""))):
                click.echo(f"wrote {path}", err=as_json)
    finally:
        if main_thread and signal.getsignal(signal.SIGINT) is stop_once:
            signal.signal(signal.SIGINT, previous)


def _sweep(lab, sim, sweeps, target_text, vs, jobs, as_json, plots) -> None:
    """`gm simulate --sweep`: every combination on the same seed, one table (gm/simulate/sweep.py)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from gm.errors import GmError
    from gm.simulate.sweep import combinations, parse_sweeps, parse_target, run_sweep

    if not sweeps:
        raise GmError("--target answers a sweep: give the settings to try with --sweep SETTING=V1,V2,...")
    if vs is not None:
        raise GmError("--sweep and --vs are two ways to compare rules: use one (a --vs file's settings can be swept)")
    parsed = parse_sweeps(sweeps)
    goal = parse_target(target_text) if target_text else None
    err = Console(stderr=True)
    total = lab.games * len(combinations(parsed))
    with Progress(TextColumn("sweeping"), BarColumn(), MofNCompleteColumn(), TextColumn("left:"),
                  TimeRemainingColumn(), console=err, transient=True, disable=not err.is_terminal) as bar:
        task = bar.add_task("games", total=total)
        report, timing = run_sweep(lab, sim, parsed, goal, jobs, lambda n: bar.advance(task, n))
    if as_json:
        _emit_json({**report, "timing": timing})
    else:
        from gm.simulate.report import render_sweep

        render_sweep(Console(), report, timing)
    if plots is not None and report["combinations"]:
        from gm.simulate.charts import write_sweep_png

        click.echo(f"wrote {write_sweep_png(report, plots, sim.engine.facts.title)}", err=as_json)
