"""What the presenters of the staircase games share: the games drawn on the meld table
(``bot.render.meld_table``: a spread discard pile, every placed card scored for whoever
placed it) and played to a target. The heading and the Scores heading name the target, a
seat's score is its total, and the play and the session's end are told alike."""

from __future__ import annotations

from abc import abstractmethod
from typing import Protocol, TypeVar

from bot.core.presenter import GamePresenter
from bot.core.presenter_base import PrivV, ResultT
from bot.render.meld_views import MeldTableView
from engine.i18n import N_, _
from engine.protocol import Phase


class TargetView(MeldTableView, Protocol):
    """A meld table played to a target score."""

    @property
    def target(self) -> int:
        """The total that ends the session at a round's end."""
        ...


def round_points_notes(points: int) -> list[str]:
    """A seat's note on the table: the points it placed this round (none before it placed):
    they count at once, so its score already holds them."""
    return [_("+{round_points} this round", round_points=points)] if points else []


StaircaseV = TypeVar("StaircaseV", bound=TargetView)


class StaircasePresenter(GamePresenter[StaircaseV, PrivV, ResultT]):
    """The table words the staircase games share; a game writes how its draw reads and its
    seats' notes."""

    heading_words = N_("{title} — round {round_number}, first to {target}")

    def heading_values(self, view: StaircaseV) -> dict[str, object]:
        return {"target": view.target}

    def phase_text(self, view: StaircaseV) -> str:
        """What the player to act does: the game's draw (``draw_phase_text``), the play, or
        that the session is over."""
        if view.phase is Phase.DRAW:
            return self.draw_phase_text(view)
        if view.phase is Phase.PLAY:
            return _("plays: melds and lay-offs, then a discard")
        return _("the session is over")

    @abstractmethod
    def draw_phase_text(self, view: StaircaseV) -> str:
        """What the player to draw does, in the game's words for its piles."""

    def seat_score(self, view: StaircaseV, seat: int) -> str:
        return str(view.seats[seat].score)

    def footer(self, view: StaircaseV) -> str:
        return ""  # the target is in the heading; the rules are in the lobby and /treppe rules

    def scores_heading(self, view: StaircaseV) -> str:
        return _(
            "Scores — round {round_number}, target {target}",
            round_number=view.round_number,
            target=view.target,
        )
