"""One module per game; importing this package registers them all."""
import importlib

for _name in ("raven", "tricksters", "lunar", "voren"):
    try:
        importlib.import_module(f"{__name__}.{_name}")
    except ModuleNotFoundError as exc:  # a game not written yet
        if exc.name != f"{__name__}.{_name}":
            raise
