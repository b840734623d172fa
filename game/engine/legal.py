"""The one source of truth for what may be done: enumerate legal actions.

`Round.apply` accepts exactly what these functions list, so legality is never
written twice. Variants of a play (colours, UNO, swap targets) are cached per
card so the common case allocates nothing. The fast turn tables and the slow
`variants` path decide from the same definitions: `matches` (rule 4.1),
`barred` (rule 5.6), `hand_decides` and the card kinds' own `plays` (kinds.py);
a property test checks that the two agree.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from .actions import ACCEPT, CATCHES, CHALLENGE, DRAW, PASS, Action, ChooseColor, Play
from .cards import Card, all_faces
from .kinds import FACES, KIND_OF, ON_DRAW, on_register
from .phases import Phase
from .rules import RuleSet

if TYPE_CHECKING:
    from .round import Round

# The round keeps its phase as the plain string: CPython compares exact strings
# fastest, and every action compares it. `Phase` names them; View.phase is one.
COLOR, TURN, DRAWN, STACK, DRAW4, OVER = (
    Phase.COLOR.value,
    Phase.TURN.value,
    Phase.DRAWN.value,
    Phase.STACK.value,
    Phase.DRAW4.value,
    Phase.OVER.value,
)


@cache
def _plain(card: Card, uno: bool) -> tuple[Play, ...]:
    return (Play(card), Play(card, uno=True)) if uno else (Play(card),)


@cache
def wild_plays(card: Card, colors: tuple[str, ...], uno: bool) -> tuple[Play, ...]:
    flags = (False, True) if uno else (False,)
    return tuple(Play(card, color=c, uno=u) for c in colors for u in flags)


@cache
def _choices(colors: tuple[str, ...]) -> tuple[ChooseColor, ...]:
    return tuple(ChooseColor(c) for c in colors)


ASK: tuple = (None,)  # may be played, but `variants` must say how (never a real play)


def matches(card: Card, color: str | None, top_symbol: str) -> bool:
    """Rule 4.1: same colour, same number or symbol, or a wild-type card."""
    return card.color is None or card.color == color or card.symbol == top_symbol


def barred(rules: RuleSet, card: Card, left: int) -> bool:
    """Rule 5.6 (number_finish): the last card must be a number card."""
    return left == 0 and rules.number_finish and card.kind != "number"


def hand_decides(rules: RuleSet, card: Card, left: int) -> bool:
    """Whether the plays of a matching card depend on more than the colour, the
    top card and the hand's size: then `variants` lists them (the tables say ASK).
    A kind decides for its cards; a 7 or 0 under seven_zero swaps or passes hands."""
    kind = KIND_OF[card]
    if kind is not None:
        return kind.asks is not None and kind.asks(rules)
    return bool(rules.seven_zero and left and card.number in (0, 7))


@cache
def turn_table(rules: RuleSet, left: int) -> dict[str | None, list[tuple | None]]:
    """`turn_table(rules, left)[colour][top card]` is a row that gives, per card
    (rows are indexed by the card itself), the plays of that card by a hand that
    keeps `left` cards after it (0, 1, or 2 for two or more; with one left, each
    play also comes with UNO declared); None where it cannot be played (one jump
    for a hand scan to skip it), `ASK` where `variants` must decide. Built once
    per rule set, so a turn's legality is a few list lookups and no hashing of
    anything new."""
    faces = all_faces()
    table: dict[str | None, list[tuple | None]] = {}
    for color in (*rules.colors, None):
        rows = {
            symbol: _table_row(rules, faces, color, symbol, left)
            for symbol in dict.fromkeys(card.symbol for card in faces)
        }
        by_top: list[tuple | None] = [None] * (faces[-1] + 1)
        for top in faces:
            by_top[top] = rows[top.symbol]
        table[color] = by_top
    return table


@cache
def round_tables(rules: RuleSet) -> tuple[tuple, tuple[str | None, ...], frozenset[Card]]:
    """What a round of these rules reads: the turn tables indexed by hand size
    (`tables[len(hand)]`, any size a hand can reach), `quiet_colors`, and the
    cards of its deck that do something when drawn. One lookup per round: a
    RuleSet hashes in Python."""
    last, uno, more = (turn_table(rules, left) for left in (0, 1, 2))
    deck = rules.deck()
    hooked = frozenset(card for card in deck if ON_DRAW[card])
    return (None, last, uno) + (more,) * len(deck), quiet_colors(rules), hooked


@cache
def quiet_colors(rules: RuleSet) -> tuple[str | None, ...]:
    """Indexed by card: the colour a play of it sets when that is all the play
    does (numbers, but for the 7 and 0 under seven_zero); None for the rest."""
    faces = all_faces()
    out: list[str | None] = [None] * (faces[-1] + 1)
    for card in faces:
        if card.kind == "number" and not (rules.seven_zero and card.number in (0, 7)):
            out[card] = card.color
    return tuple(out)


def _table_row(
    rules: RuleSet, faces: tuple[Card, ...], color: str | None, symbol: str, left: int
) -> tuple:
    row: list[tuple | None] = [None] * (faces[-1] + 1)  # indexed by the card (an int)
    for card in faces:
        if not matches(card, color, symbol) or barred(rules, card, left):
            continue
        if hand_decides(rules, card, left):
            row[card] = ASK
        elif card.color is None:
            row[card] = wild_plays(card, rules.colors, left == 1)
        else:
            row[card] = _plain(card, left == 1)
    return tuple(row)


def _forget_tables() -> None:
    for cached in (turn_table, round_tables, quiet_colors):
        cached.cache_clear()


on_register(_forget_tables)  # a new kind of card: every table lists cards afresh


def playable(rnd: Round, card: Card) -> bool:
    """Rule 4.1 for the round's colour and top card."""
    return matches(card, rnd.color, rnd.discard[-1].symbol)


def holds_color(hand: list[Card], color: str | None) -> bool:
    return color in [card.color for card in hand]  # cheaper than any() and a generator


def variants(rnd: Round, seat: int, card: Card) -> tuple[Play, ...]:
    """Every legal way for `seat` to play `card` (assumed playable)."""
    left = len(rnd.hands[seat]) - 1
    rules = rnd.rules
    if barred(rules, card, left):
        return ()
    if hand_decides(rules, card, left):
        kind = KIND_OF[card]
        if kind is None:
            return _seven_zero(rnd, seat, card)
        return kind.plays(rnd, seat, card)  # type: ignore[misc]
    if card.color is None:
        return wild_plays(card, rules.colors, left == 1)
    return _plain(card, left == 1)


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


def legal_actions(rnd: Round, seat: int | None = None) -> tuple[Action, ...]:
    """`Round.legal_actions`: everything `seat` (the current seat by default) may
    do now, as a tuple: the current seat's is kept on the round until its next
    action (`apply` checks against it), so nobody may change it.
    A plain function the Round takes as its method, so that this, which runs
    once per action, is one call and not two."""
    current = rnd.current
    if seat is not None and seat != current:
        return tuple(out_of_turn(rnd, seat))
    legal = rnd._legal
    if legal is not None:
        return legal
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
    legal = rnd._legal = tuple(out)
    return legal


def _answer_phase(rnd: Round, seat: int, out: list[Action]) -> None:
    """The legal actions outside the turn phase, added to `out` (none once over)."""
    phase = rnd.phase
    if phase == DRAWN:
        plays = _plays_now(rnd, seat, rnd.drawn)  # type: ignore[arg-type]
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


def _plays_now(rnd: Round, seat: int, card: Card) -> tuple[Play, ...]:
    """`variants`, answered by the turn table where it can be, as on a turn: the
    plays of a card the seat was dealt or drew, or answers a penalty with."""
    plays = rnd.plays[len(rnd.hands[seat])][rnd.color][rnd.discard[-1]][card]
    if plays is None or plays is ASK:  # not matching (variants says), or it must look
        return variants(rnd, seat, card)
    return plays


def _answers(rnd: Round, seat: int, kind: str) -> list[Play]:
    out: list[Play] = []
    seen: list[Card] = []
    faces = FACES[kind]  # the cards of that kind (a card's own attributes cost more)
    for card in rnd.hands[seat]:
        if card in faces and card not in seen:
            seen.append(card)
            out += _plays_now(rnd, seat, card)
    return out


def _catches(rnd: Round, seat: int) -> list[Action]:
    target = rnd.uno_open
    if target >= 0 and target != seat and len(rnd.hands[target]) == 1:
        return [CATCHES[target]]
    return []


def out_of_turn(rnd: Round, seat: int) -> list[Action]:
    """What a seat may do while it is not its turn: a catch, or a jump-in."""
    out = _catches(rnd, seat)
    top = rnd.discard[-1] if rnd.discard else None
    if (
        rnd.rules.jump_in
        and rnd.phase == TURN
        and top is not None
        and top.color is not None
        and top in rnd.hands[seat]
    ):
        out += variants(rnd, seat, top)
    return out
