"""The sentence that names a match's winners, said once for the log and the
scoreboard alike. Its own sentence when "you" win: the verb changes with the person."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.i18n import N_

YOU_WIN = N_("You win the match!")
ONE_WINS = N_("{who} wins the match!")
YOU_AND_OTHERS_WIN = N_("You and {names} win the match!")
OTHERS_WIN = N_("{names} win the match!")
AND = N_(" and ")


def match_won(
    winners: Sequence[int], names: Sequence[str], you: int | None, gettext: Callable[[str], str]
) -> str:
    """ "Bea wins the match!", "You and Bea win the match!"... in the player's language."""
    _ = gettext
    if len(winners) > 1:
        if you in winners:
            others = _(AND).join(names[s] for s in winners if s != you)
            return _(YOU_AND_OTHERS_WIN).format(names=others)
        return _(OTHERS_WIN).format(names=_(AND).join(names[s] for s in winners))
    if winners[0] == you:
        return _(YOU_WIN)
    return _(ONE_WINS).format(who=names[winners[0]])
