"""What goes over the wire, said once for both sides; imports neither side (docs/PROTOCOL.md)."""
