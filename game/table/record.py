"""What the table keeps of a match: the save after every action, the people's
statistics, and a replay once it is over. Replays themselves record nothing.

The table calls a `Recorder`; `MatchRecord` is the desktop game's (the user's
files), `NoRecord` keeps nothing (a server, a test, a replay).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Protocol

from game.engine import Match, events
from game.files import replay as replays
from game.files import stats as user_stats
from game.files.storage import Notice, Store
from game.i18n import N_
from game.limits import SeatKind
from game.table import saved_game
from game.table.seats import GameSetup, setup_to_data

log = logging.getLogger(__name__)
# One match's save written or removed at a time, whichever table's writer does it
# (see `MatchRecord.holds_file`).
_FILE_LOCK = threading.Lock()

TOO_LONG = Notice(
    N_(
        "This match is now longer than a save can hold: it goes on, but is no longer saved "
        "or counted in your statistics; Continue would take it up where it was last saved."
    )
)


class Recorder(Protocol):
    def changed(self) -> None:
        """An action was applied (or a round dealt)."""

    def saw(self, happened: list) -> None:
        """The engine's events of one action, unredacted."""

    def round_over(self) -> None:
        """The current round has ended (called again for a resumed match: idempotent)."""

    def flush(self, wait: bool = False) -> None:
        """Write what changed; with `wait`, until it is written."""


class NoRecord:
    def changed(self) -> None:
        pass

    def saw(self, happened: list) -> None:
        pass

    def round_over(self) -> None:
        pass

    def flush(self, wait: bool = False) -> None:
        pass


class LatestWriter:
    """Writes on a worker thread so the frame loop never waits for the disk (an fsync
    costs milliseconds). Only the newest pending write matters: older ones are dropped.
    The thread is not a daemon: the process ends only once the last write is done,
    even if nothing waited for it (a scene that failed as the game closed)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pending: Callable[[], object] | None = None
        self._thread: threading.Thread | None = None

    def put(self, write: Callable[[], object]) -> None:
        with self._lock:
            self._pending = write
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="save", daemon=False)
                self._thread.start()

    def _run(self) -> None:
        while True:
            with self._lock:
                write, self._pending = self._pending, None
                if write is None:
                    self._thread = None
                    return
            try:
                write()
            except Exception:  # noqa: BLE001 - the next save must still be written
                # A failed write that ended the thread left it named as running: every
                # later save was dropped, and waiting for them never ended.
                log.exception("a save failed")

    def wait(self) -> None:
        """Until everything put so far is on disk (leaving the table, quitting)."""
        while True:
            with self._lock:
                thread = self._thread
            if thread is None:
                return
            thread.join()


class MatchRecord:
    def __init__(
        self,
        store: Store,
        setup: GameSetup,
        match: Match,
        recorded_rounds: int = 0,
        enabled: bool = True,
    ) -> None:
        # A match with nobody at the table (autoplay, benchmarks) is neither saved nor counted.
        self.store, self.setup, self.match = store, setup, match
        self.recorded_rounds = recorded_rounds  # rounds already counted in the statistics
        self.enabled = enabled and bool(setup.humans)
        self.dirty = False
        self.writer = LatestWriter()
        self.kept_replay = False  # a replay handed to the shelf's worker
        # A save or removal skipped while another window of the game had the files: done
        # once this copy takes them over (game.files.user_files), at the next flush.
        self.owed = False
        # This match is the one match.json holds from now on (a token: the store does
        # not keep the match alive after its table).
        self._claim = object()
        if self.enabled:
            with _FILE_LOCK:
                store.kept[saved_game.FILE] = self._claim

    @property
    def holds_file(self) -> bool:
        """Whether match.json is this match's: no match was begun after it. A finished
        match's table may still act after the next match began (a save queued behind a
        slow write, its end counted, its close): it must neither write over the new
        match's save nor remove it."""
        return self.store.kept.get(saved_game.FILE) is self._claim

    @property
    def theme(self) -> str:
        return self.setup.theme

    @property
    def people(self) -> set[int]:
        return set(self.setup.humans)

    def changed(self) -> None:
        """An action was applied: save before the next frame (several in a frame: once)."""
        self.dirty = self.enabled

    def as_saved(self, recorded_rounds: int) -> None:
        """The match was Continued from the file, which holds it as it stands: nothing
        to write until it changes (a long match is megabytes to write, and its first
        save took a frame's budget as the table opened). A round's end counted just
        now changed it."""
        if self.recorded_rounds == recorded_rounds:
            self.dirty = False

    def flush(self, wait: bool = False) -> None:
        """Hand the save to the writer: the match's data is taken now, on this thread."""
        if self.owed and self.store.owner:  # the other window has gone: this one saves
            self.owed = False
            if self.match.over:
                self._delete()
            else:
                self.dirty = self.enabled
        if self.dirty and not saved_game.fits(self.match):
            self.dirty = self.enabled = False  # nothing more is saved, counted or kept
            self.store.notices.append(TOO_LONG)
        if self.dirty:
            self.dirty = False
            data = saved_game.to_data(self.setup, self.match, self.recorded_rounds)
            self.writer.put(lambda: self._write(data))
        if wait:
            self.writer.wait()
            if self.kept_replay:  # leaving the table: the replay is on disk first
                replays.shelf(self.store).wait()

    def _write(self, data: dict) -> None:
        """On the writer's thread."""
        with _FILE_LOCK:
            if self.holds_file:
                if not self.store.owner:
                    self.owed = True
                saved_game.write(self.store, data)

    def _delete(self) -> None:
        """The finished match's save removed; while another window has the files, once
        this one takes them over (the claim is kept till then)."""
        with _FILE_LOCK:
            if self.holds_file:
                if not self.store.owner:
                    self.owed = True
                    return
                saved_game.delete(self.store)
                del self.store.kept[saved_game.FILE]

    def saw(self, happened: list) -> None:
        """Catches and challenges count for the statistics as they happen."""
        if not self.enabled or not self.people:
            return
        people = self.people
        notable = [e for e in happened if isinstance(e, (events.Caught, events.ChallengeResult))]
        if not notable:
            return
        stats = user_stats.load(self.store)
        for e in notable:
            if isinstance(e, events.Caught):
                if e.catcher in people and e.target not in people:
                    stats.catch(self.theme, made=True)
                elif e.target in people and e.catcher not in people:
                    stats.catch(self.theme, made=False)
            elif e.challenger in people:
                stats.challenge(self.theme, won=e.guilty)
        user_stats.save(self.store, stats)

    def round_over(self) -> None:
        """Once per round (a resumed match does not count a round twice)."""
        if not self.enabled:
            return
        match = self.match
        number = len(match.round_logs) + 1
        if self.people and number > self.recorded_rounds:
            stats = user_stats.load(self.store)
            rnd = match.round
            before = rnd.context.scores if rnd.context else (0,) * rnd.players
            seat = min(self.people)
            won = rnd.winner in self.people
            level = user_stats.strongest(
                [s.level for s in self.setup.seats if s.kind == SeatKind.BOT]
            )
            stats.round_played(self.theme, match.scores[seat] - before[seat], won, level)
            if match.over:
                stats.match_played(self.theme, bool(set(match.winners) & self.people), level)
            user_stats.save(self.store, stats)
        self.recorded_rounds = max(self.recorded_rounds, number)
        if match.over:
            self.dirty = False
            self.writer.wait()  # a save still being written must not outlive the delete
            self._delete()
            logs = tuple(tuple(log) for log in match.round_logs) + (tuple(match.round.log),)
            self.kept_replay = True
            replays.keep(  # checked and written on a worker: the frame goes on
                self.store,
                replays.Replay(
                    replays.now(),
                    setup_to_data(self.setup),
                    logs,
                    tuple(self.setup.seats[s].name for s in match.winners),
                ),
            )
        else:
            self.dirty = True
