"""A bot's read in words, told with the move it explains ("Bea challenged: you
bluffed and drew 4. Bea had seen you caught bluffing twice before.").

The table carries each read as data (game/ai/reads.py) with the action; here
it becomes one whole gettext message with named fields, appended to the
sentence of the move it explains: the reveal of a challenge, the colour named
("Carlos played a Wild and named blue. Carlos knows Ada has drawn on blue 2
times.").
"""

from __future__ import annotations

from collections.abc import Sequence

from game.ai.reads import Read, ReadKind
from game.i18n import N_, NN_
from game.ui.table.narration import Narrator

CAUGHT = (
    NN_(
        "{who} had seen you caught bluffing {n} time before.",
        "{who} had seen you caught bluffing {n} times before.",
    ),
    NN_(
        "{who} had seen {other} caught bluffing {n} time before.",
        "{who} had seen {other} caught bluffing {n} times before.",
    ),
)
WOULD_PAY = NN_(
    "{who} suspected a bluff, being down to {n} card.",
    "{who} suspected a bluff, being down to {n} cards.",
)
WHIM = N_("{who} challenged on a whim.")
DREW_ON = (
    NN_(
        "{who} knows you have drawn on {colour} {n} time.",
        "{who} knows you have drawn on {colour} {n} times.",
    ),
    NN_(
        "{who} knows {other} has drawn on {colour} {n} time.",
        "{who} knows {other} has drawn on {colour} {n} times.",
    ),
)


def read_sentence(narrator: Narrator, actor: int, read: Read) -> str | None:
    """What `actor`'s read says, in the narrator's language; None for a read
    of the viewer's own seat (a person knows their own reasons)."""
    if actor == narrator.you:
        return None
    fields: dict[str, object] = {"who": narrator.names[actor], "n": read.count}
    about_you = read.seat == narrator.you
    if not about_you:
        fields["other"] = narrator.names[read.seat]
    if read.kind is ReadKind.CAUGHT_BEFORE:
        forms = CAUGHT[0 if about_you else 1]
    elif read.kind is ReadKind.DREW_ON and read.color is not None:
        forms = DREW_ON[0 if about_you else 1]
        fields["colour"] = narrator.colour(read.color)
    elif read.kind is ReadKind.BLUFF_WOULD_PAY:
        forms = WOULD_PAY
    elif read.kind is ReadKind.WHIM:
        return narrator._(WHIM).format(**fields)
    else:
        return None
    return narrator.ngettext(*forms, read.count).format(**fields)


def with_reads(
    narrator: Narrator, sentences: list[str | None], reads: Sequence[tuple[int, Read]]
) -> list[str | None]:
    """`sentences` (one per event, Narrator.tell) with each read's sentence added
    to the first one told: the move the read explains."""
    told = [read_sentence(narrator, actor, read) for actor, read in reads]
    extra = " ".join(text for text in told if text)
    if not extra:
        return sentences
    for i, sentence in enumerate(sentences):
        if sentence:
            return [*sentences[:i], f"{sentence} {extra}", *sentences[i + 1 :]]
    return sentences
