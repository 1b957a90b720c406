"""Errors that say what is wrong. All are ValueError subclasses."""


class ManyhandsError(ValueError):
    """Base of every error the engine raises on bad input."""


class IllegalActionError(ManyhandsError):
    """An action that is not legal in the state it was applied to."""


class TokenError(ManyhandsError):
    """A card or action token that cannot be read at all."""


class RulesError(ManyhandsError):
    """An unknown rules field, or a value out of range."""


class DealError(ManyhandsError):
    """A deal that does not hold exactly the game's cards, or breaks the dealer rotation."""


class RecordError(ManyhandsError):
    """A game record that is malformed, or that cannot be replayed."""
