"""English messages the engine hands to the UI: option names, card names,
refusal reasons. The engine never translates; the UI does, from the catalogs."""


def N_(text: str) -> str:  # noqa: N802 - the gettext convention for "translate later"
    """Mark `text` for the game's catalogs (build/locale.py finds every `N_`)."""
    return text
