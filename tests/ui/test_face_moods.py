"""A face's mood comes from what happened, never from the words of its badge:
the same events give the same faces in English and in Spanish."""

from __future__ import annotations

from game.app import App, Options
from game.engine import Card
from game.engine import events as ev
from game.ui.table.mood import Mood
from tests.ui.conftest import FRAME, table_for

SEAT = 1
# Each event that puts a badge over seat 1, and the face seat 1 shows for it.
EXPECTED = (
    (ev.Skipped(SEAT), Mood.ANNOYED),
    (ev.Caught(0, SEAT), Mood.CAUGHT),
    (ev.ChallengeResult(0, SEAT, True, ()), Mood.CAUGHT),
    (ev.ChallengeResult(0, SEAT, False, ()), Mood.HAPPY),
    (ev.UnoDeclared(SEAT), Mood.HAPPY),
    (ev.CardsDrawn(SEAT, 2, (), "penalty"), Mood.ANNOYED),
    (ev.StackGrew(SEAT, 4), Mood.ANNOYED),
    (ev.CardPlayed(SEAT, Card.parse("red-5"), True), Mood.HAPPY),
)


def _faces_and_badges(language: str) -> list[tuple[Mood | None, str]]:
    """For each event of EXPECTED: seat 1's mood and its badge's words."""
    app = App(Options(fixed_dt=FRAME, fps_cap=0, language=language))
    try:
        table = table_for(app, seed=4, players=3)
        for _ in range(3):
            app.step(FRAME)
        choreo, shown = table.picture.choreo, table.picture.shown
        seen = []
        for event, _ in EXPECTED:
            shown.moods.clear()
            shown.badges.clear()
            choreo.start(event)
            choreo.anim.update(1.0)  # its cards land: its badge and face show then
            mood = shown.moods[SEAT][0] if SEAT in shown.moods else None
            seen.append((mood, shown.badges[SEAT][0]))
        return seen
    finally:
        app.close()


def test_the_same_events_give_the_same_faces_in_spanish_and_english() -> None:
    english, spanish = _faces_and_badges("en"), _faces_and_badges("es")
    assert [mood for mood, _ in english] == [mood for _, mood in EXPECTED]
    assert [mood for mood, _ in spanish] == [mood for _, mood in EXPECTED]
    # The badges really are in each language ("Skipped" / "Pierde turno"), so the
    # faces above did not come from the words.
    assert english[0][1] == "Skipped" and spanish[0][1] == "Pierde turno"
    differing = [
        i for i, (en, es) in enumerate(zip(english, spanish, strict=True)) if en[1] != es[1]
    ]
    assert len(differing) >= 4
