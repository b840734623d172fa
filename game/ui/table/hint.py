"""The coach at the table: hints on request and, with "Teach me" on, a kind word
after a move the Expert would have made very differently.

The Expert thinks on a worker thread (game.ai.coach, over a fixed number of guesses), so
a hint never stalls a frame; the table polls for finished sentences each frame.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from game.ai.coach import Advice, advise, second_opinion
from game.engine import View
from game.engine.actions import Action
from game.ui.table.narration import Narrator, bare_card_name

Render = Callable[[Advice, Action | None], str]  # the advice, after the move taken


@dataclass(frozen=True)
class Thought:
    """A finished piece of advice: for the position of update `token`; `taken` is
    the player's move for a teach-me word (None: a hint asked for)."""

    token: int
    advice: Advice
    taken: Action | None


class Coach:
    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="coach")
        self._pending: list[tuple[int, Future[Advice], Action | None]] = []
        self._hints: dict[int, Advice] = {}  # by update token: a position is thought once
        self.shown: str | None = None  # the hint on screen now, to take down when acted on

    def hint(self, token: int, view: View, legal: tuple[Action, ...]) -> None:
        """Think about the move for `view` (or recall it): `ready` gives it."""
        known = self._hints.get(token)
        future: Future[Advice]
        if known is not None:
            future = Future()
            future.set_result(known)
        else:
            future = self._pool.submit(advise, view, legal)
        self._pending.append((token, future, None))

    def judge(self, token: int, view: View, legal: tuple[Action, ...], taken: Action) -> None:
        """After the player took `taken` on `view`: a word only if it was far off."""
        if len(legal) > 1:
            self._pending.append((token, self._pool.submit(advise, view, legal), taken))

    def ready(self) -> list[Thought]:
        """Advice whose thinking has finished, in the order it was asked for; a
        teach-me word only where the player's move was far off."""
        out: list[Thought] = []
        while self._pending and self._pending[0][1].done():
            token, future, taken = self._pending.pop(0)
            try:
                advice = future.result()
            except Exception:  # a failed hint is no hint; the game goes on  # noqa: BLE001
                continue
            if taken is None:
                self._hints[token] = advice
                out.append(Thought(token, advice, None))
            elif second_opinion(advice, taken):
                out.append(Thought(token, advice, taken))
        return out

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def advice_renderer(
    gettext: Callable[[str], str], colours: dict[str, str], narrator: Narrator
) -> Render:
    """Advice in the table's language, with its names for cards, seats and colours."""

    def render(advice: Advice, taken: Action | None) -> str:
        return advice.sentence(
            gettext,
            lambda card: bare_card_name(card, colours, gettext),
            narrator.name,
            lambda key: colours.get(key, key).lower(),
            taken,
        )

    return render
