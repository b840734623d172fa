"""One module per screen of the game."""
