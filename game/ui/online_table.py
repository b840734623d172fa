"""The table scene of a network game: the ordinary table, told also what only a
network game says. Like the replay (replay_table.py) it is a variant of the table
scene and lives beside the scenes, which open it by name ("online_table")."""

from __future__ import annotations

from typing import Any

from game.net.remote_table import RemoteTable
from game.ui.scenes.table import TableScene


class OnlineTableScene(TableScene):
    """The table scene, told also what only a network game says: the turn timer
    moved for you, the host left, the server stopped."""

    holds_for_reading = False  # the server does not wait: see TableScene

    def update(self, dt: float) -> None:
        super().update(dt)
        remote = self.table
        assert isinstance(remote, RemoteTable)
        _ = self.host.gettext
        while remote.notices:
            said = self._notice(remote.notices.pop(0))
            if said:
                self.say(said)
        if remote.closed is not None and not self.told_closed:
            self.told_closed = True
            reason = remote.closed.get("reason")
            if reason in ("host_left", "server_stopping"):
                self.say(_("The host has left. Your seat is kept: join again with the same code."))
            elif reason == "replaced":
                self.say(_("You joined this seat from somewhere else."))
        elif remote.failure and not self.told_closed and remote.closed is None:
            self.told_closed = True
            self.say(_("The connection to the table was lost."))

    told_closed = False

    def _notice(self, notice: dict[str, Any]) -> str | None:
        """What to tell the player of a server's notice. A move refused as stale is
        not told: the table had moved on, and the newer update already shows how."""
        _ = self.host.gettext
        if notice["type"] == "timeout":
            return _("Time is up: the table moved for you.")
        if notice.get("code") == "not_yours":
            return _("A computer is playing your seat for now: wait for your seat to come back.")
        if notice.get("code") == "illegal":
            return _("The table did not take that move: it was no longer allowed.")
        return None
