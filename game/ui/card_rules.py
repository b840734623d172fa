"""Each kind of card a rule set deals, with the face that shows it and its rule in
a sentence: the Rules screen draws them as a picture beside its words, from the
theme's own card renderer. The special card's words are its definition's
(game/engine/specials/), said once."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import RuleSet
from game.engine.kinds import KINDS
from game.i18n import N_

# What each kind does, in a sentence with its points (the Wild Draw Four's is the
# longer paragraph the rules always had).
KIND_TEXT = {
    "number": N_(
        "Numbers 0 to 9, in every colour: play one on the same colour or the same number. "
        "Worth their face value."
    ),
    "skip": N_("Skip: the next player misses a turn. Worth 20."),
    "reverse": N_(
        "Reverse: play changes direction (with two players it works as a Skip). Worth 20."
    ),
    "draw2": N_("Draw Two: the next player takes two cards and misses a turn. Worth 20."),
    "wild": N_("Wild: goes on anything, and you name the colour that follows. Worth 50."),
    "wild-draw4": N_(
        "Wild Draw Four: name a colour; the next player takes four and misses a turn. It should "
        "only be played when you hold nothing of the current colour. The next player may "
        "challenge: if you bluffed you take the four, if you were honest they take six."
    ),
}


@dataclass(frozen=True)
class CardRule:
    kind: str
    face: str  # the card shown (a coloured kind in one of the colours, in turn)
    text: str  # an English message, translated when drawn


def card_rules(rules: RuleSet) -> list[CardRule]:
    """The kinds this rule set deals, numbers first, the special card last."""
    colours = list(rules.colors)
    out = [CardRule("number", f"{colours[0]}-7", KIND_TEXT["number"])]
    for i, kind in enumerate(k for k in KINDS.values() if k.every_deck):
        face = f"{colours[(i + 1) % len(colours)]}-{kind.name}" if kind.colored else kind.name
        out.append(CardRule(kind.name, face, KIND_TEXT.get(kind.name, kind.rules_text)))
    special = KINDS.get(rules.special) if rules.special else None
    if special is not None:
        out.append(CardRule(special.name, special.name, special.rules_text))
    return out
