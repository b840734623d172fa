"""What a server says, in the player's words: an error's code, a table's closing,
a lost connection and a seat's presence each choose a sentence of the game's own
(the server's English `message` is for logs). One place, for every online screen."""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import N_

Gettext = Callable[[str], str]

# By the code of an `error` (docs/PROTOCOL.md) or of a connection that failed.
REFUSALS = {
    "bad_message": N_("The server did not understand this game's message."),
    "too_big": N_("The server did not understand this game's message."),
    "version": N_(
        "This server runs another version of uno-table: everyone needs the same version."
    ),
    "hello_first": N_("The server did not understand this game's message."),
    "rate": N_("Too many messages: the server is slowing this game down."),
    "not_found": N_("No table has that code. Check it with the host."),
    "full": N_("That table is full."),
    "started": N_("That table has started; only its players can come back."),
    "server_full": N_("The server is full. Try again later."),
    "store_away": N_("The server cannot open new tables for a moment. Try again soon."),
    "too_many": N_("Too many tables or connections from this computer. Try again later."),
    "guesses": N_("Too many wrong codes. Wait a minute, then try again."),
    "idle": N_("The server closed the connection after a long quiet while."),
    "seated": N_("You are at a table already."),
    "bad_token": N_("That seat cannot be taken back: the table has ended, or the code is wrong."),
    "not_host": N_("Only the table's host can do that."),
    "illegal": N_("The table did not take that move: it was no longer allowed."),
    "not_started": N_("The game has not started yet."),
    "no_table": N_("You are not at that table any more."),
    "not_yours": N_("A computer is playing your seat for now: wait for your seat to come back."),
    "cannot_vote": N_("That seat cannot be handed to a computer now."),
    "name_confusable": N_("Your name looks just like another player's here: change it a little."),
    "name_reserved": N_("That name reads as a computer's or a numbered seat's: choose another."),
    "name_marks": N_("Your name has too many accent marks piled on one letter."),
    "name_wide": N_("Your name is too wide to show at the table: shorten it."),
    # The connection itself (not server codes).
    "unreachable": N_("No uno-table server answered at that address."),
    "bad_server": N_("The server sent something this game cannot read, so it left the table."),
    "lost": N_("The connection to the table was lost and could not be made again."),
    "host_gone": N_("The host's game closed; the match is saved on their computer."),
    "bad_redirect": N_("The server sent this game to an address it may not go to, so it stopped."),
}
SOMETHING = N_("The server refused: {why}")

# By the reason of `table_closed` / `server_closing`.
CLOSINGS = {
    "match_over": N_("The match is over."),
    "host_left": N_("The host left; the match is saved on their computer."),
    "server_stopping": N_(
        "The server is stopping. Your seat is kept: come back with the same code later."
    ),
    "replaced": N_("You joined this seat from somewhere else."),
    "error": N_("The table stopped on an error on the server."),
}
# A spectator has no seat to keep: the same stop, in their terms.
STOPPING_WATCHED = N_("The server is stopping. Come back with the same code later to watch again.")
CLOSED = N_("The table has closed.")
# A new match the server did not go on with (it closed the table after the rematch).
REMATCH_DROPPED = N_("The server closed the table: the new match did not go on.")
ENDED = N_("The connection to the table closed.")
HOST_GONE = N_("{name}'s game closed; the match is saved on {name}'s computer.")
RECONNECTING = N_("The connection to the table dropped: trying again ({n} of {m})...")


def host_gone(name: str, gettext: Gettext) -> str:
    """An in-app host's game stopped (quit, or killed): the match is on its computer."""
    return gettext(HOST_GONE).format(name=name) if name else gettext(REFUSALS["host_gone"])


def refusal(code: str, gettext: Gettext, english: str = "") -> str:
    """The sentence for an error's or a failure's code."""
    if code in REFUSALS:
        return gettext(REFUSALS[code])
    return gettext(SOMETHING).format(why=english or code)


def closing(reason: str, gettext: Gettext) -> str:
    return gettext(CLOSINGS.get(reason, CLOSED))


def away_line(name: str, seconds: float | None, computer: bool, gettext: Gettext) -> str:
    """A seat whose person is away: how long before a computer plays, or that one does."""
    if computer:
        return gettext("A computer plays for {name} until they return.").format(name=name)
    if seconds is None:
        return gettext("{name} is away.").format(name=name)
    return gettext("{name} is away: a computer plays for them in {s} s.").format(
        name=name, s=max(0, round(seconds))
    )


def back_line(name: str, gettext: Gettext) -> str:
    return gettext("{name} is back.").format(name=name)


def left_line(name: str, gettext: Gettext) -> str:
    return gettext("{name} left: a computer plays their seat.").format(name=name)
