"""The games, one package each. No game imports another."""
