"""Errors the engine raises. All are ValueErrors, so callers can catch one type."""


class EngineError(ValueError):
    """Base of every error the engine raises on bad input."""


class CardError(EngineError):
    """A card text that names no card."""


class DeckError(EngineError):
    """A stacked deck that the preset cannot hold."""


class IllegalAction(EngineError):
    """An action the rules do not allow now; the message says why."""


class SaveError(EngineError):
    """Saved data that cannot be loaded."""
