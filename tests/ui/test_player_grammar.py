"""Every sentence with the player as its subject (or object) is its own message, in
English and in Spanish: "You win the round", never "You wins"; replays say "You
draw 1 card"; a seat called "You" follows the language; and a Spanish table
shows no English words."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from game.engine import Card
from game.engine import events as ev
from game.i18n import Translator
from game.ui.table.narration import Narrator, shown_names

RED7, BLUE_SKIP, WILD4 = Card.parse("red-7"), Card.parse("blue-skip"), Card.parse("wild-draw4")
COLOURS = {"red": "Red", "blue": "Blue", "green": "Green", "yellow": "Yellow"}


def events_about(me: int, other: int) -> list[object]:
    """One of each event, with `me` as the actor, then as the one acted on."""
    out: list[object] = []
    for a, b in ((me, other), (other, me)):
        out += [
            ev.DealerChosen(a),
            ev.CardPlayed(a, RED7, False),
            ev.CardPlayed(a, RED7, True),
            ev.ColorNamed(a, "red"),
            ev.CreeperShown(a, RED7),
            ev.Passed(a),
            ev.Skipped(a),
            ev.StackGrew(a, 4),
            ev.ChallengeResult(a, b, True, ()),
            ev.ChallengeResult(a, b, False, ()),
            ev.UnoDeclared(a),
            ev.Caught(a, b),
            ev.CatchMissed(a, b),
            ev.CardsGiven(a, "red", ((b, None),)),
            ev.CardsGiven(a, "red", ((b, None), (b, None))),
            ev.HandsSwapped(a, b),
            ev.RoundWon(a, 30, ()),
            ev.MatchWon((a,), (500, 0)),
            ev.MatchWon((a, b), (500, 500)),
        ]
        for reason in ("draw", "penalty", "creeper", "challenge", "catch"):
            out += [ev.CardsDrawn(a, 1, (), reason), ev.CardsDrawn(a, 3, (), reason)]
        out.append(ev.CardsDrawn(a, 1, (RED7,), "draw"))
    # A card and its effect told together: "Bea played a blue Skip: you lose a turn."
    out += [ev.CardPlayed(other, BLUE_SKIP, False), ev.Skipped(me)]
    out += [ev.CardPlayed(other, WILD4, False), ev.StackGrew(me, 4)]
    return out


def sentences(language: str, names: list[str], you: int | None) -> list[str]:
    t = Translator(language)
    narrator = Narrator(names, you, COLOURS, t.gettext, t.ngettext)
    return [s for s in narrator.tell(events_about(0, 1)) if s]


# English verbs after "you" never take the third person's -s ("you draws").
THIRD_PERSON_AFTER_YOU = re.compile(r"\byou (?!pass\b|miss\b)(\w+[^s]s|\w+ches|\w+es)\b", re.I)


def test_english_you_sentences_never_take_the_third_person() -> None:
    told = sentences("en", ["You", "Bea", "Carlos"], you=0)
    assert told
    wrong = [s for s in told if THIRD_PERSON_AFTER_YOU.search(s)]
    assert wrong == []
    assert "Bea challenged: you bluffed and drew 4." in told
    assert "You won the round!" in told


def test_a_replay_tells_the_seat_called_you_as_you() -> None:
    told = sentences("en", ["You", "Bea", "Carlos"], you=None)
    assert "You drew 1 card." in told
    assert not [s for s in told if THIRD_PERSON_AFTER_YOU.search(s)]


@pytest.mark.parametrize("stored", ["You", "Tú"])
def test_spanish_you_sentences_use_the_second_person(stored: str) -> None:
    """Whatever language the set-up was made in, the seat is "tú", and no sentence
    puts "Tú" before a verb of someone else ("Tú roba")."""
    told = sentences("es", [stored, "Bea", "Carlos"], you=0)
    misplaced = [s for s in told if re.search(r"\bTú (?!y\b)\w+", s)]
    assert misplaced == []
    assert "Has robado 1 carta." in told
    assert "Bea te ha desafiado: has hecho trampa y has robado 4." in told
    assert "¡Ganas la partida!" in told
    assert not any("You" in s for s in told)


def test_a_seat_called_you_follows_the_language() -> None:
    es, en = Translator("es").gettext, Translator("en").gettext
    assert shown_names(["You", "Bea"], es) == ["Tú", "Bea"]
    assert shown_names(["Tú", "Bea"], en) == ["You", "Bea"]
    assert shown_names(["Youssef"], es) == ["Youssef"]


@pytest.mark.parametrize(
    ("language", "you", "expected"),
    [
        ("en", 0, "You win the round: +50 points"),
        ("es", 0, "Ganas la ronda: +50 puntos"),
    ],
)
def test_the_scoreboard_headline_speaks_to_the_player(
    language: str, you: int | None, expected: str
) -> None:
    from game.ui.scenes.scoreboard import ScoreboardScene

    board = ScoreboardScene.__new__(ScoreboardScene)
    translator = Translator(language)
    board.host = SimpleNamespace(gettext=translator.gettext, i18n=translator)  # type: ignore[assignment]
    names = shown_names(["You", "Bea"], board.host.gettext)
    board.end = SimpleNamespace(names=names, setup=SimpleNamespace(scoring="standard"))  # type: ignore[assignment]
    board.you, board.match_over, board.winner = you, False, 0
    board.totals, board.before, board.match_winners = [50, 0], [0, 0], ()
    assert board._headline() == expected


def _english_only_messages() -> set[str]:
    from babel.messages.pofile import read_po

    from game.files import paths

    path = paths.asset_root() / "locale" / "es" / "LC_MESSAGES" / "game.po"
    with path.open("rb") as f:
        catalog = read_po(f)
    return {
        m.id
        for m in catalog
        if isinstance(m.id, str) and m.id and m.string and m.string != m.id and len(m.id) > 3
    }


def test_a_spanish_table_shows_no_english_message(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.app import App, Options
    from game.ui.style import Style
    from tests.ui.conftest import FRAME, table_for

    app = App(Options(fixed_dt=FRAME, fps_cap=0, language="es"))
    app.complete_catalog()
    drawn: set[str] = set()
    text = Style.text

    def record(style: Style, words: str, size: float, color=None):  # noqa: ANN001, ANN202
        drawn.add(words)
        return text(style, words, size, color)

    monkeypatch.setattr(Style, "text", record)
    try:
        table = table_for(app, seed=5, players=4, speed="1x")
        for _ in range(1500):  # the deal, the bots' turns (thinking…), the person's turns
            app.step(FRAME)
            if app.stack.top is table and table.human_turn() and not table.picture.choreo.busy:
                legal = table.seat.legal()
                plays = [a for a in legal if a[0] == "play"]
                table.submit((plays or list(legal))[0])
    finally:
        app.close()
    english = _english_only_messages()
    assert "thinking…" in english and "pensando…" in drawn
    assert sorted(drawn & english) == []
    assert "Tú  ·  7" in drawn or any(w.startswith("Tú  ·") for w in drawn)


def test_a_wild_and_its_colour_agree_in_person_in_spanish() -> None:
    from game.engine import Card
    from game.engine import events as ev
    from game.i18n import Translator
    from game.ui.table.narration import Narrator

    tr = Translator("es")
    colours = {"green": "Verde", "red": "Rojo", "blue": "Azul", "yellow": "Amarillo"}
    wild = Card.parse("wild")
    for you, expected in (
        (0, "Has jugado un Comodín y has elegido verde."),
        (None, "Bea ha jugado"),
    ):
        narrator = Narrator(["Tú", "Bea"], you, colours, tr.gettext, tr.ngettext)
        seat = 0 if you == 0 else 1
        told = narrator.tell([ev.CardPlayed(seat, wild, False), ev.ColorNamed(seat, "green")])
        # One sentence for both events, said at the last of them (when the colour is named).
        assert told[0] is None and told[1] is not None and told[1].startswith(expected), told


def test_keeping_a_card_that_could_not_be_played_is_not_told_as_a_choice() -> None:
    from game.engine import Card
    from game.engine import events as ev
    from game.ui.table.narration import Narrator

    narrator = Narrator(["You", "Bea"], 0, {})
    drew = ev.CardsDrawn(0, 1, (Card.parse("blue-9"),), "draw")
    assert narrator.tell([drew, ev.Passed(0)])[1] == "You could not play it: the turn passes on."
    assert narrator.tell([ev.Passed(0)]) == ["You kept the card."]


# What happened is told in the past; only what stands now ("must answer it", "play
# now goes clockwise") and the match's headline are in the present.
PRESENT_EN = re.compile(
    r"\b(deals|loses|lose a turn|challenges|You challenge|catches|You catch|calls|call a catch"
    r"|gives|give away|swaps|swap hands|wins the round|win the round|draws \d|draw \d|You deal"
    r"|is shuffled|cannot start)\b"
)
PRESENT_ES = re.compile(
    r"\b(Repartes|Reparte|Pierdes|pierde|Desafías|desafía|te pilla|Pillas|pilla a|Regalas"
    r"|regala|cambia su|Cambias|Ganas la ronda|gana la ronda|Robas|roba \d|se baraja)\b"
)


@pytest.mark.parametrize(("language", "present"), [("en", PRESENT_EN), ("es", PRESENT_ES)])
@pytest.mark.parametrize("you", [0, None])
def test_the_log_tells_what_happened_in_the_past(language: str, present, you) -> None:  # noqa: ANN001
    told = sentences(language, ["Ana", "Bea", "Carlos"], you=you)
    narrated = [s for s in told if "match" not in s and "partida" not in s]
    assert narrated and [s for s in narrated if present.search(s)] == []
