"""A card added from a test module (tests/downpour_card.py) plays through the
engine, a headless table and the log's narration, from its definition alone."""

from __future__ import annotations

from dataclasses import replace

from game.engine import Card, Match, events
from game.engine.actions import Play
from game.engine.kinds import KINDS
from game.table import BotRunner, Table, default_setup, seat_controllers, settled
from game.ui.table.narration import Narrator, card_name
from tests.downpour_card import NAME, RULES, DownpourFell


def test_the_new_card_is_in_its_deck_only():
    assert KINDS[NAME].faces() == (Card.parse(NAME),)
    assert RULES.deck().count(Card.parse(NAME)) == 4 and len(RULES.deck()) == 112
    assert Card.parse(NAME) not in RULES.preset("classic").deck()


def test_everyone_else_draws_one_from_a_stacked_deck(deal):
    rnd = deal(
        RULES, hands={0: [NAME, "red-1"]}, flip="red-5", draw=["blue-2", "green-3", "blue-4"]
    )
    before = [len(rnd.hand(s)) for s in range(4)]
    assert Play(NAME, color="green") in rnd.legal_actions()  # a wild: playable on anything
    got = rnd.apply(Play(NAME, color="green"))
    assert DownpourFell(0) in got
    drawn = [(e.seat, e.cards, e.reason) for e in got if isinstance(e, events.CardsDrawn)]
    assert drawn == [
        (1, (Card.parse("blue-2"),), NAME),
        (2, (Card.parse("green-3"),), NAME),
        (3, (Card.parse("blue-4"),), NAME),
    ]
    assert [len(rnd.hand(s)) for s in range(4)] == [before[0] - 1, *(n + 1 for n in before[1:])]
    assert rnd.current == 1 and rnd.color == "green"


def test_its_event_is_saved_and_loaded_by_name(deal):
    match = Match(RULES, players=3, seed=5)
    match.round.history.append(DownpourFell(1))
    loaded = Match.from_json(match.to_json())
    assert loaded.round.history[-1] == DownpourFell(1)


def test_bots_play_whole_matches_with_it_through_the_table():
    setup = settled(
        replace(
            default_setup(NAME, "classic", players=4, autoplay=True, seed=11),
            rules=RULES,
            target=200,
        )
    )
    table = Table(setup, seat_controllers(setup, BotRunner(threaded=False)), pace=0)
    told = []
    table.watch(0, lambda update: told.extend(update.events))
    for _ in range(50000):
        if table.match_over:
            break
        if table.over:
            table.next_round()
        table.tick(1.0)
        table.step()
    assert table.match_over
    played = [e for e in told if isinstance(e, DownpourFell)]
    assert played, "the bots never played the new card"
    narrator = Narrator(["Ann", "Bo", "Cy", "Di"], you=0, colour_names={})
    lines = [line for line in narrator.tell(told) if line]
    assert any("brings the downpour" in line or "You bring the downpour" in line for line in lines)
    assert any("in the downpour." in line for line in lines)
    assert card_name(Card.parse(NAME)) == "a Downpour"
