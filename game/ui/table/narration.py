"""One sentence per event for the table's log ("Bea played a blue Skip: Carlos
lost a turn."). An effect that follows its card is told in the card's sentence.

Every sentence is a whole gettext message with named fields, never pieces glued
together, so a language can order its words its own way. Where the viewer is
"you", the sentence is its own message (verbs change with the person).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, assert_never

from game.engine import Card
from game.engine import events as ev
from game.engine.events import EVENT_TYPES, Event
from game.engine.kinds import BY_EVENT, KINDS
from game.engine.rules import RuleSet
from game.i18n import N_, NN_
from game.table.seats import PLAYER, YOU, is_you, player_number
from game.ui.win_words import match_won

DRAW_WHY = {  # (you, someone else); {count} is "1 card" or "3 cards"
    "draw": (N_("You drew {count}."), N_("{who} drew {count}.")),
    "penalty": (N_("You drew {count} as a penalty."), N_("{who} drew {count} as a penalty.")),
    "challenge": (
        N_("You drew {count} after the challenge."),
        N_("{who} drew {count} after the challenge."),
    ),
    "catch": (
        N_("You drew {count} for forgetting UNO."),
        N_("{who} drew {count} for forgetting UNO."),
    ),
}
# A kept card: kept by choice, or drawn and not playable (the turn passes on).
KEPT = (N_("You kept the card."), N_("{who} kept the card."))
COULD_NOT = (
    N_("You could not play it: the turn passes on."),
    N_("{who} could not play it: the turn passes on."),
)
# What the seat a penalty now waits on may do, as the rules allow (never what its hand
# holds), keyed by (answer it, challenge it): (you, someone else). Under strict_draw4 a
# Wild Draw Four is never challenged; without stack_draw4 it is never answered.
PENALTY_WAITS = {
    (True, False): (
        N_("You must answer it or take {n} cards."),
        N_("{who} must answer it or take {n} cards."),
    ),
    (False, False): (N_("You must take {n} cards."), N_("{who} must take {n} cards.")),
    (False, True): (
        N_("You must challenge it or take {n} cards."),
        N_("{who} must challenge it or take {n} cards."),
    ),
    (True, True): (
        N_("You must answer it, challenge it or take {n} cards."),
        N_("{who} must answer it, challenge it or take {n} cards."),
    ),
}
Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]


def _same(text: str) -> str:
    return text


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def card_face(card: Card, gettext: Gettext = _same) -> str:
    """'Skip', '7', 'Wild Draw Four' in the player's language."""
    return str(card.number) if card.kind == "number" else gettext(KINDS[card.kind].label)


# Whole phrases per kind of card, so that a language can give each its own
# article and agreement ("una Reversa de color azul", "un Salta azul"): the
# numbers' here, every other kind's in its definition (game/engine/specials/).
A_NUMBER = N_("a {colour} {number}")
BARE_NUMBER = N_("{colour} {number}")


def card_name(
    card: Card, colour_names: dict[str, str] | None = None, gettext: Gettext = _same
) -> str:
    """'a blue Skip', 'a red 7', 'a Wild Draw Four' ('un Salta azul' in Spanish)."""
    phrase = A_NUMBER if card.kind == "number" else KINDS[card.kind].a_label
    return gettext(phrase).format(colour=_colour(card, colour_names), number=card.number)


def bare_card_name(
    card: Card, colour_names: dict[str, str] | None = None, gettext: Gettext = _same
) -> str:
    """'blue Skip', 'red 7', 'Wild Draw Four': a card's name without an article."""
    if card.color is None:
        return card_face(card, gettext)
    phrase = BARE_NUMBER if card.kind == "number" else KINDS[card.kind].bare_label
    return gettext(phrase).format(colour=_colour(card, colour_names), number=card.number)


def _colour(card: Card, colour_names: dict[str, str] | None) -> str:
    if card.color is None:
        return ""
    return (colour_names or {}).get(card.color, card.color).lower()


def shown_names(names: Sequence[str], gettext: Gettext = _same) -> list[str]:
    """Seat names as shown now: "You" and "Player 2" in the player's language of the moment."""
    return [shown_name(name, gettext) for name in names]


def shown_name(name: str, gettext: Gettext = _same) -> str:
    if is_you(name):
        return gettext(YOU)
    number = player_number(name)
    return name if number is None else gettext(PLAYER).format(n=number)


class Narrator:
    """Names seats; the viewer is 'you' when only one person plays. Without a
    viewer (a replay), the one seat called "You" is told as "you", so a replay
    says "You draw 1 card", not "You draws"."""

    def __init__(
        self,
        names: Sequence[str],
        you: int | None,
        colour_names: dict[str, str],
        gettext: Gettext = _same,
        ngettext: Ngettext | None = None,
        rules: RuleSet | None = None,
    ) -> None:
        self.names = shown_names(names, gettext)
        self.rules = rules or RuleSet()  # what a seat a penalty waits on may do
        self._penalty_kind: str | None = None  # the card a waiting penalty comes from
        if you is None:
            yours = [seat for seat, name in enumerate(names) if is_you(name)]
            you = yours[0] if len(yours) == 1 else None
        self.you = you
        self.colours = colour_names
        self._ = gettext
        self.ngettext = ngettext or _english_plural

    def say(self, seat: int, mine: str, theirs: str, **fields: object) -> str:
        """`mine` when `seat` is the viewer, else `theirs` with {who} as the seat's name."""
        if seat == self.you:
            return self._(mine).format(**fields)
        return self._(theirs).format(who=self.names[seat], **fields)

    def say_n(
        self, seat: int, n: int, mine: tuple[str, str], theirs: tuple[str, str], **fields: object
    ) -> str:
        """`say` with a count {n}: the language picks the plural form of the whole
        sentence (Spanish agrees more than the noun: 'cartas amarillas')."""
        singular, plural = mine if seat == self.you else theirs
        text = self.ngettext(singular, plural, n)
        if seat != self.you:
            fields["who"] = self.names[seat]
        return text.format(n=n, **fields)

    def name(self, seat: int) -> str:
        return self._("you") if seat == self.you else self.names[seat]

    def colour(self, key: str) -> str:
        return self.colours.get(key, key).lower()

    def card(self, card: Card) -> str:
        return card_name(card, self.colours, self._)

    def tell(self, events: Sequence[Event]) -> list[str | None]:
        """A sentence (or None: told with another) for each event, in order. A sentence
        that tells several events ("Bea played a Wild and named green") stands at the
        last of them, so the table says it once all of them are shown."""
        out: list[str | None] = []
        told: set[int] = set()
        for i, event in enumerate(events):
            if i in told:
                continue
            before = events[i - 1] if i else None
            if type(event) is ev.CardPlayed:
                self._penalty_kind = event.card.kind  # a StackGrew after it is this card's
                sentence, used = self._played(event, events, i)
                told |= used
                out += [None] * len(used)
                out.append(sentence)
            elif type(event) is ev.Passed and _drew(before, event.seat):
                out.append(self.say(event.seat, *COULD_NOT))  # not a choice: it did not fit
            elif type(event) is ev.CardsDrawn and (
                _told_by(before, event)
                or _told_by(events[i + 1] if i + 1 < len(events) else None, event)
            ):
                # A Creeper drawn is one line: its own ("A Creeper! Bea draws 3 more."),
                # not the draw before it nor the three after it.
                out.append(None)
            else:
                out.append(self.sentence(event))
        return out

    def _played(
        self, play: ev.CardPlayed, events: Sequence[object], i: int
    ) -> tuple[str, set[int]]:
        if play.jump_in:
            text = self.say(
                play.seat,
                N_("You jumped in with {card}"),
                N_("{who} jumped in with {card}"),
                card=self.card(play.card),
            )
        else:
            text = self.say(
                play.seat,
                N_("You played {card}"),
                N_("{who} played {card}"),
                card=self.card(play.card),
            )
        nxt = events[i + 1] if i + 1 < len(events) else None
        if type(nxt) is ev.ColorNamed:  # one sentence each, so the verbs agree
            return self.say(
                play.seat,
                N_("You played {card} and named {colour}."),
                N_("{who} played {card} and named {colour}."),
                card=self.card(play.card),
                colour=self.colour(nxt.color),
            ), {i + 1}
        if type(nxt) is ev.Skipped and play.card.kind in ("skip", "reverse"):
            effect = self.say(nxt.seat, N_("you lost a turn"), N_("{who} lost a turn"))
            return self._("{play}: {effect}.").format(play=text, effect=effect), {i + 1}
        if type(nxt) is ev.Reversed:
            effect = self._(
                N_("play now goes clockwise")
                if nxt.direction > 0
                else N_("play now goes counter-clockwise")
            )
            return self._("{play}: {effect}.").format(play=text, effect=effect), {i + 1}
        if type(nxt) is ev.StackGrew and play.card.kind == "draw2":
            # Draw Twos wait on the next seat only when they stack: it may answer.
            effect = self.say(
                nxt.target,
                N_("you must answer it or take {n}"),
                N_("{who} must answer it or take {n}"),
                n=nxt.total,
            )
            return self._("{play}: {effect}.").format(play=text, effect=effect), {i + 1}
        return self._("{play}.").format(play=text), set()

    def _penalty_waits(self, e: ev.StackGrew, kind: str | None) -> str:
        """What the seat a penalty waits on may do under these rules: answer it (a
        stacking rule for its card), challenge it (a Wild Draw Four of 4, unless
        strict_draw4), take it. `kind` None: the card is not among the events told
        (a retold round's first line): a Draw Two when Draw Twos stack."""
        rules = self.rules
        if kind is None:
            kind = "draw2" if rules.stack_draw2 else "wild-draw4"
        draw4 = kind == "wild-draw4"
        answer = rules.stack_draw4 if draw4 else rules.stack_draw2
        challenge = draw4 and e.total == 4 and not rules.strict_draw4
        return self.say(e.target, *PENALTY_WAITS[answer, challenge], n=e.total)

    def sentence(self, e: Event) -> str | None:  # noqa: C901, PLR0911 - one case per event
        """One event's sentence (None: nothing to say). Every kind of event has its
        case; a kind a card registers at run time tells itself in its own words."""
        if type(e) not in EVENT_TYPES:
            return self._kind_event(e)
        _ = self._
        match e:
            case ev.DealerCard():
                return None  # the opening draw's cards show on the table
            case ev.DealerChosen():
                return self.say(e.seat, N_("You dealt."), N_("{who} dealt."))
            case ev.Dealt():
                return None  # the cards fly: nothing to read
            case ev.CardFlipped():
                return _("The first card is {card}.").format(card=self.card(e.card))
            case ev.StartCardReturned():
                return _("A Wild Draw Four could not start: it went back into the pile.")
            case ev.CardPlayed():
                return self._played(e, [e], 0)[0]
            case ev.ColorNamed():
                return self.say(
                    e.seat,
                    N_("You named {colour}."),
                    N_("{who} named {colour}."),
                    colour=self.colour(e.color),
                )
            case ev.CardsDrawn():
                return self._drawn(e)
            case ev.Passed():
                return self.say(e.seat, *KEPT)
            case ev.Skipped():
                return self.say(e.seat, N_("You lost a turn."), N_("{who} lost a turn."))
            case ev.Reversed():
                return _(
                    N_("Play now goes clockwise.")
                    if e.direction > 0
                    else N_("Play now goes counter-clockwise.")
                )
            case ev.StackGrew():
                return self._penalty_waits(e, self._penalty_kind)
            case ev.ChallengeResult():
                return self._challenge(e)
            case ev.UnoDeclared():
                return self.say(e.seat, N_('You: "UNO!"'), N_('{who}: "UNO!"'))
            case ev.Caught():
                return self._caught(e)
            case ev.CatchMissed():
                return self.say(
                    e.catcher,
                    N_("You called a catch, but nobody had forgotten."),
                    N_("{who} called a catch, but nobody had forgotten."),
                )
            case ev.CardsGiven():
                return self.say_n(
                    e.giver,
                    len(e.gifts),
                    NN_("You gave away {n} {colour} card.", "You gave away {n} {colour} cards."),
                    NN_(
                        "{who} gave away {n} {colour} card.",
                        "{who} gave away {n} {colour} cards.",
                    ),
                    colour=self.colour(e.color),
                )
            case ev.HandsSwapped():
                if e.other == self.you:
                    return _("{who} swapped hands with you.").format(who=self.names[e.seat])
                return self.say(
                    e.seat,
                    N_("You swapped hands with {other}."),
                    N_("{who} swapped hands with {other}."),
                    other=self.names[e.other],
                )
            case ev.HandsPassed():
                return _("Every hand moved on to the next player.")
            case ev.PileReshuffled():
                return _("The discard pile was shuffled into a new draw pile.")
            case ev.RoundWon():
                return self.say_n(
                    e.seat,
                    e.points,
                    NN_("You won the round for {n} point!", "You won the round for {n} points!"),
                    NN_(
                        "{who} won the round for {n} point!",
                        "{who} won the round for {n} points!",
                    ),
                )
            case ev.RoundDrawn():
                return _("Nobody could move: the round ended without a winner.")
            case ev.MatchWon():
                return self._match_won(e)
            case ev.CreeperShown():
                return self._kind_event(e)
            case _:
                assert_never(e)

    def _challenge(self, e: ev.ChallengeResult) -> str:
        _ = self._
        if e.guilty and e.challenged == self.you:
            return _("{who} challenged: you bluffed and drew 4.").format(
                who=self.names[e.challenger]
            )
        if not e.guilty and e.challenged == self.you:
            return _("{who} challenged, but you were honest: 6 cards for them.").format(
                who=self.names[e.challenger]
            )
        if e.guilty:
            return self.say(
                e.challenger,
                N_("You challenged: {other} bluffed and drew 4."),
                N_("{who} challenged: {other} bluffed and drew 4."),
                other=self.name(e.challenged),
            )
        return self.say(
            e.challenger,
            N_("You challenged, but it was honest: 6 cards for you."),
            N_("{who} challenged, but it was honest: 6 cards for them."),
        )

    def _caught(self, e: ev.Caught) -> str:
        if e.target == self.you:
            return self._("{who} caught you without UNO: 2 cards.").format(
                who=self.names[e.catcher]
            )
        return self.say(
            e.catcher,
            N_("You caught {other} without UNO: 2 cards."),
            N_("{who} caught {other} without UNO: 2 cards."),
            other=self.names[e.target],
        )

    def _match_won(self, e: ev.MatchWon) -> str:
        return match_won(e.winners, self.names, self.you, self._)

    def _kind_event(self, e: Any) -> str | None:
        """An event a card kind raises itself, told in the kind's own words."""
        kind = BY_EVENT.get(type(e))
        if kind is None or kind.event_text is None:
            return None
        mine, theirs = kind.event_text
        return self.say(getattr(e, "seat", -1), mine, theirs)

    def _drawn(self, e: ev.CardsDrawn) -> str:
        if e.cards and e.seat == self.you and e.count == 1 and e.reason == "draw":
            return self._("You drew {card}.").format(card=self.card(e.cards[0]))
        kind = KINDS.get(e.reason)  # a card's own draws (the Creeper's three) say so
        told = kind.draw_text if kind is not None else None
        mine, theirs = told or DRAW_WHY.get(e.reason, DRAW_WHY["draw"])
        count = self.ngettext("{n} card", "{n} cards", e.count).format(n=e.count)
        return self.say(e.seat, mine, theirs, count=count)


def _drew(before: object, seat: int) -> bool:
    """`before` is `seat`'s draw from the pile: a pass right after it is not a choice."""
    return type(before) is ev.CardsDrawn and before.seat == seat and before.reason == "draw"


def _told_by(before: object, drawn: ev.CardsDrawn) -> bool:
    """The draw is the one the card kind's own event before it has told."""
    kind = BY_EVENT.get(type(before))
    return (
        kind is not None
        and kind.name == drawn.reason
        and kind.event_text is not None
        and getattr(before, "seat", None) == drawn.seat
    )
