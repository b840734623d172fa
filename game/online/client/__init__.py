"""The client: a connection, the table scene's link to a remote table, hosting, discovery."""
