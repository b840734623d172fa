"""What the table shows, which trails the game while cards fly: the shown table,
the person's fan, the choreographer moving them, the piles, the log, and the
passing messages (a note, a shaken card), keyboard focus and the pointer.

The picture is told events and views; it never reads the match, and decides no
rule: the seat's prompt says what may be done.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.engine import Card, View
from game.ui.audio import Audio
from game.ui.table.choreography import Choreographer
from game.ui.table.geometry import TableGeometry
from game.ui.table.state import ShownTable
from game.ui.widgets.event_log import EventLog, Saying
from game.ui.widgets.hand_fan import HandFan
from game.ui.widgets.piles import Piles

# A note stays long enough to read: a short one 2.5 s, a coach's sentence longer
# (about 15 characters a second, past a second to notice it), never over 7 s.
TOAST_SECONDS = 2.5
TOAST_MOST_SECONDS = 7.0
READ_CHARS_PER_SECOND = 15.0


def toast_seconds(text: str) -> float:
    return min(TOAST_MOST_SECONDS, max(TOAST_SECONDS, 1.0 + len(text) / READ_CHARS_PER_SECOND))


Geometry = Callable[[], TableGeometry]


class TablePicture:
    def __init__(self, players: int, viewer: int, geometry: Geometry, audio: Audio) -> None:
        self.fan = HandFan()
        self.piles = Piles()
        self.log = EventLog()
        self.synced = True  # the shown table agrees with the seat's view
        self.toast: tuple[str, float] | None = None
        self.shake: tuple[Card, float] | None = None
        # The chosen card: one mark for the keyboard, the mouse, a click, the hint and
        # the coach's pointer, kept by card so it stays on it as the fan changes.
        self.chosen: Card | None = None
        self._nth = 0  # which of equal cards in the hand is the chosen one
        self.mouse = (0, 0)
        self.choreo = self.restart(players, viewer, 0, geometry, audio, 1.0)

    @property
    def focus(self) -> int | None:
        """Where the chosen card is in the fan (None: none is, or it left the hand). Of
        two equal cards, the one chosen (or the last left of them)."""
        if self.chosen is None:
            return None
        same = [i for i, entry in enumerate(self.fan.cards) if entry.card is self.chosen]
        return same[min(self._nth, len(same) - 1)] if same else None

    @focus.setter
    def focus(self, index: int | None) -> None:
        cards = self.fan.cards
        if index is None or not 0 <= index < len(cards):
            self.chosen = None
            return
        self.chosen = cards[index].card
        self._nth = sum(entry.card is self.chosen for entry in cards[:index])

    def choose(self, card: Card | None) -> None:
        """`card` is the chosen one (the first of equal cards); None: none is."""
        self.chosen, self._nth = card, 0

    @property
    def busy(self) -> bool:
        """Cards are still flying or events wait to be shown."""
        return self.choreo.busy

    def restart(
        self,
        players: int,
        viewer: int,
        deck_size: int,
        geometry: Geometry,
        audio: Audio,
        pace: float,
    ) -> Choreographer:
        """An empty table (a round's deal, a match resumed), a fresh choreographer."""
        self.shown = ShownTable.empty(players, viewer, deck_size)
        self.choreo = Choreographer(self.shown, self.fan, geometry, audio, self.log.add, pace)
        return self.choreo

    def feed(self, happened: tuple, sayings: Sequence[Saying | None]) -> None:
        self.choreo.feed(happened, sayings)
        self.synced = False

    def say(self, text: str) -> None:
        self.toast = (text, toast_seconds(text))

    def unsay(self, text: str | None) -> None:
        """Take down the note if it is still `text`."""
        if self.toast is not None and self.toast[0] == text:
            self.toast = None

    def tick_messages(self, dt: float) -> None:
        if self.toast is not None:
            text, left = self.toast
            self.toast = (text, left - dt) if left > dt else None
        if self.shake is not None:
            what, left = self.shake
            self.shake = (what, left - dt) if left > dt else None

    def sync(self, view: View) -> None:
        """Agree with the seat's view once every event has been shown."""
        self.shown.sync(view)
        self.fan.set_cards(list(view.hand))
        self.synced = True
        if self.focus is None:  # the chosen card left the hand: nothing looks chosen
            self.chosen = None
