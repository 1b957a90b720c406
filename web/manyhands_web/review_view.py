"""The hand review, drawn (the review panel of the table view).

`review_html(hand, tell, ui)` draws one hand of the solver's review export
(solver/review.py, format "manyhands-review/1", docs/review.md): the hand's
biggest lesson and summary, each of your decisions in order in one plain
sentence (with what every card face up adds), and folded behind "How do we
know?" how it was worked out (by what you knew and with every hand seen: deals,
play-outs, ranges), then the hand trick by trick face up. Everything a player reads is the review's
own words (`*_said`, `when`, `why`, `summary`) or pycore.words through `tell`;
tokens only travel in data- attributes, for the page's buttons and the tests.
"""
from __future__ import annotations

from pycore.words import Narrator, decimals, minus, signed, with_unit

from . import games  # noqa: F401  (every game's layout registered: its card faces)
from .cards import card_html
from .markup import esc

VERDICT_CLASS = {"best": "good", "as good as the best": "good", "unclear": "unclear",
                 "small loss": "small", "big loss": "big", "not searched": "none"}


def _num(x) -> str:
    """"2.31 chips", "−0.86 points"; a whole amount without decimals ("12 chips",
    "−3 chips": a hand seen face up scores whole tricks)."""
    x = float(x)
    return minus(f"{x:.0f}" if x == round(x) else f"{x:.2f}")


def _small(x: float) -> str:
    """A non-zero amount with the digits it needs not to read 0.00: a cost of
    0.003 is "−0.003 points", not "−0.00 points"; a whole one "7", not "7.00"."""
    return f"{x:.0f}" if x == round(x) else f"{x:.{decimals(x, 2)}f}"


def _certainty(d: dict) -> str:
    """How sure the expected values are: exact, an interval, or the deals sampled."""
    n, worlds = int(d.get("searched_worlds") or 0), d.get("worlds")
    if d.get("exact"):
        return ("exact: the only possible deal searched" if worlds == 1 else
                "exact: every possible deal searched")
    if worlds == 1:
        ahead = d.get("look_ahead") or 0
        return (f"estimated: the only possible deal, searched {ahead} move{'s' if ahead != 1 else ''} ahead"
                if ahead else "estimated: the only possible deal, played out many times")
    intervals = d.get("intervals") or {}
    best = intervals.get(d["best"])
    # where each deal was played out, not searched, the values are the quick play's
    played = "" if d.get("exact_endgame", True) else ", each played out by the computer's quick play"
    if best:
        half = (float(best[1]) - float(best[0])) / 2
        if half == 0:                   # never a bare "± 0.00": the same on every deal
            return f"the same on every one of the {n:,} deals you could not tell apart{played}"
        return f"±\u00a0{_small(half)} (95% range), from {n:,} deals you could not tell apart{played}"
    return f"estimated from {n:,} sampled deal{'s' if n != 1 else ''} you could not tell apart{played}"


def _face_up_html(d: dict, unit: str) -> str:
    """The face-up column: the best with every hand seen and your choice's value
    there; an estimate says "about", its ± and how it was found."""
    up = d["face_up"]
    values, best, mine = up["values"], up["best"], up["values"].get(d["choice"])
    about = "" if up["exact"] else "about "
    spread = ""
    if not up["exact"] and (up.get("intervals") or {}).get(best):
        low, high = up["intervals"][best]
        half = (float(high) - float(low)) / 2
        spread = f" ±\u00a0{_small(half)}" if half else ""
    top = f"{about}{with_unit(_num(values[best]), unit)}{spread}"
    if best == d["choice"] or (up["exact"] and mine == values[best]):
        line = f"your choice too, {top}"
    else:
        cost, low_high = up.get("cost") or 0, up.get("cost_interval")
        unclear = not up["exact"] and (cost == 0 or (low_high is not None and low_high[0] <= 0))
        tail = "; no clear difference" if unclear else ""
        line = (f'<b class="faceup-said">{esc(up["best_said"])}</b>, {top} '
                f'(yours: {about}{_num(mine)}{tail})')
    certainty = up.get("certainty") or ("exact" if up["exact"] else "estimated")
    return f'<p>Best: {line}.</p><p class="certainty note">{esc(certainty)}</p>'


def decision_html(d: dict, number: int, unit: str, theme_ok: bool = True, big_loss: float | None = None) -> str:
    """One decision: what you chose, the best by what you knew, its cost; beside it
    the best with every hand seen; the one line on why they differ; the branches.
    The badge is the review's verdict in words: how big a loss and how sure."""
    verdict = d["verdict"]
    values = d["values"]
    cost = d.get("cost")
    kind = VERDICT_CLASS.get(verdict, "none")
    badge = f'<span class="verdict verdict-{kind}">{esc(d.get("verdict_said") or verdict.capitalize())}</span>'
    mine = values.get(d["choice"])
    if d["best"] == d["choice"]:
        known = (f'<p>Best by what you knew: <b>your choice</b>, '
                 f'{with_unit(_num(values[d["best"]]), unit)} expected.</p>')
    else:
        yours = "" if mine is None else f" (yours: {_num(mine)})"
        known = (f'<p>Best by what you knew: <b class="best-said">{esc(d["best_said"])}</b>, '
                 f'{with_unit(_num(values[d["best"]]), unit)} expected{yours}.</p>')
    up = d["face_up"]
    why = f'<p class="why">{esc(d["why"])}</p>' if d.get("why") else ""
    said = "".join(f'<p class="{kind}">{esc(d[key][0].upper() + d[key][1:])}</p>' for key, kind in
                   (("said", "decision-said"), ("face_up_said", "faceup-line"), ("why_said", "decision-why"))
                   if d.get(key))
    how = f'<p class="note">{esc(d["verdict_how"])}</p>' if d.get("verdict_how") else ""
    buttons = [f'<button type="button" data-review="branch" data-index="{d["index"]}">Play from here</button>']
    if d["best"] != d["choice"]:
        buttons.append(f'<button type="button" data-review="try" data-index="{d["index"]}" '
                       f'data-choice="{esc(d["best"])}">Play the best instead</button>')
    if d.get("trick"):
        buttons.append(f'<button type="button" data-review="trick" data-trick="{d["trick"]}">'
                       f'See trick {d["trick"]} face up</button>')
    data = (f'data-index="{d["index"]}" data-choice="{esc(d["choice"])}" data-best="{esc(d["best"])}" '
            f'data-cost="{"" if cost is None else cost}" data-verdict="{esc(verdict)}" '
            f'data-faceup="{esc(up["best"])}"')
    return (f'<li class="decision decision-{kind}{" big" if d.get("big") else ""}" {data}>'
            f'<div class="decision-head"><span class="decision-number">{number}</span>'
            f'<span class="when">{esc(d["when"])}</span>{badge}</div>{said}'
            f'<details class="how"><summary>How do we know?</summary>{how}<div class="decision-cols">'
            f'<div class="col known"><h4>By what you knew</h4>'
            f'<p>Your choice: <b class="choice-said">{esc(d["choice_said"])}</b>.</p>{known}'
            f'<p class="certainty note">{esc(_certainty(d))}</p></div>'
            f'<div class="col faceup"><h4>With all hands seen <span class="note">({esc(up["label"])})</span></h4>'
            f'{_face_up_html(d, unit)}{why}</div></div></details>'
            f'<p class="decision-buttons">{"".join(buttons)}</p></li>')


def _faces_html(hands: list, tell: Narrator, sky=None, played: dict | None = None) -> str:
    rows = []
    for seat, cards in enumerate(hands):
        shown = "".join(card_html(c, tell, classes="small mini" + (" played" if played and c == played.get(seat) else ""))
                        for c in cards)
        rows.append(f'<li data-seat="{seat}"><b>{esc(tell.seat(seat))}</b>'
                    f'<span class="cards small">{shown or "<span class=note>no cards</span>"}</span></li>')
    if sky:
        shown = "".join(card_html(c, tell, classes="small mini") for c in sky)
        rows.append(f'<li data-seat="sky"><b>The Sky</b><span class="cards small">{shown}</span></li>')
    return f'<ul class="faces">{"".join(rows)}</ul>'


def _result(h: dict, tell: Narrator) -> dict | None:
    """The reviewed hand's score sheet, where `tell` saw the game at the hand's end."""
    results = (tell.obs or {}).get("hand_results") or []
    return results[h["hand"] - 1] if len(results) >= h["hand"] else None


def _trick_taken(h: dict, tell: Narrator, k: int) -> str:
    """The hand's trick k told as the table told it, where `tell` saw the hand's
    end (else who took it)."""
    trick = h["tricks"][k]
    if _result(h, tell) is not None:
        return tell.trick_taken(trick, h["hand"] - 1, k)
    return f"{tell.seat(trick['winner'])} {tell.verb('takes', trick['winner'])} the trick."


def steps_html(h: dict, tell: Narrator, step: int) -> str:
    """The hand face up: step 0 is the deal and what came before the first trick,
    step k the k-th trick with every hand at its start."""
    tricks = h.get("tricks") or []
    step = max(0, min(step, len(tricks)))
    nav = (f'<p class="steps-nav"><button type="button" data-review="step" data-step="{step - 1}"'
           f'{" disabled" if step == 0 else ""}>Previous</button>'
           f'<span class="step-title" id="review-step-title">'
           f'{"As dealt" if step == 0 else f"Trick {step} of {len(tricks)}"}</span>'
           f'<button type="button" data-review="step" data-step="{step + 1}"'
           f'{" disabled" if step >= len(tricks) else ""}>Next</button></p>')
    steps = h.get("steps") or []
    if step == 0:
        first = tricks[0]["first_step"] if tricks else h["end_action"]
        said = [s["said"] for s in steps if s["index"] < first]
        body = _faces_html(h["start"]["hands"], tell, h["start"].get("sky"))
    else:
        trick = tricks[step - 1]
        last = tricks[step]["first_step"] if step < len(tricks) else h["end_action"]
        said = [s["said"] for s in steps if trick["first_step"] <= s["index"] < last]
        played = {seat: card for seat, card in trick["cards"]}
        body = _faces_html(trick["hands"], tell, trick.get("sky"), played)
        plays = "".join(f'<li class="{"won" if seat == trick.get("winner") else ""}" data-seat="{seat}">'
                        f'<b>{esc(tell.seat(seat))}</b>{card_html(card, tell, classes="small")}</li>'
                        for seat, card in trick["cards"])
        won = f'<p class="trick-won">{esc(_trick_taken(h, tell, step - 1))}</p>'
        body = f'<ol class="review-trick" aria-label="The trick">{plays}</ol>{won}' + body
    lines = "".join(f"<li>{esc(line)}</li>" for line in said)
    return (f'<section class="review-steps" id="review-steps" data-step="{step}" aria-labelledby="review-steps-title">'
            f'<h4 id="review-steps-title">The hand, every card face up</h4>{nav}{body}'
            f'<ol class="step-lines">{lines}</ol></section>')


def review_html(h: dict, tell: Narrator, step: int = 0, source: str = "") -> str:
    """One hand of the review: the summary, the decisions, the hand face up."""
    unit = h["unit"]
    decisions = h.get("decisions") or []
    forced = h.get("forced") or 0
    notes = [f"Marked in red: a sure or probable loss of {h['big_loss_said']}."]
    if forced:
        notes.append(f"Not listed: {forced} move{'s' if forced != 1 else ''} with no other choice.")
    items = "".join(decision_html(d, k, unit, big_loss=h.get("big_loss")) for k, d in enumerate(decisions, 1))
    data = f'data-hand="{h["hand"]}" data-source="{esc(source)}" data-decisions="{len(decisions)}"'
    points, result = h.get("points"), _result(h, tell)
    scored = ""
    if result is not None:                 # the score sheet's own lines: who scored what, and why
        scored = f'<p class="note review-scored">{esc(" ".join(tell.hand_lines(result)))}</p>'
    elif points:
        scored = (f'<p class="note review-scored">This {h.get("hand_word", "hand")} scored: '
                  + ", ".join(f"{esc(tell.seat(s))} {signed(p)}" for s, p in enumerate(points)) + f" {unit}.</p>")
    lesson = f'<p class="review-lesson" id="review-lesson">{esc(h["lesson"])}</p>' if h.get("lesson") else ""
    rule = (f'<details class="how"><summary>How do we know?</summary><p class="note">{esc(h["face_up_rule"])}</p>'
            f'<p class="note">Each decision has its own below.</p></details>' if h.get("face_up_rule") else "")
    return (f'<div class="review-body" id="review-body" {data}>{lesson}'
            f'<p class="review-summary" id="review-summary">{esc(h["summary"])}</p>{scored}'
            f'<p class="note">{esc(" ".join(notes))}</p>{rule}'
            f'<ol class="decisions" id="review-decisions">{items}</ol>'
            f'{steps_html(h, tell, step)}</div>')
