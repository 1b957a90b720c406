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

from manyhands_web import card_art, cast, log_view, render, standard_faces, worker_api  # noqa: E402
from pycore import standard  # noqa: E402
from manyhands_web.games import tricksters  # noqa: E402
from manyhands_web.layouts import layout_for  # noqa: E402
from manyhands_web.session import Session  # noqa: E402
from tests.catalog import own_tests  # noqa: E402

TEXT = re.compile(r'<text x="([^"]+)" y="([^"]+)" font-size="([^"]+)"[^>]*>([^<]*)</text>')
COLOURS = re.compile(r'(fill|stroke)="[^"]*"')


def drawn_face(game: str, token: str, theme: str = "", **drawn) -> str:
    """A card's face as the table shows it: its game's art, as a picture."""
    return card_art.svg(layout_for(game).art(token, theme, **drawn), led=drawn.get("led"))


def drawn_with(game: str, token: str) -> dict:
    """What the table draws a card with besides its token (its game's own tests say)."""
    own = getattr(own_tests(game), "drawn_with", None)
    return own(get_game(game).deck.card(token)) if own else {}


def _faces(game: str, theme: str = "") -> dict[str, str]:
    return {t: drawn_face(game, t, theme, **drawn_with(game, t)) for t in get_game(game).deck.tokens}


def themes(games) -> list[tuple[str, str]]:
    """(game, theme) for each of `games` in its standard names and in each theme."""
    return [(g, theme) for g in games for theme in ("", *get_game(g).words.themes)]


@pytest.mark.parametrize("game,theme", themes(sorted(all_games())))
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
    getattr(own_tests(game), "check_card_faces", lambda faces, drawn_face: None)(faces, drawn_face)


@pytest.mark.parametrize("game,theme", themes(g for g in sorted(all_games())
                                               if hasattr(own_tests(g), "SAME_RANK_IN_EACH_SUIT")))
def test_suits_differ_by_shape_as_well_as_colour(game, theme):
    """Colour-blind players and forced colours: with every colour taken away, the
    same rank in each suit still looks different, and so do the named cards."""
    own = own_tests(game)
    for cards in (own.SAME_RANK_IN_EACH_SUIT, getattr(own, "NAMED_CARDS", ())):
        shapes = [COLOURS.sub("", drawn_face(game, t, theme)) for t in cards]
        assert len(set(shapes)) == len(cards)
    if theme:                # the themes differ
        card = own.SAME_RANK_IN_EACH_SUIT[0]
        assert drawn_face(game, card) != drawn_face(game, card, theme)


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
    for game in sorted(all_games()):
        picture = layout_for(game).picture
        for token in own_tests(game).HOME_PICTURE_CARDS:
            assert layout_for(game).art(token, **drawn_with(game, token)) in picture, (game, token)
    assert card_art.back_body() in layout_for("raven").picture


def test_the_art_modules_examples_run():
    for module in (card_art, cast, standard_faces, tricksters):
        assert doctest.testmod(module).failed == 0


def test_the_standard_decks_faces_are_each_its_own():
    """The standard deck (pycore/standard.py), drawn by standard_faces.py for a
    game on it: 52 faces, each its own, the corners saying a rank as players do
    ("10", not the record's "T")."""
    faces = [standard_faces.standard_face(token) for token in standard.DECK.tokens]
    assert len(set(faces)) == len(standard.DECK) == 52
    assert {text for *_, text in TEXT.findall(standard_faces.standard_face("TH"))} == {"10"}


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
