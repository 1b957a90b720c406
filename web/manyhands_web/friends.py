"""Friends at one device (the page's Pyodide): choosing who sits where for a new
game (a person with a name, or a computer player at a level, at each place; the
choices kept for next time), and passing the device: when the turn goes from one
person to another the table shows only the pass screen (friends_view.py) until
the next person says they hold it. The session keeps who sits where and whom the
device goes to (session.py), so a reload comes back to the pass screen."""
from __future__ import annotations

import json

from pycore import get_game

from . import dom, friends_view, pages
from .dom import announce, current_view, focus_next, refocus, set_html
from .session import Session


class Friends:
    def __init__(self, app) -> None:
        self.app = app                 # the page (app.py): the home page's choices, the table
        self.pending: tuple[str, dict] | None = None     # the game and its choices, while the seats are chosen
        self.screen = None             # the pass screen drawn last (to whom, after how many actions)
        self.focus_wanted = False      # its button is to take the focus once the table is shown

    # --- choosing the table ------------------------------------------------------------------------
    def open(self, game: str) -> None:
        """`game`'s card read (house rules, deal...), then its seats chosen in a dialog."""
        chosen = self.app.home.choices(game)
        if chosen is None:
            return
        self.pending = (game, chosen)
        engine = get_game(game)
        players = engine.players(engine.Rules.from_dict(chosen["rules"]))
        places = pages.place_names(engine.words.first_player, players)
        kinds, names = self.kept_seating()
        set_html("friends-body", friends_view.seating_html(self.app.games[game]["title"], places, kinds[:players], names))
        dom.call("friends-dialog", "showModal")
        refocus("#friend-kind-0")

    def kept_seating(self) -> tuple[list[str], list[str]]:
        """The kinds and names of the seats chosen last time (kept with the preferences)."""
        kept = self.app.kept.prefs().get("friends") or {}
        return ([k for k in kept.get("kinds") or [] if isinstance(k, str)],
                [n for n in kept.get("names") or [] if isinstance(n, str)])

    def kind_changed(self, place: int, kind: str) -> None:
        dom.set_prop(f"friend-name-{place}", "hidden", kind != friends_view.PERSON)

    def close(self) -> None:
        self.pending = None
        dom.call("friends-dialog", "close")

    def start(self) -> None:
        """The game started with the seats chosen (two people at least, names apart)."""
        if self.pending is None:
            return
        game, chosen = self.pending
        ids = [f"friend-{what}-{k}" for k in range(8) for what in ("kind", "name")]
        values = dom.ask("readCard", "", json.dumps(ids))["values"]
        kinds = [values[f"friend-kind-{k}"] for k in range(8) if values.get(f"friend-kind-{k}") is not None]
        names = [values.get(f"friend-name-{k}") or "" for k in range(len(kinds))]
        people, levels, wrong = friends_view.read_seating(kinds, names)
        if wrong:
            dom.set_text("friends-error", wrong)
            return
        engine = get_game(game)
        first = engine.first_dealer(engine.Rules.from_dict(chosen["rules"]), chosen["seed"])
        players = len(kinds)
        seat_of = {k: (first + k) % players for k in range(players)}
        session = Session.new(game, chosen["rules"], chosen["seed"], seat_of[min(people)], chosen["level"],
                              chosen["theme"], {seat_of[k]: n for k, n in people.items()},
                              {seat_of[k]: v for k, v in levels.items()})
        kept_names = self.kept_seating()[1]
        kept_names += [""] * (players - len(kept_names))
        for k, name in people.items():
            kept_names[k] = name
        self.app.kept.save_prefs(game=game, rules={game: chosen["rules"]}, friends={"kinds": kinds, "names": kept_names},
                                 advanced={game: {"seat": chosen["place"], "theme": chosen["theme"]}})
        self.close()
        self.app.table.start(session, f"New game of {session.game.title} with friends, deal {chosen['seed']}.")

    # --- passing the device ------------------------------------------------------------------------
    def pass_screen(self) -> None:
        """The table while the device goes to the next person: their name, nobody's
        cards (nor the log's, nor anything announced before)."""
        table = self.app.table
        session = table.session
        names = session.names()
        obs = session.observation()
        tell = session.narrator(obs, addressed=False)
        hand = len(obs.get("hand_results") or []) + 1
        to_act = session.state.current_player
        facts = f"{tell.title()}, {session.game.words.hand_word} {hand}: {names[to_act]} to play."
        scores = " · ".join(f"{names} {total}" for names, total in session.side_scores(obs, tell))
        if scores:
            facts += f" Scores: {scores}."
        dom.set_text("game-title", tell.title())
        dom.set_text("game-facts", f"{obs['players']} players · deal {session.state.seed}")
        undo_by = names[session.seat] if session.undo_point() is not None else None
        set_html("table", friends_view.pass_html(names[session.passing], facts, undo_by), keep_focus=True)
        set_html("log", "")
        screen = (session.passing, len(session.state.history))
        if screen != self.screen:          # a new pass screen (not one drawn again): said, and its button focused
            self.screen = screen               # (once the table is the view shown: a game starts from home)
            self.focus_wanted = True
            set_html("announce", "")
            announce(f"Pass the device to {names[session.passing]}.")
        if current_view() == "table":      # and where focus was lost since (a click beside the button), it again
            focus_next(["#pass-screen [data-take]"], force=self.focus_wanted)
            self.focus_wanted = False

    def take(self) -> None:
        """The person passed to holds the device: their view, their turn."""
        table = self.app.table
        session = table.session
        if session is None or session.passing is None:
            return
        session.take_device()
        table.seen_by_next()
        announce(f"{session.names()[session.seat]}, your turn.")
