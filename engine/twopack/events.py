"""The names the two-pack games' code and the bot knew the shared events by (they live in
``engine.events`` now, the same for every game)."""

from __future__ import annotations

from engine.events import RoundEnded, RoundStarted, SessionEnded, TookDiscard

DealtRound = RoundStarted
VariantRoundEnded = RoundEnded
VariantSessionEnded = SessionEnded

__all__ = ["DealtRound", "TookDiscard", "VariantRoundEnded", "VariantSessionEnded"]
