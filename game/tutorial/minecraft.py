"""Minecraft's guided round: Kai, caught without UNO, draws a Creeper in his two
cards and must show it and take three more; the player wins with a Creeper of
their own, played as a wild."""

from game.i18n import N_
from game.tutorial.script import lesson

CREEPER = N_(
    "He bluffed, and takes four. Your last card is a Creeper: a wild card, so it goes on "
    "anything. Play it, name a colour, and win! (Remember Kai's Creeper: whoever draws one "
    "shows it and takes three more.)"
)
CAUGHT = ("creeper", "wild-draw4", "green-3", "red-1", "red-3")  # two, then three for the Creeper

LESSON = lesson("minecraft", "red", "creeper", CREEPER, CAUGHT)
