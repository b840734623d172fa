"""An invitation to a table online: the words a host copies to friends (the
address and the code), and putting them on the clipboard."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import N_

INVITE = N_(
    "Join my UNO table: open uno-table, Play online, Join a table; address {address}, code {code}"
)


def invite_text(address: str, code: str, gettext: Callable[[str], str]) -> str:
    return gettext(INVITE).format(address=address, code=code)


def copy_text(text: str, gettext: Callable[[str], str]) -> str:
    """Put `text` on the clipboard; what to tell the player (it may be unavailable)."""
    try:
        pygame.scrap.init()
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError, NotImplementedError):  # no clipboard here
        return gettext("No clipboard here: the invitation is shown above.")
    return gettext("Invitation copied: paste it to your friends.")
