"""A table of UNO without a screen: the match, who decides for each seat, and
what each seat is told. No pygame here: the desktop table scene, the tests and
a network server all drive the same `Table`.

    from game.table import BotRunner, Table, default_setup, seat_controllers, settled

    setup = settled(default_setup("classic", "classic", players=4, autoplay=True, seed=7))
    table = Table(setup, seat_controllers(setup, BotRunner(threaded=False)), pace=0)
    while not table.match_over:
        table.tick(1 / 60)
        table.step()
        if table.over and not table.match_over:
            table.next_round()

- `seats`: `SeatKind` (human, bot, replay, remote), `SeatSetup`, `GameSetup`
  and their save format. The one place a seat's kind is said.
- `table.Table`: owns the match. It asks each seat's controller for its turn
  and its reactions (catch, challenge, jump-in), applies the answers, records
  them (`Recorder`: saves, statistics, replays) and publishes a `SeatUpdate` to
  each seat's watchers after every change.
- `updates.SeatUpdate`: one seat's view, its legal actions and the events it
  may see; `RoundResult` once a round is over.
- `controllers`: `LocalSeat` (a person here: `Table.submit`), `BotSeat` (on a
  worker thread; a failing bot is logged and a safe action played), `ReplaySeat`
  (a finished match's log), `AsyncSeat` (answers arriving later from anywhere:
  the network seat's base).
- `link.TableLink`: what a client (the table scene) uses of a table; `Table`
  is one, and a client of a match kept elsewhere can be another.
- `local.local_table`: a table at this computer, kept in the user's files
  (`record`, `saved_game`: match.json, statistics, replays).
- `play_choice`: a chosen card narrowed to one legal play, one question at a time.

A remote seat: subclass `AsyncSeat` with a `send(update)` that writes the
update to the player's connection; when the player's answer arrives, call
`seat.answer(update.token, action)` from any thread. With asyncio, pass
`on_answer=lambda: loop.call_soon_threadsafe(wake.set)` to `Table` and call
`table.step()` on the loop when woken, and again after `table.next_due()`
seconds (the thinking pauses).
"""

from game.limits import SCORINGS, SeatKind
from game.table.bots import BotRunner, make_bot
from game.table.controllers import (
    AT_STAKE,
    AsyncSeat,
    BotSeat,
    Controller,
    LocalSeat,
    ReplaySeat,
    Script,
    seat_controllers,
)
from game.table.seats import (
    LEVELS,
    NAMES,
    GameSetup,
    SeatSetup,
    default_seats,
    default_setup,
    new_match,
    settled,
    setup_from_data,
    setup_to_data,
)
from game.table.table import Table
from game.table.updates import RoundResult, SeatUpdate

__all__ = [
    "AT_STAKE",
    "LEVELS",
    "NAMES",
    "SCORINGS",
    "AsyncSeat",
    "BotRunner",
    "BotSeat",
    "Controller",
    "GameSetup",
    "LocalSeat",
    "ReplaySeat",
    "RoundResult",
    "Script",
    "SeatKind",
    "SeatSetup",
    "SeatUpdate",
    "Table",
    "default_seats",
    "default_setup",
    "make_bot",
    "new_match",
    "seat_controllers",
    "settled",
    "setup_from_data",
    "setup_to_data",
]
