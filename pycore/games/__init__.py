"""One module per game; importing this package registers them all (each module
calls `pycore.game.register` on its `Game`): the one catalog of games."""
from . import lunar, raven, tricksters, voren  # noqa: F401
