"""Reports of a :class:`~newton_rules.simulation.stats.Summary`: plain text, and a self-contained
HTML page (inline CSS and SVG charts, no script, no external file). Both read nothing but the summary."""

from __future__ import annotations

from newton_rules.simulation.records import VP_SOURCES
from newton_rules.simulation.stats import Summary
from rules_core.simulation.reports import (
    PALETTE,
    Section,
    counted,
    escape,
    headline,
    histogram_bins,
    html_page,
    html_table,
    length_section,
    num,
    rate_section,
    score_section,
    svg_histogram,
    svg_rates,
    svg_sources,
    text_report,
    text_table,
    vp_section,
)

NOTE = "Win rates split ties (1/k each); 95% CI is the Wilson interval; fair = the rate if all were equal."

# -- text -----------------------------------------------------------------------------------------------


def _sections(s: Summary) -> list[Section]:
    """(title, headers, rows) of every table, shared by the text and the HTML renderings."""
    return [
        rate_section("Win rate by seat", s.by_seat),
        rate_section("Win rate by bot", s.by_bot),
        score_section(s.scores, s.scores_by_bot),
        vp_section(VP_SOURCES, s.vp_by_source),
        length_section(s.length),
        rate_section("Win rate by Master held (played or not)", s.by_master_held),
        rate_section("Win rate by Master played", s.by_master_played),
        rate_section("Win rate by Objective tile occupied", s.by_objective),
        *_discovery_sections(s),
    ]


def _discovery_sections(s: Summary) -> list[Section]:
    """The Great Discoveries table, for the games played with the module."""
    if not s.discoveries:
        return []
    rows = [[name, str(n), num(taken), num(activated), num(vp)] for name, n, taken, activated, vp in s.discoveries]
    return [("Great Discoveries (mean per player)", ("", "players", "taken", "activated", "VP"), rows)]


def _describe(s: Summary) -> list[tuple[str, str]]:
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
    lines = [*headline(s.games, s.scores, s.by_seat, s.length), f"rounds per game: mean {s.rounds:.1f}"]
    return text_report(lines, _describe(s), NOTE, _sections(s))


# -- HTML -----------------------------------------------------------------------------------------------

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

    section("Win rate by bot", svg_rates(s.by_bot))
    section("Win rate by seat", svg_rates(s.by_seat))
    bins = histogram_bins(score for _, scores in s.score_lists for score in scores)
    histograms = "".join(
        f"<h3>{escape(name)}</h3>{svg_histogram(scores, bins, PALETTE[i % len(PALETTE)])}"
        for i, (name, scores) in enumerate(s.score_lists)
    )
    section("Score distribution", histograms)
    section("Mean VP by source", svg_sources(VP_SOURCES, s.vp_by_source))
    section("Game length (decisions)")
    section("Win rate by Master held (played or not)", svg_rates(s.by_master_held))
    section("Win rate by Master played", svg_rates(s.by_master_played))
    section("Win rate by Objective tile occupied", svg_rates(s.by_objective))
    for title, _, _ in _discovery_sections(s):
        section(title)
    return html_page(title, body)


# The building blocks (tables, charts, the page) are the core's (rules_core.simulation.reports), re-exported
# for Newton's other reports.
__all__ = ["PALETTE", "escape", "histogram_bins", "html_page", "html_table", "render_html", "render_text", "text_table"]
