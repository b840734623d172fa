"""Play over the network: the protocol both ends speak, the server, and the client."""
