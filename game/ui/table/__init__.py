"""The table scene's parts: what the table shows, how it is drawn, animated and narrated."""
