"""The opponents' portraits painted a few a frame, not all in the frame that opens
the table.

A portrait is painted once per seat, mood and size and kept (widgets/avatar.py),
but the first costs ~1 ms at 1080p (~2 on a loaded machine), and a ten-seat table
painted nine in its first frame, on top of the felt and the first cards. Now
the scene paints at most PER_FRAME before each frame is drawn (paint_due), and
the renderer shows only what is painted (shown_mood): a seat whose face waits
shows its calm face, or the empty medallion for the first frames of a table
(the deal is under way: nobody holds a card yet). What a frame leaves of its
share paints the moods the table will ask for next (thinking, pleased,
annoyed...), so a face changing in play costs a blit, not a paint.

The renderer never paints a portrait itself, so a frame drawn twice (once in
part, once whole) shows the same faces.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import partial
from itertools import chain

from game.ui.style import Style
from game.ui.table.mood import Mood
from game.ui.table.state import ShownTable
from game.ui.widgets.avatar import MOODS, face, painted
from game.ui.widgets.seat_panel import AVATAR, seat_mood

# Two paints are ~2-3 ms at 1080p (a Minecraft mood redraws its whole bust): nine
# seats' first faces take five frames of the deal, all their six moods ~27.
PER_FRAME = 2

# The tables (theme, size, seats) whose every mood is painted: their frames need
# not look ahead again (63 look-ups a frame, for nothing).
_complete: set[tuple[str, int, tuple[int, ...]]] = set()


def shown_mood(style: Style, seat: int, mood: str | None) -> str | None:
    """The face `seat` shows for `mood` this frame: that mood when it is painted,
    else the calm face, else None (the empty medallion)."""
    theme, size = style.manifest.id, style.px(AVATAR)
    for shown in (mood, Mood.CALM):
        if shown is not None and painted(theme, seat, shown, size):
            return shown
    return None


def paint_due(
    style: Style,
    shown: ShownTable,
    seats: Sequence[int],
    thinking: int | None,
    most: int = PER_FRAME,
) -> int:
    """Paints up to `most` portraits not painted yet, before a frame is drawn: the
    moods `seats` show now, then every seat's calm, then thinking, and so on.
    Returns how many it painted."""
    theme, size, seats = style.manifest.id, style.px(AVATAR), tuple(seats)
    table = (theme, size, seats)
    now = ((seat, seat_mood(shown, seat, seat == thinking)) for seat in seats)
    ahead = () if table in _complete else ((seat, mood) for mood in MOODS for seat in seats)
    made = 0
    for seat, mood in chain(now, ahead):
        if not painted(theme, seat, mood, size):
            if made == most:
                return made
            face(theme, seat, mood, size)
            made += 1
    _complete.add(table)
    return made


def calm_faces(style: Style, seats: Sequence[int]) -> Iterator[partial]:
    """Jobs painting each seat's calm face (for a table that opens over a few frames
    behind a note, where a job's time, not a count, is what is shared out)."""
    theme, size = style.manifest.id, style.px(AVATAR)
    for seat in seats:
        yield partial(face, theme, seat, Mood.CALM, size)
