"""What the page's address sets for one visit: ?pace=SECONDS between computer
moves (and the pause after a trick), ?budget=N hint playouts, ?hint=SECONDS the
hint's time, ?forced=wait an only choice waits for your click (pace.py)."""
from __future__ import annotations

from . import dom

PARAMS = dom.page_state()["params"]          # (one read of the page)


def _param(name: str, default: str) -> str:
    return PARAMS.get(name, default)


PACE = float(_param("pace", "0.7"))          # seconds between computer moves
BUDGET = int(_param("budget", "0")) or None  # hint effort in playouts; None: HINT_SECONDS


def _seconds_param(name: str, default: float) -> float:
    """A time in seconds from the address (?hint=1.5), else `default` (an unreadable
    or unreasonable value too: the page never fails to load for its address)."""
    try:
        value = float(_param(name, str(default)))
    except ValueError:
        return default
    return value if 0.1 <= value <= 60 else default


# The default hint's time in the page, counted from the request (replay and view
# too); what is left of the 2 s a player waits goes to wording the hint, the
# message back and drawing it: up to 0.2 s for Raven's 2,380 bids (bench/web.py
# --decisions; at 1.8 s the slowest hints took 2.03 s). ?hint=S sets it for a visit.
HINT_SECONDS = _seconds_param("hint", 1.7)
# ?pace=S also sets the pause after a trick to S for this visit (the tests' ?pace=0).
PACE_GIVEN = _param("pace", "")
# ?forced=wait: an only choice does not play itself, this visit (the browser tests
# stop at every decision of yours, as bench/browser.py's open_site asks by default).
FORCED_WAIT = _param("forced", "") == "wait"
