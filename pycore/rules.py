"""Rules objects: frozen dataclasses whose fields are named, documented rules.

Every Ruling in shared/rules/ is a field. A record stores the fields by name;
`Rules.from_dict` refuses unknown fields and values out of range.

    @dataclass(frozen=True)
    class RavenRules(Rules):
        players: int = rule(4, "Number of players.", minimum=2, maximum=6)
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable

from .errors import RulesError


def rule(default: Any, doc: str, *, ruling: str | None = None,
         choices: tuple | None = None, minimum: int | None = None,
         maximum: int | None = None,
         convert: Callable[[Any], Any] | None = None,
         dump: Callable[[Any], Any] | None = None,
         label: str | None = None, help: str | None = None,
         options: tuple | None = None, items: tuple | None = None,
         columns: tuple | None = None) -> Any:
    """A documented rules field.

    `ruling` names the Ruling of shared/rules/ it implements (e.g. "R2").
    `convert` turns a JSON value into the field's value (raising ValueError with a
    reason on bad data); `dump` turns it back into JSON (data fields such as decks).
    For people: `label` names the field in a few words ("Target score"), `help`
    says in one short sentence what it changes. Data fields say their shape:
    `options`, every value a list field may hold (a set of card kinds); `items`,
    the name of each position of a fixed-length list; `columns`, the name of each
    value of a row, for a list of rows (a table).
    """
    return dataclasses.field(default=default, metadata={
        "doc": doc, "ruling": ruling, "choices": choices, "minimum": minimum,
        "maximum": maximum, "convert": convert, "dump": dump, "label": label,
        "help": help, "options": options, "items": items, "columns": columns})


@dataclasses.dataclass(frozen=True)
class Rules:
    """Base of every game's rules. Subclasses add fields made with `rule()`."""

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            meta = f.metadata
            if meta.get("convert"):
                continue  # data fields are checked by their converter
            expected = type(f.default)
            if expected is bool:
                if not isinstance(value, bool):
                    raise RulesError(f"rules field {f.name!r} must be true or false, not {value!r}")
            elif expected is int:
                if isinstance(value, bool) or not isinstance(value, int):
                    raise RulesError(f"rules field {f.name!r} must be a whole number, not {value!r}")
            elif expected is str and not isinstance(value, str):
                raise RulesError(f"rules field {f.name!r} must be text, not {value!r}")
            if meta.get("choices") is not None and value not in meta["choices"]:
                raise RulesError(f"rules field {f.name!r} must be one of "
                                 f"{', '.join(map(str, meta['choices']))}; got {value!r}")
            if meta.get("minimum") is not None and value < meta["minimum"]:
                raise RulesError(f"rules field {f.name!r} must be at least {meta['minimum']}; got {value!r}")
            if meta.get("maximum") is not None and value > meta["maximum"]:
                raise RulesError(f"rules field {f.name!r} must be at most {meta['maximum']}; got {value!r}")
        self.validate()

    def validate(self) -> None:
        """Checks across fields; subclasses raise RulesError."""

    @classmethod
    def from_dict(cls, values: dict | None) -> "Rules":
        if values is None:
            values = {}
        if not isinstance(values, dict):
            raise RulesError(f"rules must be an object of fields, not {type(values).__name__}")
        fields = {f.name: f for f in dataclasses.fields(cls)}
        unknown = sorted(set(values) - set(fields))
        if unknown:
            raise RulesError(f"unknown rules field {unknown[0]!r}; known fields: {', '.join(fields)}")
        kwargs = {}
        for name, value in values.items():
            convert = fields[name].metadata.get("convert")
            if convert:
                try:
                    value = convert(value)
                except (TypeError, ValueError, KeyError, IndexError) as exc:
                    raise RulesError(f"rules field {name!r}: {exc}") from None
            kwargs[name] = value
        return cls(**kwargs)

    def to_dict(self) -> dict:
        """The fields as a record writes them: `players` always (where the game has
        it), the others only where they differ from the default."""
        out = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name == "players" or value != f.default:
                dump = f.metadata.get("dump")
                out[f.name] = dump(value) if dump else value
        return out

    @classmethod
    def describe(cls) -> list[dict]:
        """Every field with its documentation, for the home page and the rules page
        (`label` falls back to the field's name in words)."""
        out = []
        for f in dataclasses.fields(cls):
            meta = f.metadata
            dump = meta.get("dump")
            out.append({
                "name": f.name,
                "label": meta.get("label") or f.name.replace("_", " ").capitalize(),
                "help": meta.get("help"),
                "default": dump(f.default) if dump else f.default,
                "doc": meta.get("doc", ""),
                "ruling": meta.get("ruling"),
                "choices": list(meta["choices"]) if meta.get("choices") else None,
                "minimum": meta.get("minimum"),
                "maximum": meta.get("maximum"),
                **{key: list(meta[key]) if meta.get(key) else None
                   for key in ("options", "items", "columns")},
            })
        return out
