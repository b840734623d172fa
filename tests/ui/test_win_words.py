"""One sentence names a match's winners, for the log and the scoreboard alike."""

from __future__ import annotations

from game.i18n import Translator
from game.ui.win_words import match_won

NAMES = ("You", "Bea", "Carlos")


def test_the_sentence_changes_with_the_person_and_the_count() -> None:
    same = str
    assert match_won((1,), NAMES, 0, same) == "Bea wins the match!"
    assert match_won((0,), NAMES, 0, same) == "You win the match!"
    assert match_won((0, 2), NAMES, 0, same) == "You and Carlos win the match!"
    assert match_won((1, 2), NAMES, 0, same) == "Bea and Carlos win the match!"
    assert match_won((0,), NAMES, None, same) == "You wins the match!"  # no "you": a name


def test_it_speaks_spanish() -> None:
    es = Translator("es").gettext
    assert match_won((0,), NAMES, 0, es) == es("You win the match!") != "You win the match!"
