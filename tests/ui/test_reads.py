"""A bot's read in words, English and Spanish, added to the sentence of the move
it explains; never a read of the viewer's own seat."""

from __future__ import annotations

from game.ai.reads import Read, ReadKind
from game.i18n import Translator
from game.ui.reads import read_sentence, with_reads
from game.ui.table.narration import Narrator

NAMES = ["You", "Ada", "Bea", "Carlos"]
COLOURS = {"green": "Green", "red": "Red"}


def _narrator(language: str) -> Narrator:
    t = Translator(language)
    return Narrator(NAMES, 0, COLOURS, t.gettext, t.ngettext)


def test_each_read_in_english() -> None:
    n = _narrator("en")
    assert (
        read_sentence(n, 1, Read(ReadKind.DREW_ON, 3, count=2, color="green"))
        == "Ada knows Carlos has drawn on green 2 times."
    )
    assert (
        read_sentence(n, 2, Read(ReadKind.CAUGHT_BEFORE, 0, count=1))
        == "Bea had seen you caught bluffing 1 time before."
    )
    assert (
        read_sentence(n, 2, Read(ReadKind.BLUFF_WOULD_PAY, 0, count=2))
        == "Bea suspected a bluff, being down to 2 cards."
    )
    assert read_sentence(n, 3, Read(ReadKind.WHIM, 0)) == "Carlos challenged on a whim."
    assert read_sentence(n, 0, Read(ReadKind.WHIM, 1)) is None  # your own reasons


def test_each_read_in_spanish() -> None:
    n = _narrator("es")
    assert (
        read_sentence(n, 2, Read(ReadKind.CAUGHT_BEFORE, 0, count=2))
        == "Bea ya te había visto pillado haciendo trampa 2 veces."
    )
    said = read_sentence(n, 1, Read(ReadKind.DREW_ON, 0, count=1, color="red"))
    assert said is not None and "robaste" in said and "drawn" not in said


def test_a_read_joins_the_first_sentence_told() -> None:
    n = _narrator("en")
    reads = ((2, Read(ReadKind.CAUGHT_BEFORE, 0, count=2)),)
    told = with_reads(n, [None, "Bea challenges: you bluffed and draw 4.", "You draw 4."], reads)
    assert told == [
        None,
        "Bea challenges: you bluffed and draw 4. Bea had seen you caught bluffing 2 times before.",
        "You draw 4.",
    ]
    assert with_reads(n, ["Ada played a 5."], ()) == ["Ada played a 5."]
