"""A plain text game in the terminal against random legal opponents."""
from __future__ import annotations

import json
import random

from .errors import ManyhandsError
from .game import get_game
from .records import dumps

_SKIP = {"game", "rules", "seat", "history", "legal", "to_act", "terminal", "hands", "winners"}


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
    try:
        game = get_game(game_name)
        rules = json.loads(rules_json) if rules_json else {}
        if players is not None:
            rules["players"] = players
        seed = random.randrange(10**6) if seed is None else seed
        state = game.new_game(rules, seed=seed)
    except (ManyhandsError, json.JSONDecodeError) as exc:
        print_fn(f"cannot start: {exc}")
        return 2
    n = state.players
    while seat is None:
        answer = input_fn(f"Your seat (0-{n - 1}): ").strip()
        if answer.isdigit() and int(answer) < n:
            seat = int(answer)
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
        try:
            token = input_fn("your move> ").strip()
        except EOFError:
            print_fn("\nbye")
            return 0
        if token in ("quit", "exit"):
            return 0
        if token in ("?", "help", ""):
            print_fn("legal: " + "  ".join(obs["legal"]))
            continue
        try:
            state = state.apply_action(game.parse_action(state, token))
        except ManyhandsError as exc:
            print_fn(f"refused: {exc}")
    summary = state.summary()
    print_fn(f"game over. totals {summary['totals']}, winners {summary['winners']}")
    if save:
        with open(save, "w") as handle:
            handle.write(dumps(state))
        print_fn(f"record saved to {save}")
    return 0
