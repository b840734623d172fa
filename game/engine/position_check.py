"""A saved match checked as a whole position before anyone plays on from it.

A save is outside data: an edited file could hold an extra wild, a pink card in
Classic, a card that vanished, a winner in the middle of a round, or a current
player who does not exist (a soft-lock). Each check here says what is wrong in
words; the loader turns that into a SaveError and the file is kept aside.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from game.limits import MAX_PLAYERS, MAX_TARGET, MIN_PLAYERS, SCORINGS, players_ok, target_ok

from . import legal
from .cards import COLORS, Card
from .errors import SaveError
from .kinds import KINDS
from .rules import PRESETS, RuleSet

if TYPE_CHECKING:
    from .match import Match
    from .round import Round

PHASES = (legal.COLOR, legal.TURN, legal.DRAWN, legal.STACK, legal.DRAW4, legal.OVER)
_RNG_WORDS = 625  # Mersenne Twister: 624 words of state and a position


def check_rules(options: Any) -> RuleSet:
    """The rule set saved as `options`: a preset's colours and special card (or, for a
    rule set of its own, four known colours and a registered special), and each
    house option true or false."""
    if not isinstance(options, dict):
        raise SaveError("the rules must be a table of options")
    known = {f.name for f in fields(RuleSet)}
    if set(options) - known:
        raise SaveError(
            f"unknown rule option(s): {', '.join(sorted(map(str, set(options) - known)))}"
        )
    name = options.get("name")
    base = RuleSet.preset(name) if name in PRESETS else RuleSet()
    for key, value in options.items():
        if isinstance(getattr(base, key), bool) and type(value) is not bool:
            raise SaveError(f"rules.{key} must be true or false")
    colors = tuple(options.get("colors", ())) if isinstance(options.get("colors"), list) else None
    if name in PRESETS:
        wanted = (base.name, base.colors, base.special)
        if (name, colors, options.get("special")) != wanted:
            raise SaveError(f"rules: the colours and special card must be the {name} preset's")
    elif not (
        isinstance(name, str)
        and colors is not None
        and len(colors) == 4
        and len(set(colors)) == 4
        and set(colors) <= set(COLORS)
        and (options.get("special") is None or str(options.get("special")) in KINDS)
    ):
        raise SaveError(f"rules.name {str(name)[:40]!r} is neither a preset nor a sound rule set")
    return RuleSet.from_options(options)


def check_rng(data: Any) -> None:
    """A Mersenne Twister state as `random.Random.getstate` gives it, nothing larger."""
    ok = isinstance(data, list) and len(data) == 3 and data[0] == 3
    state = data[1] if ok else None
    ok = ok and isinstance(state, list) and len(state) == _RNG_WORDS
    ok = ok and all(type(w) is int and 0 <= w < 2**32 for w in state)  # type: ignore[union-attr]
    ok = ok and 0 <= state[-1] <= _RNG_WORDS - 1  # type: ignore[index]
    gauss = data[2] if ok else None
    if not ok or not (gauss is None or (type(gauss) is float and math.isfinite(gauss))):
        raise SaveError("the random generator's state is damaged")


_PLAYERS = f"{MIN_PLAYERS} to {MAX_PLAYERS}"


def check_table(players: Any, dealer: Any) -> None:
    """What a round is built around, checked before it is built."""
    if not players_ok(players):
        raise SaveError(f"a round needs {_PLAYERS} players, not {players!r}"[:80])
    _seat(dealer, players, "dealer")


def check_round(rnd: Round) -> None:
    """SaveError unless `rnd` is a position the rules can reach."""
    _check_seats(rnd)
    _check_cards(rnd)
    _check_phase(rnd)
    check_events(rnd.start_events, rnd.players, rnd.rules, "start_events")
    check_events(rnd.history, rnd.players, rnd.rules, "history")


# Event fields that name a seat; every other int field is a count or a score.
_SEAT_FIELDS = frozenset(
    ("seat", "dealer", "target", "catcher", "challenger", "challenged", "giver", "other")
)


def check_events(found: list, players: int, rules: RuleSet, where: str) -> None:
    """Every event's seats at this table and its cards in this deck: the screen's
    narration indexes seats and draws cards by them."""
    deck = rules.deck_counts()
    for i, event in enumerate(found):
        try:
            for name, value in zip(event._fields, event, strict=True):
                _check_event_value(name, value, players, deck, rules.colors)
            if type(event).__name__ == "MatchWon":
                for seat in event.winners:
                    _seat(seat, players, "a winner")
        except SaveError as error:
            raise SaveError(f"{where}[{i}] ({type(event).__name__}): {error}") from None


def _check_event_value(  # noqa: C901 - one case per kind of value
    name: str, value: Any, players: int, deck: Counter, colors: tuple[str, ...]
) -> None:
    if name in _SEAT_FIELDS:
        _seat(value, players, name)
    elif isinstance(value, Card):
        if value not in deck:
            raise SaveError(f"{value} is not a card of this deck")
    elif name == "color":
        if value not in colors:
            raise SaveError(f"colour {value!r:.40} is not one of {', '.join(colors)}")
    elif name == "gifts":
        for to, card in value:
            _seat(to, players, "a gift's seat")
            if card is not None and card not in deck:
                raise SaveError(f"{card} is not a card of this deck")
    elif isinstance(value, tuple):
        for item in value:
            if isinstance(item, tuple):
                _check_event_value("", item, players, deck, colors)
            elif isinstance(item, Card) and item not in deck:
                raise SaveError(f"{item} is not a card of this deck")
    elif isinstance(value, bool | str | int) or value is None:
        if name == "players" and value != players:
            raise SaveError(f"{value!r:.20} players at a table of {players}")
    else:
        raise SaveError(f"{name} {value!r:.40} is not a value an event holds")


def _seat(value: Any, players: int, what: str, none: Any = "absent") -> None:
    if value == none and type(value) is type(none):
        return
    if type(value) is not int or not 0 <= value < players:
        raise SaveError(f"{what} {value!r} is not a seat of {players} players")


def _check_seats(rnd: Round) -> None:
    n = rnd.players
    if not players_ok(n):
        raise SaveError(f"a round needs {_PLAYERS} players, not {n!r}")
    _seat(rnd.dealer, n, "dealer")
    _seat(rnd.current, n, "current player")
    _seat(rnd.draw4_by, n, "draw4_by", -1)
    _seat(rnd.uno_open, n, "uno_open", -1)
    _seat(rnd.winner, n, "winner", None)
    if rnd.direction not in (1, -1) or type(rnd.direction) is not int:
        raise SaveError(f"direction {rnd.direction!r} is neither 1 nor -1")
    if len(rnd.hands) != n:
        raise SaveError(f"{len(rnd.hands)} hands for {n} players")
    if type(rnd.idle) is not int or not -1 <= rnd.idle <= n:  # -1: Round._moved_mid_turn
        raise SaveError(f"idle count {rnd.idle!r} is out of range")
    if type(rnd.draw4_guilty) is not bool:
        raise SaveError("draw4_guilty must be true or false")
    for seat, _ in rnd.log:
        _seat(seat, n, "a logged action's seat")


def _check_cards(rnd: Round) -> None:
    """Exactly the preset's deck, every card in one place: hands, draw pile, discards."""
    held = Counter(card for hand in rnd.hands for card in hand)
    found = held + Counter(rnd._draw) + Counter(rnd.discard)
    deck = rnd.rules.deck_counts()
    if found != deck:
        extra = sorted(str(c) for c in (found - deck).elements())[:3]
        lost = sorted(str(c) for c in (deck - found).elements())[:3]
        said = [f"extra {', '.join(extra)}"] if extra else []
        said += [f"missing {', '.join(lost)}"] if lost else []
        raise SaveError(f"the cards are not the {rnd.rules.name} deck ({'; '.join(said)})")
    if not rnd.discard:
        raise SaveError("the discard pile is empty")
    colours = (*rnd.rules.colors, None)
    if rnd.color not in colours or rnd.draw4_prev not in colours:
        raise SaveError(f"colour {rnd.color!r} is not one of {', '.join(rnd.rules.colors)}")


def _check_phase(rnd: Round) -> None:  # noqa: C901 - one rule per line
    phase = rnd.phase
    if phase not in PHASES:
        raise SaveError(f"phase {phase!r} is not one of {', '.join(PHASES)}")
    over = phase == legal.OVER
    if not over and rnd.winner is not None:
        raise SaveError("a round in play has a winner")
    if not over and not all(rnd.hands):
        raise SaveError("a round in play has an empty hand")
    if over and rnd.winner is not None and rnd.hands[rnd.winner]:
        raise SaveError("the winner still holds cards")
    if (rnd.color is None) != (phase == legal.COLOR):
        raise SaveError(f"colour {rnd.color!r} does not fit phase {phase}")
    if phase == legal.COLOR and rnd.top.color is not None:
        raise SaveError(f"a colour to name over a {rnd.top.color} card")
    if rnd.uno_open >= 0 and len(rnd.hands[rnd.uno_open]) != 1:
        raise SaveError("a player open to a catch does not hold one card")
    if type(rnd.penalty) is not int or not 0 <= rnd.penalty <= len(rnd.rules.deck()):
        raise SaveError(f"penalty {rnd.penalty!r} is out of range")
    if (rnd.penalty > 0) != (phase in (legal.STACK, legal.DRAW4)):
        raise SaveError(f"penalty {rnd.penalty} does not fit phase {phase}")
    if phase == legal.STACK and rnd.top.kind != "draw2":
        raise SaveError("a draw2 stack without a draw2 on top")
    if phase == legal.DRAW4 and (rnd.top.kind != "wild-draw4" or rnd.draw4_by < 0):
        raise SaveError("a wild-draw4 to answer without one on top")
    drawn = rnd.drawn
    if (drawn is not None) != (phase == legal.DRAWN):
        raise SaveError(f"the drawn card does not fit phase {phase}")
    if drawn is not None and drawn not in rnd.hands[rnd.current]:
        raise SaveError("the drawn card is not in the current player's hand")
    if not all(type(v) is int and 0 <= v < 100 for v in rnd.cycles.values()):
        raise SaveError("the reshuffle record is damaged")


def check_match(match: Match) -> None:
    """The match around the round: scores, target, dealer and the round's own rules."""
    n = match.players
    rnd = match.round
    if type(n) is not int or rnd.players != n:
        raise SaveError("the round and the match seat different numbers of players")
    if rnd.rules != match.rules:
        raise SaveError("the round and the match play different rules")
    if match.seed is not None and type(match.seed) is not int:
        raise SaveError("the seed must be a whole number")
    # The limits the wire and the set-up keep: a table resumed past them could never
    # be joined (the client refuses a target of 4,000 digits).
    if not target_ok(match.target):
        raise SaveError(f"the target must be a whole number from 1 to {MAX_TARGET}")
    if match.scoring not in SCORINGS:
        raise SaveError(f"the scoring must be one of {', '.join(SCORINGS)}")
    _seat(match.dealer, n, "dealer")
    banked = match._banked
    if len(banked) != n or not all(type(s) is int and s >= 0 for s in banked):
        raise SaveError("the scores do not fit the match")
    context = rnd.context
    if context is None or (context.scores, context.target, context.scoring) != (
        banked,
        match.target,
        match.scoring,
    ):
        raise SaveError("the round's scores are not the match's")
    if max(banked) >= match.target:
        raise SaveError("the match was already won before this round")
    for log in match.round_logs:
        for seat, _ in log:
            _seat(seat, n, "a logged action's seat")
    check_events(match.opening_events, n, match.rules, "opening_events")
    check_round(rnd)
