"""Rules 1-2: notation and decks."""

from collections import Counter

import pytest

from game.engine import Card, CardError, RuleSet
from game.engine.cards import all_faces


def test_every_face_round_trips_through_its_text():
    for card in all_faces():
        assert str(Card.parse(str(card))) == str(card)
        assert Card.parse(card.text) is card


@pytest.mark.parametrize("text", ["red-10", "purple-3", "wild-draw2", "", "RED-7", "red7"])
def test_bad_text_is_refused_with_a_clear_error(text):
    with pytest.raises(CardError, match="not a card"):
        Card.parse(text)


def test_card_fields():
    assert Card.parse("red-7").color == "red" and Card.parse("red-7").number == 7
    assert Card.parse("wild-draw4").color is None
    assert Card.parse("blue-skip").kind == "skip"


@pytest.mark.parametrize(
    "text, points",
    [
        ("red-0", 0),
        ("green-9", 9),
        ("blue-skip", 20),
        ("yellow-reverse", 20),
        ("red-draw2", 20),
        ("wild", 50),
        ("wild-draw4", 50),
        ("creeper", 50),
        ("urrrh", 50),
    ],
)
def test_points_rule_10_2(text, points):
    assert Card.parse(text).points == points


@pytest.mark.parametrize(
    "preset, size, colors, special",
    [
        ("classic", 108, {"red", "yellow", "green", "blue"}, None),
        ("minecraft", 112, {"red", "yellow", "green", "blue"}, "creeper"),
        ("monster_high", 112, {"pink", "yellow", "green", "blue"}, "urrrh"),
    ],
)
def test_decks_rule_2(preset, size, colors, special):
    deck = RuleSet.preset(preset).deck()
    counts = Counter(str(c) for c in deck)
    assert len(deck) == size
    assert {c.color for c in deck} - {None} == colors
    for color in colors:
        assert sum(1 for c in deck if c.color == color) == 25
        assert counts[f"{color}-0"] == 1
        for face in [*map(str, range(1, 10)), "skip", "reverse", "draw2"]:
            assert counts[f"{color}-{face}"] == 2
    assert counts["wild"] == 4 and counts["wild-draw4"] == 4
    if special:
        assert counts[special] == 4
    assert set(counts) & {"creeper", "urrrh"} == ({special} if special else set())


def test_house_options_are_off_by_default_and_plain_fields():
    on_in_classic = {"stack_draw2", "number_finish"}  # what sheet 002 says
    names = [option.name for option in RuleSet.house_options()]
    assert len(names) == 8 and on_in_classic < set(names)
    for name in RuleSet.preset_names():
        rules = RuleSet.preset(name)
        for option in names:
            if name == "classic" and option in on_in_classic:
                continue
            assert getattr(rules, option) is False
            assert getattr(rules.replace(**{option: True}), option) is True
    assert RuleSet.preset("classic").stack_draw2 and RuleSet.preset("classic").number_finish
    assert not RuleSet.preset("minecraft").stack_draw2
    assert not RuleSet.preset("monster_high").number_finish
