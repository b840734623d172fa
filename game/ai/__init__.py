"""Computer opponents. Bots read one seat's View and the legal actions, nothing else.

from game.ai import make_bot
bot = make_bot("hard", random.Random(7))
action = bot.choose(rnd.view(seat), rnd.legal_actions(seat))
"""

from .bot import LEVELS, THINK_SECONDS, Bot, make_bot

__all__ = ["LEVELS", "THINK_SECONDS", "Bot", "make_bot"]
