"""Deals that can be checked: a commitment when a round is dealt, its key once it
is over, and `uno-table verify` to deal the round again from that key.

    text = deck_text(match.round)                 # the round as dealt
    sealed = commitment(match.round_key, text)    # sent to every seat at the deal
    ...                                           # the round is played
    problems(record)                              # [] when the deal was the committed one

The commitment is BLAKE2b-256 of the key and the deal, so the server cannot
change the deal once it is sent, and nobody learns the deal from it. With the
key (published when the round is over) anyone deals the round again with the
engine and checks it against the commitment, their own hand and the first
discard. docs/PROTOCOL.md ("Fair deals") gives the file `uno-table verify` reads.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine import Card, Match, RuleSet
from game.engine.keyed_random import KEY_BYTES, KeyedRandom
from game.engine.round import Round
from game.table import GameSetup

HELP = "check that an online round was dealt as its commitment said"
MAX_FILE = 1 << 20  # a deal record is a few kilobytes


def deck_text(rnd: Round) -> str:
    """The round as dealt: each hand (seat 0 first), the discard pile (bottom
    first), the draw pile (top first)."""
    groups = [*(rnd.hand(s) for s in range(rnd.players)), rnd.discard_pile, rnd.draw_pile]
    return " / ".join(" ".join(card.text for card in group) for group in groups)


def commitment(key: bytes, deck: str) -> str:
    return hashlib.blake2b(key + deck.encode("utf-8"), digest_size=32).hexdigest()


def deal_again(rules: RuleSet, players: int, dealer: int, key: bytes) -> Round:
    """The round the key deals: the same code the server's match dealt with."""
    return Round.start(rules, players, dealer, rng=KeyedRandom(key))


@dataclass
class Seal:
    """A table's commitment to the round in play, and the last round whose key
    was told: the `deal` and `reveal` messages of docs/PROTOCOL.md."""

    round: int = 0
    commitment: str = ""
    revealed: int = 0

    def seal(self, match: Match, round_number: int) -> None:
        """Commit to a round just dealt (before anyone moved in it); once."""
        key = match.round_key
        if round_number != self.round and key is not None and not match.round.log:
            self.round = round_number
            self.commitment = commitment(key, deck_text(match.round))

    def deal(self, match: Match, round_number: int) -> dict[str, Any] | None:
        if round_number != self.round or not self.commitment:
            return None
        return {
            "type": "deal",
            "round": round_number,
            "dealer": match.round.dealer,
            "commitment": self.commitment,
        }

    def reveal(self, match: Match, round_number: int) -> dict[str, Any] | None:
        """The round's key, once it is over (None before, or for a round never sealed)."""
        key = match.round_key
        if not match.round.over or round_number != self.round or key is None:
            return None
        self.revealed = round_number
        return {
            "type": "reveal",
            "round": round_number,
            "key": key.hex(),
            "commitment": self.commitment,
        }

    def to_data(self) -> list[Any]:
        return [self.round, self.commitment, self.revealed]

    @classmethod
    def from_data(cls, data: Any) -> Seal:
        if not data:
            return cls()
        return cls(int(data[0]), str(data[1]), int(data[2]))


def problems(record: dict[str, Any]) -> list[str]:
    """What does not hold in a deal record (empty: the deal was the committed one).
    ValueError, KeyError or TypeError for a record that is not one."""
    key = bytes.fromhex(record["key"])
    if len(key) != KEY_BYTES:
        raise ValueError(f"the key must be {KEY_BYTES} bytes")
    rules = RuleSet.from_options(record["rules"])
    rnd = deal_again(rules, int(record["players"]), int(record["dealer"]), key)
    deck = deck_text(rnd)
    found = []
    if "deck" in record and record["deck"] != deck:
        found.append("the deck given is not the one this key deals")
    if commitment(key, str(record.get("deck", deck))) != record["commitment"]:
        found.append("the key and the deal do not match the commitment")
    seat = record.get("seat")
    if "hand" in record and seat is not None:
        hand = sorted(Card.parse(c).text for c in record["hand"])
        if hand != sorted(c.text for c in rnd.hands[int(seat)]):
            found.append(f"seat {seat}'s hand is not the one the committed deal gave")
    if "top" in record and Card.parse(record["top"]) != rnd.top:
        found.append("the card turned up is not the one the committed deal gave")
    return found


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="uno-table verify", description=HELP)
    add_arguments(p)
    return run(p.parse_args(argv))


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", type=Path, help="a deal record (JSON; see docs/PROTOCOL.md)")


def run(args: argparse.Namespace) -> int:
    try:
        with args.file.open("rb") as handle:
            record = json.loads(handle.read(MAX_FILE).decode("utf-8"))
        if not isinstance(record, dict):
            raise TypeError("a deal record is a JSON object")
        found = problems(record)
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError, IndexError) as err:
        print(f"uno-table verify: cannot read {args.file}: {err}", file=sys.stderr)
        return 2
    if found:
        for line in found:
            print(f"NOT VERIFIED: {line}")
        return 1
    print("verified: the deal is the one committed to")
    return 0


if __name__ == "__main__":
    sys.exit(main())


def keyed_match(setup: GameSetup) -> Match:
    """An online match: dealt from a 256-bit key from `secrets`, which no seat is told."""
    return Match(
        setup.rules,
        players=setup.players,
        seed=setup.seed,
        target=setup.target,
        scoring=setup.scoring,
        rng=KeyedRandom(),
    )
