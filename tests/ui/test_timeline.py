"""One timeline: every word the table shows comes with the event whose animation
shows it, and appears when that animation lands, never when the table decides.

Whole rounds are played (the person's turns answered with their first choice) at
each speed in each theme, and every frame is checked two ways: each word said
through the choreographer's timeline waits for every card of its event and of the
events before it (the flights themselves are looked at), and what the words say
agrees with the picture in the frame they appear ("named green": the chip is
green; "played a blue 7": the blue 7 is on the pile; a one-card mark: no card is
flying to the pile; "+2" over a seat: no card is flying to it)."""

from __future__ import annotations

import pytest

from game.app import App
from game.engine.kinds import kind_of
from game.ui.scenes.table import TableScene
from game.ui.table.narration import card_name
from tests.ui.conftest import FRAME, table_for

SPEEDS = ("1x", "2x", "4x", "instant")
THEMES = ("classic", "minecraft", "monster_high")


class Watch:
    """Words that appear on a table, checked against its picture frame by frame."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.early: list[str] = []  # words shown before their cards landed
        self.said = 0  # words checked
        self.lines: set[int] = set()
        self.marked: set[int] = set()
        self.badges: dict[int, str] = {}
        self.callout: str | None = None
        self._wrap_landing()

    def _wrap_landing(self) -> None:
        choreo = self.table.picture.choreo
        land = choreo.land

        def checked_land(word) -> None:  # noqa: ANN001 - a word of the event shown now
            beat = choreo.beat

            def say() -> None:
                flying = [f for f in choreo.flights if f.beat <= beat and not f.tween.finished]
                if flying:
                    self.early.append(f"a word of event {beat} while {flying[0].face} flies")
                self.said += 1
                word()

            land(say)

        choreo.land = checked_land  # type: ignore[method-assign]

    def frame(self) -> None:
        """After a frame: the words that appeared in it agree with the picture."""
        table, picture = self.table, self.table.picture
        shown, flights = picture.shown, [f for f in picture.choreo.flights if not f.tween.finished]
        colours = table.colour_names()
        for entry in table.log.entries:
            if id(entry) in self.lines:
                continue
            self.lines.add(id(entry))
            self._line(entry.text, shown, colours)
        g = table.geometry
        for seat in range(shown.players):
            if shown.one_card(seat) and seat not in self.marked:
                to_pile = [f for f in flights if f.end() == g.discard_center]
                if to_pile:
                    self.early.append(f"seat {seat}'s one-card mark while a card flies to the pile")
            self.marked = {s for s in range(shown.players) if shown.one_card(s)}
        for seat, (badge, _) in shown.badges.items():
            if badge != self.badges.get(seat) and not g.is_viewer(seat):
                to_seat = [f for f in flights if f.end() == g.backs_center(seat)]
                if badge.startswith("+") and not badge.endswith("?") and to_seat:
                    self.early.append(f"{badge} over seat {seat} while its cards fly")
        self.badges = {seat: badge for seat, (badge, _) in shown.badges.items()}
        callout = shown.callout[0] if shown.callout else None
        if callout is not None and callout != self.callout and shown.top is not None:
            kind = kind_of(shown.top)
            if kind is None or kind.callout != callout:
                self.early.append(f"{callout!r} over a {shown.top} on the pile")
        self.callout = callout

    def _line(self, text: str, shown, colours: dict[str, str]) -> None:  # noqa: ANN001
        self.said += 1
        if " named " in text and shown.color is not None:
            named = colours.get(shown.color, shown.color).lower()
            if f"named {named}" not in text:
                self.early.append(f"{text!r} while the chip shows {shown.color}")
        if (" played " in text or "jumped in with" in text) and shown.top is not None:
            # The newest card on the pile is the one told (or, at instant speed, the
            # pile already shows a later card of the same frame: the told card is on it).
            on_pile = [card_name(card, colours) for card, _ in shown.discard]
            if not any(name in text for name in on_pile):
                self.early.append(f"{text!r} while the pile shows {shown.top}")


def _play_round(app: App, theme: str, speed: str, seed: int) -> Watch:
    table = table_for(app, seed=seed, players=4, speed=speed, theme=theme)
    watch = Watch(table)
    for _ in range(40_000):
        if app.stack.top is not table:
            break
        if table.picture.shown.reveal is not None:
            table.picture.shown.reveal = None  # the person closes the challenged hand
        if table.human_turn():
            choices = table.seat.prompt.choices
            playing = [c for c in choices if c.card is not None] or list(choices)
            table.press(playing[0].key)
            if table.seat.choice is not None:  # a wild: the first colour asked
                question = table.seat.choice.question or "color"
                options = table.seat.choice.options(question)
                table.seat.choice.answer(question, options[0])
                table._finish_choice()
        table.update(FRAME)
        watch.frame()
    assert app.stack.top is not table, "the round did not end"
    return watch


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("speed", SPEEDS)
def test_no_word_shows_before_its_animation_lands(app: App, theme: str, speed: str) -> None:
    watch = _play_round(app, theme, speed, seed=7)
    assert watch.said > 40  # a whole round was told
    assert watch.early == []
