"""One module per game: its table layout and its card on the home page (pitch
and picture), both on its `Layout` subclass. Importing this package registers them
all (layouts.LAYOUTS): the modules that look a game's layout up or draw its cards
import it (render, pages, log_view, review_view), so the workers, which draw
nothing, never load them."""
from . import lunar, raven, tricksters, voren  # noqa: F401
from . import lunar_lesson, raven_lesson, tricksters_lesson, voren_lesson  # noqa: F401  (the guided first hands: lesson.py)
