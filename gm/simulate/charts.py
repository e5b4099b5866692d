"""Pictures of a report: text bar charts for the terminal, and PNG files when matplotlib is
installed (the optional extra: pip install 'gm[lab]'). Both read the report's data (summary.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

BLOCKS = " ▏▎▍▌▋▊▉█"


def bar(value: float, top: float, width: int) -> str:
    """A bar of `width` cells at full scale, drawn in eighths of a cell."""
    if top <= 0 or value <= 0:
        return ""
    eighths = round(value / top * width * 8)
    return "█" * (eighths // 8) + (BLOCKS[eighths % 8] if eighths % 8 else "")


def text_chart(title: str, rows: list[tuple[str, float]], fmt: str = "{:.2f}", width: int = 36) -> str:
    if not rows:
        return ""
    top = max(v for _, v in rows)
    label_w = max(len(label) for label, _ in rows)
    lines = [title]
    for label, value in rows:
        lines.append(f"  {label.ljust(label_w)} {bar(value, top, width).ljust(width)} {fmt.format(value)}")
    return "\n".join(lines)


def chart_data(summary: dict) -> dict[str, Any]:
    """The three pictures as labelled numbers: survival by day, wins by group, kills by weapon."""
    survival = [(f"Day {d['day']}", d["alive"]["value"]) for d in summary.get("days", [])]
    wins = {}
    for category, rows in summary.get("wins", {}).items():
        wins[category] = [(g, r["win_rate"]["value"], r["win_rate"]["low"], r["win_rate"]["high"]) for g, r in rows.items()]
    kills = sorted(((w, r.get("kills_per_game", 0)) for w, r in summary.get("weapons", {}).items()
                    if r.get("kills_per_game")), key=lambda x: -x[1])
    return {"survival": survival, "wins": wins, "kills": kills}


def shown_days(days: list, most: int = 15) -> list:
    """Every day of a short game; of a long one, every k-th day and the last (--json has them all)."""
    if len(days) <= most:
        return days
    stride = -(-len(days) // most)
    return [d for i, d in enumerate(days) if i % stride == 0 or i == len(days) - 1]


def text_charts(summary: dict) -> str:
    data = chart_data(summary)
    keep = {d["day"] for d in shown_days(summary.get("days", []))}
    survival = [(label, v) for (label, v), d in zip(data["survival"], summary.get("days", [])) if d["day"] in keep]
    parts = [text_chart("Players left after each day (mean)", survival, "{:.1f}")]
    for category, rows in data["wins"].items():
        parts.append(text_chart(f"Win rate by {category}", [(g, v * 100) for g, v, _, _ in rows], "{:.1f}%"))
    if data["kills"]:
        parts.append(text_chart("Kills per game by weapon", data["kills"], "{:.2f}"))
    return "\n\n".join(p for p in parts if p)


def have_matplotlib() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def write_pngs(summary: dict, folder: Path, title: str, other: dict | None = None,
               labels: tuple[str, str] = ("", "")) -> list[Path]:
    """survival.png, wins.png and kills.png in `folder` (made if missing); `other`: the --vs run, drawn beside."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder.mkdir(parents=True, exist_ok=True)
    runs = [(labels[0] or "these rules", summary)] + ([(labels[1] or "--vs rules", other)] if other else [])
    written = []

    fig, ax = plt.subplots(figsize=(7, 4))
    for label, s in runs:
        days = s.get("days", [])
        x = [d["day"] for d in days]
        ax.plot(x, [d["alive"]["value"] for d in days], marker="o" if label == runs[0][0] else "s",
                linestyle="-" if label == runs[0][0] else "--", label=label)
        ax.fill_between(x, [d["alive"]["low"] for d in days], [d["alive"]["high"] for d in days], alpha=0.2)
    ax.set_xlabel("day")
    ax.set_ylabel("players left (mean, 95% interval)")
    ax.set_title(f"{title}: survival by day")
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    if other:
        ax.legend()
    written.append(_save(fig, folder / "survival.png", plt))

    cats = list(summary.get("wins", {}))
    if cats:
        fig, axes = plt.subplots(1, len(cats), figsize=(4.5 * len(cats), 4), squeeze=False)
        for ax, category in zip(axes[0], cats):
            for k, (label, s) in enumerate(runs):
                rows = chart_data(s)["wins"].get(category, [])
                xs = [i + k * 0.4 - (0.2 if other else 0) for i in range(len(rows))]
                vals = [v * 100 for _, v, _, _ in rows]
                err = [[(v - lo) * 100 for _, v, lo, _ in rows], [(hi - v) * 100 for _, v, _, hi in rows]]
                ax.bar(xs, vals, width=0.4 if other else 0.6, yerr=err, capsize=3, label=label)
                ax.set_xticks(range(len(rows)), [g for g, _, _, _ in rows], rotation=30, ha="right")
            ax.set_title(f"win rate by {category}")
            ax.set_ylabel("% of players who win")
            ax.grid(axis="y", alpha=0.3)
        if other:
            axes[0][0].legend()
        fig.suptitle(title)
        written.append(_save(fig, folder / "wins.png", plt))

    kills = chart_data(summary)["kills"]
    if kills:
        fig, ax = plt.subplots(figsize=(7, 0.35 * len(kills) + 1.5))
        names = [w for w, _ in kills][::-1]
        ax.barh(names, [v for _, v in kills][::-1], label=runs[0][0])
        if other:
            theirs = dict(chart_data(other)["kills"])
            ax.barh(names, [theirs.get(n, 0) for n in names], height=0.35, label=runs[1][0])
            ax.legend()
        ax.set_xlabel("kills per game")
        ax.set_title(f"{title}: kills by weapon")
        ax.grid(axis="x", alpha=0.3)
        written.append(_save(fig, folder / "kills.png", plt))
    return written


def _save(fig, path: Path, plt) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def write_sweep_png(report: dict, folder: Path, title: str) -> Path:
    """sweep.png: the share of games each group wins, per combination, with 95% intervals (and the
    target's range shaded)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder.mkdir(parents=True, exist_ok=True)
    rows = report["combinations"]
    target = report.get("target")
    wins = rows[0]["summary"].get("wins") or {} if rows else {}
    category = (rows[0].get("target") or {}).get("category") if rows and target else None
    category = category or next(iter(wins), None)
    groups = sorted({g for r in rows for g in ((r["summary"].get("wins") or {}).get(category) or {})})
    if target:
        groups = [g for g in groups if g.casefold() == target["group"].casefold()] or groups
    labels = [", ".join(f"{k}={v}" for k, v in r["settings"].items()) for r in rows]
    fig, ax = plt.subplots(figsize=(max(6, 1.2 * len(rows)), 4.5))
    x = list(range(len(rows)))
    for g in groups:
        shares = [((r["summary"].get("wins") or {}).get(category) or {}).get(g, {}).get("games_won_share") for r in rows]
        vals = [s["value"] * 100 if s else 0 for s in shares]
        err = [[(s["value"] - s["low"]) * 100 if s else 0 for s in shares], [(s["high"] - s["value"]) * 100 if s else 0 for s in shares]]
        ax.errorbar(x, vals, yerr=err, marker="o", capsize=3, label=g)
    if target:
        ax.axhspan(target["low"] * 100, target["high"] * 100, alpha=0.15, color="green", label="target")
    ax.set_xticks(x, labels, rotation=30, ha="right")
    ax.set_ylabel("% of games won")
    ax.set_title(f"{title}: the sweep")
    ax.grid(alpha=0.3)
    ax.legend(fontsize="small")
    return _save(fig, folder / "sweep.png", plt)
