"""The client end: the connection to a server and what it says about the table."""
