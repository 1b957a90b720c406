"""The cards drawn as cards (web/manyhands_web/card_art.py and each game's
`Layout.art` in games/) and the computer players' cast (cast.py), natively:
every card of every game has a face of its own with no record token on it, suits
differ by shape as well as colour, a Tricksters card turns its led critter
toward you, the home page draws with the same art, and the page, its log and its
hints name the computer players alike."""
from __future__ import annotations

import doctest
import json
import random
import re
import sys
from pathlib import Path
from urllib.parse import unquote
from xml.etree import ElementTree

import pytest

from pycore import all_games, get_game

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from manyhands_web import card_art, cast, log_view, render, worker_api  # noqa: E402
from manyhands_web.games import tricksters  # noqa: E402
from manyhands_web.layouts import layout_for  # noqa: E402
from manyhands_web.session import Session  # noqa: E402

TEXT = re.compile(r'<text x="([^"]+)" y="([^"]+)" font-size="([^"]+)"[^>]*>([^<]*)</text>')
COLOURS = re.compile(r'(fill|stroke)="[^"]*"')


def drawn_face(game: str, token: str, theme: str = "", **drawn) -> str:
    """A card's face as the table shows it: its game's art, as a picture."""
    return card_art.svg(layout_for(game).art(token, theme, **drawn), led=drawn.get("led"))


def _faces(game: str, theme: str = "") -> dict[str, str]:
    g = get_game(game)
    tokens = list(g.deck.tokens)
    if game == "tricksters":
        deck = g.Rules().deck
        return {t: drawn_face(game, t, values=deck[i]) for i, t in enumerate(tokens)}
    return {t: drawn_face(game, t, theme) for t in tokens}


@pytest.mark.parametrize("game,theme", [(g, "") for g in sorted(all_games())] + [("raven", "prophecy")])
def test_every_card_has_a_face_of_its_own_without_a_token(game, theme):
    faces = _faces(game, theme)
    assert len(set(faces.values())) == len(faces), "two cards drawn alike"
    for token, face in faces.items():
        assert face.startswith('<svg class="face"') and 'aria-hidden="true"' in face
        # as the image a card button shows: the whole face in its URL (a "#" would end
        # the URL there, and the picture would not draw), well-formed as an SVG file must be
        url = re.search(r'src="data:image/svg\+xml,([^"]*)"', card_art.image(face)).group(1)
        assert "#" not in url and unquote(url) == face, token
        ElementTree.fromstring(face)
        for _, _, size, text in TEXT.findall(face):
            assert text != token and len(text) <= 2, (token, text)      # indices and values only
            assert float(size) >= 24                                    # the page keeps them >= 12 px
    if game == "lunar":
        assert drawn_face("lunar", "sky:Owl") == faces["Owl"]
        assert drawn_face("lunar", "R1", star=True) != faces["R1"]


@pytest.mark.parametrize("game,theme", [("raven", ""), ("raven", "prophecy"), ("voren", "")])
def test_suits_differ_by_shape_as_well_as_colour(game, theme):
    """Colour-blind players and forced colours: with every colour taken away, the
    same rank in each suit still looks different."""
    rank = {"raven": lambda s: f"{s}5", "voren": lambda s: f"5{s}"}[game]
    suits = {"raven": ("Sh", "Sw", "Ax", "Wa"), "voren": ("C", "D", "H", "S")}[game]
    shapes = [COLOURS.sub("", drawn_face(game, rank(s), theme)) for s in suits]
    assert len(set(shapes)) == len(suits)
    if game == "raven":      # the named cards too, and the themes differ
        named = [COLOURS.sub("", drawn_face(game, t, theme)) for t in ("Raven", "Wolf", "Shaman", "Dwarf")]
        assert len(set(named)) == 4
        assert drawn_face("raven", "Sh5") != drawn_face("raven", "Sh5", "prophecy")


def _placed_values(face: str) -> dict[str, tuple[float, float, float]]:
    """Each value written on a Tricksters card: (x, y, size)."""
    return {text: (float(x), float(y), float(size)) for x, y, size, text in TEXT.findall(face)}


@pytest.mark.parametrize("led", [None, "Ravens", "Foxes", "Rats", "Toads"])
def test_a_tricksters_card_turns_its_led_critter_toward_you(led):
    """Every card: its four values on its four edges; turned to the led critter,
    that value is the largest and at the bottom, and the critters keep their order
    round the card (a turn of the printed card, not a reshuffle)."""
    deck = get_game("tricksters").Rules().deck
    order = tricksters.CRITTERS
    for values in deck:
        placed = _placed_values(drawn_face("tricksters", "T1", led=led, values=values))
        assert sorted(placed) == sorted(map(str, values))
        xs = {v: p[0] for v, p in placed.items()}
        ys = {v: p[1] for v, p in placed.items()}
        edge = {"top": min(ys, key=ys.get), "bottom": max(ys, key=ys.get),
                "left": min(xs, key=xs.get), "right": max(xs, key=xs.get)}
        at = {e: order[list(map(str, values)).index(v)] for e, v in edge.items()}
        clockwise = [at[e] for e in ("top", "right", "bottom", "left")]
        start = order.index(clockwise[0])
        assert clockwise == [order[(start + i) % 4] for i in range(4)]      # the printed order, turned
        if led:
            assert at["bottom"] == led
            led_value = str(values[order.index(led)])
            assert placed[led_value][2] == max(p[2] for p in placed.values())
        else:
            assert at["top"] == "Ravens"


def test_the_home_pages_pictures_are_the_tables_cards():
    for game, tokens in (("raven", ("Sh9", "Sw14", "Raven")), ("voren", ("5H", "GS", "Wolf")),
                         ("lunar", ("Owl",))):
        picture = layout_for(game).picture
        for token in tokens:
            assert layout_for(game).art(token) in picture, (game, token)
    assert layout_for("tricksters").art("T1", values=(1, 2, 5, 4)) in layout_for("tricksters").picture
    assert card_art.back_body() in layout_for("raven").picture


def test_the_art_modules_examples_run():
    for module in (card_art, cast, tricksters):
        assert doctest.testmod(module).failed == 0


# --- the computer players ----------------------------------------------------------------------
@pytest.mark.parametrize("players", range(2, 9))
def test_the_cast_names_every_seat_from_yours(players):
    for me in range(players):
        names = cast.seat_names(players, me)
        assert names[me] == "You" and len(set(names)) == players
        # the same player at the same place from you, whatever your seat
        assert [names[(me + k) % players] for k in range(1, players)] == [m.name for m in cast.CAST[:players - 1]]
    faces = [cast.face(k) for k in range(1, len(cast.CAST) + 1)]
    assert len(set(faces)) == len(faces)


def test_the_table_log_and_hint_name_the_computer_players_alike():
    """Raven with six players: each other seat has a face, its name and its level
    (not "Player 2 ... Player 6"); the log and the worker's hint say the same names."""
    session = Session.new("raven", {"players": 6}, seed=4, seat=0, level="hard")
    rng = random.Random(3)
    while len(session.state.history) < 12 or not session.my_turn:
        state = session.state
        session.apply(state.game.action_token(state, rng.choice(state.legal_actions())))
    tell = session.narrator()
    html = render.table_html(tell, {"computer": session.computers()})
    log = log_view.log_html(tell)
    names = cast.seat_names(6, 0)[1:]
    assert "Player " not in html + log
    for seat, name in enumerate(names, start=1):
        box = re.search(rf'<section class="seatbox[^"]*" data-seat="{seat}".*?</h3>', html, flags=re.S).group(0)
        assert '<svg class="avatar"' in box and f'<span class="seat-who">{name}</span>' in box
        assert '<span class="visually-hidden">computer, </span>hard</span>' in box
    assert sum(name in log for name in names) >= 4
    hint = json.loads(worker_api.handle(json.dumps(
        {"op": "hint", "record": session.record(), "seat": 0, "budget": 30})))
    rows = [r["name"] for r in hint["opponents"]["rows"]]
    assert rows and set(rows) <= set(names)


def test_cards_face_down_are_backs_with_their_count():
    """Voren: the deck before the deal; once dealt with a poke, the stock beside
    the card turned up and the poke; each other player's hand a fan of backs
    that says how many."""
    session = Session.new("voren", {"players": 4}, seed=3, seat=0)
    html = render.table_html(session.narrator(), {"computer": session.computers()})
    assert 'aria-label="The deck, face down">' + card_art.back() in html
    session.apply("deal poke")
    obs = session.observation()
    html = render.table_html(session.narrator(obs), {"computer": session.computers()})
    assert 'aria-label="The stock, face down">' + card_art.back() in html
    assert 'aria-label="The poke: 3 cards face down" data-count="3"' in html
    for seat in (1, 2, 3):
        box = re.search(rf'<section class="seatbox[^"]*" data-seat="{seat}".*?</section>', html, flags=re.S).group(0)
        n = obs["hand_sizes"][seat]
        assert f'data-count="{n}">' + '<span class="card-back"></span>' * n in box
