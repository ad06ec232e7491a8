"""Reports of a comparison of two packs (:mod:`newton_rules.simulation.compare`): text, JSON and a
self-contained HTML page whose charts (inline SVG, no script) draw each difference with its interval."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from newton_rules.simulation.compare import GROUPS, Difference
from newton_rules.simulation.reports import PALETTE, escape, html_page, html_table, text_table

HEADERS = ("measure", "before", "after", "after - before", "95% interval", "significant")
# Groups of many items: the text lists only their significant differences (JSON and HTML list all).
ITEM_GROUPS = tuple(g for g in GROUPS if g.startswith("win rate by") and g != "win rate by seat")


@attrs.frozen(kw_only=True)
class ComparisonSetting:
    """What was compared: the two packs (their labels), the players, games, first seed and bots."""

    before: str
    after: str
    players: int
    games: int
    seed: int
    bots: tuple[str, ...]

    def line(self) -> str:
        last = self.seed + self.games - 1
        return (
            f"{self.before} -> {self.after}: {self.games} games of {self.players} player(s) on each pack, "
            f"seeds {self.seed}-{last}, bots {','.join(self.bots)}, paired by seed"
        )


def _cells(d: Difference) -> list[str]:
    interval = f"{d.shows(d.interval[0], True)} to {d.shows(d.interval[1], True)}" if d.interval else "-"
    return [d.measure, d.shows(d.before), d.shows(d.after), d.shows(d.difference, True), interval, _verdict(d)]


def _verdict(d: Difference) -> str:
    return "yes" if d.significant else ""


def _caveat(rows: Sequence[Difference]) -> str:
    tests = sum(1 for d in rows if d.interval is not None)
    return (
        f"{tests} differences tested at 95%: about {tests // 20} may be significant by chance alone; a difference "
        "that matters should be large, expected, or hold on other seeds (--seed)."
    )


def render_comparison_text(setting: ComparisonSetting, rows: Sequence[Difference]) -> str:
    lines = [setting.line(), ""]
    for group in GROUPS:
        members = [d for d in rows if d.group == group]
        shown = [d for d in members if d.significant] if group in ITEM_GROUPS else members
        title = group if group not in ITEM_GROUPS else f"{group} ({len(members)} items compared; significant only)"
        if members:
            lines += text_table(title, HEADERS, [_cells(d) for d in shown])
    return "\n".join([*lines, _caveat(rows)])


def comparison_json(setting: ComparisonSetting, rows: Sequence[Difference]) -> dict[str, Any]:
    return {"setting": attrs.asdict(setting), "differences": [d.as_json() for d in rows]}


def _reach(d: Difference) -> float:
    ends = d.interval if d.interval is not None else (0.0, 0.0)
    return max(abs(d.difference), abs(ends[0]), abs(ends[1]))


def _svg_differences(rows: Sequence[Difference], shared_scale: bool) -> str:
    """One line per measure: the difference as a dot, its 95% interval as a bar, the zero line dashed.
    With ``shared_scale`` the rows share one axis (labelled); else each row is drawn to its own reach
    (measures of different units: the chart shows direction and significance, the table the sizes)."""
    if not rows:
        return ""
    label_w, plot_w, row_h, top = 230, 380, 20, 18
    shared = max(_reach(d) for d in rows) or 1.0
    width, height = label_w + plot_w + 90, top + row_h * len(rows) + 6

    def x_of(value: float, reach: float) -> float:
        return label_w + plot_w / 2 + value / (reach or 1.0) * plot_w / 2

    zero = x_of(0.0, shared)
    parts = [f'<svg width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img">']
    parts.append(
        f'<line x1="{zero:.1f}" y1="{top - 4}" x2="{zero:.1f}" y2="{height - 4}" stroke="#999" stroke-dasharray="3,2"/>'
    )
    edges = (-shared, shared) if shared_scale else ()
    for edge in edges:
        label = escape(rows[0].shows(edge, True))
        parts.append(f'<text x="{x_of(edge, shared):.1f}" y="{top - 6}" text-anchor="middle">{label}</text>')
    for i, d in enumerate(rows):
        reach = shared if shared_scale else _reach(d) * 1.1

        def x_of_row(value: float, reach: float = reach) -> float:
            return x_of(value, reach)

        mid = top + i * row_h + row_h / 2
        colour = PALETTE[3] if d.significant else PALETTE[0]
        parts.append(f'<text x="{label_w - 6}" y="{mid + 4:.1f}" text-anchor="end">{escape(d.measure)}</text>')
        if d.interval is not None:
            low, high = x_of_row(d.interval[0]), x_of_row(d.interval[1])
            parts.append(
                f'<line x1="{low:.1f}" y1="{mid:.1f}" x2="{high:.1f}" y2="{mid:.1f}" '
                f'stroke="{colour}" stroke-width="2"/>'
            )
        parts.append(
            f'<circle cx="{x_of_row(d.difference):.1f}" cy="{mid:.1f}" r="4" fill="{colour}">'
            f"<title>{escape(d.measure)}: {escape(' '.join(_cells(d)[1:5]))}</title></circle>"
        )
        parts.append(f'<text x="{label_w + plot_w + 6}" y="{mid + 4:.1f}">{escape(d.shows(d.difference, True))}</text>')
    parts.append("</svg>")
    return "".join(parts)


_NOTE = (
    "Each pair of games starts from the same seed on both packs, played by the same bots. A dot is the "
    "difference after - before; its bar the 95% interval of the difference (the jackknife over the pairs "
    "of games); red when the interval leaves out zero (significant). Win rates of items held compare the "
    "holders' win rate, for items held in at least 20 player-games on each pack; pp = percentage points."
)


def render_comparison_html(setting: ComparisonSetting, rows: Sequence[Difference]) -> str:
    title = f"Newton: {setting.before} against {setting.after}"
    body = [f"<h1>{escape(title)}</h1>", f"<p>{escape(setting.line())}</p>", f'<p class="note">{escape(_NOTE)}</p>']
    body.append(f'<p class="note">{escape(_caveat(rows))}</p>')
    for group in GROUPS:
        members = [d for d in rows if d.group == group]
        if members:
            table = html_table(HEADERS, [_cells(d) for d in members])
            chart = _svg_differences(members, shared_scale=group not in ("scores", "balance measures"))
            body.append(f"<h2>{escape(group)}</h2>{chart}{table}")
    return html_page(title, body)


__all__ = ["ComparisonSetting", "comparison_json", "render_comparison_html", "render_comparison_text"]
