"""Share this deal (the page's Pyodide): a link to this very page (built from the
page's own address, wherever it is hosted) carrying a finished hand's deal, its
rules, the computer players' level and the sender's score and par
(pycore/share.py); opening it starts that hand against the same computer players
(their moves are seeded by position: solver.bots.page_seed) through the table's
one start path, and at the hand's end the two scores and the par stand side by
side. A damaged link, or one from a newer version, says so and starts nothing:
the game in progress stays as it was."""
from __future__ import annotations

from pyscript import window

from pycore.errors import ManyhandsError
from pycore.share import PARAM, LinkError, challenge_of, decode, encode, share_link

from .dom import announce, el
from .session import Session


class Sharing:
    def __init__(self, app) -> None:
        self.app = app                 # the page (app.py): the table, the games kept

    def link_for(self, saved: dict, hand: int, par: int | None) -> str:
        """The link to `hand` (from 1) of a kept game (ManyhandsError if it cannot be one)."""
        challenge = challenge_of(saved["record"], saved["seat"], hand, saved.get("level", "normal"),
                                 saved.get("theme", ""), par)
        return share_link(str(window.location.href), encode(challenge))

    def par_of(self, game_id: str | None, hand: int) -> int | None:
        entry = self.app.kept.entry(game_id) if game_id else None
        got = (entry.get("par") or {}).get(str(hand)) if entry else None
        return got["par"] if got else None

    def open_link(self, fragment: str) -> bool:
        """The address's #deal=...: the shared hand started at the table (True), or the
        reason it cannot be, said on the home page (False); the address loses the deal
        either way, so that Back or a reload does not start it again."""
        window.history.replaceState(None, "", str(window.location.href).split("#", 1)[0] + "#home")
        self.app.views.hash = "#home"
        try:
            challenge = decode(f"#{fragment}")
            session = Session(challenge.start(), challenge.seat, challenge.level, challenge.theme)
        except (LinkError, ManyhandsError, ValueError) as exc:
            message = f"This shared deal cannot be opened: {exc}."
            message = message.replace("..", ".")
            box = el("share-error")._dom_element
            box.textContent = message + (" Your game in progress is kept." if self.app.table.in_progress() else "")
            box.hidden = False
            announce(message)
            return False
        el("share-error")._dom_element.hidden = True
        word = session.game.words.hand_word
        self.app.table.start(session, f"A shared deal: {session.game.title}, {word} {challenge.hand}, "
                                      f"against the same computer players. Your friend scored {challenge.score}.")
        self.app.kept.note(self.app.table.game_id, challenge={
            "hand": challenge.hand, "score": challenge.score, "par": challenge.par})
        self.app.table.draw()
        return True

    def copy(self, input_id: str) -> None:
        box = window.document.getElementById(input_id)
        if box:
            box.select()
            try:
                window.navigator.clipboard.writeText(box.value)
                announce("Link copied.")
            except Exception:        # no clipboard (an insecure page): the link is selected to copy by hand
                announce("The link is selected: copy it.")


def is_deal(fragment: str) -> bool:
    return fragment.startswith(f"{PARAM}=")
