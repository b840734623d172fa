"""A chosen card becomes one legal Play; events become sentences."""

from __future__ import annotations

from game.engine import Card, Round, RuleSet, events
from game.table.play_choice import PlayChoice, plays_of
from game.ui.table.narration import Narrator


def test_a_wild_asks_for_a_colour_then_plays_it() -> None:
    # The deal starts left of the dealer, so deck[0] goes to seat 1, who plays first.
    deck = (
        ["wild"]
        + ["green-3"] * 2
        + ["yellow-4"] * 2
        + ["blue-6"] * 2
        + ["green-7"] * 2
        + ["blue-2"] * 2
        + ["yellow-8"] * 2
        + ["green-9"]
        + ["red-5"]
    )
    rnd = Round.start(RuleSet.preset("classic"), players=2, dealer=0, deck=deck)
    card = Card.parse("wild")
    assert rnd.current == 1 and card in rnd.hand(1)
    choice = PlayChoice(card, plays_of(card, rnd.legal_actions()), uno=False)
    assert choice.question == "color"
    assert not choice.answer("color", "purple")
    assert choice.answer("color", "blue")
    assert choice.action is not None and choice.action.color == "blue"
    rnd.apply(choice.action)
    assert rnd.color == "blue"


def test_sentences_name_the_card_and_its_effect() -> None:
    narrator = Narrator(["You", "Bea", "Carlos"], you=0, colour_names={"blue": "Blue"})
    told = narrator.tell([events.CardPlayed(1, Card.parse("blue-skip"), False), events.Skipped(2)])
    # Told once both are shown: at the last event the sentence tells.
    assert told == [None, "Bea played a blue Skip: Carlos lost a turn."]
    assert narrator.tell([events.CardsDrawn(0, 2, (), "catch")]) == [
        "You drew 2 cards for forgetting UNO."
    ]


def test_every_event_of_random_rounds_reads_as_a_sentence() -> None:
    import random

    from game.engine import Match

    rng = random.Random(5)
    for preset in ("classic", "minecraft", "monster_high"):
        rules = RuleSet.preset(preset).replace(seven_zero=True, jump_in=True)
        match = Match(rules, players=4, seed=rng.randrange(1000))
        rnd = match.round
        while not rnd.over:
            rnd.apply(rng.choice(rnd.legal_actions()))
        narrator = Narrator(["You", "Bea", "Carlos", "Dana"], 0, {})
        told = narrator.tell([events.for_seat(e, 0) for e in rnd.history])
        assert len(told) == len(rnd.history)
        for i, event in enumerate(rnd.history):
            if type(event) in (events.CardPlayed, events.RoundWon, events.RoundDrawn):
                # A play's sentence stands at its own event, or at the effect it tells with it.
                sentence = told[i] or (told[i + 1] if type(event) is events.CardPlayed else None)
                assert sentence and sentence.endswith((".", "!"))


def test_after_a_live_switch_to_spanish_older_log_lines_follow(app) -> None:  # noqa: ANN001
    from tests.ui.conftest import settle_on_my_turn, table_for

    table = table_for(app, seed=4, players=3, speed="instant")
    assert settle_on_my_turn(app, table)
    english = list(table.log.lines)
    assert any(" played " in line for line in english), english
    app.settings.language = "es"
    app.save_settings()
    app.step(1 / 60)
    spanish = table.log.lines
    assert len(spanish) == len(english) and spanish != english
    assert not any(" played " in line for line in spanish), spanish
    assert any(" ha jugado " in line for line in spanish), spanish
