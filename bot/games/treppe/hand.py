"""Treppenrommé's private hand: draw from the talon or take from the staircase, meld, lay off
(choosing where when a card fits more than one place) and discard; typing; the hint; the
safe move and the slash commands' choices."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

import discord

from bot.core import components as ui
from bot.core.errors import Refusal
from bot.core.presenter import (
    ControlHandler,
    HandContext,
    HandControls,
    Redraw,
    TypedField,
)
from bot.core.reading import (
    layoff_value,
    one_card,
    parse_layoff,
    parse_layoff_value,
    small_number,
)
from bot.core.texts import plural
from engine.actions import Action, Discard, DrawTalon, End, LayOff, Meld, TakeStaircase
from engine.cards import Card, format_cards, parse_cards
from engine.games.treppe.game import Game
from engine.games.treppe.melds import hand_value, meld_points, possible_melds
from engine.games.treppe.views import PrivateView, PublicView
from engine.i18n import _
from engine.protocol import BasePrivateView, BasePublicView, Phase

PAGE_SIZE = 25  # Discord's limit of options in one select menu


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


def _card(value: str) -> Card:
    return one_card(value)


def _pages(count: int) -> int:
    return max(1, (count + PAGE_SIZE - 1) // PAGE_SIZE)


class SafePlayer:
    """Draws from the talon, lays the biggest meld it can and discards the most expensive
    card that belongs to no meld. Good enough to keep a table moving."""

    def choose(self, view: BasePrivateView, legal: Sequence[Action]) -> Action:
        draws = [a for a in legal if isinstance(a, DrawTalon)]
        if draws:
            return draws[0]
        takes = [a for a in legal if isinstance(a, TakeStaircase)]
        if takes:
            return max(takes, key=lambda a: a.index)  # only the top card
        melds = [a for a in legal if isinstance(a, Meld)]
        if melds:
            return max(melds, key=lambda a: len(a.cards))
        discards = [a for a in legal if isinstance(a, Discard)]
        in_melds = {card for meld in possible_melds(view.hand) for card in meld}
        loose = [a for a in discards if a.card not in in_melds] or discards
        if loose:
            return max(loose, key=lambda a: hand_value(a.card))
        return legal[0]


# ---------------------------------------------------------------- what a click means
def take(ctx: HandContext, values: list[str]) -> Action:
    index_text, _colon, code = values[0].partition(":")
    staircase = _public(ctx.public).staircase
    index = small_number(index_text)
    if index is None or index >= len(staircase) or staircase[index].code != code:
        raise Refusal(_("The staircase has changed since you opened this hand."))
    return TakeStaircase(ctx.seat.seat, index)


def lay(ctx: HandContext, values: list[str]) -> Action | Redraw:
    """First step of a lay-off: the card. One place it fits: laid at once; more: ask where."""
    card = _card(values[0])
    targets = [lo for lo in _game(ctx).legal_layoffs(ctx.seat.seat) if lo.card is card]
    if len(targets) == 1:
        return targets[0]
    state = ctx.state.fresh()
    if targets:
        return Redraw(
            replace(state, pending=card.code),
            _("{card} fits in more than one place: choose where.", card=card),
        )
    return Redraw(state, _("⚠️ {card} does not fit any meld on the table now.", card=card))


def lay_to(ctx: HandContext, values: list[str]) -> Action:
    return parse_layoff_value(ctx.seat.seat, values[0])


CONTROLS: Mapping[str, ControlHandler] = {
    "h_draw": lambda ctx, values: DrawTalon(ctx.seat.seat),
    "h_take": take,
    "h_meld": lambda ctx, values: Meld(ctx.seat.seat, tuple(_card(v) for v in values)),
    "h_lay": lay,
    "h_layto": lay_to,
    "h_discard": lambda ctx, values: Discard(ctx.seat.seat, _card(values[0])),
}


# ---------------------------------------------------------------- the presenter's hand part
class TreppeHand:
    controls: Mapping[str, ControlHandler] = CONTROLS

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

    def hand_controls(self, ctx: HandContext) -> HandControls:
        public = _public(ctx.public)
        cards = list(ctx.cards)
        pages = max(_pages(len(cards)), _pages(len(public.staircase)))
        page = min(ctx.state.page, pages - 1)
        window = slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE)
        items: list[ui.GameComponent] = []
        if ctx.legal and public.phase is Phase.DRAW:
            items.extend(self._draw_items(ctx, public, window))
        elif ctx.legal and public.phase is Phase.PLAY:
            items.extend(self._play_items(ctx, cards, window))
        return HandControls(items, pages)

    def _draw_items(
        self, ctx: HandContext, public: PublicView, window: slice
    ) -> list[ui.GameComponent]:
        gid, arg = ctx.game_id, ctx.arg
        items = [
            ui.button(
                gid,
                "h_draw",
                arg,
                label=_("Draw from talon ({talon_count})", talon_count=public.talon_count),
                style=discord.ButtonStyle.primary,
                disabled=public.talon_count == 0,
                row=0,
            )
        ]
        stairs = public.staircase
        positions = list(range(len(stairs) - 1, -1, -1))[window]  # top first
        options = [
            discord.SelectOption(
                label=_(
                    "{position}: {card} (takes {count})",
                    position=index + 1,
                    card=stairs[index],
                    count=plural(len(stairs) - index, "card"),
                ),
                value=f"{index}:{stairs[index].code}",
            )
            for index in positions
        ]
        if options:
            items.append(
                ui.select(
                    gid, "h_take", arg, options, placeholder=_("Take from the staircase…"), row=1
                )
            )
        return items

    def _play_items(
        self, ctx: HandContext, cards: list[Card], window: slice
    ) -> list[ui.GameComponent]:
        gid, arg = ctx.game_id, ctx.arg
        items: list[ui.GameComponent] = []
        shown = cards[window]
        if shown:
            options = [discord.SelectOption(label=str(c), value=c.code) for c in shown]
            items.append(
                ui.select(
                    gid,
                    "h_meld",
                    arg,
                    options,
                    placeholder=_("Meld: choose 3 or more cards…"),
                    max_values=len(shown),
                    row=1,
                )
            )
        layoffs = _game(ctx).legal_layoffs(ctx.seat.seat)
        pending = next((c for c in cards if c.code == ctx.state.pending), None)
        if pending is not None:
            targets = [lo for lo in layoffs if lo.card is pending][:PAGE_SIZE]
            if targets:
                options = [self._target_option(ctx, lo) for lo in targets]
                placeholder = _("Where should {pending} go?", pending=pending)
                items.append(
                    ui.select(gid, "h_layto", arg, options, placeholder=placeholder, row=2)
                )
        else:
            layoff_cards = list(dict.fromkeys(lo.card for lo in layoffs))[:PAGE_SIZE]
            if layoff_cards:
                options = [discord.SelectOption(label=str(c), value=c.code) for c in layoff_cards]
                items.append(
                    ui.select(gid, "h_lay", arg, options, placeholder=_("Lay off a card…"), row=2)
                )
        discards = [a.card for a in ctx.legal if isinstance(a, Discard)]
        ordered = [c for c in cards if c in discards][window]
        if ordered:
            options = [discord.SelectOption(label=str(c), value=c.code) for c in ordered]
            items.append(
                ui.select(
                    gid,
                    "h_discard",
                    arg,
                    options,
                    placeholder=_("Discard a card (ends your turn)…"),
                    row=3,
                )
            )
        return items

    def _target_option(self, ctx: HandContext, layoff: LayOff) -> discord.SelectOption:
        meld = _public(ctx.public).melds[layoff.meld_id]
        cards = format_cards([p.card for p in meld.cards])
        return discord.SelectOption(
            label=_("Meld {value}: {cards}", value=meld.id + 1, cards=cards)[:100],
            description=end_label(layoff.end),
            value=layoff_value(layoff),
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
