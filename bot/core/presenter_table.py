"""The table part of a game's presenter: the table message, its log, the round results and the
pictures. What every game shows alike is written here once: the heading, the standings (from
``Standings``), the round result's record and lines (from the shared ``RoundResult``). The
log's words for every event are the engine's narrator's (``engine.narration``), as the
terminal and the replays tell them. A game writes the rest: its headline of a round."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, cast

from bot.core.presenter_base import PresenterBase, PubV, ResultT
from bot.core.texts import bold
from bot.render.alt import plain, seat_line, sentences, status
from bot.storage import RoundRecord
from engine.events import GameEvent, RoundEnded, SessionEnded
from engine.i18n import N_, N_plural, _, card_count
from engine.narration import Narrator
from engine.protocol import Standings


class Described(Protocol):
    """A game's module of picture descriptions (its ``render_alt``): the table's, a round's
    result's and the session's end's words for screen readers."""

    def table_alt_text(self, view: Any, /) -> str:
        """The table picture's words."""
        ...

    def round_alt_text(self, result: Any, names: Sequence[str], /) -> str:
        """A round result picture's words."""
        ...

    def session_alt_text(self, names: Sequence[str], view: Any, /) -> str:
        """The session's end picture's words."""
        ...


@dataclass(frozen=True, slots=True)
class Pictures(Generic[PubV, ResultT]):
    """A game's pictures and their words for screen readers: the table, a round's result and
    the session's end, each a function (None: that picture is not drawn, or its words not
    written, and the table's own words stand in)."""

    table: Callable[[PubV], bytes] | None = None
    round: Callable[[ResultT, Sequence[str]], bytes] | None = None
    session: Callable[[Sequence[str], PubV], bytes] | None = None
    table_words: Callable[[PubV], str] | None = None
    round_words: Callable[[ResultT, Sequence[str]], str] | None = None
    session_words: Callable[[Sequence[str], PubV], str] | None = None

    @classmethod
    def described(
        cls,
        words: Described,
        table: Callable[[PubV], bytes],
        round: Callable[[ResultT, Sequence[str]], bytes],
        session: Callable[[Sequence[str], PubV], bytes] | None = None,
    ) -> Pictures[PubV, ResultT]:
        """The three pictures (the session's end: the table's own unless given) with the
        descriptions of ``words``, a game's ``render_alt`` module."""
        return cls(
            table=table,
            round=round,
            session=session,
            table_words=words.table_alt_text,
            round_words=words.round_alt_text,
            session_words=words.session_alt_text,
        )


class TablePart(PresenterBase, Generic[PubV, ResultT]):
    """What the table message shows of a game: its words, its log and its round results."""

    pictures: Pictures[Any, Any] = Pictures()  # the game's pictures, by default none

    final_word: str = N_("standings")  # 'Final standings after 3 rounds'
    # The ping that opens a moved table ({user_id}, {round_number}): a game that deals hands,
    # not rounds, says so.
    ping_text: str = N_("<@{user_id}>, your turn (round {round_number}).")
    result_heading: str = N_("Round {value} result")  # over the last round's result
    dealt_text: str = N_("Round {round_number} is dealt.")  # a replay's step 0
    round_of_text: str = N_("round {round_number} of {rounds}")  # in a replay step's footer
    round_word: str = N_("Round")  # the replay's buttons that jump to the round before or after
    rounds_words: tuple[str, str] = N_plural("{n} round", "{n} rounds")  # 'after 3 rounds'

    # The table's title while playing, e.g. 'Rummy — round 3': {title}, {round_number} and
    # what ``heading_values`` adds ('… of {rounds}').
    heading_words: str = N_("{title} — round {round_number}")
    # A round's headline: ``dead_headline`` ({round_number}) when nobody closed it, else
    # ``closed_headline`` ({round_number}, {value}: who closed it, and ``headline_values``).
    dead_headline: str = N_("Round {round_number}: dead round.")
    closed_headline: str = N_("Round {round_number}: {value} went out.")

    # ------------------------------------------------------------ the table message
    def heading(self, view: PubV) -> str:
        """The table's title while playing, in ``heading_words``."""
        values = self.heading_values(view)
        return _(self.heading_words, title=self.title, round_number=view.round_number, **values)

    def heading_values(self, view: PubV) -> dict[str, object]:
        """What the heading says besides the title and the round (nothing by default)."""
        return {}

    @abstractmethod
    def phase_text(self, view: PubV) -> str:
        """What the player to act does now, after their name."""

    @abstractmethod
    def seat_score(self, view: PubV, seat: int) -> str:
        """A seat's score as its line on the table starts: '315', '12 minus points'."""

    def seat_notes(self, view: PubV, seat: int) -> list[str]:
        """The game's facts about a seat after its cards and the dealer: this round's points,
        the first meld's progress, chips, hands won (none by default)."""
        return []

    @abstractmethod
    def table_fields(self, names: Sequence[str], view: PubV) -> list[tuple[str, str]]:
        """The piles and melds in words, for a table shown without its picture."""

    @abstractmethod
    def footer(self, view: PubV) -> str:
        """The table's small print: the rules that count at this table, in one short line
        (the heading has the round and the target)."""

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

    # ------------------------------------------------------------ the log
    def narrator(self, names: Sequence[str]) -> Narrator:
        """The engine's narrator for the table's log, in the current language: ``names`` as
        the bot shows them (already safe for Discord), nobody "you", no drawn card named, a
        round's end told by its headline and a knock without the hand (the table shows
        both)."""
        return Narrator(
            self.spec,
            names,
            bold=bold,
            headline=lambda result: self.round_headline(self._checked(result), names),
            hands_shown=True,
        )

    def narrate(self, events: Sequence[GameEvent], names: Sequence[str]) -> str:
        """One line for the table's log: the engine narrator's words for ``events``."""
        return self.narrator(names).paragraph(events)

    def session_end_text(self, event: SessionEnded, names: Sequence[str]) -> str:
        """The log's words for the session's end: the winner and their total."""
        return self.narrator(names).paragraph([event])

    # ------------------------------------------------------------ round results
    def finished_rounds(self, events: Sequence[GameEvent]) -> list[ResultT]:
        """The round results among ``events``. This is where results enter the bot, so their
        type is checked here, once: a game's result that is not its declared type is a bug."""
        return [self._checked(event.result) for event in events if isinstance(event, RoundEnded)]

    def _checked(self, result: object) -> ResultT:
        result_type = self.presented_types()[2]
        if not isinstance(result, result_type):
            raise TypeError(f"{self.key} ended a round with a {type(result).__name__}")
        return cast(ResultT, result)

    def round_record(self, result: ResultT) -> RoundRecord:
        """A round result as the database stores it (the shared ``RoundResult``'s fields)."""
        return RoundRecord(
            result.round_number,
            result.closer,
            result.special,
            tuple(result.points),
            tuple(result.bonuses),
            tuple(result.totals),
        )

    def round_headline(self, result: ResultT, names: Sequence[str]) -> str:
        """A round's result in one sentence: who ended it and how, or that it ended dead."""
        if result.closer is None:
            return _(self.dead_headline, round_number=result.round_number)
        return _(
            self.closed_headline,
            round_number=result.round_number,
            value=names[result.closer],
            **self.headline_values(result, names),
        )

    def headline_values(self, result: ResultT, names: Sequence[str]) -> dict[str, object]:
        """What a closed round's headline says besides its number and its closer: how the
        game's closer did it (nothing by default)."""
        return {}

    def result_lines(self, names: Sequence[str], result: ResultT) -> list[str]:
        """The round result in words alone (no picture): the headline, then one line per seat
        with the cards left in its hand."""
        lines = [self.round_headline(result, names)]
        lines.extend(self.result_seat_line(result, seat, name) for seat, name in enumerate(names))
        return lines

    def result_summary(self, names: Sequence[str], result: ResultT) -> list[str]:
        """The round result beside its picture, which shows the hands: the headline, then
        each seat's points this round and its total."""
        lines = [f"**{self.round_headline(result, names)}**"]
        lines.extend(self.result_points_line(result, seat, name) for seat, name in enumerate(names))
        return lines

    def result_points_line(self, result: ResultT, seat: int, name: str) -> str:
        """One seat beside the round's picture: '**Anna** +57 → 315'."""
        gained = self.round_points_text(result.points[seat] + result.bonuses[seat])
        return _(
            "**{name}** {points} → {total}", name=name, points=gained, total=result.totals[seat]
        )

    def result_seat_line(self, result: ResultT, seat: int, name: str) -> str:
        """One seat's line of a round result: what the round gave it and its total."""
        gained = self.round_points_text(result.points[seat] + result.bonuses[seat])
        return _(
            "{name}: {points} → total **{total}**",
            name=name,
            points=gained,
            total=result.totals[seat],
        )

    # ------------------------------------------------------------ pictures (None: text only)
    def render_table(self, view: PubV) -> bytes | None:
        """The table's picture as PNG bytes; None shows the table in words only."""
        draw = self.pictures.table
        return None if draw is None else draw(view)

    def render_round(self, result: ResultT, names: Sequence[str]) -> bytes | None:
        """The round result's picture as PNG bytes, or None for text only."""
        draw = self.pictures.round
        return None if draw is None else draw(result, names)

    def render_session(self, names: Sequence[str], view: PubV) -> bytes | None:
        """The end-of-session picture as PNG bytes, or None for text only."""
        draw = self.pictures.session
        return None if draw is None else draw(names, view)

    # The pictures in words, for screen readers: the game's own, or by default the table's
    # words (heading, seats, fields, footer), the round's lines and the final standings.
    def describe_table(self, view: PubV) -> str | None:
        """The table's picture in words for screen readers (its alt text)."""
        say = self.pictures.table_words
        if say is not None:
            return say(view)
        names = [seat.name for seat in view.seats]
        seats = [seat_line(seat.name, [card_count(seat.hand_count)]) for seat in view.seats]
        fields = [plain(f"{name}: {value}") for name, value in self.table_fields(names, view)]
        return sentences([status(view), *fields, *seats])

    def describe_round(self, result: ResultT, names: Sequence[str]) -> str | None:
        """The round result's picture in words for screen readers."""
        say = self.pictures.round_words
        return sentences(self.result_lines(names, result)) if say is None else say(result, names)

    def describe_session(self, names: Sequence[str], view: PubV) -> str | None:
        """The end-of-session picture in words for screen readers."""
        say = self.pictures.session_words
        if say is not None:
            return say(names, view)
        finals = [seat_line(s.name, [self.score_text(s.score)]) for s in view.seats]
        return sentences([status(view), *finals])
