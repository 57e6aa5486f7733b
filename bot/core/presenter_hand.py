"""The hand part of a game's presenter: the words of a member's private hand, its one-tap
suggestions, the typing form and what the slash commands offer. The moves themselves, taking
from the discard pile at any depth among them, come from the game's legal actions and its
views (``bot.hand.taps``); a game writes only its words and its typing."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Generic

from bot.core.handstate import HandContext, TypedField
from bot.core.presenter_base import PresenterBase, PrivV, PubV
from bot.core.texts import end_label
from engine.actions import Action, Discard, LayOff, Meld
from engine.cards import Card, format_cards
from engine.i18n import N_, _
from engine.protocol import Phase

HINT_LINES = 10  # melds, and lay-offs, a hint lists at most
MELD_SUGGESTIONS = 2  # the dearest melds offered as one-tap buttons
LAYOFF_SUGGESTIONS = 1  # lay-offs offered as one-tap buttons (more by tapping the card)


class HandPart(PresenterBase, Generic[PubV, PrivV]):
    """What a member's private hand shows of a game, and how typed moves read."""

    timeout_steps: int = 2  # a draw, then a discard (more when a turn may start elsewhere)

    # ------------------------------------------------------------ the hand's words
    @abstractmethod
    def turn_text(self, view: PrivV) -> str:
        """The hand's status line when it is this seat's turn."""

    @abstractmethod
    def hand_lines(self, view: PrivV) -> list[str]:
        """Lines under the hand: what is locked, progress, the piles."""

    def hand_footer(self, name: str, view: PrivV) -> str:
        """The hand's footer: the seat's name and session total, then the others' totals."""
        total = self.score_text(view.public.seats[view.seat].score)
        return " · ".join([_("{name} · {total}", name=name, total=total), *self.others(view)])

    def others(self, view: PrivV) -> list[str]:
        """The other seats' session totals, short ("Ben 120"), for the hand's footer."""
        return [f"{seat.name} {seat.score}" for seat in view.public.seats if seat.seat != view.seat]

    @abstractmethod
    def hint_text(self, ctx: HandContext[PrivV]) -> str:
        """What the hand could do now."""

    def melds_and_layoffs_hint(self, ctx: HandContext[PrivV]) -> str:
        """A hint of the dearest melds the hand could lay and the lay-offs it may make (up to
        ``HINT_LINES`` of each), for games where that is what a turn is about; with none, the
        discard that costs the hand least (the game's safe move, ``spec.timeout_action``)."""
        melds = self.hand_melds(ctx)
        lines = [
            _("• meld {value} for {total}", value=format_cards(cards), total=points)
            for points, cards in melds[:HINT_LINES]
        ]
        for action in self.layoffs(ctx)[:HINT_LINES]:
            place = "" if action.end is None else f" ({end_label(action.end)})"
            lines.append(
                _(
                    "• lay off {card} on meld {value}{place}",
                    card=action.card,
                    value=action.meld_id + 1,
                    place=place,
                )
            )
        if lines:
            more = _(" (more exist)") if len(melds) > HINT_LINES else ""
            return _("💡 You could:\n") + "\n".join(lines) + more
        safe = self.spec.timeout_action(ctx.private, ctx.legal) if ctx.legal else None
        if isinstance(safe, Discard):
            return _(
                "💡 No meld or lay-off in your hand right now; discarding {card} costs your hand "
                "least.",
                card=safe.card,
            )
        return _("💡 No meld or lay-off in your hand right now.")

    # ------------------------------------------------------------ the moves offered
    def suggestions(self, ctx: HandContext[PrivV]) -> Sequence[Action]:
        """One-tap moves the hand offers with no card tapped, best first: by default the
        dearest melds the hand can lay now (``MELD_SUGGESTIONS``), a lay-off, and the discard
        the hint names (``suggested_discard``), so a whole turn is a tap per move."""
        melds: list[Meld] = [a for a in ctx.legal if isinstance(a, Meld)]

        def worth(meld: Meld) -> int:
            return self.hand_meld_points(ctx, meld.cards) or 0

        best: list[Action] = [*sorted(melds, key=worth, reverse=True)[:MELD_SUGGESTIONS]]
        best.extend(self.layoffs(ctx)[:LAYOFF_SUGGESTIONS])
        return [*best, *self.suggested_discard(ctx)]

    def suggested_discard(self, ctx: HandContext[PrivV]) -> list[Action]:
        """The discard the hint names: the game's safe move (``spec.timeout_action``) when that
        is a discard, else none."""
        if ctx.public.phase is not Phase.PLAY or not ctx.legal:
            return []
        # Worked out once a version and seat: each hand drawn at it, and the click on one of
        # its moves, would otherwise search for it again (a tenth of the event loop's time at
        # 1,000 tables in a profile of 2 Dec 2026).
        known, key = ctx.live.safe_moves, (ctx.public.version, ctx.seat.seat)
        safe = known.get(key)
        if safe is None:
            if any(version != key[0] for version, _seat in known):
                known.clear()  # moves of an older version: never asked for again
            safe = known[key] = self.spec.timeout_action(ctx.private, ctx.legal)
        return [safe] if isinstance(safe, Discard) else []

    def action_label(
        self, action: Action, ctx: HandContext[PrivV], *, plain: bool = True
    ) -> str | None:
        """A button's words for one of the game's own moves (None: the shared words);
        ``plain`` when no emoji beside shows the move's card, so the words name it."""
        return None

    def take_note(self, ctx: HandContext[PrivV]) -> str | None:
        """A line on what taking from the discard pile means in this game (None: nothing)."""
        return None

    # ------------------------------------------------------------ typing
    # The draw field's label and example (marked with N_): the stock or the pile's top card.
    draw_words: tuple[str, str] = (N_("Draw: 'stock' or 'discard'"), N_("stock"))

    def typed_fields(self, phase: Phase) -> list[TypedField]:
        """The typing form's fields in this phase: the draw's (``draw_words``), then the
        play's (``play_fields``); empty when there is nothing to type."""
        if phase is Phase.DRAW:
            label, example = self.draw_words
            return [TypedField("take", _(label), _(example), required=True, max_length=10)]
        return self.play_fields() if phase is Phase.PLAY else []

    @abstractmethod
    def play_fields(self) -> list[TypedField]:
        """The typing form's fields for the play after the draw."""

    def meld_fields(
        self, meld_example: str, *extra: TypedField, meld_label: str = ""
    ) -> list[TypedField]:
        """The play fields of a game with melds: a meld, a lay-off, ``extra`` ones (a joker
        swap), then the discard that ends the turn."""
        return [
            TypedField("meld", meld_label or _("Meld (3 or more cards)"), meld_example),
            TypedField(
                "layoff",
                _("Lay off: card, meld number, end (optional)"),
                _("7♠ 2   or   A♥ 1 high"),
                max_length=20,
            ),
            *extra,
            TypedField("discard", _("Discard (ends your turn)"), "9♣", max_length=6),
        ]

    @abstractmethod
    def typed_actions(self, phase: Phase, seat: int, values: Mapping[str, str]) -> list[Action]:
        """The actions the typed form means, in order; ``Refusal`` for text it cannot read."""

    # ------------------------------------------------------------ slash commands
    def meld_options(self, hand: Sequence[Card]) -> list[tuple[int, tuple[Card, ...]]]:
        """Melds the hand could lay, with their points, best first (empty: none in this game)."""
        return []

    def hand_melds(self, ctx: HandContext[PrivV]) -> list[tuple[int, tuple[Card, ...]]]:
        """``meld_options`` of the hand drawn, worked out once a drawing."""
        return self._hand_melds(ctx).options

    def hand_meld_points(self, ctx: HandContext[PrivV], cards: Sequence[Card]) -> int | None:
        """The points of the meld of ``cards`` among the hand's ``hand_melds`` (None: not
        one of them, or the game does not say)."""
        return self._hand_melds(ctx).points.get(_meld_key(cards))

    def _hand_melds(self, ctx: HandContext[PrivV]) -> _HandMelds:
        """The hand's melds, kept in ``ctx.memo`` with the hand they were worked out for."""
        hand = ctx.private.hand
        known = ctx.memo.get("melds")
        if not (isinstance(known, _HandMelds) and known.hand is hand):
            options = self.meld_options(hand)
            points = {_meld_key(cards): p for p, cards in options}
            known = ctx.memo["melds"] = _HandMelds(hand, options, points)
        return known

    def table_melds(self, view: PubV) -> list[tuple[int, str]]:
        """The melds on the table as (meld id, cards) for /treppe layoff (empty: none)."""
        return [(meld.id, format_cards([p.card for p in meld.cards])) for meld in view.melds]

    def layoffs(self, ctx: HandContext[PrivV]) -> list[LayOff]:
        """The lay-offs the seat may make now."""
        return [a for a in ctx.legal if isinstance(a, LayOff)]


@dataclass(frozen=True, slots=True)
class _HandMelds:
    """A hand's ``meld_options`` and their points by cards (``_meld_key``)."""

    hand: Sequence[Card]
    options: list[tuple[int, tuple[Card, ...]]]
    points: dict[tuple[str, ...], int]


def _meld_key(cards: Sequence[Card]) -> tuple[str, ...]:
    """A meld's cards in any order, as one key."""
    return tuple(sorted(c.code for c in cards))
