"""The coach finds the known right move on stacked decks and says why, in both languages."""

from __future__ import annotations

import random

import pytest

from game.ai import make_bot
from game.ai.coach import Advice, advise, explain, second_opinion
from game.ai.expert import SEARCH_FROM, ExpertBot, Thought, Weighed
from game.ai.hard import HardBot
from game.engine import Card
from game.engine.actions import DRAW, Play
from game.i18n import Translator
from game.ui.table.narration import bare_card_name

from .conftest import shrink, stacked

NAMES = ["You", "Bea", "Carlos", "Dana"]
COLOURS = {
    "en": {"red": "Red", "blue": "Blue", "green": "Green", "yellow": "Yellow", "pink": "Pink"},
    "es": {"red": "Rojo", "blue": "Azul", "green": "Verde", "yellow": "Amarillo", "pink": "Rosa"},
}


def _say(advice: Advice, lang: str = "en") -> str:
    tr = Translator(lang)
    colours = COLOURS[lang]
    return advice.sentence(
        tr.gettext,
        lambda card: bare_card_name(card, colours, tr.gettext),
        lambda seat: NAMES[seat],
        lambda key: colours[key].lower(),
    )


def _advice(rnd) -> Advice:
    seat = rnd.current
    return advise(
        rnd.view(seat), rnd.legal_actions(seat), random.Random(1), seconds=None, worlds=48
    )


def _next_has_one_card():
    rnd = stacked(
        "classic", {0: ["red-skip", "red-4", "green-6", "blue-7", "yellow-8"]}, flip="red-5"
    )
    shrink(rnd, 1, 1)
    return rnd


def test_the_expert_skips_a_next_player_with_one_card() -> None:
    rnd = _next_has_one_card()
    for seed in range(3):
        act = make_bot("expert", random.Random(seed)).choose(rnd.view(0), rnd.legal_actions())
        assert act == Play("red-skip"), seed


def test_the_coach_says_who_is_next_and_how_many_cards() -> None:
    advice = _advice(_next_has_one_card())
    assert advice.action == Play("red-skip")
    assert _say(advice) == (
        "Play your red Skip: Bea has one card left, and your red Skip makes them miss a turn."
    )
    assert _say(advice, "es") == (
        "Juega tu Salta rojo: a Bea le queda una carta, y tu Salta rojo le hace perder el turno."
    )


def test_the_coach_names_the_colour_held_most() -> None:
    rnd = stacked(
        "classic",
        {0: ["wild", "blue-1", "blue-2", "blue-3", "green-4", "yellow-6", "green-8"]},
        flip="red-5",
    )
    advice = _advice(rnd)
    assert advice.action[0] == "play" and advice.action.card is Card.parse("wild")
    assert advice.action.color == "blue"
    assert _say(advice) == "Play your Wild and name blue: it is the colour you hold most."
    assert _say(advice, "es") == "Juega tu Comodín y elige azul: es el color que más tienes."


def test_the_coach_plays_the_last_card() -> None:
    rnd = stacked("classic", {0: ["red-3"]}, flip="red-5")
    shrink(rnd, 0, 1)
    advice = _advice(rnd)
    assert advice.action == Play("red-3")
    assert _say(advice) == "Play your red 3: it is your last card."


def test_teach_me_speaks_up_only_for_a_clearly_worse_move() -> None:
    rnd = _next_has_one_card()
    advice = _advice(rnd)
    assert not second_opinion(advice, advice.action)
    weighed = {w.action: w.rate for w in advice.thought.weighed}
    best = weighed[advice.action]
    worse = [a for a, rate in weighed.items() if rate <= 0.8 * best]
    close = [a for a, rate in weighed.items() if 0.8 * best < rate < best]
    assert worse, weighed  # letting Bea play on loses clearly more often
    assert all(second_opinion(advice, a) for a in worse)
    assert not any(second_opinion(advice, a) for a in close)


def _thought(rnd):  # noqa: ANN001, ANN202
    view, legal = rnd.view(0), rnd.legal_actions(0)
    return ExpertBot(random.Random(1), worlds=48).think(view, legal)


@pytest.mark.parametrize("preset", ["minecraft", "monster_high"])
def test_with_creepers_or_urrrhs_the_expert_searches_once_a_hand_runs_low(preset: str) -> None:
    # Seven cards in every hand: a playout cut short that far from the end tells
    # less than Hard's own sense, so the Expert plays Hard's move.
    hand = ["yellow-skip", "yellow-4", "green-6", "blue-7", "yellow-8"]
    rnd = stacked(preset, {0: hand}, flip="yellow-5")
    thought = _thought(rnd)
    assert thought.playouts == 0 and not thought.weighed
    assert thought.choice == HardBot(random.Random(1)).choose(rnd.view(0), rnd.legal_actions(0))
    shrink(rnd, 3, SEARCH_FROM[preset])  # an opponent down to a few cards: now it searches
    thought = _thought(rnd)
    assert thought.playouts > 0 and len(thought.weighed) > 1


@pytest.mark.parametrize("players", [2, 4])
def test_in_classic_and_between_two_the_expert_searches_from_the_start(players: int) -> None:
    hand = ["yellow-skip", "yellow-4", "green-6", "blue-7", "yellow-8"]
    preset = "classic" if players == 4 else "monster_high"
    thought = _thought(stacked(preset, {0: hand}, flip="yellow-5", players=players))
    assert thought.playouts > 0 and len(thought.weighed) > 1


def test_a_move_that_leaves_one_card_says_call_uno() -> None:
    rnd = stacked("classic", {0: ["red-3", "blue-7"]}, flip="red-5")
    shrink(rnd, 0, 2)
    advice = _advice(rnd)
    assert advice.action == Play("red-3", uno=True)  # the blue 7 does not fit
    assert _say(advice) == "Play your red 3 and call UNO: it is the only card you can play."
    assert _say(advice, "es") == "Juega tu 3 rojo y canta UNO: es la única carta que puedes jugar."


def test_the_same_position_gets_the_same_hint() -> None:
    rnd = stacked(
        "classic", {0: ["red-skip", "red-4", "green-6", "blue-7", "yellow-8"]}, flip="red-5"
    )
    view, legal = rnd.view(0), rnd.legal_actions(0)
    said = {_say(advise(view, legal)) for _ in range(3)}
    assert len(said) == 1, said


def _teach(advice: Advice, taken, lang: str = "en") -> str:  # noqa: ANN001
    tr = Translator(lang)
    return advice.sentence(
        tr.gettext,
        lambda card: bare_card_name(card, COLOURS[lang], tr.gettext),
        lambda seat: NAMES[seat],
        lambda key: COLOURS[lang][key].lower(),
        taken,
    )


def test_teach_me_names_the_move_made_then_the_coachs() -> None:
    advice = _advice(_next_has_one_card())
    assert _teach(advice, Play("red-4")) == (
        "Instead of your red 4, I would have played your red Skip: Bea has one card left, "
        "and your red Skip makes them miss a turn."
    )
    assert _teach(advice, DRAW, "es").startswith("En vez de robar, yo habría jugado tu Salta rojo")
    wild = Advice(Play("wild", color="blue"), "most")
    assert _teach(wild, Play("wild", color="red")).startswith("Instead of naming red, ")


def test_the_urrrh_hint_names_what_is_given_away_and_the_colour_apart() -> None:
    advice = Advice(Play("urrrh", color="green", give="blue"), "most")
    text = _say(advice)
    assert text == (
        "Play your Urrrh, give away your blue cards, then name green: "
        "it is the colour you hold most."
    )


def test_the_only_playable_card_is_said_so_though_the_search_weighed_it() -> None:
    hand = ["red-3", "blue-1", "green-2", "yellow-3", "blue-4", "green-6", "yellow-7"]
    rnd = stacked("classic", {0: hand}, flip="red-5")
    view, legal = rnd.view(0), list(rnd.legal_actions(0))
    weighed = (Weighed(Play("red-3"), 30.0, 48), Weighed(DRAW, 20.0, 48))
    advice = explain(view, legal, Thought(Play("red-3"), weighed, None, 96))
    assert _say(advice) == "Play your red 3: it is the only card you can play."


def test_a_draw_says_which_card_it_keeps() -> None:
    rnd = _next_has_one_card()
    view, legal = rnd.view(0), list(rnd.legal_actions(0))
    weighed = (Weighed(DRAW, 30.0, 48), Weighed(Play("red-skip"), 20.0, 48))
    advice = explain(view, legal, Thought(DRAW, weighed, None, 96))
    assert _say(advice) == "Draw a card: you keep your red Skip for later."


# How the Expert searched, in words a new player cannot check on the table.
SEARCH_WORDS = {
    "en": ("did better", "turns out", "played the next", "playout", "search", "simulat", "guess"),
    "es": ("salió mejor", "turnos siguientes", "jugué los", "simul", "búsqueda"),
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_hint_speaks_of_the_search(lang: str) -> None:
    from game.ai import coach

    tr = Translator(lang)
    every = [*coach.REASONS.values(), *coach.TAKEN.values(), coach.SENTENCE, coach.TEACH]
    every += [text for pair in coach.MOVES.values() for text in pair]
    for message in every:
        said = tr.gettext(message).lower()
        assert not any(word in said for word in SEARCH_WORDS[lang]), said
    # And the hints themselves, over positions of whole random rounds, and teach-me words.
    rng = random.Random(3)
    said_reasons = set()
    for preset in ("classic", "minecraft", "monster_high"):
        from game.engine import Match, RuleSet

        rnd = Match(RuleSet.preset(preset), players=3, seed=rng.randrange(1000)).round
        turns = 0
        while not rnd.over and turns < 60:
            seat, legal = rnd.current, rnd.legal_actions()
            if turns % 4 == 0 and len(legal) > 1:
                advice = advise(rnd.view(seat), legal, random.Random(1), worlds=6)
                said_reasons.add(advice.key)
                for text in (_say(advice, lang), _teach(advice, legal[-1], lang)):
                    assert not any(word in text.lower() for word in SEARCH_WORDS[lang]), text
            rnd.apply(rng.choice(legal))
            turns += 1
    assert len(said_reasons) >= 3, said_reasons
