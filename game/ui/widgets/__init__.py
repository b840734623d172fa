"""Small drawable pieces the scenes are built from."""
