"""The guided round every theme shares, as data: the player matches a colour, then
a number, draws (and plays the Skip drawn), catches the computer who forgot UNO,
calls UNO, challenges a bluffed Wild Draw Four and wins with the last card, which is
the theme's special card where it has one. Two seats, so each of the computer's
moves lands on the player and nothing happens between them that the player did
not see. Every legal move is the one asked for (see `game.tutorial.guide`), so the
computer's scripted moves are always legal when their turn comes."""

from __future__ import annotations

from game.engine.actions import ACCEPT, CATCHES, CHALLENGE, DRAW, ActionKind, Play
from game.i18n import N_
from game.tutorial.lesson import Lesson, Step, Want

PLAY, DRAWING = ActionKind.PLAY, ActionKind.DRAW

# The coach's words, step by step (the theme's special card adds its own).
COLOUR = N_(
    "Welcome! I'm your coach. The top of the discard pile is a {red} 5. Match its colour: "
    "play your {red} 2."
)
NUMBER = N_(
    "Kai played a Skip and a Reverse: each made you miss a turn (with two players a Reverse "
    "skips too). Now match the number: the blue 7 goes on the {red} 7."
)
DRAW_ONE = N_(
    "You may draw instead of playing, even when a card fits: take one from the draw pile. "
    "Draw a card now."
)
ACTION = N_(
    "You drew a blue Skip and it fits: play it at once. Kai misses his turn, so you go again."
)
AGAIN = N_("Your turn again. Keep to the colour: play the blue 9.")
BLUE_SIX = N_("Kai is down to two cards. Play your blue 6 and watch what he does.")
CATCH = N_(
    "Kai went down to one card and forgot to call UNO! Catch him before you play: he takes "
    "two cards."
)
GREEN = N_("Caught! Now match the number again: the green 8 goes on the blue 8.")
UNO = N_(
    "You are about to go down to one card: press UNO, then play your green 2. Forget, and "
    "Kai may catch you."
)
CHALLENGE_IT = N_(
    "A Wild Draw Four is on you. Kai should only play it when he has no card of the colour "
    "in play, and I think he bluffed. Challenge him: if he bluffed he takes the four."
)
WIN_NUMBER = N_("He bluffed, and takes four. Kai named yellow: play your last card, a yellow 4.")
# What to do, short: the step's hint, its status line, and the answer to anything else.
DO = {
    "colour": N_("Play your {red} 2"),
    "number": N_("Play your blue 7"),
    "draw": N_("Now draw a card"),
    "action": N_("Play the blue Skip you drew"),
    "again": N_("Play your blue 9"),
    "six": N_("Play your blue 6"),
    "catch": N_("Catch Kai: he has one card and did not call UNO"),
    "green": N_("Play your green 8"),
    "uno": N_("Call UNO, then play your green 2"),
    "challenge": N_("Challenge Kai's Wild Draw Four"),
    "yellow-4": N_("Play your yellow 4"),
    "creeper": N_("Play your Creeper and name a colour"),
    "urrrh": N_("Play your Urrrh and name a colour"),
}
DONE = N_(
    "You won your first round! You know the game now: match, draw, call UNO, catch and "
    "challenge. Have fun at the table."
)


def lesson(
    theme: str, red: str, last: str, last_say: str = WIN_NUMBER, catch_draws: tuple[str, ...] = ()
) -> Lesson:
    """The shared round for a theme (its rule sheet has the theme's id) whose first
    colour is `red` (Monster High's is pink), whose player's last card is `last`
    (the coach says `last_say` of it: a yellow number where the rule sheet says a
    round ends on a number, else the special card), with `catch_draws`: the cards
    the caught computer takes (a special card drawn there shows its effect)."""
    r = red
    player = (f"{r}-2", "blue-7", "blue-9", "blue-6", "green-8", "green-2", last)
    bot = (f"{r}-skip", f"{r}-reverse", f"{r}-7", "blue-3", "blue-1", "blue-8", "green-4")
    caught = catch_draws or ("wild-draw4", "green-3")
    moves = (
        Play(f"{r}-skip"),
        Play(f"{r}-reverse"),
        Play(f"{r}-7"),
        Play("blue-3"),
        Play("blue-1"),
        Play("blue-8"),  # down to one card, UNO forgotten
        Play("green-4"),
        Play("wild-draw4", color="yellow", uno=len(caught) == 2),  # a bluff: he holds green
        ACCEPT,  # never reached: the challenge is the player's
    )
    steps = (
        Step(Want(PLAY, f"{r}-2"), f"card:{r}-2", COLOUR, DO["colour"]),
        Step(Want(PLAY, "blue-7"), "card:blue-7", NUMBER, DO["number"]),
        Step(Want(DRAWING), "pile", DRAW_ONE, DO["draw"]),
        Step(Want(PLAY, "blue-skip"), "card:blue-skip", ACTION, DO["action"]),
        Step(Want(PLAY, "blue-9"), "card:blue-9", AGAIN, DO["again"]),
        Step(Want(PLAY, "blue-6"), "card:blue-6", BLUE_SIX, DO["six"]),
        Step(Want(ActionKind.CATCH), "catch", CATCH, DO["catch"]),
        Step(Want(PLAY, "green-8"), "card:green-8", GREEN, DO["green"]),
        Step(Want(PLAY, "green-2", uno=True), "uno", UNO, DO["uno"]),
        Step(Want(ActionKind.CHALLENGE), "challenge", CHALLENGE_IT, DO["challenge"]),
        Step(Want(PLAY, last), f"card:{last}", last_say, DO[last]),
    )
    return Lesson(
        theme=theme,
        preset=theme,
        hands=(player, bot),
        flip=f"{r}-5",
        draws=("blue-skip", *caught, "yellow-7", "yellow-8", "yellow-9", "green-9"),
        bot=moves,
        steps=steps,
        done=DONE,
    )


# For the step lists' modules: the catch and the challenge are bare actions.
__all__ = ["CATCHES", "CHALLENGE", "DRAW", "lesson"]
