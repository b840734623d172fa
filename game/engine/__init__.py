"""The rules engine: pure Python, standard library only, deterministic from a seed.

    from game.engine import Card, RuleSet, Round, Match, actions
"""

from . import actions, events
from .cards import Card
from .errors import CardError, DeckError, EngineError, IllegalAction, SaveError
from .match import Match
from .round import MatchContext, Round
from .rules import RuleSet
from .view import View, round_from_view

__all__ = [
    "Card", "CardError", "DeckError", "EngineError", "IllegalAction", "Match", "MatchContext",
    "Round", "RuleSet", "SaveError", "View", "actions", "events", "round_from_view",
]
