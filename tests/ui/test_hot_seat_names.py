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


def test_the_set_up_says_when_you_becomes_player_1_and_back(app: App) -> None:
    """A second person at this computer renames "You" where it can be seen and
    changed, not silently when the match starts; the other person keeps their name."""
    from game.table import default_setup
    from game.ui.scenes.setup import SetupScene

    scene = SetupScene(app, default_setup("classic", "classic", 3))
    app.start(scene)
    assert scene.setup.seats[0].name == "You"
    scene._press("kind:1", 1)
    assert [s.name for s in scene.setup.seats] == ["Player 1", "Bea", "Carlos"]
    scene._press("kind:1", 1)
    assert scene.setup.seats[0].name == "You"


def test_at_a_shared_computer_the_prompt_names_whose_turn_it_is(app: App) -> None:
    person = SeatKind.HUMAN
    seats = (SeatSetup("Ana", person), SeatSetup("Bea", person), SeatSetup("Carlos"))
    table = TableScene(app, GameSetup("classic", RuleSet.preset("classic"), seats, seed=1))
    app.start(table)
    assert run_until(app, lambda: isinstance(app.stack.top, PassScene))
    handover = app.stack.top
    assert isinstance(handover, PassScene)
    app.stack.pop()
    handover.ready()
    assert run_until(app, table.human_turn)
    status = table._status()
    assert status.startswith(f"{table.names[table.seat.viewer]}: ")
