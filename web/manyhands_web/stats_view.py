"""The Statistics page's HTML (stats.py computes the figures): a section per
game, player count and computer level with its figures, the quality of your
decisions by kind, and charts over time drawn as SVG (readable at 390 px), each
with its numbers in a table for screen readers and anyone who wants them.
Runs natively (tests) and in Pyodide."""
from __future__ import annotations

from .markup import esc

W, H = 340, 150                 # the chart's drawing units (it scales to the page's width)
LEFT, RIGHT, TOP, BOTTOM = 44, 10, 12, 28


def number(x: float | None, digits: int = 2) -> str:
    return "–" if x is None else f"{x:.{digits}f}"


def percent(x: float | None) -> str:
    return "–" if x is None else f"{round(100 * x)}%"


def counted_text(counted: int, hands: int, word: str) -> str:
    """Which hands a figure counts: "over 6 of 8 hands", "over all 8 hands"."""
    if counted >= hands:
        return f"over the one {word}" if hands == 1 else f"over all {hands} {word}s"
    return f"over {counted} of {hands} {word}{'s' if hands != 1 else ''}"


def chart_svg(cid: str, title: str, values: list[float], high: float, label, note: str) -> str:
    """A line chart of `values` (game by game, oldest first) from 0 to `high`;
    `label(v)`: a value in words for the axis and the description."""
    n = len(values)
    span_x = W - LEFT - RIGHT
    span_y = H - TOP - BOTTOM
    high = high or 1.0

    def x(i):
        return LEFT + (span_x * i / (n - 1) if n > 1 else span_x / 2)

    def y(v):
        return TOP + span_y * (1 - min(max(v / high, 0), 1))
    grid = "".join(f'<line class="grid" x1="{LEFT}" x2="{W - RIGHT}" y1="{y(f * high):.1f}" y2="{y(f * high):.1f}"/>'
                   f'<text class="axis" x="{LEFT - 4}" y="{y(f * high) + 4:.1f}" text-anchor="end">'
                   f'{esc(label(f * high))}</text>' for f in (0, 0.5, 1))
    points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    dots = "".join(f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="3.5"><title>Game {i + 1}: {esc(label(v))}'
                   f'</title></circle>' for i, v in enumerate(values))
    desc = f"{note} " + "; ".join(f"game {i + 1}: {label(v)}" for i, v in enumerate(values)) + "."
    return (f'<figure class="chart"><svg viewBox="0 0 {W} {H}" role="img" id="{cid}" '
            f'aria-labelledby="{cid}-title {cid}-desc" preserveAspectRatio="xMidYMid meet">'
            f'<title id="{cid}-title">{esc(title)}</title><desc id="{cid}-desc">{esc(desc)}</desc>{grid}'
            f'<polyline class="line" points="{points}"/>{dots}'
            f'<text class="axis" x="{LEFT}" y="{H - 8}">first game</text>'
            f'<text class="axis" x="{W - RIGHT}" y="{H - 8}" text-anchor="end">latest</text></svg>'
            f'<figcaption>{esc(title)}</figcaption></figure>')


def kinds_over_time_html(g: dict, index: int) -> str:
    """The cost per decision over time for each kind of decision (the games where
    that kind was reviewed), behind a disclosure."""
    unit = f"{g['unit']}s"
    charts = []
    for k, kind in enumerate(g["kinds"]):
        costs = [s["kinds"][kind]["avg_cost"] for s in g["series"]
                 if kind in s["kinds"] and s["kinds"][kind]["decisions"]]
        if costs:
            name = kind[:1].upper() + kind[1:]
            charts.append(chart_svg(f"chart-kind-{index}-{k}", f"{name}: cost per decision ({unit})", costs,
                                    max(costs) * 1.1 or 1.0, lambda v: f"{v:.2f}",
                                    f"Lower is better. {name}, average cost per decision, by game reviewed:"))
    if not charts:
        return ""
    return (f'<details class="kinds-over-time"><summary>Each kind of decision over time</summary>'
            f'<div class="charts">{"".join(charts)}</div></details>')


def group_html(g: dict, index: int) -> str:
    unit = f"{g['unit']}s"
    level = g["level"] or "normal"
    head = f"{g['title']}, {g['players']} players, {level} computer players"
    rows = [("Games played", str(g["played"])), ("Wins", f"{g['wins']} ({percent(g['wins'] / g['played'])})"),
            ("Average place", number(g["avg_place"], 1)),
            (f"Average {unit} a {g['hand_word']}", number(g["avg_points"], 1) + f" ({g['hands']} {g['hand_word']}s)"),
            ("Hints asked a game", number(g["hints_per_game"], 1) + f" ({g['hints']} in all)")]
    if g["par_hands"]:
        rows.append((f"Your {unit} minus par, a {g['hand_word']}",
                     f"{g['avg_par_diff']:+.1f} ({counted_text(g['par_hands'], g['hands'], g['hand_word'])})"))
    q = g["quality"]
    if q["decisions"]:
        rows += [(f"Cost per decision ({unit}, by what you could know)", number(q["avg_cost"])),
                 ("Decisions as good as the best", f"{percent(q['good_share'])} of {q['decisions']}")]
    figures = "".join(f'<tr><th scope="row">{esc(k)}</th><td data-stat="{i}">{esc(v)}</td></tr>'
                      for i, (k, v) in enumerate(rows))
    out = [f'<section class="stats-group" data-group="{index}" aria-labelledby="stats-{index}">'
           f'<h3 id="stats-{index}">{esc(head)}</h3><table class="stats-figures">{figures}</table>']
    if q["decisions"]:
        kinds = "".join(f'<tr><th scope="row">{esc(kind[:1].upper() + kind[1:])}</th><td>{k["decisions"]}</td>'
                        f'<td>{number(k["avg_cost"])}</td><td>{percent(k["good_share"])}</td></tr>'
                        for kind, k in g["kinds"].items() if k["decisions"])
        out.append(f'<h4>By kind of decision</h4><table class="stats-kinds"><thead><tr><th scope="col">Kind</th>'
                   f'<th scope="col">Decisions</th><th scope="col">Cost each ({esc(unit)})</th>'
                   f'<th scope="col">As good as the best</th></tr></thead><tbody>{kinds}</tbody></table>')
        series = g["series"]
        costs = [s["avg_cost"] for s in series]
        shares = [s["good_share"] for s in series]
        out.append(f'<h4>Over time, game by game ({len(series)} reviewed)</h4><div class="charts">')
        out.append(chart_svg(f"chart-cost-{index}", f"Cost per decision ({unit})", costs,
                             max(costs) * 1.1 or 1.0, lambda v: f"{v:.2f}",
                             "Lower is better. Average cost per decision, by game reviewed:"))
        out.append(chart_svg(f"chart-good-{index}", "Decisions as good as the best", shares, 1.0,
                             percent, "Higher is better. Share as good as the best, by game reviewed:"))
        table = "".join(f'<tr><td>{i + 1}</td><td>{s["decisions"]}</td><td>{number(s["avg_cost"])}</td>'
                        f'<td>{percent(s["good_share"])}</td></tr>' for i, s in enumerate(series))
        out.append('</div>' + kinds_over_time_html(g, index))
        out.append(f'<details class="chart-numbers"><summary>The numbers behind the charts</summary>'
                   f'<table><thead><tr><th scope="col">Game</th><th scope="col">Decisions</th>'
                   f'<th scope="col">Cost each</th><th scope="col">As good as the best</th></tr></thead>'
                   f'<tbody>{table}</tbody></table></details>')
    else:
        out.append('<p class="note">No reviewed hands yet: review a hand (or turn on automatic review '
                   'above) to see how good your decisions are.</p>')
    out.append("</section>")
    return "".join(out)


def person_filter_html(names: list[str], chosen: str) -> str:
    """Whose statistics: yours against the computers, or a person's at friends' table
    (nothing to choose until friends have played)."""
    if not names:
        return ""
    options = [("", "You, against the computers")] + [(n, f"{n}, at friends' table") for n in names]
    return ('<p class="stats-person"><label for="stats-person">Whose statistics</label> <select id="stats-person">'
            + "".join(f'<option value="{esc(v)}"{" selected" if v == chosen else ""}>{esc(label)}</option>'
                      for v, label in options) + "</select></p>")


def stats_html(groups: list[dict], auto_review: bool) -> str:
    check = " checked" if auto_review else ""
    setting = (f'<p class="stats-setting"><label><input type="checkbox" id="auto-review"{check}> Review each '
               f'finished hand automatically (in the background; it can take a minute a hand)</label></p>')
    if not groups:
        return setting + '<p class="note" id="stats-empty">No finished games yet: finish a game to see your statistics.</p>'
    return setting + "".join(group_html(g, i) for i, g in enumerate(groups))
