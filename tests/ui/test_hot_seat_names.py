"""People sharing a computer are "Player 1", "Player 2": in the language of the moment."""

from __future__ import annotations

from game.app import App
from game.engine import RuleSet
from game.table import GameSetup, SeatKind, SeatSetup
from game.ui.scenes.pass_device import PassScene
from game.ui.scenes.table import TableScene
from tests.ui.conftest import FRAME, run_until


def test_shared_computer_names_follow_a_language_switch(app: App) -> None:
    person = SeatKind.HUMAN
    seats = (SeatSetup("You", person), SeatSetup("You", person), SeatSetup("Carlos"))
    table = TableScene(app, GameSetup("classic", RuleSet.preset("classic"), seats, seed=1))
    app.start(table)
    assert table.setup.names == ["Player 1", "Player 2", "Carlos"]  # as saved: English
    assert run_until(app, lambda: isinstance(app.stack.top, PassScene))
    app.step(FRAME)
    handover = app.stack.top
    assert isinstance(handover, PassScene) and "Player" in handover.button.label
    app.settings.language = "es"
    app.save_settings()
    app.step(FRAME)
    assert table.names == ["Jugador 1", "Jugador 2", "Carlos"]
    assert "Jugador" in handover.button.label and "Player" not in handover.button.label
    assert table.narrator().names[:2] == ["Jugador 1", "Jugador 2"]
