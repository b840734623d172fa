"""Classic's guided round: the shared script; the round ends on a number (the
Classic rule sheet's 'number finish'), a yellow 4 on Kai's yellow."""

from game.tutorial.script import lesson

LESSON = lesson("classic", "red", "yellow-4")
