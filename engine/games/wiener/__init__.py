"""Wiener Rummy: two packs, two jokers, knock or call Rummy, a rubber for chips
(docs/variants.md)."""

from __future__ import annotations

from engine.protocol import GameSpec


def __getattr__(name: str) -> GameSpec:
    # SPEC is built on first use, so that importing one of the game's modules does not load
    # the whole game (the game's rules still live outside this folder).
    if name == "SPEC":
        from engine.games.wiener.spec import SPEC

        return SPEC
    raise AttributeError(name)
