"""What every game's public view tells alike (``ViewBasics``), read from its table game."""

from __future__ import annotations

from typing import Any, TypedDict

from engine.protocol import Phase
from engine.table import TableGame


class ViewBasics(TypedDict):
    """The public view's fields every table game fills alike, for ``**`` into a view."""

    version: int
    round_number: int
    dealer: int
    to_act: int
    phase: Phase
    winner: int | None


def view_basics(game: TableGame[Any, Any, Any]) -> ViewBasics:
    """``game``'s version, round, dealer, seat to act, phase and winner."""
    return ViewBasics(
        version=game.version,
        round_number=game.round_number,
        dealer=game.dealer,
        to_act=game.to_act,
        phase=game.phase,
        winner=game.winner,
    )
