"""A match: rounds to a target score (rule 10), with the dealer drawn by cards."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from game.limits import DEFAULT_TARGET, Scoring

from .actions import Action, from_text, to_text
from .cards import Card
from .errors import IllegalAction, SaveError
from .events import DealerCard, DealerChosen
from .keyed_random import KeyedRandom
from .position_check import check_match, check_rules
from .round import MatchContext, Round
from .rules import RuleSet
from .scoring import match_winners
from .serialise import (
    decode_event,
    decode_rng,
    encode_event,
    encode_rng,
    round_from_data,
    round_to_data,
)
from .setup import stacked_deck
from .shuffle import shuffle
from .validate import check_match_setup

SAVE_FORMAT = "uno-table-match"
SAVE_VERSION = 1


class Match:
    """Rounds until someone reaches `target`. `scoring` is "standard" (winner
    scores the others' hands) or "alternative" (everyone adds their own hand;
    lowest total wins)."""

    def __init__(
        self,
        rules: RuleSet,
        players: int = 4,
        seed: int | None = None,
        target: int = DEFAULT_TARGET,
        scoring: str = Scoring.STANDARD,
        dealer_deck: Sequence[str | Card] = (),
        rng: random.Random | None = None,
        key: bytes | None = None,
    ) -> None:
        """`dealer_deck` stacks the draw for the first dealer (tests): the cards the
        seats turn up, in the order they take them, lap after lap; once it runs out
        the seeded shuffle decides, as it does without it.

        `rng`, if given, deals instead of `random.Random(seed)`: a `KeyedRandom`
        makes a match nobody can predict from what they see (online tables), each
        round dealt from a key of its own (`round_key`). `key`, with a keyed `rng`:
        the first round is dealt from it instead (a key the players drew together,
        game.online.protocol.fairness; `next_round` takes the next one)."""
        check_match_setup(rules, players, seed, target, scoring)
        self.rules, self.players, self.seed = rules, players, seed
        self.target, self.scoring = target, Scoring(scoring)
        self._rng = rng if rng is not None else random.Random(seed)
        self._banked = (0,) * players
        self.round_logs: list[list[tuple[int, Action]]] = []
        self.opening_events: list = []
        self.dealer = self._choose_dealer(list(dealer_deck))
        self.round = self._deal(key)

    def _choose_dealer(self, stacked: list[str | Card]) -> int:
        """Rule 3.1: everyone draws; highest number deals (symbols count 0); the
        tied draw again among themselves from a reshuffled deck."""
        drawing = list(range(self.players))
        while True:
            deck = self._lap_deck(stacked, len(drawing))
            drawn = {seat: deck[i] for i, seat in enumerate(drawing)}
            self.opening_events += [DealerCard(seat, card) for seat, card in drawn.items()]
            best = max(card.number or 0 for card in drawn.values())
            drawing = [seat for seat, card in drawn.items() if (card.number or 0) == best]
            if len(drawing) == 1:
                self.opening_events.append(DealerChosen(drawing[0]))
                return drawing[0]

    def _lap_deck(self, stacked: list[str | Card], count: int) -> list[Card]:
        """A whole deck, shuffled, for one lap of the dealer draw; on top, the next
        `count` cards of `stacked`, used up here (without them the draw is as it
        always was: seeds and saves give the same dealer)."""
        named, rest = (
            stacked_deck(self.rules, stacked[:count]) if stacked else ([], self.rules.deck())
        )
        del stacked[:count]
        shuffle(self._rng, rest)
        return named + rest

    def _deal(self, key: bytes | None = None) -> Round:
        context = MatchContext(self._banked, self.target, self.scoring)
        if isinstance(self._rng, KeyedRandom):
            rng = KeyedRandom(key) if key is not None else self._rng.spawn()
            return Round.start(self.rules, self.players, self.dealer, rng=rng, context=context)
        return Round.start(
            self.rules, self.players, self.dealer, seed=self._rng.getrandbits(64), context=context
        )

    @property
    def round_key(self) -> bytes | None:
        """The key the round in play was dealt from (a keyed match only): anyone
        holding it deals the round again, so it is told only once the round is over."""
        rng = self.round._rng
        return rng.key if isinstance(rng, KeyedRandom) else None

    @property
    def scores(self) -> tuple[int, ...]:
        """Totals per seat, the current round included once it is over."""
        return self.round.match_totals() if self.round.over else self._banked

    @property
    def over(self) -> bool:
        return self.round.over and max(self.scores) >= self.target

    @property
    def winners(self) -> tuple[int, ...]:
        return match_winners(self.scores, self.scoring) if self.over else ()

    @property
    def winner(self) -> int | None:
        """The winning seat; None while playing or when the win is shared."""
        winners = self.winners
        return winners[0] if len(winners) == 1 else None

    def apply(self, action: Action, seat: int | None = None) -> list:
        return self.round.apply(action, seat)

    def next_round(self, key: bytes | None = None) -> Round:
        """Deal the next round: the deal passes to the left (rule 3.1). `key`: a
        keyed match's round dealt from this key (see `__init__`)."""
        if not self.round.over:
            raise IllegalAction("the round in play is not over yet")
        if self.over:
            raise IllegalAction("the match is over")
        self._banked = self.scores
        self.round_logs.append(self.round.log)
        self.dealer = (self.dealer + 1) % self.players
        self.round = self._deal(key)
        return self.round

    # -- saving -----------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "rules": self.rules.options(),
            "players": self.players,
            "seed": self.seed,
            "target": self.target,
            "scoring": str(self.scoring),
            "dealer": self.dealer,
            "banked": list(self._banked),
            "rng": encode_rng(self._rng),
            "opening_events": [encode_event(e) for e in self.opening_events],
            "round_logs": self._saved_logs(),
            "round": round_to_data(self.round),
        }

    def _saved_logs(self) -> list[list[list[Any]]]:
        """The finished rounds' logs as saved. A match is saved after every action, and
        a long one holds 200,000 logged actions: each finished log is written once and
        kept (it never changes; the lists handed out are not changed either)."""
        kept: list[tuple[list, int, list[list[Any]]]] = self.__dict__.setdefault("_logs_saved", [])
        logs = []
        for i, log in enumerate(self.round_logs):
            if i >= len(kept) or kept[i][0] is not log or kept[i][1] != len(log):
                del kept[i:]
                kept.append((log, len(log), [[s, to_text(a)] for s, a in log]))
            logs.append(kept[i][2])
        return logs

    def to_json(self) -> str:
        return json.dumps(self.to_data(), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Match:
        try:
            data = json.loads(text)
        except (ValueError, TypeError, RecursionError, MemoryError) as err:
            raise SaveError(f"saved match is not valid JSON: {type(err).__name__}") from None
        return cls.from_data(data)

    @classmethod
    def from_data(cls, data: Any) -> Match:
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("this is not a saved uno-table match")
        if data.get("version") != SAVE_VERSION:
            raise SaveError(
                f"saved match version {data.get('version')!r} is not supported "
                f"(this game reads version {SAVE_VERSION})"
            )
        try:
            match = cls._restore(data)
            check_match(match)
            return match
        except SaveError:
            raise
        except (
            KeyError,
            TypeError,
            ValueError,
            IndexError,
            AttributeError,
            RecursionError,
            ArithmeticError,
        ) as err:
            raise SaveError(f"saved match is damaged: {type(err).__name__} {err}"[:200]) from None

    @classmethod
    def restore(cls, data: dict[str, Any]) -> Match:
        """The match of a save already checked (by `from_data`, in another process)."""
        return cls._restore(data)

    @classmethod
    def _restore(cls, data: dict[str, Any]) -> Match:
        match = object.__new__(cls)
        match.rules = check_rules(data["rules"])
        match.players, match.seed = data["players"], data["seed"]
        match.target, match.scoring = data["target"], data["scoring"]
        match.dealer, match._banked = data["dealer"], tuple(data["banked"])
        match._rng = decode_rng(data["rng"])
        match.opening_events = [decode_event(e) for e in data["opening_events"]]
        match.round_logs = [[(s, from_text(t)) for s, t in log] for log in data["round_logs"]]
        match.round = round_from_data(data["round"])
        return match
