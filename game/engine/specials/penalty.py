"""What Draw Two and Wild Draw Four share: the next player draws, unless the
penalty is stacked on (rule 5.5) or challenged (rule 6), and even when the card
was the player's last (rule 10.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..events import SKIPPED, Skipped, stack_grew
from ..pile import take

if TYPE_CHECKING:
    from ..round import Round


def play_penalty(
    rnd: Round, seat: int, amount: int, out: bool, stacking: bool, phase: str, ev: list
) -> bool:
    """The penalty after a play; True when it now waits on the next seat in
    `phase` (stacking on), False when it was taken at once or the round ended."""
    nxt = (seat + rnd.direction) % rnd.players
    total = rnd.penalty + amount
    if out:  # rule 10.1: the next player still draws
        rnd.penalty = 0
        take(rnd, nxt, total, "penalty", ev)
        rnd._finish(seat, ev)
        return False
    if not stacking:
        take(rnd, nxt, total, "penalty", ev)
        ev.append(SKIPPED[nxt])
        rnd.current = (nxt + rnd.direction) % rnd.players
        return False
    rnd.penalty = total
    rnd.current = nxt
    ev.append(stack_grew(nxt, total))
    rnd.phase = phase
    return True


def flip_penalty(rnd: Round, amount: int, ev: list) -> None:
    """Rule 3.3: a penalty card flipped to start: the dealer's left draws and is
    skipped (no stacking on the flipped card)."""
    left = (rnd.dealer + 1) % rnd.players
    take(rnd, left, amount, "penalty", ev)
    ev.append(Skipped(left))
    rnd.current = (left + 1) % rnd.players
