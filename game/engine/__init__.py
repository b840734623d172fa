"""The rules engine: pure Python, standard library only, deterministic from a seed.

from game.engine import Card, RuleSet, Round, Match, actions
"""

from . import (
    actions,
    events,
    kinds,
    specials,  # registers the special cards (kinds.py)
)
from .actions import ActionKind
from .cards import Card
from .errors import CardError, DeckError, EngineError, IllegalAction, SaveError
from .match import Match
from .phases import Phase
from .round import MatchContext, Round
from .rules import RuleSet
from .view import View, round_from_view

__all__ = [
    "ActionKind",
    "Card",
    "CardError",
    "DeckError",
    "EngineError",
    "IllegalAction",
    "Match",
    "MatchContext",
    "Phase",
    "Round",
    "RuleSet",
    "SaveError",
    "View",
    "actions",
    "events",
    "kinds",
    "specials",
    "round_from_view",
]
