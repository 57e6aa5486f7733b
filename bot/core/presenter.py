"""What the bot needs from a game beyond the engine's spec: one presenter per game.

Lobby, table, hand, timer, storage, stats and rules are written once against
``GamePresenter``; each game's folder in ``bot/games`` implements it and registers it in
``bot.games``. A presenter turns the game's views, events and results into Discord words,
pictures and controls, and turns clicks and typed text back into engine actions.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from bot.core.model import LiveGame, Seat
from bot.core.reading import small_number
from bot.core.texts import REBUILT_STOCK, narrate
from bot.storage import LeaderboardRow, PlayerStats, RoundRecord
from engine.actions import Action, LayOff, Meld
from engine.cards import Card
from engine.events import GameEvent
from engine.i18n import N_, _
from engine.protocol import (
    BasePrivateView,
    BasePublicView,
    GameSpec,
    OptionValue,
    Phase,
    Standings,
)
from engine.registry import get_spec


@dataclass(frozen=True, slots=True)
class HandState:
    """Control state riding in a hand control's custom_id argument
    ``<version>.<sort>.<page>.<card>.<seat>.<selected>.<pick>.<sure>``: the table version it
    was drawn for, the sort order (s = suit, r = rank), the page of cards shown, a card being
    placed (else empty), the seat whose hand it is (so a control copied into another member's
    interaction is refused), the tapped cards (a base-36 bit mask over the hand in the shown
    order), the offered move a button stands for, and whether that move is confirmed. Controls
    of older versions (``<version>.<sort>.<page>[.<card>[.<seat>]]``) still decode."""

    version: int = -1
    sort: str = "s"
    page: int = 0
    pending: str = ""
    seat: int = -1  # -1: not known (a control from before seats were recorded)
    selected: int = 0  # bit i: the i-th card of the hand as shown is tapped
    pick: int = -1  # the offered move (its index in the offers) a button stands for
    sure: bool = False  # the move was confirmed (moves that end a turn for good ask once)

    def encode(self) -> str:
        """The state as the custom_id argument described above, as short as possible."""
        text = f"{self.version}.{self.sort}.{self.page}"
        if self.seat < 0:
            return f"{text}.{self.pending}" if self.pending else text
        text = f"{text}.{self.pending}.{self.seat}"
        if self.selected or self.pick >= 0 or self.sure:
            mask = _base36(self.selected) if self.selected else ""
            pick = str(self.pick) if self.pick >= 0 else ""
            text = f"{text}.{mask}.{pick}.{'y' if self.sure else ''}"
        return text

    @classmethod
    def decode(cls, text: str) -> HandState:
        """Read ``encode``'s text (older forms too); anything unreadable gives a fresh state."""
        parts = text.split(".")
        version = small_number(parts[0].removeprefix("-"))
        page = small_number(parts[2]) if len(parts) > 2 else None
        if version is None or page is None:
            return cls()
        if parts[0].startswith("-"):
            version = -version
        sort = parts[1] if parts[1] in ("s", "r") else "s"
        card = parts[3] if len(parts) > 3 else ""
        seat = small_number(parts[4]) if len(parts) > 4 else None
        selected = _mask(parts[5]) if len(parts) > 5 else 0
        pick = small_number(parts[6]) if len(parts) > 6 else None
        sure = len(parts) > 7 and parts[7] == "y"
        return cls(
            version,
            sort,
            page,
            card,
            -1 if seat is None else seat,
            selected,
            -1 if pick is None else pick,
            sure,
        )

    @property
    def sort_name(self) -> Literal["suit", "rank"]:
        """The sort order spelled out, as ``images.sort_cards`` takes it."""
        return "rank" if self.sort == "r" else "suit"

    def fresh(self) -> HandState:
        """The same view settings for a fresh hand (no version, nothing pending or tapped)."""
        return HandState(sort=self.sort, page=self.page, seat=self.seat)

    def tapped(self, position: int) -> HandState:
        """This state with the card at ``position`` (in the shown order) tapped or untapped."""
        return replace(self, selected=self.selected ^ (1 << position), pick=-1, sure=False)

    def positions(self) -> list[int]:
        """The shown positions of the tapped cards, in order."""
        return [i for i in range(self.selected.bit_length()) if self.selected >> i & 1]


MASK_DIGITS = 12  # base-36 digits of a selection mask: 62 cards, more than any hand holds


def _base36(value: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while value:
        value, digit = divmod(value, 36)
        text = digits[digit] + text
    return text or "0"


def _mask(text: str) -> int:
    if not text or len(text) > MASK_DIGITS or not text.isascii() or not text.isalnum():
        return 0
    return int(text, 36)


@dataclass(frozen=True, slots=True)
class HandContext:
    """One member's hand as a presenter sees it while building or answering controls."""

    live: LiveGame
    seat: Seat
    state: HandState
    private: BasePrivateView
    cards: tuple[Card, ...]  # the hand in the member's chosen order
    legal: tuple[Action, ...]  # empty unless it is this member's turn

    @property
    def public(self) -> BasePublicView:
        """The table as everyone sees it."""
        return self.private.public

    @property
    def arg(self) -> str:
        """The hand's state as the argument of the custom_ids of its controls."""
        return self.state.encode()

    @property
    def game_id(self) -> int:
        """The id of the game this hand belongs to."""
        return self.live.id


@dataclass(frozen=True, slots=True)
class TypedField:
    """One text field of the typing form."""

    key: str
    label: str
    placeholder: str
    required: bool = False
    max_length: int | None = None


class GamePresenter(ABC):
    """Everything game-specific the bot shows or reads. ``key`` is the engine spec's key."""

    key: str
    stock_word: str = N_("talon")  # the face-down pile a timed-out turn draws from
    pile_word: str = N_("discard pile")  # where taken cards come from (the hand picture says so)
    rebuilt_text: str = REBUILT_STOCK  # the sentence for the stock rebuilt from that pile
    rules_doc: str = "docs/rules.md"

    # ------------------------------------------------------------ the spec
    @property
    def spec(self) -> GameSpec:
        """The engine's registry entry for this game."""
        return get_spec(self.key)

    @property
    def title(self) -> str:
        """The game's name, as lobbies, tables and commands show it."""
        return self.spec.title

    # ------------------------------------------------------------ lobby and rules
    def option_label(self, name: str, value: OptionValue) -> str:
        """How the lobby shows one table option, e.g. 'target 500' or 'no buy-back': the
        words its ruleset declares (``engine.options``), else its name and value."""
        label = self.spec.option(name).label
        if label is not None:
            return label.shown(value)
        words = name.replace("_", " ")
        if isinstance(value, bool):
            state = _("on") if value else _("off")
            return f"{words} {state}"
        shown = _("unset") if value is None else str(value)
        return f"{words} {shown}"

    @abstractmethod
    def rules_summary(self) -> str:
        """The short private summary of /treppe rules."""

    # ------------------------------------------------------------ the table message
    @abstractmethod
    def heading(self, view: BasePublicView) -> str:
        """The table's title while playing, e.g. 'Treppenrommé — round 3'."""

    @abstractmethod
    def phase_text(self, view: BasePublicView) -> str:
        """What the player to act does now, after their name."""

    @abstractmethod
    def seat_text(self, view: BasePublicView, seat: int) -> str:
        """The game's part of a seat's line: scores and the like."""

    @abstractmethod
    def table_fields(self, names: Sequence[str], view: BasePublicView) -> list[tuple[str, str]]:
        """Embed fields after the players: piles, melds, revealed hands."""

    @abstractmethod
    def footer(self, view: BasePublicView) -> str:
        """The table's footer before the timer."""

    @abstractmethod
    def standings_text(self, names: Sequence[str], view: BasePublicView) -> str:
        """The ranked scores: at the end, when a game is ended early and under Scores."""

    final_word: str = N_("standings")  # 'Final standings after 3 rounds'

    def scores_heading(self, view: BasePublicView) -> str:
        """The heading of the Scores list: the game and the round."""
        return _("{title} — round {round_number}", title=self.title, round_number=view.round_number)

    def round_points_text(self, points: int) -> str:
        """One seat's gain in one round on the Scores list."""
        return f"+{points}"

    # ------------------------------------------------------------ rounds and events
    @abstractmethod
    def tell(self, event: GameEvent, names: Sequence[str]) -> str | None:
        """The log's words for one of the game's own events ("" for nothing, None for an
        event every game shares, told by ``bot.core.texts``)."""

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
    def finished_rounds(self, events: Sequence[GameEvent]) -> list[object]:
        """The round results among ``events`` (the game's own result objects)."""

    @abstractmethod
    def round_record(self, result: object) -> RoundRecord:
        """A round result as the database stores it."""

    @abstractmethod
    def result_lines(self, names: Sequence[str], result: object) -> list[str]:
        """The round result under the table: a headline, then one line per seat."""

    # ------------------------------------------------------------ pictures (None: text only)
    def render_table(self, view: BasePublicView) -> bytes | None:
        """The table's picture as PNG bytes; None shows the table in words only."""
        return None

    def render_round(self, result: object, names: Sequence[str]) -> bytes | None:
        """The round result's picture as PNG bytes, or None for text only."""
        return None

    def render_session(self, names: Sequence[str], view: BasePublicView) -> bytes | None:
        """The end-of-session picture as PNG bytes, or None for text only."""
        return None

    # The pictures in words, for screen readers (None: the table's own words stand in).
    def describe_table(self, view: BasePublicView) -> str | None:
        """The table's picture in words for screen readers (its alt text)."""
        return None

    def describe_round(self, result: object, names: Sequence[str]) -> str | None:
        """The round result's picture in words for screen readers."""
        return None

    def describe_session(self, names: Sequence[str], view: BasePublicView) -> str | None:
        """The end-of-session picture in words for screen readers."""
        return None

    # ------------------------------------------------------------ moves made for a player
    timeout_steps: int = 2  # a draw, then a discard (more when a turn may start elsewhere)

    @abstractmethod
    def safe_move(self, view: BasePrivateView, legal: Sequence[Action]) -> Action:
        """A move that always works, for when a computer player fails."""

    # ------------------------------------------------------------ the private hand
    @abstractmethod
    def turn_text(self, view: BasePrivateView) -> str:
        """The hand's status line when it is this seat's turn."""

    @abstractmethod
    def hand_lines(self, view: BasePrivateView) -> list[str]:
        """Lines under the hand: what is locked, progress, the piles."""

    @abstractmethod
    def hand_footer(self, name: str, view: BasePrivateView) -> str:
        """The hand's footer: the seat's name and score."""

    def suggestions(self, ctx: HandContext) -> Sequence[Action]:
        """One-tap moves the hand offers with no card tapped, best first (by default the
        dearest melds the hand can lay now)."""
        points = {
            tuple(sorted(c.code for c in cards)): p
            for p, cards in self.meld_options(ctx.private.hand)
        }
        melds: list[Meld] = [a for a in ctx.legal if isinstance(a, Meld)]

        def worth(meld: Meld) -> int:
            return points.get(tuple(sorted(c.code for c in meld.cards)), 0)

        return sorted(melds, key=worth, reverse=True)

    def action_label(self, action: Action, ctx: HandContext) -> str | None:
        """A button's words for one of the game's own moves (None: the shared words)."""
        return None

    @abstractmethod
    def hint_text(self, ctx: HandContext) -> str:
        """What the hand could do now."""

    @abstractmethod
    def typed_fields(self, phase: Phase) -> list[TypedField]:
        """The typing form's fields in this phase (empty: no typing now)."""

    @abstractmethod
    def typed_actions(self, phase: Phase, seat: int, values: Mapping[str, str]) -> list[Action]:
        """The actions the typed form means, in order; ``Refusal`` for text it cannot read."""

    # ------------------------------------------------------------ slash commands
    @abstractmethod
    def take_choices(self, view: BasePublicView, current: str) -> list[tuple[str, int]]:
        """/treppe take's autocomplete: (label, position) pairs."""

    @abstractmethod
    def take_action(self, seat: int, position: int) -> Action:
        """/treppe take's action for a position (1 = the bottom of the pile)."""

    @abstractmethod
    def meld_options(self, hand: Sequence[Card]) -> list[tuple[int, tuple[Card, ...]]]:
        """Melds the hand could lay, with their points, best first (empty: none in this game)."""

    @abstractmethod
    def table_melds(self, view: BasePublicView) -> list[tuple[int, str]]:
        """The melds on the table as (meld id, cards) for /treppe layoff (empty: none)."""

    def layoffs(self, ctx: HandContext) -> list[LayOff]:
        """The lay-offs the seat may make now."""
        return [a for a in ctx.legal if isinstance(a, LayOff)]

    # ------------------------------------------------------------ statistics
    session_lower_is_better: bool = False  # the leaderboard's order of session totals

    def session_totals(self, standings: Standings) -> tuple[int, ...]:
        """Each seat's session result as the leaderboard counts it (default: the scores)."""
        return standings.scores

    @abstractmethod
    def leaderboard_line(self, row: LeaderboardRow) -> str:
        """The part of a leaderboard line after wins and win rate."""

    @abstractmethod
    def stats_fields(self, stats: PlayerStats) -> list[tuple[str, str]]:
        """A member's statistics for this game as embed fields."""
