"""Reports of a batch of any game: its :class:`~rules_core.simulation.stats.Summary` as plain text, and as
a self-contained HTML page (inline CSS and SVG charts, no script, no external file).

The building blocks (tables, win-rate bars with their intervals, score histograms, VP-by-source bars,
the page) serve every game's report, Newton's richer one included; :func:`render_text` and
:func:`render_html` read nothing but the summary.
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable, Sequence

from rules_core.simulation.stats import Distribution, GroupStat, Summary

# -- text -----------------------------------------------------------------------------------------------


def pct(x: float) -> str:
    return f"{x:.1%}"


def num(x: float) -> str:
    return f"{x:.1f}"


def interval_text(g: GroupStat) -> str:
    low, high = g.interval
    return f"{low:.1%}-{high:.1%}"


GROUP_HEADERS = ("", "n", "wins", "win rate", "95% CI", "fair", "mean score")
DIST_HEADERS = ("", "n", "mean", "stdev", "min", "q1", "median", "q3", "max")


def group_row(g: GroupStat) -> list[str]:
    wins = str(int(g.wins)) if g.wins == int(g.wins) else f"{g.wins:.2f}"
    return [g.label, str(g.n), wins, pct(g.rate), interval_text(g), pct(g.fair), num(g.mean_score)]


def dist_row(label: str, d: Distribution) -> list[str]:
    return [label, str(d.n)] + [num(x) for x in (d.mean, d.stdev, d.min, d.q1, d.median, d.q3, d.max)]


def text_table(title: str, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    if not rows:
        return [title, "  (none)", ""]
    widths = [max(len(str(r[i])) for r in (headers, *rows)) for i in range(len(headers))]

    def line(cells: Sequence[str]) -> str:
        first = f"{cells[0]:<{widths[0]}}"
        rest = [f"{c:>{w}}" for c, w in zip(cells[1:], widths[1:], strict=True)]
        return "  " + "  ".join([first, *rest]).rstrip()

    return [title, line(headers), *(line(r) for r in rows), ""]


# -- HTML -----------------------------------------------------------------------------------------------

PALETTE = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#9c755f")

CSS = """
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


def svg_rates(groups: Sequence[GroupStat]) -> str:
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
            f"<title>{escape(g.label)}: {pct(g.rate)} of {g.n} ({pct(low)}-{pct(high)})</title></rect>"
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
        parts.append(f'<text x="{label_w + bar_w + 6}" y="{mid + 4:.1f}">{pct(g.rate)}</text>')
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


def svg_histogram(scores: Sequence[int], bins: tuple[int, int, int], colour: str) -> str:
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


def svg_sources(sources: Sequence[str], vp_by_source: Sequence[tuple[str, Sequence[float]]]) -> str:
    """Stacked horizontal bars of the mean VP by source (``sources``, in order), one per bot, with a legend."""
    if not vp_by_source:
        return ""
    label_w, bar_w, row_h, legend_h = 150, 420, 22, 22
    peak = max(sum(max(v, 0.0) for v in values) for _, values in vp_by_source) or 1.0
    legend: list[str] = []
    x = 0.0
    for i, name in enumerate(sources):
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
                f'fill="{PALETTE[i % len(PALETTE)]}"><title>{escape(bot)}, {escape(sources[i])}: '
                f"{v:.1f} VP</title></rect>"
            )
            x += w
        parts.append(f'<text x="{x + 6:.1f}" y="{y + row_h / 2 + 4:.1f}">{sum(values):.1f}</text>')
    parts.append("</svg>")
    return "".join(parts)


def html_page(title: str, body: Sequence[str]) -> str:
    """A whole self-contained page: the report's style sheet and ``body``'s parts, one per line."""
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{escape(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
        + "\n".join(body)
        + "\n</body>\n</html>\n"
    )


# -- any game's report ----------------------------------------------------------------------------------

Section = tuple[str, tuple[str, ...], list[list[str]]]


def rate_section(title: str, groups: Sequence[GroupStat]) -> Section:
    """A table of win rates, one row per group (a seat, a bot, a trait's value, a component held...)."""
    return (title, GROUP_HEADERS, [group_row(g) for g in groups])


def score_section(scores: Distribution, scores_by_bot: Sequence[tuple[str, Distribution]]) -> Section:
    """The final scores of every player, then of each bot's."""
    return ("Score distribution", DIST_HEADERS, [dist_row("all", scores)] + [dist_row(n, d) for n, d in scores_by_bot])


def vp_section(sources: Sequence[str], vp_by_source: Sequence[tuple[str, Sequence[float]]]) -> Section:
    """Each bot's mean VP from each source, and their total."""
    rows = [[name, *(num(v) for v in values), num(sum(values))] for name, values in vp_by_source]
    return ("Mean VP by source", ("", *sources, "total"), rows)


def length_section(length: Distribution) -> Section:
    return ("Game length (decisions)", DIST_HEADERS, [dist_row("decisions", length)])


def sections(s: Summary) -> list[Section]:
    """(title, headers, rows) of every table, shared by the text and the HTML renderings."""
    shares = [pct(v / sum(s.winners_vp)) if sum(s.winners_vp) else "-" for v in s.winners_vp]
    winners = [["mean VP", *(num(v) for v in s.winners_vp), num(sum(s.winners_vp))], ["share", *shares, ""]]
    return [
        rate_section("Win rate by seat", s.by_seat),
        rate_section("Win rate by bot", s.by_bot),
        *(rate_section(f"Win rate by {trait}", groups) for trait, groups in s.by_trait),
        score_section(s.scores, s.scores_by_bot),
        vp_section(s.vp_sources, s.vp_by_source),
        ("Where the winners' VP come from", ("", *s.vp_sources, "total"), winners if s.winners_vp else []),
        length_section(s.length),
    ]


def counted(items: tuple[tuple[str, int], ...]) -> str:
    """Values with the games of each (``a (2 games); b (1 game)``), or the one value all games share."""
    if len(items) == 1:
        return items[0][0]
    return "; ".join(f"{k} ({n} game{'s' if n > 1 else ''})" for k, n in items)


def describe(s: Summary) -> list[tuple[str, str]]:
    """The batch in a few (key, value) facts: game, players, seeds, bots by seat, options, speed."""
    out = [
        ("game", s.game),
        ("players", ", ".join(str(n) for n in s.player_counts)),
        ("seeds", f"{s.seeds[0]} to {s.seeds[1]}" if s.games > 1 else str(s.seeds[0])),
        ("bots by seat", counted(s.lineups)),
        ("options", counted(s.options)),
    ]
    if s.games_per_second is not None and s.seconds is not None:
        out.append(("speed", f"{s.games_per_second:.2f} games per second ({s.seconds:.1f} s)"))
    return out


NOTE = (
    "Win rates split ties (1/k each); 95% CI is the Wilson interval; fair = the rate if all were equal "
    "(1/seats, the seats the rules play included)."
)


def headline(games: int, scores: Distribution, by_seat: Sequence[GroupStat], length: Distribution) -> list[str]:
    """The first lines of any game's text report: games, scores, wins by seat, decisions per game."""
    seats = "  ".join(f"{g.label} {pct(g.rate)}" for g in by_seat)
    return [
        f"games: {games}",
        f"score: mean {scores.mean:.1f}  min {scores.min:g}  max {scores.max:g}",
        f"wins by seat (ties split): {seats}",
        f"decisions per game: mean {length.mean:.1f}",
    ]


def text_report(lines: list[str], facts: list[tuple[str, str]], note: str, tables: list[Section]) -> str:
    """A text report: its headline ``lines``, the batch's ``facts``, the ``note`` and one table per section."""
    out = [*lines, *(f"{key}: {value}" for key, value in facts), "", note, ""]
    for title, headers, rows in tables:
        out += text_table(title, headers, rows)
    return "\n".join(out).rstrip() + "\n"


def render_text(summary: Summary) -> str:
    """The summary as plain text: a few headline lines, then one table per view."""
    s = summary
    return text_report(headline(s.games, s.scores, s.by_seat, s.length), describe(s), NOTE, sections(s))


def render_html(summary: Summary, title: str = "") -> str:
    """A self-contained HTML page (inline CSS and SVG, no external assets) with the tables and charts;
    ``title`` by default names the game."""
    s = summary
    title = title or f"{s.game} simulation report"
    charts = {"Win rate by seat": svg_rates(s.by_seat), "Win rate by bot": svg_rates(s.by_bot)}
    charts.update({f"Win rate by {trait}": svg_rates(groups) for trait, groups in s.by_trait})
    bins = histogram_bins(score for _, scores in s.score_lists for score in scores)
    charts["Score distribution"] = "".join(
        f"<h3>{escape(name)}</h3>{svg_histogram(scores, bins, PALETTE[i % len(PALETTE)])}"
        for i, (name, scores) in enumerate(s.score_lists)
    )
    charts["Mean VP by source"] = svg_sources(s.vp_sources, s.vp_by_source)
    if s.winners_vp:
        charts["Where the winners' VP come from"] = svg_sources(s.vp_sources, [("winners", s.winners_vp)])
    body = [f"<h1>{escape(title)}</h1>"]
    facts = [("games", str(s.games)), *describe(s), ("mean game", f"{s.length.mean:.1f} decisions")]
    body.append("<dl>" + "".join(f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>" for k, v in facts) + "</dl>")
    body.append(f'<p class="note">{escape(NOTE)}</p>')
    for name, headers, rows in sections(s):
        body.append(f"<h2>{escape(name)}</h2>{charts.get(name, '')}{html_table(headers, rows)}")
    return html_page(title, body)


__all__ = [
    "CSS",
    "DIST_HEADERS",
    "GROUP_HEADERS",
    "NOTE",
    "PALETTE",
    "Section",
    "counted",
    "describe",
    "dist_row",
    "escape",
    "group_row",
    "headline",
    "histogram_bins",
    "html_page",
    "html_table",
    "interval_text",
    "length_section",
    "num",
    "pct",
    "rate_section",
    "render_html",
    "render_text",
    "score_section",
    "sections",
    "svg_histogram",
    "svg_rates",
    "svg_sources",
    "text_report",
    "text_table",
    "vp_section",
]
