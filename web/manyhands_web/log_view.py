"""The game log: the game told in sentences, a heading per hand, each trick's cards
together with who took it, and each hand's scores; and the same sentences as
announcements for screen readers. Runs natively (tests) and in Pyodide."""
from __future__ import annotations

from pycore.words import Narrator

from . import games, layouts  # noqa: F401  (games: every game's layout registered)
from .markup import esc


def story(tell: Narrator) -> list[tuple[str, int, str]]:
    """The game told in order as (kind, hand index, text): "hand" (a hand begins),
    "act" (an action), "play" (a card in a trick), "trick" (who took it), "score"
    (a hand's score sheet in sentences)."""
    obs = tell.obs
    history = obs.get("history") or []
    starts = list(obs.get("hand_starts") or [0]) + [len(history)]
    results = obs.get("hand_results") or []
    layout = layouts.layout_for(obs.get("game", ""))
    out = []
    for h, hand in enumerate(obs.get("hands") or []):
        if h + 1 >= len(starts):
            break
        out.append(("hand", h, f"{layout.hand_word.capitalize()} {h + 1}"))
        tricks = hand.get("tricks") or []
        k = i = 0
        for actor, token in history[starts[h]:starts[h + 1]]:
            trick = tricks[k] if k < len(tricks) else None
            card = token.split(" ")[0].removeprefix("sky:") if token else None
            if trick is not None and i < len(trick["cards"]) and trick["cards"][i] == [actor, card]:
                out.append(("play", h, tell.sentence(actor, token, (h, k))))
                i += 1
                if i == len(trick["cards"]) and trick.get("winner") is not None:
                    out.append(("trick", h, tell.trick_taken(trick, h, k)))
                    k, i = k + 1, 0
            else:
                out.append(("act", h, tell.sentence(actor, token)))
        if h < len(results):
            out.extend(("score", h, line) for line in tell.hand_lines(results[h]))
    if obs.get("terminal"):
        out.append(("end", len(results), f"Game over. {tell.outcome()}"))
    return out


def log_html(tell: Narrator) -> str:
    """The log as list items: a heading per hand, each trick's cards and winner together."""
    items, hand, trick = [], [], []

    def close_trick():
        if trick:
            hand.append(f'<li class="log-trick"><ol>{"".join(trick)}</ol></li>')
            trick.clear()

    def close_hand():
        close_trick()
        if hand:
            items.append(f'<ol class="log-lines">{"".join(hand)}</ol></li>')
            hand.clear()
    for kind, _, text in story(tell):
        if kind == "hand":
            close_hand()
            items.append(f'<li class="log-hand"><h4>{esc(text)}</h4>')
        elif kind == "play":
            trick.append(f"<li>{esc(text)}</li>")
        elif kind == "trick":
            trick.append(f'<li class="log-won">{esc(text)}</li>')
            close_trick()
        elif kind == "end":
            close_hand()
            items.append(f'<li class="log-end"><b>{esc(text)}</b></li>')
        else:
            close_trick()
            hand.append(f'<li class="log-{kind}">{esc(text)}</li>')
    close_hand()
    return "".join(items)


def announcements(before: Narrator | None, after: Narrator) -> list[str]:
    """Plain sentences for what happened between two observations (screen readers)."""
    now = [text for kind, _, text in story(after) if kind != "hand"]
    if before is None:
        return []
    old = [text for kind, _, text in story(before) if kind != "hand"]
    return now[len(old):]
