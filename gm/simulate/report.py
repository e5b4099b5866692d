"""The report as a GM reads it in the terminal: rich tables and text charts (summary.py has the data)."""

from __future__ import annotations

from typing import Any

from .charts import shown_days


def pct(x: float) -> str:
    return f"{x * 100:.1f}%"


def interval(ci: dict, fmt=None) -> str:
    """A rate as "29.5% (27.9–31.1)", a mean as "1.34 ±0.04": the 95% interval, short enough for a terminal."""
    if fmt is None:
        if ci["low"] == ci["high"]:
            return pct(ci["value"])
        return f"{pct(ci['value'])} ({ci['low'] * 100:.1f}–{ci['high'] * 100:.1f})"
    if ci["low"] == ci["high"]:
        return fmt(ci["value"])
    return f"{fmt(ci['value'])} ±{fmt((ci['high'] - ci['low']) / 2)}"


def num(x: float) -> str:
    return f"{x:.2f}"


def render(console, report: dict[str, Any], timing: dict | None = None, charts: bool = True) -> None:
    from rich.table import Table

    s = report["summary"]
    n = s["games"]
    title = report["engine"].replace("-", " ").title()
    console.print(f"[bold]{title}[/bold]: {n:,} game{'s' if n != 1 else ''} of {report['players']} players, "
                  f"policy [bold]{report['policy']}[/bold], seed {report['seed']}", soft_wrap=True)
    console.print(f"game: {report['game']}", soft_wrap=True, markup=False)
    for note in report.get("notes", []):
        console.print(f"note: {note}", soft_wrap=True, markup=False)
    if timing and "cluster" in timing:
        console.print(f"{timing['seconds']:.1f} s on the Dask cluster at {timing['cluster']} ({timing['workers']} "
                      f"worker{'s' if timing['workers'] != 1 else ''}): {timing['games_per_second']:.1f} games per second",
                      soft_wrap=True, markup=False)
    elif timing:
        console.print(f"{timing['seconds']:.1f} s with {timing['jobs']} worker{'s' if timing['jobs'] != 1 else ''}: "
                      f"{timing['games_per_second']:.1f} games per second")
    _warnings(console, report)
    if report["stopped"]:
        console.print(f"[yellow]Stopped (Ctrl-C) after {n:,} of {report['games_asked']:,} games: "
                      "the figures are for the games that finished.[/yellow]")
    if n == 0:
        return
    refused = s["refused_orders"]
    if refused["count"]:
        console.print(f"[red]The engine's checker refused {refused['count']} simulated orders (a policy's bug; "
                      f"those players got the defaults), e.g.:[/red]", soft_wrap=True)
        for m in refused["examples"]:
            console.print("  " + m, markup=False, soft_wrap=True)
    _length(console, s)
    for category, rows in s["wins"].items():
        t = Table(title=f"Wins by {category} (95% intervals)", title_justify="left")
        for col, justify in ((category, "left"), ("players", "right"), ("winners", "right"),
                             ("a player wins", "right"), ("games won", "right")):
            t.add_column(col, justify=justify)
        for group, r in rows.items():
            t.add_row(group, f"{r['players']:,}", f"{r['wins']:,}", interval(r["win_rate"]),
                      interval(r["games_won_share"]))
        console.print(t)
    t = Table(title="Day by day (mean per game, 95% intervals)", title_justify="left")
    for col in ("day", "players left", "deaths that day", "games still going"):
        t.add_column(col, justify="right")
    for d in shown_days(s["days"]):
        t.add_row(str(d["day"]), interval(d["alive"], num), interval(d["deaths"], num), f"{d['games_going']:,}")
    console.print(t)
    _weapons(console, s)
    if s["rules"]:
        t = Table(title="How often each rule fired", title_justify="left")
        for col, justify in (("rule", "left"), ("per game", "right"), ("games where it fired", "right")):
            t.add_column(col, justify=justify)
        for rule, r in s["rules"].items():
            t.add_row(rule, num(r["per_game"]), pct(r["games_share"]))
        console.print(t)
    elif s["events"]:
        t = Table(title="Events per game", title_justify="left")
        t.add_column("event")
        t.add_column("per game", justify="right")
        for kind, r in s["events"].items():
            t.add_row(kind, num(r["per_game"]))
        console.print(t)
    if charts:
        from .charts import text_charts

        console.print(text_charts(s), markup=False, highlight=False)
    if "vs" in report:
        _vs(console, report)


def _warnings(console, report: dict) -> None:
    """A clear line per warning (a policy that left most games undecided), right under the header."""
    from rich.markup import escape

    for warning in report.get("warnings", []):
        console.print(f"[yellow bold]warning:[/yellow bold] [yellow]{escape(warning)}[/yellow]", soft_wrap=True)


def _length(console, s: dict) -> None:
    L = s["length"]
    ended = ", ".join(f"{k} {v:,}" for k, v in s["ended"].items())
    console.print(f"Game length: {interval(L, num)} days (shortest {L['min']}, longest {L['max']}); ended: {ended}",
                  soft_wrap=True)
    u = s.get("undecided")
    if u is not None:
        console.print(f"Undecided: {u['games']:,} of {s['games']:,} games ({pct(u['share']['value'])}): {u['means']}",
                      soft_wrap=True, markup=False)


def _weapons(console, s: dict) -> None:
    from rich.table import Table

    rows = {w: r for w, r in s["weapons"].items() if r.get("attempts") or r.get("kills")}
    if not rows:
        return
    label = s.get("weapons_label", "weapon")
    t = Table(title=f"{label.capitalize()}s (95% intervals)", title_justify="left", caption=s.get("weapons_note", ""), caption_justify="left")
    for col, justify in ((label, "left"), ("attempts", "right"), ("hit", "right"),
                         ("damage/attempt", "right"), ("rulebook", "right"), ("kills", "right"),
                         ("kills/game", "right")):
        t.add_column(col, justify=justify)
    for w, r in rows.items():
        attempts = r.get("attempts", 0)
        t.add_row(w, f"{attempts:,}", pct(r["hit_rate"]) if attempts else "",
                  interval(r["damage_per_attempt"], num) if attempts else "",
                  num(r["rulebook"]) if "rulebook" in r else "", f"{r.get('kills', 0):,}", num(r["kills_per_game"]))
    console.print(t)


def _vs(console, report: dict) -> None:
    from rich.table import Table

    c = report["vs"]["comparison"]
    console.print()
    console.print(f"[bold]Against {report['vs']['file']}[/bold], on the same {c['games']:,} seeds, "
                  f"policy [bold]{report['vs'].get('policy', report['policy'])}[/bold] on both sides:", soft_wrap=True)
    rows = [r for r in c["figures"] if r["significant"]]
    t = Table(title="Differences larger than chance (paired, Holm-corrected, 5%)", title_justify="left")
    for col, justify in (("figure", "left"), ("these rules", "right"), ("--vs rules", "right"),
                         ("difference", "right"), ("p", "right")):
        t.add_column(col, justify=justify)
    for r in rows:
        t.add_row(r["figure"], num(r["a"]), num(r["b"]), f"{r['difference']:+.3f}", f"{r['p']:.2g}" if r["p"] >= 1e-6 else "<1e-6")
    if rows:
        console.print(t)
    rest = len(c["figures"]) - len(rows)
    if rows:
        console.print(f"{rest} other figures differ by no more than chance would explain (--json lists them all).")
    else:
        console.print(f"None of the {rest} figures differs by more than chance would explain (--json lists them all).")


def render_sweep(console, report: dict[str, Any], timing: dict | None = None) -> None:
    """One row per combination: its settings, how long games last, and the share of games each
    group of the target's kind (or the first kind of groups) wins, with 95% intervals."""
    from rich.table import Table

    rows = report["combinations"]
    title = report["engine"].replace("-", " ").title()
    console.print(f"[bold]{title}[/bold]: a sweep of {len(rows)} combination{'s' if len(rows) != 1 else ''}, "
                  f"{report['games_asked']:,} games each on the same seed ({report['seed']}), "
                  f"policy [bold]{report['policy']}[/bold]", soft_wrap=True)
    console.print(f"game: {report['game']}", soft_wrap=True, markup=False)
    for note in report.get("notes", []):
        console.print(f"note: {note}", soft_wrap=True, markup=False)
    if timing:
        console.print(f"{timing['seconds']:.1f} s with {timing['jobs']} worker{'s' if timing['jobs'] != 1 else ''}")
    _warnings(console, report)
    if report["stopped"]:
        console.print("[yellow]Stopped (Ctrl-C): the last combination shown was cut short, and the ones after it "
                      "were not played.[/yellow]")
    if not rows:
        return
    target = report.get("target")
    wins = rows[0]["summary"].get("wins") or {}
    category = rows[0].get("target", {}).get("category") if target else None
    category = category or next(iter(wins), None)
    groups = sorted({g for r in rows for g in ((r["summary"].get("wins") or {}).get(category) or {})})
    t = Table(title=f"Share of games won, by {category} (95% intervals)" if category else "Combinations",
              title_justify="left")
    for s in report["sweep"]:
        t.add_column(s["setting"], justify="right")
    t.add_column("games", justify="right")
    t.add_column("days (mean)", justify="right")
    t.add_column("undecided", justify="right")
    for g in groups:
        t.add_column(g, justify="right")
    if target:
        t.add_column("target", justify="center")
    for r in rows:
        s = r["summary"]
        cells = [str(r["settings"][x["setting"]]) for x in report["sweep"]]
        cells += [f"{s['games']:,}", f"{s['length']['value']:.2f}" if s.get("length") else "-",
                  pct(s["undecided"]["share"]["value"]) if s.get("undecided") else "-"]
        for g in groups:
            share = ((s.get("wins") or {}).get(category) or {}).get(g, {}).get("games_won_share")
            cells.append(f"{share['value'] * 100:.1f}% ({share['low'] * 100:.1f}-{share['high'] * 100:.1f})" if share else "-")
        if target:
            verdict = r["target"]
            cells.append("clearly" if verdict["clearly"] else "yes" if verdict["met"] else "no")
        t.add_row(*cells)
    console.print(t)
    if target:
        met = target["met_by"]
        wanted = f"{target['group']} wins {target['low'] * 100:g}-{target['high'] * 100:g}% of games"
        if met:
            said = "; ".join(", ".join(f"{k}={v}" for k, v in m.items()) for m in met)
            console.print(f"Target [bold]{wanted}[/bold]: met by {said}"
                          + ("" if target["clearly_met_by"] else " (none clearly: play more games to be sure)"),
                          soft_wrap=True)
        else:
            console.print(f"Target [bold]{wanted}[/bold]: met by no combination swept.", soft_wrap=True)
