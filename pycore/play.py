"""A plain text game in the terminal against random legal opponents."""
from __future__ import annotations

import json
import random

from .errors import ManyhandsError, RulesError, quote
from .game import get_game
from .records import MAX_TEXT, dumps, parse_json

_SKIP = {"game", "rules", "seat", "history", "legal", "to_act", "terminal", "hands", "winners"}
NOT_TEXT = "refused: that line is not UTF-8 text; type a token, '?' for the legal ones"


def _ask(input_fn, prompt: str) -> str | None:
    """A line typed, stripped; None at the end of input; NOT_TEXT for a line that is
    not UTF-8 (undecodable bytes arrive as lone surrogates when standard input
    escapes them, as `python -m pycore play` sets it up, or as UnicodeDecodeError)."""
    try:
        line = input_fn(prompt)
    except EOFError:
        return None
    except UnicodeDecodeError:
        return NOT_TEXT
    if any("\udc80" <= ch <= "\udcff" for ch in line):
        return NOT_TEXT
    return line.strip()


def render(obs: dict) -> str:
    """The observation as lines of text: every game-specific field, then the trick."""
    lines = [f"-- {obs['game']}, you are seat {obs['seat']} of {obs['players']} --"]
    for key, value in obs.items():
        if key not in _SKIP:
            lines.append(f"{key}: {json.dumps(value)}")
    if obs["hands"]:
        tricks = obs["hands"][-1]["tricks"]
        if tricks:
            trick = tricks[-1]
            plays = "  ".join(f"{seat}:{card}" for seat, card in trick["cards"])
            state = "won by seat %s" % trick["winner"] if trick["winner"] is not None else "in play"
            lines.append(f"trick (led by {trick['leader']}, {state}): {plays}")
    return "\n".join(lines)


def play(game_name: str, *, players: int | None, seat: int | None, seed: int | None,
         rules_json: str | None = None, save: str | None = None,
         input_fn=input, print_fn=print) -> int:
    """0 when the game ends or the player leaves ('quit', end of input), 2 when it
    cannot start (each reason one line) or its record cannot be saved."""
    try:
        game = get_game(game_name)
        rules = parse_json(rules_json, "--rules") if rules_json else {}
        if not isinstance(rules, dict):
            raise RulesError(f"--rules must be a JSON object of rules fields, not {quote(rules)}")
        if players is not None:
            rules["players"] = players
        seed = random.randrange(10**6) if seed is None else seed
        state = game.new_game(rules, seed=seed)
    except ManyhandsError as exc:
        print_fn(f"cannot start: {exc}")
        return 2
    n = state.players
    seats = {str(s): s for s in range(n)}
    while seat is None:
        answer = _ask(input_fn, f"Your seat (0-{n - 1}): ")
        if answer is None:
            print_fn("\nbye")
            return 0
        if answer == NOT_TEXT:
            print_fn(f"that line is not UTF-8 text: type a number from 0 to {n - 1}")
            continue
        seat = seats.get(answer)
        if seat is None:
            print_fn(f"no seat {quote(answer)}: type a number from 0 to {n - 1}")
    if not 0 <= seat < n:
        print_fn(f"no seat {seat} in a {n}-player game")
        return 2
    bots = random.Random(seed)
    print_fn(f"{game.title}: {n} players, seed {seed}. Type a token, '?' for the legal ones, 'quit' to stop.")
    shown_trick = None
    while not state.is_terminal:
        actor = state.current_player
        if actor != seat:
            action = bots.choice(state.legal_actions())
            print_fn(f"seat {actor}: {game.action_token(state, action)}")
            state = state.apply_action(action)
            continue
        obs = state.observation(seat)
        if shown_trick != len(state.history):
            print_fn(render(obs))
            shown_trick = len(state.history)
        token = _ask(input_fn, "your move> ")
        if token is None:
            print_fn("\nbye")
            return 0
        if token == NOT_TEXT:
            print_fn(NOT_TEXT)
            continue
        if token in ("quit", "exit"):
            return 0
        if token in ("?", "help", ""):
            print_fn("legal: " + "  ".join(obs["legal"]))
            continue
        if len(token) > MAX_TEXT:
            print_fn(f"refused: {quote(token)} is longer than any token ({MAX_TEXT} characters)")
            continue
        try:
            state = state.apply_action(game.parse_action(state, token))
        except ManyhandsError as exc:
            print_fn(f"refused: {exc}")
    summary = state.summary()
    print_fn(f"game over. totals {summary['totals']}, winners {summary['winners']}")
    if save:
        try:
            with open(save, "w") as handle:
                handle.write(dumps(state))
        except OSError as exc:
            print_fn(f"cannot save the record to {quote(save)}: {exc.strerror}")
            return 2
        print_fn(f"record saved to {save}")
    return 0
