"""The one source of truth for what may be done: enumerate legal actions.

`Round.apply` accepts exactly what these functions list, so legality is never
written twice. Variants of a play (colours, UNO, swap targets) are cached per
card so the common case allocates nothing.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from .actions import ACCEPT, CHALLENGE, DRAW, PASS, Action, Catch, ChooseColor, Play
from .cards import Card, all_faces
from .rules import RuleSet

if TYPE_CHECKING:
    from .round import Round

COLOR, TURN, DRAWN, STACK, DRAW4, OVER = "color", "turn", "drawn", "stack", "draw4", "over"


@cache
def _plain(card: Card, uno: bool) -> tuple[Play, ...]:
    return (Play(card), Play(card, uno=True)) if uno else (Play(card),)


@cache
def _wild(card: Card, colors: tuple[str, ...], uno: bool) -> tuple[Play, ...]:
    flags = (False, True) if uno else (False,)
    return tuple(Play(card, color=c, uno=u) for c in colors for u in flags)


@cache
def _choices(colors: tuple[str, ...]) -> tuple[ChooseColor, ...]:
    return tuple(ChooseColor(c) for c in colors)


_FACES = all_faces()
ASK: tuple = (None,)  # may be played, but `variants` must say how (never a real play)


@cache
def turn_table(rules: RuleSet, left: int) -> dict[str | None, list[tuple | None]]:
    """`turn_table(rules, left)[colour][top card]` is a row that gives, per card
    (rows are indexed by the card itself), the plays of that card by a hand that
    keeps `left` cards after it (0, 1, or 2 for two or more; with one left, each
    play also comes with UNO declared); None where it cannot be played (one jump
    for a hand scan to skip it), `ASK` where `variants` must decide. Built once
    per rule set, so a turn's legality is a few list lookups and no hashing of
    anything new."""
    table: dict[str | None, list[tuple | None]] = {}
    for color in (*rules.colors, None):
        rows = {symbol: _table_row(rules, color, symbol, left)
                for symbol in dict.fromkeys(card.symbol for card in _FACES)}
        table[color] = [None] + [rows[top.symbol] for top in _FACES]
    return table


@cache
def round_tables(rules: RuleSet) -> tuple[tuple, tuple[str | None, ...]]:
    """What a round of these rules reads: the turn tables indexed by hand size
    (`tables[len(hand)]`, any size a hand can reach), and `quiet_colors`. One
    lookup per round: a RuleSet hashes in Python."""
    last, uno, more = (turn_table(rules, left) for left in (0, 1, 2))
    return (None, last, uno) + (more,) * len(rules.deck()), quiet_colors(rules)


@cache
def quiet_colors(rules: RuleSet) -> tuple[str | None, ...]:
    """Indexed by card: the colour a play of it sets when that is all the play
    does (numbers, but for the 7 and 0 under seven_zero); None for the rest."""
    return (None,) + tuple(
        card.color if card.kind == "number" and not (rules.seven_zero and card.number in (0, 7))
        else None for card in _FACES)


def _table_row(rules: RuleSet, color: str | None, symbol: str, left: int) -> tuple:
    row: list[tuple | None] = [None]  # indexed by the card itself (an int from 1)
    for card in _FACES:
        matches = card.color is None or card.color == color or card.symbol == symbol
        barred = left == 0 and rules.number_finish and card.kind != "number"  # rule 5.6
        if not matches or barred:
            row.append(None)
        elif card.kind == "urrrh" or (card.kind == "wild-draw4" and rules.strict_draw4):
            row.append(ASK)
        elif card.color is None:
            row.append(_wild(card, rules.colors, left == 1))
        elif rules.seven_zero and left and card.number in (0, 7):
            row.append(ASK)
        else:
            row.append(_plain(card, left == 1))
    return tuple(row)


def playable(rnd: Round, card: Card) -> bool:
    """Rule 4.1: same colour, same number or symbol, or a wild-type card."""
    return card.color is None or card.color == rnd.color or card.symbol == rnd.discard[-1].symbol


def holds_color(hand: list[Card], color: str | None) -> bool:
    return color in [card.color for card in hand]  # cheaper than any() and a generator


def variants(rnd: Round, seat: int, card: Card) -> tuple[Play, ...]:
    """Every legal way for `seat` to play `card` (assumed playable)."""
    hand = rnd.hands[seat]
    left = len(hand) - 1
    rules = rnd.rules
    if left == 0 and rules.number_finish and card.kind != "number":
        return ()
    if card.color is None:
        if card.kind == "urrrh":
            return _urrrh(rnd, hand, card)
        if card.kind == "wild-draw4" and rules.strict_draw4 and holds_color(hand, rnd.color):
            return ()
        return _wild(card, rules.colors, left == 1)
    if rules.seven_zero and left and card.number in (0, 7):
        return _seven_zero(rnd, seat, card)
    return _plain(card, left == 1)


def _urrrh(rnd: Round, hand: list[Card], card: Card) -> tuple[Play, ...]:
    held = [c.color for c in hand]  # None for wild-type cards, this one among them
    rest = len(hand) - 1
    gives = tuple((color, rest - held.count(color) == 1)
                  for color in rnd.rules.colors if color in held) or ((None, rest == 1),)
    return _urrrh_plays(card, rnd.rules.colors, gives)


@cache
def _urrrh_plays(card: Card, colors: tuple[str, ...],
                 gives: tuple[tuple[str | None, bool], ...]) -> tuple[Play, ...]:
    """An Urrrh's plays: each colour given away (or none, when the hand holds
    none), with UNO too where one card would be left, times each colour named."""
    plays = []
    for give, uno in gives:
        for color in colors:
            plays.append(Play(card, color=color, give=give))
            if uno:
                plays.append(Play(card, color=color, give=give, uno=True))
    return tuple(plays)


def _seven_zero(rnd: Round, seat: int, card: Card) -> tuple[Play, ...]:
    n = rnd.players
    if card.number == 0:
        giver = (seat - rnd.direction) % n  # whose hand this seat receives
        return _plain(card, len(rnd.hands[giver]) == 1)
    plays = []
    for other in range(n):
        if other != seat:
            plays.append(Play(card, swap=other))
            if len(rnd.hands[other]) == 1:
                plays.append(Play(card, swap=other, uno=True))
    return tuple(plays)


def legal_actions(rnd: Round, seat: int | None = None) -> list[Action]:
    """`Round.legal_actions`: everything `seat` (the current seat by default) may
    do now. The current seat's list is kept on the round until its next action
    and is the round's own (`apply` checks against it): read it, do not change it.
    A plain function the Round takes as its method, so that this, which runs
    once per action, is one call and not two."""
    current = rnd.current
    if seat is not None and seat != current:
        return out_of_turn(rnd, seat)
    out = rnd._legal
    if out is not None:
        return out
    out = _catches(rnd, current) if rnd.uno_open >= 0 else []
    if rnd.phase == TURN:
        hand = rnd.hands[current]
        row = rnd.plays[len(hand)][rnd.color][rnd.discard[-1]]
        seen: list[Card] = []  # distinct playable cards, in hand order
        for card in hand:
            plays = row[card]
            if plays is None or card in seen:
                continue
            seen.append(card)
            out += plays if plays is not ASK else variants(rnd, current, card)
        out.append(DRAW)
    else:
        _answer_phase(rnd, current, out)
    rnd._legal = out
    return out


def _answer_phase(rnd: Round, seat: int, out: list[Action]) -> None:
    """The legal actions outside the turn phase, added to `out` (none once over)."""
    phase = rnd.phase
    if phase == DRAWN:
        plays = variants(rnd, seat, rnd.drawn)  # type: ignore[arg-type]
        out += plays
        if not (rnd.rules.force_play and plays):
            out.append(PASS)
    elif phase == COLOR:
        out += _choices(rnd.rules.colors)
    elif phase == STACK:
        out += _answers(rnd, seat, "draw2")
        out.append(ACCEPT)
    elif phase == DRAW4:
        if rnd.rules.stack_draw4:
            out += _answers(rnd, seat, "wild-draw4")
        if rnd.penalty == 4 and not rnd.rules.strict_draw4:
            out.append(CHALLENGE)
        out.append(ACCEPT)


def _answers(rnd: Round, seat: int, kind: str) -> list[Play]:
    out: list[Play] = []
    seen: list[Card] = []
    for card in rnd.hands[seat]:
        if card.kind == kind and card not in seen:
            seen.append(card)
            out += variants(rnd, seat, card)
    return out


def _catches(rnd: Round, seat: int) -> list[Action]:
    target = rnd.uno_open
    if target >= 0 and target != seat and len(rnd.hands[target]) == 1:
        return [Catch(target)]
    return []


def out_of_turn(rnd: Round, seat: int) -> list[Action]:
    """What a seat may do while it is not its turn: a catch, or a jump-in."""
    out = _catches(rnd, seat)
    top = rnd.discard[-1] if rnd.discard else None
    if rnd.rules.jump_in and rnd.phase == TURN and top is not None and top.color is not None \
            and top in rnd.hands[seat]:
        out += variants(rnd, seat, top)
    return out
