"""What the screens after a round (the tally, the scoreboard) are given: the
round's result, the table's picture and the round's last words, never the table
scene itself."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.table import GameSetup
from game.table.updates import RoundResult
from game.ui.table.geometry import TableGeometry
from game.ui.table.picture import TablePicture
from game.ui.widgets.event_log import Saying

# The moments of a round's end whose words wait for a screen after the table.
POINTS, MATCH = "points", "match"


class EndWords:
    """The words of a round's end that the table's log says only when a screen
    after the round shows them: the winner's points when the count reaches them
    (the tally, or the scoreboard where there is none), the match's winner when
    the scoreboard's podium opens. Each is said once; a screen that shows both at
    once (a lesson's end, an online rematch) says both."""

    def __init__(self, log: Callable[[Saying], None]) -> None:
        self._log = log
        self._held: dict[str, Saying] = {}
        self.scored: int | None = None  # the round whose end (score, statistics) is recorded

    def hold(self, moment: str, saying: Saying) -> None:
        self._held[moment] = saying

    def say(self, *moments: str) -> None:
        """The words of `moments` still held, in that order."""
        for moment in moments:
            saying = self._held.pop(moment, None)
            if saying is not None:
                self._log(saying)


@dataclass(frozen=True)
class RoundEnd:
    result: RoundResult
    round_number: int
    picture: TablePicture  # the tally moves its cards and counts into its score panel
    geometry: TableGeometry
    setup: GameSetup
    names: tuple[str, ...]  # as shown at the table
    you: int | None  # the one person whose win is told ("You"); None: nobody's
    pace: float  # seconds of animation per second at 1x (0: instant)
    next_round: Callable[[], None]  # deal on
    words: EndWords  # the points and the match's winner, said as they are shown
    # Each seat's name plate and face as the table last drew them (none before a
    # frame is drawn): a turned hand lies on the seat's backs, never on these.
    plates: dict[int, pygame.Rect] = field(default_factory=dict)
    dealt_from: str = ""  # online: how many people's secrets went into the deal, said

    def heading(self, gettext: Callable[[str], str]) -> str:
        """Over the score panel."""
        said = gettext("Round {n} · to {target}")
        return self.with_deal(said.format(n=self.round_number, target=self.setup.target))

    def with_deal(self, heading: str) -> str:
        return f"{heading} · {self.dealt_from}" if self.dealt_from else heading
