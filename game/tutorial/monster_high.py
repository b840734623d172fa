"""Monster High's guided round: pink where the others have red, and the player
wins with an Urrrh, the wild card that hands out a colour's cards."""

from game.i18n import N_
from game.tutorial.script import lesson

URRRH = N_(
    "He bluffed, and takes four. Your last card is an Urrrh: a wild card that goes on "
    "anything. Played earlier, it makes you choose a colour you hold and hand out all its "
    "cards. Play it now, name a colour, and win!"
)

LESSON = lesson("monster_high", "pink", "urrrh", URRRH)
