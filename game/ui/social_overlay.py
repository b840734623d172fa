"""The social side of a table online, drawn over it: reactions and quick phrases
(a "Say" button opens them, with a mute switch for each other player), their
bubbles at the sender's seat with a sound, how many watch, and for a spectator
the button to take a seat. Every word is the player's own language: the server
sends codes (`messages.REACTIONS`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_
from game.online.protocol.checks import REACTIONS
from game.ui.style import fitted
from game.ui.widgets.button import Button

if TYPE_CHECKING:
    from game.online.client.remote_table import RemoteTable
    from game.ui.audio import Audio
    from game.ui.online_view import OnlineView

WORDS = {
    "thumbs_up": N_("Thumbs up!"),
    "laugh": N_("Ha ha!"),
    "wow": N_("Wow!"),
    "angry": N_("Grrr!"),
    "uno": N_("UNO!"),
    "gg": N_("GG!"),
    "nice_one": N_("Nice one"),
    "your_turn": N_("Your turn"),
    "oops": N_("Oops"),
    "good_game": N_("Good game"),
}
SOUNDS = {"uno": "uno_call"}  # the rest: the soft sound of a card played
BUBBLE_SIZE = 19
SPECTATOR_BUBBLES = 3  # spectators' bubbles shown at once (the newest)
WATCHING_SIZE = 16
ROW = 30  # a reaction button's height at 720p
WIDEST = 340  # the buttons' widest at 720p
BUTTON_SIZE = 16


def words(code: str, gettext: object) -> str:
    return gettext(WORDS[code])  # type: ignore[operator]


def social_buttons(v: OnlineView) -> list[Button]:
    """The "Say" button; when open, every reaction and a mute switch per player;
    for a spectator, the button to take a seat."""
    _, style, remote = v.gettext, v.style, v.remote
    x, y = style.px(12), style.px(12)
    width, height, gap = style.px(250), style.px(ROW), style.px(4)
    buttons = [Button("say", _("Say...") if not v.saying else _("Close"), pygame.Rect(0, 0, 1, 1))]
    if v.saying:
        buttons += [
            Button(f"react:{code}", words(code, _), pygame.Rect(0, 0, 1, 1)) for code in REACTIONS
        ]
        for seat, name in enumerate(v.names):
            if remote.news.is_mine(seat) or is_computer(remote, seat):
                continue
            muted = seat in remote.news.social.muted
            label = (_("Unmute {name}") if muted else _("Mute {name}")).format(name=name)
            buttons.append(Button(f"mute:{seat}", label, pygame.Rect(0, 0, 1, 1)))
    if remote.news.watching:
        buttons.append(Button("sit", _("Take a seat when one is free"), pygame.Rect(0, 0, 1, 1)))
    # As wide as the longest label needs ("Sentarme cuando haya un asiento libre"),
    # within reason: a longer one (a long name to mute) is cut with an ellipsis.
    widest = max(style.text(b.label, BUTTON_SIZE).get_width() for b in buttons)
    # In a small window the text keeps a least size the column must not: up to
    # two fifths of it (a pixel font's "Sentarme cuando haya sitio" at 800x600).
    most = max(style.px(WIDEST), v.size[0] * 2 // 5)
    width = min(most, max(width, widest + style.px(16)))
    seats = [v.geometry.seat_rect(s) for s in range(v.geometry.players) if s != v.viewer]
    for button in buttons:
        rect = pygame.Rect(x, y, width, height)
        for plate in sorted(seats, key=lambda r: r.top):  # never over a seat: below it
            if rect.colliderect(plate):
                rect.top = plate.bottom + gap
        button.rect = rect
        y = rect.bottom + gap
        button.text_size = BUTTON_SIZE
        button.label = fitted(style, button.label, BUTTON_SIZE, width - style.px(12))
    return buttons


def watching_line(v: OnlineView) -> tuple[str, pygame.Rect] | None:
    """How many watch ("You are watching" first, for a spectator) and where it is
    drawn, its label's panel included: at the top right, under the table's buttons."""
    remote = v.remote
    watchers = remote.news.social.watchers
    if not watchers and not remote.news.watching:
        return None
    _, style = v.gettext, v.style
    count = v.ngettext("{n} watching", "{n} watching", watchers).format(n=watchers)
    if remote.news.watching:
        count = _("You are watching") + " · " + count
    rect = style.text(count, WATCHING_SIZE).get_rect().inflate(style.px(16), style.px(6))
    rect.topright = (v.size[0] - style.px(12), style.px(58))
    return count, rect


def covered(v: OnlineView) -> list[pygame.Rect]:
    """Everything this overlay keeps drawn at the top of the window (the buttons and
    the watching line; not the passing bubbles): what a panel over the table must
    leave clear."""
    line = watching_line(v)
    return [b.rect for b in social_buttons(v)] + ([line[1]] if line else [])


def is_computer(remote: RemoteTable, seat: int) -> bool:
    seats = remote.news.seats
    return seat < len(seats) and seats[seat].kind == "bot"


def play_sounds(remote: RemoteTable, audio: Audio) -> None:
    """Each new bubble's sound, once."""
    social = remote.news.social
    due, social.sounds = social.sounds, []
    for bubble in due[-2:]:  # a burst is not a din
        audio.play(SOUNDS.get(bubble.code, "play"))


def draw_social(v: OnlineView, surface: pygame.Surface, corner_free: int = 0) -> list[pygame.Rect]:
    """`corner_free`: the y under what the online overlay keeps at the top right
    (who is away, the clock), where a spectator's bubble may go. The bubbles'
    places, as drawn."""
    style, _, remote = v.style, v.gettext, v.remote
    count = watching_line(v)
    if count is not None:
        style.label(surface, count[0], WATCHING_SIZE, count[1].topright, anchor="topright")
    for button in social_buttons(v):
        button.draw(surface, style, hovered=button.rect.collidepoint(v.mouse))
    # The bubbles last: the open reactions never hide what someone has just said.
    shown = remote.news.social.shown()
    seated = [b for b in shown if 0 <= b.seat < len(v.names)]
    spectators = [b for b in shown if not 0 <= b.seat < len(v.names)][-SPECTATOR_BUBBLES:]
    drawn = []
    for bubble in seated:
        rect = v.geometry.seat_rect(bubble.seat)
        anchor, pos = "midbottom", (rect.centerx, max(style.px(40), rect.y - style.px(4)))
        if bubble.seat == v.viewer:  # above it is the colour's name: beside, then
            anchor, pos = "bottomleft", (rect.right + style.px(8), rect.bottom)
        text = words(bubble.code, _)
        drawn.append(style.label(surface, text, BUBBLE_SIZE, pos, style.accent_rgb, anchor))
    # Spectators have no seat: their bubbles stack at the top right, newest lowest.
    top = max(style.px(96), corner_free + style.px(4))
    for bubble in spectators:
        text = _("A spectator: {words}").format(words=words(bubble.code, _))
        pos = (surface.get_width() - style.px(12), top)
        drawn.append(style.label(surface, text, BUBBLE_SIZE, pos, style.accent_rgb, "topright"))
        top = drawn[-1].bottom + style.px(4)
    return drawn
