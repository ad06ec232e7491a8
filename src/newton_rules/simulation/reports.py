"""Reports of a :class:`~newton_rules.simulation.stats.Summary`: plain text, and a self-contained
HTML page (inline CSS and SVG charts, no script, no external file). Both read nothing but the summary."""

from __future__ import annotations

import html
import math
from collections.abc import Iterable, Sequence

from newton_rules.simulation.records import VP_SOURCES
from newton_rules.simulation.stats import Distribution, GroupStat, Summary

# -- text -----------------------------------------------------------------------------------------------


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _num(x: float) -> str:
    return f"{x:.1f}"


def _interval(g: GroupStat) -> str:
    low, high = g.interval
    return f"{low:.1%}-{high:.1%}"


GROUP_HEADERS = ("", "n", "wins", "win rate", "95% CI", "fair", "mean score")
DIST_HEADERS = ("", "n", "mean", "stdev", "min", "q1", "median", "q3", "max")


def _group_row(g: GroupStat) -> list[str]:
    wins = str(int(g.wins)) if g.wins == int(g.wins) else f"{g.wins:.2f}"
    return [g.label, str(g.n), wins, _pct(g.rate), _interval(g), _pct(g.fair), _num(g.mean_score)]


def _dist_row(label: str, d: Distribution) -> list[str]:
    return [label, str(d.n)] + [_num(x) for x in (d.mean, d.stdev, d.min, d.q1, d.median, d.q3, d.max)]


def text_table(title: str, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    if not rows:
        return [title, "  (none)", ""]
    widths = [max(len(str(r[i])) for r in (headers, *rows)) for i in range(len(headers))]

    def line(cells: Sequence[str]) -> str:
        first = f"{cells[0]:<{widths[0]}}"
        rest = [f"{c:>{w}}" for c, w in zip(cells[1:], widths[1:], strict=True)]
        return "  " + "  ".join([first, *rest]).rstrip()

    return [title, line(headers), *(line(r) for r in rows), ""]


def _sections(s: Summary) -> list[tuple[str, tuple[str, ...], list[list[str]]]]:
    """(title, headers, rows) of every table, shared by the text and the HTML renderings."""
    return [*_base_sections(s), *_discovery_sections(s)]


def _discovery_sections(s: Summary) -> list[tuple[str, tuple[str, ...], list[list[str]]]]:
    """The Great Discoveries table, for the games played with the module."""
    if not s.discoveries:
        return []
    rows = [[name, str(n), _num(taken), _num(activated), _num(vp)] for name, n, taken, activated, vp in s.discoveries]
    return [("Great Discoveries (mean per player)", ("", "players", "taken", "activated", "VP"), rows)]


def _base_sections(s: Summary) -> list[tuple[str, tuple[str, ...], list[list[str]]]]:
    return [
        ("Win rate by seat", GROUP_HEADERS, [_group_row(g) for g in s.by_seat]),
        ("Win rate by bot", GROUP_HEADERS, [_group_row(g) for g in s.by_bot]),
        (
            "Score distribution",
            DIST_HEADERS,
            [_dist_row("all", s.scores)] + [_dist_row(name, d) for name, d in s.scores_by_bot],
        ),
        (
            "Mean VP by source",
            ("", *VP_SOURCES, "total"),
            [[name, *(_num(v) for v in values), _num(sum(values))] for name, values in s.vp_by_source],
        ),
        ("Game length (decisions)", DIST_HEADERS, [_dist_row("decisions", s.length)]),
        ("Win rate by Master held (played or not)", GROUP_HEADERS, [_group_row(g) for g in s.by_master_held]),
        ("Win rate by Master played", GROUP_HEADERS, [_group_row(g) for g in s.by_master_played]),
        ("Win rate by Objective tile occupied", GROUP_HEADERS, [_group_row(g) for g in s.by_objective]),
    ]


def _describe(s: Summary) -> list[tuple[str, str]]:
    def counted(items: tuple[tuple[str, int], ...]) -> str:
        if len(items) == 1:
            return items[0][0]
        return "; ".join(f"{k} ({n} game{'s' if n > 1 else ''})" for k, n in items)

    out = [
        ("players", ", ".join(str(n) for n in s.player_counts)),
        ("seeds", f"{s.seeds[0]} to {s.seeds[1]}" if s.games > 1 else str(s.seeds[0])),
        ("bots by seat", counted(s.lineups)),
        ("options", counted(s.options)),
        ("data", counted(s.data)),
    ]
    if s.ranks:
        out.append(("solo ranks", ", ".join(f"{k} {n}" for k, n in s.ranks)))
    return out


def render_text(summary: Summary) -> str:
    """The summary as plain text: a few headline lines, then one table per view."""
    s = summary
    seats = "  ".join(f"{g.label} {_pct(g.rate)}" for g in s.by_seat)
    lines = [
        f"games: {s.games}",
        f"score: mean {s.scores.mean:.1f}  min {s.scores.min:g}  max {s.scores.max:g}",
        f"wins by seat (ties split): {seats}",
        f"decisions per game: mean {s.length.mean:.1f}",
        f"rounds per game: mean {s.rounds:.1f}",
    ]
    lines += [f"{key}: {value}" for key, value in _describe(s)]
    lines.append("")
    lines.append("Win rates split ties (1/k each); 95% CI is the Wilson interval; fair = the rate if all were equal.")
    lines.append("")
    for title, headers, rows in _sections(s):
        lines += text_table(title, headers, rows)
    return "\n".join(lines).rstrip() + "\n"


# -- HTML -----------------------------------------------------------------------------------------------

PALETTE = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#9c755f")

_CSS = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.15em; margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.5em 0; font-size: 0.9em; }
th, td { padding: 0.2em 0.7em; border-bottom: 1px solid #eee; }
th { text-align: right; background: #f4f4f4; } th:first-child, td:first-child { text-align: left; }
td { text-align: right; font-variant-numeric: tabular-nums; }
dl { display: grid; grid-template-columns: max-content auto; gap: 0.2em 1em; }
dt { font-weight: bold; } dd { margin: 0; }
svg { display: block; margin: 0.5em 0; } svg text { font-size: 11px; fill: #333; }
.note { color: #555; font-size: 0.9em; max-width: 50em; }
"""


def escape(text: object) -> str:
    """``text`` safe in HTML, quotes included."""
    return html.escape(str(text), quote=True)


def html_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    if not rows:
        return "<p>(none)</p>"
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _svg_rates(groups: Sequence[GroupStat]) -> str:
    """Horizontal bars of win rates with their 95% interval and a tick at the fair rate."""
    if not groups:
        return ""
    label_w, bar_w, row_h, top = 150, 420, 20, 18
    width, height = label_w + bar_w + 70, top + row_h * len(groups) + 6
    parts = [f'<svg width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img">']
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        x = label_w + tick * bar_w
        parts.append(f'<line x1="{x:.1f}" y1="{top - 4}" x2="{x:.1f}" y2="{height - 4}" stroke="#ddd"/>')
        parts.append(f'<text x="{x:.1f}" y="{top - 6}" text-anchor="middle">{tick:.0%}</text>')
    for i, g in enumerate(groups):
        y = top + i * row_h
        low, high = g.interval
        mid = y + row_h / 2
        parts.append(f'<text x="{label_w - 6}" y="{mid + 4:.1f}" text-anchor="end">{escape(g.label)}</text>')
        parts.append(
            f'<rect x="{label_w}" y="{y + 3}" width="{g.rate * bar_w:.1f}" height="{row_h - 6}" fill="{PALETTE[0]}">'
            f"<title>{escape(g.label)}: {_pct(g.rate)} of {g.n} ({_pct(low)}-{_pct(high)})</title></rect>"
        )
        x1, x2 = label_w + low * bar_w, label_w + high * bar_w
        parts.append(f'<line x1="{x1:.1f}" y1="{mid:.1f}" x2="{x2:.1f}" y2="{mid:.1f}" stroke="#222"/>')
        for x in (x1, x2):
            parts.append(f'<line x1="{x:.1f}" y1="{mid - 4:.1f}" x2="{x:.1f}" y2="{mid + 4:.1f}" stroke="#222"/>')
        fx = label_w + g.fair * bar_w
        parts.append(
            f'<line x1="{fx:.1f}" y1="{y + 1}" x2="{fx:.1f}" y2="{y + row_h - 1}" stroke="{PALETTE[3]}" '
            'stroke-width="2" stroke-dasharray="3,2"/>'
        )
        parts.append(f'<text x="{label_w + bar_w + 6}" y="{mid + 4:.1f}">{_pct(g.rate)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def histogram_bins(values: Iterable[int], target: int = 20) -> tuple[int, int, int]:
    """(first bin start, bin width, number of bins) covering ``values`` in about ``target`` integer bins."""
    ordered = sorted(values)
    if not ordered:
        return 0, 1, 1
    low, high = ordered[0], ordered[-1]
    width = max(1, math.ceil((high - low + 1) / target))
    start = low - low % width
    return start, width, (high - start) // width + 1


def _svg_histogram(scores: Sequence[int], bins: tuple[int, int, int], colour: str) -> str:
    start, width, count = bins
    heights = [0] * count
    for s in scores:
        heights[min(count - 1, max(0, (s - start) // width))] += 1
    chart_w, chart_h, left, bottom = 520, 110, 36, 20
    bar = chart_w / count
    peak = max(heights) or 1
    total_w, total_h = left + chart_w + 10, chart_h + bottom + 8
    parts = [f'<svg width="{total_w}" height="{total_h}" viewBox="0 0 {total_w} {total_h}" role="img">']
    parts.append(f'<text x="{left - 4}" y="14" text-anchor="end">{peak}</text>')
    parts.append(f'<text x="{left - 4}" y="{chart_h + 8}" text-anchor="end">0</text>')
    base = chart_h + 8
    parts.append(f'<line x1="{left}" y1="{base}" x2="{left + chart_w}" y2="{base}" stroke="#999"/>')
    for i, h in enumerate(heights):
        x = left + i * bar
        hh = chart_h * h / peak
        lo = start + i * width
        what = f"{lo}" if width == 1 else f"{lo}-{lo + width - 1}"
        parts.append(
            f'<rect x="{x + 1:.1f}" y="{base - hh:.1f}" width="{max(bar - 2, 1):.1f}" height="{hh:.1f}" '
            f'fill="{colour}"><title>{what} VP: {h} players</title></rect>'
        )
    parts.append(f'<text x="{left - 4}" y="{base + 14}" text-anchor="end">VP</text>')
    step = max(1, count // 8)
    for i in range(0, count, step):
        x = left + i * bar + bar / 2
        parts.append(f'<text x="{x:.1f}" y="{base + 14}" text-anchor="middle">{start + i * width}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _svg_sources(vp_by_source: Sequence[tuple[str, Sequence[float]]]) -> str:
    """Stacked horizontal bars of the mean VP by source, one per bot, with a legend."""
    if not vp_by_source:
        return ""
    label_w, bar_w, row_h, legend_h = 150, 420, 22, 22
    peak = max(sum(max(v, 0.0) for v in values) for _, values in vp_by_source) or 1.0
    legend: list[str] = []
    x = 0.0
    for i, name in enumerate(VP_SOURCES):
        legend.append(f'<rect x="{x:.0f}" y="4" width="10" height="10" fill="{PALETTE[i % len(PALETTE)]}"/>')
        legend.append(f'<text x="{x + 13:.0f}" y="13">{escape(name)}</text>')
        x += 13 + 6.5 * len(name) + 12
    width, height = max(label_w + bar_w + 70, math.ceil(x)), legend_h + row_h * len(vp_by_source) + 6
    parts = [f'<svg width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img">', *legend]
    for row, (bot, values) in enumerate(vp_by_source):
        y = legend_h + row * row_h
        parts.append(f'<text x="{label_w - 6}" y="{y + row_h / 2 + 4:.1f}" text-anchor="end">{escape(bot)}</text>')
        x = float(label_w)
        for i, v in enumerate(values):
            w = max(v, 0.0) / peak * bar_w
            if w <= 0:
                continue
            parts.append(
                f'<rect x="{x:.1f}" y="{y + 3}" width="{w:.1f}" height="{row_h - 6}" '
                f'fill="{PALETTE[i % len(PALETTE)]}"><title>{escape(bot)}, {escape(VP_SOURCES[i])}: '
                f"{v:.1f} VP</title></rect>"
            )
            x += w
        parts.append(f'<text x="{x + 6:.1f}" y="{y + row_h / 2 + 4:.1f}">{sum(values):.1f}</text>')
    parts.append("</svg>")
    return "".join(parts)


_NOTES = (
    "Win rates count a tie of k players as 1/k of a win for each. The 95% interval is the Wilson score "
    "interval: with this many games, the true rate lies in it 19 times out of 20. Two bots (or Masters, or "
    "tiles) whose intervals overlap widely are not shown to differ; play more games. The dashed tick is the "
    "fair rate, what the group would win if every player were equal (1/players). Seat rates far from fair "
    "mean seat bias: compare bots with --rotate. Masters and Objective tiles are not assigned at random to "
    "good and bad players: a Master played often by the winners may be strong, or may be one that strong "
    "play reaches; read them as leads, not proof."
)


def render_html(summary: Summary, title: str = "Newton simulation report") -> str:
    """A self-contained HTML page (inline CSS and SVG, no external assets) with the tables and charts."""
    s = summary
    sections = {title: (headers, rows) for title, headers, rows in _sections(s)}
    body: list[str] = [f"<h1>{escape(title)}</h1>"]
    facts = [("games", str(s.games)), *_describe(s)]
    facts.append(("mean game", f"{s.length.mean:.1f} decisions, {s.rounds:.1f} rounds"))
    body.append("<dl>" + "".join(f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>" for k, v in facts) + "</dl>")
    body.append(f'<p class="note">{escape(_NOTES)}</p>')

    def section(name: str, chart: str = "") -> None:
        headers, rows = sections[name]
        body.append(f"<h2>{escape(name)}</h2>{chart}{html_table(headers, rows)}")

    section("Win rate by bot", _svg_rates(s.by_bot))
    section("Win rate by seat", _svg_rates(s.by_seat))
    bins = histogram_bins(score for _, scores in s.score_lists for score in scores)
    histograms = "".join(
        f"<h3>{escape(name)}</h3>{_svg_histogram(scores, bins, PALETTE[i % len(PALETTE)])}"
        for i, (name, scores) in enumerate(s.score_lists)
    )
    section("Score distribution", histograms)
    section("Mean VP by source", _svg_sources(s.vp_by_source))
    section("Game length (decisions)")
    section("Win rate by Master held (played or not)", _svg_rates(s.by_master_held))
    section("Win rate by Master played", _svg_rates(s.by_master_played))
    section("Win rate by Objective tile occupied", _svg_rates(s.by_objective))
    for title, _, _ in _discovery_sections(s):
        section(title)
    return html_page(title, body)


def html_page(title: str, body: Sequence[str]) -> str:
    """A whole self-contained page: the report's style sheet and ``body``'s parts, one per line."""
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{escape(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
        + "\n".join(body)
        + "\n</body>\n</html>\n"
    )
