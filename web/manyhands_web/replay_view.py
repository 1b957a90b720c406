"""A finished game replayed trick by trick with every hand face up (the History
page): the record's positions (pycore.records) cut into steps, each the actions
up to the end of a trick (or of a hand), told in words, with every hand as it
was before them and the trick's cards. The last step is the game's end: the
final scores, which equal the record's. The players are named as at the table
(You and the cast, web/manyhands_web/cast.py), a trick's taker and a hand's
score as the table said them (a team's trick is the team's). Runs natively
(tests) and in Pyodide."""
from __future__ import annotations

from pycore.records import load_record, positions
from pycore.words import Narrator

from .cards import card_html
from .cast import seat_names
from .markup import esc


def _done(state) -> int:
    """Tricks finished so far in the game (every hand's)."""
    return (sum(len(tricks) for tricks, _ in state.finished_hands)
            + sum(1 for t in state.tricks if t.winner is not None))


def _faces(state) -> list:
    token = state.game.card_token
    return [[token(c) for c in hand] if isinstance(hand, (list, tuple)) else None
            for hand in getattr(state, "hands", ())]


def steps(record: dict, seat: int, theme: str = "", namer=seat_names) -> list[dict]:
    """The game in steps: {"hand" (1-based), "lines" (the actions said), "faces"
    (every hand before the step), "trick" ([seat, card] played, or None), "winner",
    "scored" (the hand's points when the step ends it)}; the last has "totals"."""
    trail = list(positions(load_record(record)))
    game = trail[0].game
    # the game as seen at its end: each hand's score sheet, for its tricks and its score
    end = Narrator(game, trail[-1].observation(seat), theme, namer, namer is seat_names)
    out, lines, first = [], [], 0
    for index in range(1, len(trail)):
        before, after = trail[index - 1], trail[index]
        actor, action = after.history[-1]
        tell = Narrator(game, after.observation(seat), theme, namer, namer is seat_names)
        lines.append(tell.sentence(actor, game.action_token(before, action)))
        ended_hand = len(after.finished_hands) > len(before.finished_hands)
        hand = len(before.finished_hands)
        if _done(after) > _done(before) or ended_hand or index == len(trail) - 1:
            trick = None
            if _done(after) > _done(before):
                tricks = after.finished_hands[-1][0] if ended_hand else after.tricks
                done = [t for t in tricks if t.winner is not None]
                said = done[-1].to_json(game.card_token)
                trick = {"plays": said["cards"], "winner": said["winner"],
                         "taken": end.trick_taken(said, hand, len(done) - 1)}
            results = end.obs.get("hand_results") or []
            out.append({"hand": hand + 1, "lines": lines, "faces": _faces(trail[first]),
                        "trick": trick,
                        "scored": list(after.finished_hands[-1][1]) if ended_hand else None,
                        "sheet": end.hand_lines(results[hand]) if ended_hand and hand < len(results) else []})
            lines, first = [], index
    final = trail[-1].observation(seat)
    if out:
        out[-1]["totals"] = final.get("totals")
        out[-1]["places"] = end.places()
    return out


def replay_html(trail_steps: list, record: dict, seat: int, theme: str, step: int, title: str,
                namer=seat_names) -> str:
    """Step `step` of the replay (`trail_steps`: steps(record, seat, theme)), with
    Previous / Next and every hand face up."""
    if not trail_steps:
        return '<p class="note">This game has no actions to replay.</p>'
    step = max(0, min(step, len(trail_steps) - 1))
    s = trail_steps[step]
    state = list(positions(load_record(record), upto=0))[0]
    tell = Narrator(state.game, state.observation(seat), theme, namer, namer is seat_names)
    word = state.game.words.hand_word
    faces = []
    for who, cards in enumerate(s["faces"]):
        shown = ("".join(card_html(c, tell, classes="small mini") for c in cards) if cards
                 else '<span class="note">no cards</span>')
        faces.append(f'<li data-seat="{who}"><b>{esc(tell.seat(who))}</b><span class="cards small">{shown}</span></li>')
    trick = ""
    if s["trick"]:
        plays = "".join(f'<li><span>{esc(tell.seat(who))}</span>{card_html(c, tell, classes="small")}</li>'
                        for who, c in s["trick"]["plays"])
        trick = (f'<h5>The trick</h5><ol class="replay-trick">{plays}</ol>'
                 f'<p class="replay-taken">{esc(s["trick"]["taken"])}</p>')
    scored = ""
    if s["scored"] is not None:
        sheet = " ".join(s.get("sheet") or [])     # the score sheet's own lines: who scored what, and why
        scored = ("<p class=\"replay-scored\">" + esc(f"{word.capitalize()} {s['hand']} scored: ")
                  + esc(", ".join(f"{tell.seat(i)} {p}" for i, p in enumerate(s["scored"])) + ".")
                  + (f" {esc(sheet)}" if sheet else "") + "</p>")
    totals = ""
    if "totals" in s:
        totals = (f'<p class="replay-totals" id="replay-totals" data-totals="{esc(str(s["totals"]))}"><b>Final scores:</b> '
                  + esc(", ".join(f"{tell.seat(i)} {t}" for i, t in enumerate(s["totals"] or []))) + "</p>"
                  + "".join(f'<p class="replay-place">{esc(line)}</p>' for line in s.get("places") or []))
    lines = "".join(f"<li>{esc(line)}</li>" for line in s["lines"])
    prev = ' disabled' if step == 0 else ''
    nxt = ' disabled' if step == len(trail_steps) - 1 else ''
    return (f'<section class="replay" id="replay" aria-labelledby="replay-title" data-step="{step}" '
            f'data-steps="{len(trail_steps)}">'
            f'<h3 id="replay-title" tabindex="-1">{esc(title)}: replay</h3>'
            f'<p class="replay-nav"><button type="button" data-history="step" data-step="{step - 1}"{prev}>'
            f'Previous</button> <span role="status">{esc(word.capitalize())} {s["hand"]}, step {step + 1} of '
            f'{len(trail_steps)}</span> <button type="button" data-history="step" data-step="{step + 1}"{nxt} '
            f'id="replay-next">Next</button> <button type="button" data-history="step" '
            f'data-step="{len(trail_steps) - 1}">To the end</button> '
            f'<button type="button" data-history="close-replay">Close</button></p>'
            f'<h4>Every hand, face up</h4><ul class="faces">{"".join(faces)}</ul>'
            f'<h5>What happened</h5><ol class="replay-lines">{lines}</ol>{trick}{scored}{totals}</section>')
