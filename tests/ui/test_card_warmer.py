"""The table renders its deck's images a few a frame, not all in the frame that
opens it; the hand comes before the rest, and the queue runs to its end."""

from __future__ import annotations

from game.app import App
from game.ui.scenes.table import TableScene
from game.ui.widgets.card_warmer import CardWarmer
from tests.ui.conftest import FRAME, table_for


def _faces_ready(table: TableScene) -> set[str]:
    """The deck's faces cached upright at the hand's size."""
    size = table.picture.fan.card_size
    deck = {card.text for card in table.table.rules.deck()}
    return {key[0] for key in table.style._cards if key[1:] == (size, 0, False)} & deck


def test_opening_a_table_leaves_the_deck_for_later_frames(app: App) -> None:
    table = table_for(app, seed=3, players=4)
    deck = {card.text for card in table.table.rules.deck()}
    assert _faces_ready(table) == set()  # entering renders no face
    app.step(FRAME)
    hand = {card.text for card in table.seat.latest.view.hand}
    ready = _faces_ready(table)
    assert hand <= ready and ready < deck
    for _ in range(300):
        app.step(FRAME)
    assert _faces_ready(table) == deck


def test_a_frame_starts_no_job_past_its_share() -> None:
    ran: list[int] = []
    warmer = CardWarmer()
    warmer.start(lambda i=i: ran.append(i) for i in range(10))
    assert warmer.run(share=0.0) == 1  # the first job always runs: the queue moves on
    assert warmer.run(share=60.0) == 9
    assert ran == list(range(10)) and warmer.run() == 0
