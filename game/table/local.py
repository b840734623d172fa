"""A table at this computer: its people, bots or a replay, and the user's files kept."""

from __future__ import annotations

from game.files.storage import Store
from game.table.bots import BotRunner
from game.table.controllers import Script, seat_controllers
from game.table.record import MatchRecord
from game.table.saved_game import SavedMatch
from game.table.seats import GameSetup, new_match, settled
from game.table.table import Table


def local_table(
    setup: GameSetup,
    store: Store,
    saved: SavedMatch | None = None,
    threaded: bool = True,
    record: bool = True,
    script: Script | None = None,
    pace: float = 1.0,
) -> Table:
    """A new match for `setup` (or the `saved` one, Continued), kept in the user's
    files. `record=False` keeps nothing (a replay); `script` plays every replay seat."""
    setup = settled(saved.setup if saved else setup)
    match = saved.match if saved else new_match(setup)
    recorded = saved.recorded_rounds if saved else 0
    recorder = MatchRecord(store, setup, match, recorded, record)
    controllers = seat_controllers(setup, BotRunner(threaded), script)
    table = Table(setup, controllers, match, recorder, pace)
    if saved is not None:
        recorder.as_saved(saved.recorded_rounds)
    return table
