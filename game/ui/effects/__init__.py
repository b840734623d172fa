"""Short effects a moment of the game plays over the table: a burst at a seat, a
seat's glow, a verdict's stamp, a Creeper's fuse and blast, an Urrrh's shock wave.

Each is a function of how far through it is (0 to 1), so the table's one timeline
and its speed setting decide when and how fast; each is drawn in its theme's way
(`look.effect_look`) and returns the part of the window it drew on."""
