"""The page's events (the page's Pyodide): each click, key and change handed to
the room it belongs to (app.py composes them), and `main`, the page's start:
the game that was at the table resumed, the view drawn, the hint worker booted."""
from __future__ import annotations

import asyncio
import json

from pyscript import window

from . import dom, pages, render, trick_view, worker_client
from .app import app
from .delegate import listen, on
from .dom import announce, attr, focus_next, refocus, target
from .table import NEXT_DECISION


@on("click", "#table")
def on_table_click(event):
    button = target(event, "[data-action],[data-toggle],[data-sub],[data-ui],[data-copy],[data-prepick],[data-take]")
    if not button:
        if app.table.ui.get("holding") == "trick" and target(event, "#middle"):
            app.table.release()          # a click on the finished trick goes on
        return
    if button.disabled:
        return
    action, toggle, sub, ui = (attr(button, f"data-{k}") for k in ("action", "toggle", "sub", "ui"))
    if attr(button, "data-take"):                # the pass screen: the next person holds the device
        app.friends.take()
    elif attr(button, "data-copy"):
        app.sharing.copy(attr(button, "data-copy"))
    elif attr(button, "data-prepick"):           # while others play: your next card
        app.table.pace.choose(int(attr(button, "data-prepick")))
    elif action:
        app.table.act(action)
    elif toggle is not None:
        index = int(toggle)
        selected = app.table.ui["selected"]
        app.table.ui["selected"] = [i for i in selected if i != index] if index in selected else selected + [index]
        app.table.draw()
        if not app.guide.active:         # (a lesson moves the focus to where it points next)
            refocus(f'[data-toggle="{index}"]')
    elif sub is not None:
        app.table.ui["sub"] = None if app.table.ui["sub"] == sub else sub
        app.table.draw()
        refocus("#prompt .choice")
    elif ui:
        on_ui(ui, button)


def on_ui(ui: str, button) -> None:
    """The table's own controls (data-ui): moments, the trick viewer, score pad and sheets."""
    state = app.table.ui
    if ui == "pick-suggested":     # the hint's cards picked for you; you still confirm
        state["selected"] = sorted(render.suggested_cards(state.get("suggested"),
                                                          list(app.table.session.observation().get("hand") or [])))
        app.table.draw()
        refocus("#confirm")
        return
    if ui == "why":          # a card or button that cannot be chosen: say why
        reason = _reason(button)
        state["why_said"] = reason
        announce(reason)
        app.table.draw()
        card = attr(button, "data-card")
        refocus(f'[data-ui="why"][data-card="{card}"]' if card else f'#{attr(button, "id") or "confirm"}')
        return
    if ui == "continue":
        app.table.release()
        if app.table.session and app.table.session.state.is_terminal:
            refocus("#play-again")
        return
    if ui == "details":
        state["show_details"] = not state.get("show_details")
    elif ui == "tricks":
        state["view_trick"] = None if state.get("view_trick") is not None else 10**6
    elif ui in ("trick-prev", "trick-next"):
        state["view_trick"] = max(0, min(int(state.get("view_trick") or 0), _tricks_viewable() - 1)
                                  + (1 if ui == "trick-next" else -1))
    elif ui == "trick-close":
        state["view_trick"] = None
    elif ui == "scores":
        state["show_scores"] = not state.get("show_scores")
    elif ui == "sheet":
        state["sheet"] = int(attr(button, "data-hand") or 0)
    elif ui == "sheet-close":
        state["sheet"] = None
    elif ui == "end-close":
        state["end_closed"] = True
    elif ui == "end-open":
        state["end_closed"] = False
    elif ui == "review":          # the score sheet's, the end of the game's: review a hand
        if state.get("holding") != "hand":      # at a hand's end the sheet stays, to go on from
            state["sheet"] = None
        state["end_closed"] = True
        app.table.draw()
        asyncio.ensure_future(app.reviews.open_review(int(attr(button, "data-hand") or 0)))
        return
    elif ui == "share":           # the score sheet's: a link to this hand's deal
        app.history.share_hand(int(attr(button, "data-hand") or 0))
        return
    elif ui == "play-again":
        app.table.play_again()
        return
    elif ui == "new-game":
        app.views.go("home")
        return
    app.table.draw()
    refocus(f'[data-ui="{ui}"]' if ui not in ("sheet-close", "end-close") else "#table-tools button, #result button")


def _tricks_viewable() -> int:
    obs = app.table.session.observation() if app.table.session else {}
    h = trick_view.viewed_hand(obs)
    return len(trick_view.finished_tricks(obs, h)) if h is not None else 0


@on("focusin", '#table [data-ui="why"]')
def on_table_focus(event):
    """A card that cannot be chosen says why when it gets the focus, as on hover."""
    dom.set_text("why-said", _reason(target(event, '[data-ui="why"]')))


def _reason(node) -> str:
    """Why a card or button cannot be chosen: its tooltip, else its description."""
    if attr(node, "title"):
        return attr(node, "title")
    described = window.document.getElementById(attr(node, "aria-describedby") or "")
    return str(described.textContent) if described else ""


@on("keydown")
def on_key(event):
    """Escape: no card chosen to play next. Any key goes on from a finished trick
    (outside form fields)."""
    if str(event.key) == "Escape" and app.table.session and app.table.pace.cancel_prepick():
        return
    if app.table.ui.get("holding") != "trick" or str(event.key) in ("Shift", "Control", "Alt", "Meta", "Tab"):
        return
    tag = str(event.target.tagName or "").lower() if event.target else ""
    if tag in ("input", "select", "textarea") or target(event, "[data-prepick]"):
        return          # (along your hand, choosing your next card: the trick stays)
    app.table.release()


# --- home ------------------------------------------------------------------------------------------
@on("click", "#game-cards")
def on_game_card_click(event):
    button = target(event, "[data-play],[data-resume],[data-reset],[data-friends]")
    if not button:
        return
    play, resume, reset, friends = (attr(button, f"data-{k}") for k in ("play", "resume", "reset", "friends"))
    if play:
        app.home.play(play)
    elif friends:
        app.friends.open(friends)
    elif resume:
        app.views.go("table")
    elif reset:
        app.home.reset_field(str(button.closest("[data-game]").dataset.game), reset)


@on("change", "#game-cards")
def on_game_card_change(event):
    card = event.target.closest("[data-game]")
    if card and str(event.target.id) == f"rule-{card.dataset.game}-players":
        app.home.update_seats(str(card.dataset.game))


@on("change", "#level")
def on_level(event):
    level = str(event.target.value)
    dom.set_text("level-help", pages.level_help(level))
    app.kept.save_prefs(level=level)


@on("click", "#saved-games")
def on_saved_games_click(event):
    button = target(event, "[data-open],[data-delete]")
    if not button:
        return
    game_id, delete = attr(button, "data-open"), attr(button, "data-delete")
    if game_id:
        app.home.open_game(game_id)
    elif delete:
        asyncio.ensure_future(app.home.delete_game(delete))


@on("click", "#friends-dialog")
def on_friends_click(event):
    if target(event, "#friends-start"):
        app.friends.start()
    elif target(event, "#friends-cancel"):
        app.friends.close()


@on("change", "#friends-dialog")
def on_friends_change(event):
    place = attr(event.target, "data-kind")
    if place is not None:
        app.friends.kind_changed(int(place), str(event.target.value))


@on("click", "#confirm-dialog")
def on_confirm(event):
    button = target(event, "button[data-answer]")
    if button:
        app.confirm.answer(attr(button, "data-answer") == "yes")


@on("close", "#confirm-dialog")
def on_confirm_closed(event):          # Escape: nothing is done
    app.confirm.answer(False)


@on("click", "#menu-toggle")
def on_menu(event):
    show_settings(attr(event.target.closest("#menu-toggle"), "aria-expanded") != "true")


def show_settings(opened: bool) -> None:
    """The Settings panel opened or closed (closed once one of its buttons has done its work)."""
    dom.toggle_class("game-menu", "open", opened)
    dom.set_attr("menu-toggle", "aria-expanded", "true" if opened else "false")


@on("click", "#review-panel")
def on_review_click(event):
    button = target(event, "[data-review]")
    if not button or button.disabled or app.reviews.review is None:
        return
    what = attr(button, "data-review")
    if what == "close":
        app.reviews.close_review()
        focus_next(NEXT_DECISION, force=True)
    elif what == "cancel":
        app.reviews.cancel_review()
    elif what == "export":
        app.reviews.export_review()
    elif what in ("step", "trick"):
        step = attr(button, "data-step") or attr(button, "data-trick") or "0"
        app.reviews.review["step"] = int(step)
        app.reviews.draw_review()
        if what == "trick":
            dom.scroll_into_view("review-steps", block="nearest")
        refocus(f'[data-review="step"][data-step="{int(step) + 1}"]:not([disabled]), '
                 f'[data-review="step"]:not([disabled])')
    elif what == "replay":
        first = app.reviews.review["data"]["hands"][0]["first_action"]
        app.reviews.branch(first, None, replay=True)
    elif what in ("branch", "try"):
        app.reviews.branch(int(attr(button, "data-index")), attr(button, "data-choice"), replay=False)


# --- history and statistics ---------------------------------------------------------------------
@on("click", "#view-history")
def on_history_click(event):
    button = target(event, "[data-history],[data-copy]")
    if not button or button.disabled:
        return
    what, game_id = attr(button, "data-history"), attr(button, "data-id")
    if attr(button, "data-take"):                # the pass screen: the next person holds the device
        app.friends.take()
    elif attr(button, "data-copy"):
        app.sharing.copy(attr(button, "data-copy"))
    elif what == "replay":
        app.history.replay(game_id)
    elif what == "step":
        app.history.step(int(attr(button, "data-step") or 0))
    elif what == "close-replay":
        app.history.close_replay()
    elif what == "review":
        app.history.review(game_id)
    elif what == "again":
        app.history.again(game_id)
    elif what == "share":
        app.history.share(game_id)
    elif what == "export":
        app.history.export()


@on("change", "#view-history")
def on_history_change(event):
    node = event.target
    if str(node.id) in ("history-game", "history-players"):
        app.history.filter()
    elif str(node.id) == "history-import":
        files = node.files
        if files.length:
            asyncio.ensure_future(app.history.import_file(files.item(0)))
        dom.set_prop("history-import", "value", "")


@on("change", "#view-stats")
def on_stats_change(event):
    if str(event.target.id) == "auto-review":
        app.history.set_auto_review(bool(event.target.checked))
    elif str(event.target.id) == "stats-person":
        app.history.choose_person()


@on("click", "#undo")
def on_undo(event):
    app.table.undo()


@on("click", "#hint")
def on_hint(event):
    asyncio.ensure_future(app.hints.hint())


@on("click", "#hint-body")
def on_hint_body_click(event):
    button = target(event, ".hint-more")
    if button and not button.disabled:
        asyncio.ensure_future(app.hints.hint(json.loads(attr(button, "data-budget"))))


@on("click", "#hint-cancel")
def on_hint_cancel(event):
    app.hints.cancel_hint()


@on("click", "#hint-close")
def on_hint_close(event):
    app.hints.cancel_hint(quiet=True)
    app.hints.close_hint()
    app.table.draw()          # an only choice waits while the hint is open: it goes on now
    focus_next(["#hint", *NEXT_DECISION], force=True)


@on("click", "#export")
def on_export(event):
    show_settings(False)
    app.table.export()


@on("change", "#import-file, #home-import")
def on_import(event):
    show_settings(False)
    files = event.target.files
    if files.length:
        asyncio.ensure_future(app.table.import_file(files.item(0)))
    dom.set_prop(event.target.id, "value", "")


@on("click", "#theme-toggle")
def on_theme(event):
    session = app.table.session
    themes = list(getattr(session.game, "themes", ())) if session else []
    show_settings(False)
    if themes:
        session.theme = themes[(themes.index(session.theme) + 1) % len(themes)]
        app.table.save()
        app.table.draw()


@on("click", "#new-game")
def on_new(event):
    show_settings(False)
    app.views.go("home")


@on("change", "#trick-pace")
def on_trick_pace(event):
    app.table.set_trick_pause(str(event.target.value))


@on("change", "#play-forced")
def on_play_forced(event):
    app.table.pace.set_auto(bool(event.target.checked))


@on("hashchange")
def on_hash(event):
    app.views.route(event.hash)


@on("storage")
def on_storage(event):
    """Another tab changed what is kept: the Python's copy follows (storage.py)."""
    app.kept.store.changed(*event.storage)


def main(started: float) -> None:
    """The page's start, `started` ms after navigation (main.py)."""
    from pyodide.ffi import create_proxy
    listen()
    window.setInterval(create_proxy(app.hints.tick), 100)
    dom.set_prop("trick-pace", "value", app.table.trick_pause)
    dom.set_prop("play-forced", "checked", app.table.pace.auto)
    page = dom.page_state()
    app.views.hash = page["hash"]
    app.home.touched = "touched" in page["data"]
    app.home.resume()
    app.views.route()
    pending = page["data"].get("pending")    # Play clicked before Python started (first_screen.js)
    if pending:
        dom.set_data("data-pending", None)
        if pending in app.games:
            app.home.play(pending)
        elif pending.removeprefix("friends:") in app.games:
            app.views.go("home")
            app.friends.open(pending.removeprefix("friends:"))
    dom.set_data("data-timing", f"main {started:.0f} ms, ready {window.performance.now():.0f} ms")
    dom.set_data("data-ready", "true")
    dom.flush()
    worker_client.start()
    app.background.catch_up()          # every kept game's finished hands without a par yet
    dom.flush()
