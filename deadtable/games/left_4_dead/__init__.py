"""Left 4 Dead on HeroScape rules (game id left-4-dead). The lead writes the spec here."""
