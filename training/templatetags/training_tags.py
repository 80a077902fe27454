"""Training-page helpers: the accuracy chart, drawn server-side as inline SVG; the learner's review pace.

Why SVG from the server: it works offline, needs no JavaScript library or CDN, is translated like the
rest of the page, and each bar carries a ``<title>`` so the numbers are readable without the picture
(the dashboard also has the same figures as a table).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django import template
from django.utils.formats import date_format, number_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from training.lists import selectors as list_selectors

register = template.Library()


@register.simple_tag(takes_context=True)
def review_pace(context: dict[str, Any]) -> list_selectors.ReviewPace:
    """``{% review_pace as pace %}``: the page's learner's reviews now, the daily cap of new words applied
    (:func:`training.lists.selectors.review_pace`, read once per request)."""
    request = context.get("request")
    return list_selectors.review_pace(getattr(request, "user", None))

WIDTH, HEIGHT, PAD_LEFT, PAD_BOTTOM, PAD_TOP = 600, 200, 36, 24, 8


def _n(x: float) -> str:
    """SVG coordinates with one decimal (format_html escapes its arguments, so numbers go in as text)."""
    return f"{x:.1f}"


def _grid(lines: Iterable[tuple[float, object]]) -> SafeString:
    """Horizontal lines across the plot at the given heights, each labelled on the left with its value."""
    return format_html_join("", '<line class="chart__grid" x1="{}" x2="{}" y1="{}" y2="{}"/>'
                            '<text class="chart__axis" x="{}" y="{}" text-anchor="end">{}</text>',
                            ((PAD_LEFT, WIDTH - 4, _n(y), _n(y), PAD_LEFT - 4, _n(y + 4), label) for y, label in lines))


def _date_axis(points: Sequence) -> SafeString:
    """The x axis of a chart over time: its first and last dates, under the plot's two ends."""
    first = date_format(points[0].date, "SHORT_DATE_FORMAT") if points else ""
    last = date_format(points[-1].date, "SHORT_DATE_FORMAT") if points else ""
    return format_html('<text class="chart__axis" x="{}" y="{}">{}</text>'
                       '<text class="chart__axis" x="{}" y="{}" text-anchor="end">{}</text>',
                       PAD_LEFT, HEIGHT - 6, first, WIDTH - 4, HEIGHT - 6, last)


@register.simple_tag
def accuracy_chart(days: Sequence) -> SafeString:
    """Bars of daily accuracy (0-100 %), one per day; a day without answers is a gap (no bar: it is not
    0 %), its date and "no answer" kept in an invisible hover area for the title."""
    n = max(1, len(days))
    plot_w, plot_h = WIDTH - PAD_LEFT - 4, HEIGHT - PAD_BOTTOM - PAD_TOP
    step = plot_w / n
    bars = []
    for k, day in enumerate(days):
        x = PAD_LEFT + k * step + step * 0.15
        label = date_format(day.date, "SHORT_DATE_FORMAT")
        if day.answers:
            pct = round(100 * day.correct / day.answers)
            h = plot_h * day.correct / day.answers
            title = _("%(date)s: %(pct)s%% right (%(correct)s of %(answers)s)") % {
                "date": label, "pct": pct, "correct": day.correct, "answers": day.answers}
            bars.append(format_html(
                '<rect class="chart__bar" x="{}" y="{}" width="{}" height="{}"><title>{}</title></rect>',
                _n(x), _n(PAD_TOP + plot_h - h), _n(step * 0.7), _n(max(h, 1.0)), title))
        else:
            title = _("%(date)s: no answer") % {"date": label}
            bars.append(format_html('<rect class="chart__gap" x="{}" y="{}" width="{}" height="{}" fill="none" '
                                    'pointer-events="all"><title>{}</title></rect>',
                                    _n(x), _n(PAD_TOP), _n(step * 0.7), _n(plot_h), title))
    grid = _grid((PAD_TOP + plot_h * (1 - p / 100), f"{p}%") for p in (0, 50, 100))
    axis = _date_axis(days)
    title = _("Accuracy per day over the last %(n)s days") % {"n": len(days)}
    return format_html(
        '<svg class="chart" viewBox="0 0 {} {}" role="img" aria-labelledby="chart-title" '
        'preserveAspectRatio="xMidYMid meet"><title id="chart-title">{}</title>{}{}{}</svg>',
        WIDTH, HEIGHT, title, grid, SafeString("".join(bars)), axis)


@register.filter
def percent(value: float | None) -> str:
    return "–" if value is None else f"{round(100 * value)} %"


ACTIVITY_LAYERS = (("answers", "chart__bar--answers"), ("rounds", "chart__bar--rounds"), ("quiz", "chart__bar--quiz"),
                   ("puzzles", "chart__bar--puzzles"))


@register.simple_tag
def activity_chart(days: Sequence, goal: int = 0) -> SafeString:
    """Stacked bars of each day's activity (grid answers, duplicate rounds, quiz answers, puzzles: one colour each,
    the legend next to the chart), with the daily goal as a dashed line; each bar's ``<title>`` gives the
    day's figures in words (the dashboard also lists them in a table)."""
    n = max(1, len(days))
    plot_w, plot_h = WIDTH - PAD_LEFT - 4, HEIGHT - PAD_BOTTOM - PAD_TOP
    step = plot_w / n
    top = max([goal, *(day.total for day in days), 1])
    scale = plot_h / top
    bars = []
    for k, day in enumerate(days):
        x = PAD_LEFT + k * step + step * 0.15
        label = date_format(day.date, "SHORT_DATE_FORMAT")
        title = (_("%(date)s: %(answers)s grid answers, %(rounds)s duplicate rounds, %(quiz)s quiz answers, "
                   "%(puzzles)s puzzles solved")
                 % {"date": label, "answers": day.answers, "rounds": day.rounds, "quiz": day.quiz,
                    "puzzles": day.puzzles}
                 if day.total else _("%(date)s: no activity") % {"date": label})
        y = PAD_TOP + plot_h
        parts = []
        for attr, css in ACTIVITY_LAYERS:
            count = getattr(day, attr)
            if count:
                h = count * scale
                y -= h
                parts.append(format_html('<rect class="chart__bar {}" x="{}" y="{}" width="{}" height="{}"/>',
                                         css, _n(x), _n(y), _n(step * 0.7), _n(h)))
        bars.append(format_html('<g><title>{}</title><rect class="chart__gap" x="{}" y="{}" width="{}" height="{}" '
                                'fill="none" pointer-events="all"/>{}</g>', title, _n(x), _n(PAD_TOP),
                                _n(step * 0.7), _n(plot_h), SafeString("".join(parts))))
    axis_values = sorted({0, top // 2, top}) if top > 1 else [0, 1]
    grid = _grid((PAD_TOP + plot_h - v * scale, v) for v in axis_values)
    goal_line = format_html('<line class="chart__goal" x1="{}" x2="{}" y1="{}" y2="{}"><title>{}</title></line>',
                            PAD_LEFT, WIDTH - 4, _n(PAD_TOP + plot_h - goal * scale),
                            _n(PAD_TOP + plot_h - goal * scale),
                            _("Daily goal: %(n)s") % {"n": goal}) if goal else SafeString("")
    axis = _date_axis(days)
    title = _("Activity per day over the last %(n)s days: grid answers, duplicate rounds and quiz answers") % {
        "n": len(days)}
    return format_html(
        '<svg class="chart chart--activity" viewBox="0 0 {} {}" role="img" aria-labelledby="activity-chart-title" '
        'preserveAspectRatio="xMidYMid meet"><title id="activity-chart-title">{}</title>{}{}{}{}</svg>',
        WIDTH, HEIGHT, title, grid, SafeString("".join(bars)), goal_line, axis)


@register.simple_tag
def top_trend_chart(points: Sequence) -> SafeString:
    """The coach's line of the % of the top per game (oldest first), each game a dot with its ``<title>``
    (date and figure, in words), and a dashed line of the average; the page lists the same figures too."""
    plot_w, plot_h = WIDTH - PAD_LEFT - 12, HEIGHT - PAD_BOTTOM - PAD_TOP
    n = len(points)
    step = plot_w / max(1, n - 1)

    def y_of(pct: float) -> float:
        return PAD_TOP + plot_h * (1 - min(100.0, max(0.0, pct)) / 100)

    coords = [(PAD_LEFT + 6 + (k * step if n > 1 else plot_w / 2), y_of(p.percent)) for k, p in enumerate(points)]
    line = format_html('<polyline class="chart__line" points="{}"/>',
                       " ".join(f"{_n(x)},{_n(y)}" for x, y in coords)) if n > 1 else SafeString("")
    dots = format_html_join("", '<circle class="chart__dot" cx="{}" cy="{}" r="5"><title>{}</title></circle>',
                            ((_n(x), _n(y), _("%(date)s: %(pct)s %% of the top") % {
                                "date": date_format(p.date, "SHORT_DATE_FORMAT"),
                                "pct": number_format(p.percent, 1)})
                             for (x, y), p in zip(coords, points, strict=True)))
    mean = sum(p.percent for p in points) / n if n else 0.0
    average = format_html('<line class="chart__goal" x1="{}" x2="{}" y1="{}" y2="{}"><title>{}</title></line>',
                          PAD_LEFT, WIDTH - 4, _n(y_of(mean)), _n(y_of(mean)),
                          _("Average: %(pct)s %%") % {"pct": number_format(mean, 1)}) if n else SafeString("")
    grid = _grid((y_of(p), f"{p}%") for p in (0, 50, 100))
    axis = _date_axis(points)
    title = _("Percentage of the top in each of your last %(n)s games") % {"n": n}
    return format_html(
        '<svg class="chart chart--trend" viewBox="0 0 {} {}" role="img" aria-labelledby="trend-chart-title" '
        'preserveAspectRatio="xMidYMid meet"><title id="trend-chart-title">{}</title>{}{}{}{}{}</svg>',
        WIDTH, HEIGHT, title, grid, average, line, dots, axis)
