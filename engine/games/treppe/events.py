"""Treppenrommé's round result. Its events are every game's (``engine.events``); they are
imported here too under the names Treppenrommé's code has always used."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.events import RoundEnded, RoundResult, RoundStarted, SessionEnded, TookDiscard

# A take from the staircase: the cards taken, the deepest first.
TookFromStaircase = TookDiscard


@dataclass(frozen=True, slots=True, kw_only=True)
class TreppeRoundResult(RoundResult):
    """The end of a Treppenrommé round. ``points`` are the meld and lay-off points each seat
    scored in the round; whoever went out (``closer``) also scores ``bonus``: the cards left
    in the other hands (``hand_points``), doubled for a Rommé hand (``special``)."""

    hands: tuple[tuple[Card, ...], ...]
    hand_points: tuple[int, ...]
    bonus: int

    @property
    def hand_romme(self) -> bool:
        """The closer went out in one turn (a Rommé hand) and the rules double the bonus."""
        return self.special

    @property
    def meld_points(self) -> tuple[int, ...]:
        """The meld and lay-off points of the round, by seat (``points`` in Treppenrommé)."""
        return self.points

    @property
    def bonuses(self) -> tuple[int, ...]:
        return tuple(self.bonus if seat == self.closer else 0 for seat in range(len(self.totals)))


__all__ = [
    "RoundEnded",
    "RoundStarted",
    "SessionEnded",
    "TookFromStaircase",
    "TreppeRoundResult",
]
