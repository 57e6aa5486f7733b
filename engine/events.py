"""Events every game shares: what happened, in order. The bot narrates them; tests check
scores against them. Each game's own events live in its folder.

A round starts (``RoundStarted``), ends (``RoundEnded`` with the game's ``RoundResult``) and
the session ends (``SessionEnded``) the same way in every game; a game's round result extends
``RoundResult`` with what only that game tells.

Events are derived from actions; the action log (not the events) is what gets stored.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import End
from engine.arrangement import Arrangement
from engine.cards import Card


class GameEvent:
    """The base of every event of every game."""

    __slots__ = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundResult:
    """What every game's round result tells. ``closer`` ended the round (went out, knocked,
    called Rummy), None for a dead round; ``special`` is the game's special finish (a Rommé
    hand, a Rummy call); ``points`` is what the round gave each seat in the game's unit (meld,
    minus or bad points) and ``totals`` each seat's session total after it."""

    round_number: int
    closer: int | None
    special: bool
    points: tuple[int, ...]
    totals: tuple[int, ...]

    @property
    def dead(self) -> bool:
        """No one closed the round: the stock ran out once too often."""
        return self.closer is None

    @property
    def went_out(self) -> int | None:
        """The closer, in the words of the games where closing a round is going out."""
        return self.closer

    @property
    def bonuses(self) -> tuple[int, ...]:
        """The closer's bonus from the other hands, by seat (none unless the game pays one)."""
        return (0,) * len(self.totals)


@dataclass(frozen=True, slots=True)
class RoundStarted(GameEvent):
    """A round was dealt. ``upcard`` is None when the dealer got an extra card instead;
    ``first`` plays first."""

    round_number: int
    dealer: int
    upcard: Card | None
    first: int


@dataclass(frozen=True, slots=True)
class RoundEnded(GameEvent):
    """A round was scored; ``result`` is the game's own ``RoundResult``."""

    result: RoundResult


@dataclass(frozen=True, slots=True)
class SessionEnded(GameEvent):
    """``totals`` are the final scores (chip balances in a game played for chips); ``pot``
    the chips the winner took from the pot."""

    winner: int
    totals: tuple[int, ...]
    pot: int = 0


@dataclass(frozen=True, slots=True)
class FirstDealerDrawn(GameEvent):
    """Each pass of the draw for first dealer: (seat, card) pairs; ties draw again."""

    passes: tuple[tuple[tuple[int, Card], ...], ...]
    dealer: int


@dataclass(frozen=True, slots=True)
class DrewFromTalon(GameEvent):
    """``seat`` drew the top card of the stock (the talon); which card stays hidden."""

    seat: int


@dataclass(frozen=True, slots=True)
class Melded(GameEvent):
    """``seat`` put ``cards`` down as the new table meld ``meld_id``, worth ``points`` in the
    game's count."""

    seat: int
    meld_id: int
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True, slots=True)
class LaidOff(GameEvent):
    """``seat`` laid ``card`` onto table meld ``meld_id``: at ``end`` of a run (None for a
    set), worth ``points`` in the game's count."""

    seat: int
    meld_id: int
    card: Card
    end: End | None
    points: int


@dataclass(frozen=True, slots=True)
class Discarded(GameEvent):
    """``seat`` put ``card`` on the discard pile, ending its turn."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Knocked(GameEvent):
    """``seat`` ended its turn by knocking with ``card`` as its discard and laid down ``hand``
    (what follows is the game's: Wiener Rummy's last turns, Gin Rummy's lay-offs)."""

    seat: int
    card: Card
    hand: Arrangement


@dataclass(frozen=True, slots=True)
class TookDiscard(GameEvent):
    """``cards`` were taken from the discard pile, the deepest first (the top card last)."""

    seat: int
    cards: tuple[Card, ...]

    @property
    def card(self) -> Card:
        """The card taken, where only the top card may be."""
        return self.cards[0]


@dataclass(frozen=True, slots=True)
class TalonRebuilt(GameEvent):
    """The discard pile but its top became a new stock of ``cards`` cards; ``rebuild``
    counts the rebuilds this round (1 for the first)."""

    cards: int
    rebuild: int
