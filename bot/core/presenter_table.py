"""The table part of a game's presenter: the table message, its log, the round results and the
pictures. What every game shows alike (the heading, the standings from ``Standings``, the
shared events' words) is written here once; a game writes the rest."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Generic

from bot.core.presenter_base import PresenterBase, PubV, ResultT
from bot.core.texts import REBUILT_STOCK, narrate
from bot.storage import RoundRecord
from engine.events import GameEvent
from engine.i18n import N_, _
from engine.protocol import Standings


class TablePart(PresenterBase, Generic[PubV, ResultT]):
    """What the table message shows of a game: its words, its log and its round results."""

    rebuilt_text: str = REBUILT_STOCK  # the sentence for the stock rebuilt from the pile
    final_word: str = N_("standings")  # 'Final standings after 3 rounds'

    # ------------------------------------------------------------ the table message
    def heading(self, view: PubV) -> str:
        """The table's title while playing, e.g. 'Treppenrommé — round 3'."""
        return _("{title} — round {round_number}", title=self.title, round_number=view.round_number)

    @abstractmethod
    def phase_text(self, view: PubV) -> str:
        """What the player to act does now, after their name."""

    @abstractmethod
    def seat_text(self, view: PubV, seat: int) -> str:
        """The game's part of a seat's line: scores and the like."""

    @abstractmethod
    def table_fields(self, names: Sequence[str], view: PubV) -> list[tuple[str, str]]:
        """Embed fields after the players: piles, melds, revealed hands."""

    @abstractmethod
    def footer(self, view: PubV) -> str:
        """The table's footer before the timer."""

    def standings_text(self, names: Sequence[str], standings: Standings) -> str:
        """The ranked scores (at the end, when a game is ended early and under Scores): one
        line per seat, best first, as ``Standings.ranking`` orders them."""
        return "\n".join(
            f"{place}. {names[seat]}: {self.standing_text(standings, seat)}"
            for place, seat in enumerate(standings.ranking(), start=1)
        )

    def standing_text(self, standings: Standings, seat: int) -> str:
        """One seat's part of the standings: its total in the game's unit."""
        return self.score_text(standings.scores[seat], bold=True)

    def scores_heading(self, view: PubV) -> str:
        """The heading of the Scores list: the game and the round."""
        return _("{title} — round {round_number}", title=self.title, round_number=view.round_number)

    def round_points_text(self, points: int) -> str:
        """One seat's gain in one round on the Scores list."""
        return f"+{points}"

    # ------------------------------------------------------------ rounds and events
    def tell(self, event: GameEvent, names: Sequence[str]) -> str | None:
        """The log's words for one of the game's own events ("" for nothing, None for an
        event every game shares, told by ``bot.core.texts``)."""
        return None

    def narrate(self, events: Sequence[GameEvent], names: Sequence[str]) -> str:
        """One short line for the table's log."""
        return narrate(
            events,
            names,
            self.tell,
            stock=_(self.stock_word),
            pile=_(self.pile_word),
            rebuilt=self.rebuilt_text,
        )

    @abstractmethod
    def finished_rounds(self, events: Sequence[GameEvent]) -> list[ResultT]:
        """The round results among ``events``."""

    @abstractmethod
    def round_record(self, result: ResultT) -> RoundRecord:
        """A round result as the database stores it."""

    @abstractmethod
    def result_lines(self, names: Sequence[str], result: ResultT) -> list[str]:
        """The round result under the table: a headline, then one line per seat."""

    # ------------------------------------------------------------ pictures (None: text only)
    def render_table(self, view: PubV) -> bytes | None:
        """The table's picture as PNG bytes; None shows the table in words only."""
        return None

    def render_round(self, result: ResultT, names: Sequence[str]) -> bytes | None:
        """The round result's picture as PNG bytes, or None for text only."""
        return None

    def render_session(self, names: Sequence[str], view: PubV) -> bytes | None:
        """The end-of-session picture as PNG bytes, or None for text only."""
        return None

    # The pictures in words, for screen readers (None: the table's own words stand in).
    def describe_table(self, view: PubV) -> str | None:
        """The table's picture in words for screen readers (its alt text)."""
        return None

    def describe_round(self, result: ResultT, names: Sequence[str]) -> str | None:
        """The round result's picture in words for screen readers."""
        return None

    def describe_session(self, names: Sequence[str], view: PubV) -> str | None:
        """The end-of-session picture in words for screen readers."""
        return None
