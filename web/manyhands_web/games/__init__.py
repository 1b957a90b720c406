"""One module per game: its table layout and its card on the home page (pitch
and picture), both on its `Layout` subclass. Importing this package registers them
all (layouts.LAYOUTS); the package manyhands_web imports it first thing."""
from . import lunar, raven, tricksters, voren  # noqa: F401
