"""The coach at the table: hints on request and, with "Teach me" on, a kind word
after a move the Expert would have made very differently.

The Expert thinks on a worker thread (game.ai.coach, within its time budget), so
a hint never stalls a frame; the table polls for finished sentences each frame.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING

from game.ai.coach import TEACH, Advice, advise, second_opinion
from game.engine import Card, View
from game.engine.actions import Action, Play

if TYPE_CHECKING:
    from game.ui.scenes.table import TableScene

Render = Callable[[Advice], str]


class Coach:
    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="coach")
        self._pending: list[tuple[Future[Advice], Action | None]] = []

    def hint(self, view: View, legal: tuple[Action, ...]) -> None:
        """Start thinking about the move for `view`; `ready` gives the sentence."""
        self._pending.append((self._pool.submit(advise, view, legal), None))

    def judge(self, view: View, legal: tuple[Action, ...], taken: Action) -> None:
        """After the player took `taken` on `view`: a word only if it was far off."""
        if len(legal) > 1:
            self._pending.append((self._pool.submit(advise, view, legal), taken))

    def ready(
        self, render: Render, gettext: Callable[[str], str]
    ) -> list[tuple[str, Action | None]]:
        """Sentences whose thinking has finished, in the order they were asked for,
        each with the move a hint suggests (None for a teach-me word)."""
        out: list[tuple[str, Action | None]] = []
        while self._pending and self._pending[0][0].done():
            future, taken = self._pending.pop(0)
            try:
                advice = future.result()
            except Exception:  # a failed hint is no hint; the game goes on  # noqa: BLE001
                continue
            if taken is None:
                out.append((render(advice), advice.action))
            elif second_opinion(advice, taken):
                out.append((gettext(TEACH).format(advice=render(advice)), None))
        return out

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def renderer(t: TableScene) -> Render:
    """Advice in the table's language, with its names for cards, seats and colours."""
    from game.ui.narration import bare_card_name

    gettext = t.host.gettext
    colours = t.colour_names()
    narrator = t.narrator()

    def render(advice: Advice) -> str:
        return advice.sentence(
            gettext,
            lambda card: bare_card_name(card, colours, gettext),
            narrator.name,
            lambda key: colours.get(key, key).lower(),
        )

    return render


def ask(t: TableScene) -> None:
    """The Hint button: think about the viewer's move now."""
    if not t.human_turn():
        t.say(t.host.gettext("A hint is for your own turn."))
        return
    t.say(t.host.gettext("Thinking…"))
    t.coach.hint(t.latest.view, t.viewer_legal())


def show_ready(t: TableScene) -> None:
    """Once a frame: finished hints and teach-me words go to the toast and the log;
    a hinted card, while it can still be played, takes the keyboard focus (lifted
    and ringed, so Enter plays it)."""
    for text, move in t.coach.ready(renderer(t), t.host.gettext):
        t.say(text)
        t.log.add(text)
        if isinstance(move, Play) and _playable(t, move.card):
            t.focus = t.fan.index_of(move.card)


def _playable(t: TableScene, card: Card) -> bool:
    return any(isinstance(a, Play) and a.card is card for a in t.viewer_legal())
