"""What the screens after a round (the tally, the scoreboard) are given: the
round's result and the table's picture, never the table scene itself."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.table import GameSetup
from game.table.updates import RoundResult
from game.ui.table.geometry import TableGeometry
from game.ui.table.picture import TablePicture


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
    dealt_from: str = ""  # online: how many people's secrets went into the deal, said

    def heading(self, gettext: Callable[[str], str]) -> str:
        """Over the score panel."""
        said = gettext("Round {n} · to {target}")
        return self.with_deal(said.format(n=self.round_number, target=self.setup.target))

    def with_deal(self, heading: str) -> str:
        return f"{heading} · {self.dealt_from}" if self.dealt_from else heading
