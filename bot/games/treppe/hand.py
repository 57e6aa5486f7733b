"""Treppenrommé's private hand: draw from the talon or take from the staircase, meld, lay off
(choosing where when a card fits more than one place) and discard; typing; the hint; the
safe move and the slash commands' choices."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.core.errors import Refusal
from bot.core.presenter import (
    HandContext,
    TypedField,
)
from bot.core.reading import (
    parse_layoff,
    small_number,
)
from engine.actions import (
    Action,
    Discard,
    DrawTalon,
    End,
    LayOff,
    Meld,
    TakeDiscard,
    TakeStaircase,
)
from engine.cards import Card, format_cards, parse_cards
from engine.games.treppe.game import Game
from engine.games.treppe.melds import hand_value, meld_points, possible_melds
from engine.games.treppe.views import PrivateView, PublicView
from engine.i18n import _
from engine.protocol import BasePrivateView, BasePublicView, Phase


def end_label(end: End | None) -> str:
    if end is End.LOW:
        return _("low end")
    if end is End.HIGH:
        return _("high end")
    return _("set")


def _game(ctx: HandContext) -> Game:
    game = ctx.live.game
    assert isinstance(game, Game), "not a Treppenrommé game"
    return game


def _private(view: BasePrivateView) -> PrivateView:
    assert isinstance(view, PrivateView), "not a Treppenrommé hand"
    return view


def _public(view: BasePublicView) -> PublicView:
    assert isinstance(view, PublicView), "not a Treppenrommé table"
    return view


class SafePlayer:
    """Draws from the talon, lays the biggest meld it can and discards the most expensive
    card that belongs to no meld. Good enough to keep a table moving."""

    def choose(self, view: BasePrivateView, legal: Sequence[Action]) -> Action:
        draws = [a for a in legal if isinstance(a, DrawTalon)]
        if draws:
            return draws[0]
        takes = [a for a in legal if isinstance(a, TakeDiscard)]
        if takes:
            return min(takes, key=lambda a: a.depth)  # only the top card
        melds = [a for a in legal if isinstance(a, Meld)]
        if melds:
            return max(melds, key=lambda a: len(a.cards))
        discards = [a for a in legal if isinstance(a, Discard)]
        in_melds = {card for meld in possible_melds(view.hand) for card in meld}
        loose = [a for a in discards if a.card not in in_melds] or discards
        if loose:
            return max(loose, key=lambda a: hand_value(a.card))
        return legal[0]


# ---------------------------------------------------------------- the presenter's hand part
class TreppeHand:
    def safe_move(self, view: BasePrivateView, legal: Sequence[Action]) -> Action:
        return SafePlayer().choose(view, legal)

    def turn_text(self, view: BasePrivateView) -> str:
        if view.public.phase is Phase.DRAW:
            return _("**Your turn:** draw from the talon or take cards from the staircase.")
        return _("**Your turn:** meld and lay off as you like, then discard one card.")

    def hand_lines(self, view: BasePrivateView) -> list[str]:
        private = _private(view)
        public = private.public
        lines = []
        if private.locked_discard is not None and len(private.hand) > 1:
            lines.append(
                _(
                    "You took {locked_discard} from the staircase: it cannot go back.",
                    locked_discard=private.locked_discard,
                )
            )
        staircase = " · ".join(f"`{i + 1}` {c}" for i, c in enumerate(public.staircase))
        lines.append(
            _(
                "Staircase: {staircase} ← top · talon {count}",
                staircase=staircase or _("empty"),
                count=public.talon_count,
            )
        )
        return lines

    def hand_footer(self, name: str, view: BasePrivateView) -> str:
        return _(
            "{name} · {value} points", name=name, value=_private(view).public.seats[view.seat].score
        )

    def hint_text(self, ctx: HandContext) -> str:
        """The melds and lay-offs the hand could make now."""
        lines = []
        melds = possible_melds(ctx.private.hand)
        for cards in sorted(melds, key=lambda c: -meld_points(c))[:10]:
            lines.append(
                _(
                    "• meld {value} for {value2}",
                    value=format_cards(cards),
                    value2=meld_points(cards),
                )
            )
        for layoff in _game(ctx).legal_layoffs(ctx.seat.seat)[:10]:
            place = "" if layoff.end is None else f" ({end_label(layoff.end)})"
            lines.append(
                _(
                    "• lay off {card} on meld {value}{place}",
                    card=layoff.card,
                    value=layoff.meld_id + 1,
                    place=place,
                )
            )
        if not lines:
            return _("💡 No meld or lay-off in your hand right now.")
        more = _(" (more exist)") if len(melds) > 10 else ""
        return _("💡 You could:\n") + "\n".join(lines) + more

    def layoffs(self, ctx: HandContext) -> list[LayOff]:
        return _game(ctx).legal_layoffs(ctx.seat.seat)

    # ------------------------------------------------------------ typing
    def typed_fields(self, phase: Phase) -> list[TypedField]:
        if phase is Phase.DRAW:
            return [
                TypedField(
                    "take",
                    _("Take: staircase position, or 'talon'"),
                    _("e.g. 3 (takes card 3 and all above it) or talon"),
                    required=True,
                    max_length=10,
                )
            ]
        if phase is not Phase.PLAY:
            return []
        return [
            TypedField("meld", _("Meld (3 or more cards)"), _("Q♥ K♥ A♥  or  qh kh ah")),
            TypedField(
                "layoff",
                _("Lay off: card, meld number, end (optional)"),
                _("7♠ 2   or   A♥ 1 high"),
                max_length=20,
            ),
            TypedField("discard", _("Discard (ends your turn)"), "9♣", max_length=6),
        ]

    def typed_actions(self, phase: Phase, seat: int, values: Mapping[str, str]) -> list[Action]:
        if phase is Phase.DRAW:
            text = values.get("take", "").lower()
            if text in ("talon", "t", "draw"):
                return [DrawTalon(seat)]
            position = small_number(text)
            if position is None:
                raise Refusal(_("Type a staircase position (a number such as 3) or 'talon'."))
            return [TakeStaircase(seat, position - 1)]
        actions: list[Action] = []
        if values.get("meld"):
            actions.append(Meld(seat, tuple(parse_cards(values["meld"]))))
        if values.get("layoff"):
            actions.append(parse_layoff(seat, values["layoff"]))
        if values.get("discard"):
            cards = parse_cards(values["discard"])
            if len(cards) != 1:
                raise Refusal(_("Discard exactly one card."))
            actions.append(Discard(seat, cards[0]))
        if not actions:
            raise Refusal(_("Nothing typed, so nothing changed."))
        return actions

    # ------------------------------------------------------------ slash commands
    def take_choices(self, view: BasePublicView, current: str) -> list[tuple[str, int]]:
        stairs = _public(view).staircase
        choices = [
            (
                _(
                    "{value}: {value2} (takes {value3})",
                    value=i + 1,
                    value2=stairs[i],
                    value3=len(stairs) - i,
                ),
                i + 1,
            )
            for i in range(len(stairs) - 1, -1, -1)
        ]
        return [c for c in choices if current.strip() in c[0]]

    def take_action(self, seat: int, position: int) -> Action:
        return TakeStaircase(seat, position - 1)

    def meld_options(self, hand: Sequence[Card]) -> list[tuple[int, tuple[Card, ...]]]:
        scored = [(meld_points(m), tuple(m)) for m in possible_melds(hand)]
        return sorted(scored, key=lambda pair: -pair[0])

    def table_melds(self, view: BasePublicView) -> list[tuple[int, str]]:
        return [
            (meld.id, format_cards([p.card for p in meld.cards])) for meld in _public(view).melds
        ]
