"""A bot's reading of the Wild Draw Fours and challenges in the history: counted in one
loop (a long round Continued is tens of thousands of events at a bot's first look),
it must count exactly as reading one event at a time did, and bots must decide the
same with it."""

from __future__ import annotations

import random
from dataclasses import astuple, replace

from game.ai import make_bot
from game.ai.bluffing import Reputation
from game.ai.expert import ExpertBot
from game.ai.harness import play_out
from game.engine import Round, RuleSet, View
from game.engine.events import CardPlayed, CardsDrawn, ChallengeResult

SEEDS = range(6)


class EventByEvent(Reputation):
    """The reading as it was: one call per event, the rules of the count spelt out."""

    def watch(self, view: View) -> None:
        key = (view.scores, view.dealer, view.history[:2])
        if key != self._round:
            for seat in range(self.players):
                self.before[seat].add(self.now[seat])
            self.now = [type(self.now[0])() for _ in range(self.players)]
            self._round, self._seen, self._pending = key, 0, False
        for event in view.history[self._seen :]:
            self._one(event)
        self._seen = len(view.history)

    def _one(self, event: object) -> None:
        if isinstance(event, CardPlayed):
            self._pending = event.card.kind == "wild-draw4"
        elif isinstance(event, ChallengeResult):
            self.now[event.challenged].caught += event.guilty
            self.now[event.challenged].honest += not event.guilty
            self.now[event.challenger].faced += 1
            self.now[event.challenger].challenged += 1
            self._pending = False
        elif isinstance(event, CardsDrawn) and self._pending and event.reason == "penalty":
            self.now[event.seat].faced += 1
            self._pending = False


def _state(reputation: Reputation) -> tuple:
    records = tuple(astuple(reputation.of(seat)) for seat in range(reputation.players))
    return records, reputation._pending, reputation._seen


def _rounds() -> list[Round]:
    """Seeded rounds of hard bots (they bluff and challenge), played out."""
    rounds = []
    for seed in SEEDS:
        rnd = Round.start(RuleSet.preset("classic"), 4, dealer=seed % 4, seed=seed)
        play_out(rnd, [make_bot("hard", random.Random(seed * 10 + s)) for s in range(4)])
        rounds.append(rnd)
    return rounds


def test_one_look_and_many_count_as_event_by_event() -> None:
    answered = 0
    for rnd in _rounds():
        history = rnd.view(0).history
        answered += sum(isinstance(e, ChallengeResult) for e in history)
        answered += sum(isinstance(e, CardsDrawn) and e.reason == "penalty" for e in history)
        steps, reference, one_look = Reputation(4), EventByEvent(4), Reputation(4)
        for end in range(2, len(history) + 1):  # each prefix stands for a view seen
            view = replace(rnd.view(0), history=history[:end])
            steps.watch(view)
            reference.watch(view)
            assert _state(steps) == _state(reference), end
        one_look.watch(rnd.view(0))
        assert _state(one_look) == _state(reference)
    assert answered > 0  # the seeds hold Wild Draw Fours answered: the count is tried


def _decisions(reading: type[Reputation], seed: int) -> list:
    """The log of a seeded round of hard and expert bots that read with `reading`."""
    rnd = Round.start(RuleSet.preset("classic"), 4, dealer=seed % 4, seed=seed)
    bots = [
        make_bot(level, random.Random(seed * 10 + s), worlds=2)
        for s, level in enumerate(("hard", "expert", "hard", "expert"))
    ]
    for bot in bots:
        reader = bot.hard if isinstance(bot, ExpertBot) else bot
        reader.reputation = reading(4)  # type: ignore[attr-defined]
    play_out(rnd, bots)
    return list(rnd.log)


def test_bots_decide_as_they_did_reading_event_by_event() -> None:
    for seed in SEEDS:
        assert _decisions(Reputation, seed) == _decisions(EventByEvent, seed)
