"""Errors the engine raises. All are ValueErrors, so callers can catch one type."""

from typing import Any


class EngineError(ValueError):
    """Base of every error the engine raises on bad input."""


class CardError(EngineError):
    """A card text that names no card."""


class DeckError(EngineError):
    """A stacked deck that the preset cannot hold."""


class IllegalAction(EngineError):
    """An action the rules do not allow now; the message says why. `refusal`, when
    the rules refused it, says why as data (refusal.Refusal): a reason key and a
    player's message for the UI to translate."""

    def __init__(self, message: str, refusal: Any = None) -> None:
        super().__init__(message)
        self.refusal = refusal


class SaveError(EngineError):
    """Saved data that cannot be loaded."""
