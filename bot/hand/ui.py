"""The private hand, one Components V2 message: a short status with the facts needed to play
(the pile's top or the staircase, the melds the hand can lay off on, the scores), the cards as
buttons to tap, the moves those cards allow, and sort, hint, typing and refresh. A whole turn
fits a phone's screen (390 x 844: about 740 px between header and message box) without
scrolling up to the table.

Written once for every game: the moves come from the game's legal actions (``bot.hand.taps``),
the words from its presenter. Control state rides in the custom_id argument (``HandState``).
Cards are buttons rather than a picture: a button is a card you can tap, and at a phone's
width a row of buttons reads better than a picture of the same cards. Where the card emojis
are on, a card button is its four-colour card emoji alone: 60 px (Discord's least button
width), so four fill the 264 px a phone gives the message."""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass, replace
from typing import Any

import discord

import bot.hand.takes as takes
import bot.hand.taps as taps
from bot.app import Interaction
from bot.core import components as ui
from bot.core import images
from bot.core.emojis import EMOJIS
from bot.core.errors import Refusal
from bot.core.handstate import AnyHandContext, HandContext, HandState, HandTable
from bot.core.model import LiveTable, Seat, Status
from bot.core.presenter import AnyPresenter
from bot.core.tablemsg import COLOUR, Payload
from engine.actions import DrawTalon, LayOff
from engine.cards import Card
from engine.i18n import _
from engine.protocol import BaseMeldView, Phase

# Card buttons a phone's width holds: four 60 px buttons (a card emoji alone, or a plain
# label such as 10♦) and their gaps fill the 264 px a phone shows; five wrap. A page is five
# rows of four, so a 20-card hand is one page; beyond it the page button sits beside the cards.
CARDS_PER_ROW = 4
CARDS_PER_PAGE = 20
OFFERS_PER_ROW = 4
OPTION_LIMIT = 25  # Discord's limit of options in one select menu


@dataclass(frozen=True, slots=True)
class Redraw:
    """A control's answer that changes no game: show the hand again with this state and note."""

    state: HandState
    note: str


def seated(interaction: Interaction, game_id: int) -> tuple[LiveTable, Seat]:
    """The running game ``game_id`` and the member's seat at it, or a ``Refusal``."""
    service = interaction.client.service
    live = service.get(game_id)
    if live.game is None:
        raise Refusal(_("The game has not started yet."))
    return live, service.require_seat(live, interaction.user.id)


def hand_context(live: LiveTable, seat: Seat, state: HandState) -> AnyHandContext:
    """The seat's hand now, in the member's order, with the legal actions on their turn."""
    game = live.game
    assert game is not None
    private = game.private_view(seat.seat)
    mine = game.to_act == seat.seat and not game.is_over
    legal = tuple(game.legal_actions()) if mine else ()
    state = replace(state, version=private.public.version, seat=seat.seat)
    cards = tuple(images.sort_cards(private.hand, state.sort_name))
    return HandContext(live, seat, state, private, cards, legal)


def pages_of(ctx: AnyHandContext) -> int:
    """How many pages the hand's cards fill (at least one)."""
    return max(1, (len(ctx.cards) + CARDS_PER_PAGE - 1) // CARDS_PER_PAGE)


def status_text(live: HandTable, shown: AnyPresenter, ctx: AnyHandContext) -> str:
    """The hand's status line: the session's end, whom it waits for, or the game's turn text."""
    public = ctx.public
    if public.phase is Phase.OVER:
        winner = public.winner
        if winner is None:
            return _("**The session is over.**")
        return _("**The session is over:** {name} wins.", name=live.names[winner])
    if public.to_act != ctx.seat.seat:
        return _("Waiting for {value}.", value=live.shown_names[public.to_act])
    return shown.turn_text(ctx.private)


def hand_text(
    live: HandTable, shown: AnyPresenter, ctx: AnyHandContext, note: str, offered: list[taps.Offer]
) -> str:
    """The hand's words: what just happened, whose turn, what the tapped cards allow, the
    facts needed to play (piles, a locked card) and the seat's score."""
    lines = [note] if note else []
    lines.append(status_text(live, shown, ctx))
    chosen = taps.selected_cards(ctx)
    if chosen and ctx.legal and not offered:
        lines.append(
            _(
                "No move with {cards} yet: tap more cards, or tap one again to drop it.",
                cards=chosen,
            )
        )
    elif not chosen and any(taps.cards_used(a) for a in ctx.legal):
        lines.append("-# " + _("Tap cards: the moves they allow appear below."))
    lines.extend(shown.hand_lines(ctx.private))
    lines.extend(layoff_lines(ctx))
    take_note = shown.take_note(ctx)
    if take_note:
        lines.append("-# " + take_note)
    lines.append("-# " + shown.hand_footer(seat_name(ctx), ctx.private))
    return EMOJIS.markup("\n".join(lines))[: ui.V2_TEXT_LIMIT]


def layoff_targets(ctx: AnyHandContext) -> list[tuple[BaseMeldView, list[Card]]]:
    """The melds on the table the hand can lay off on this turn, each with the hand's cards
    that fit, in the table's order. While the member is still to draw, those of the play after
    a draw from the stock (worked out on a copy of the game; only cards already in the hand
    count, so the copy's drawn card is never shown). A game that lays no melds costs nothing."""
    if not ctx.legal or not ctx.public.melds:
        return []
    layoffs = [a for a in ctx.legal if isinstance(a, LayOff)]
    game = ctx.live.game
    if ctx.public.phase is Phase.DRAW and game is not None:
        # A scratch copy without the move and event logs (the rules never read them back).
        memo: dict[int, Any] = {id(game.actions): [], id(game.events): []}
        after = copy.deepcopy(game, memo)
        draw = DrawTalon(ctx.seat.seat)
        if after.can(draw):
            after.apply(draw)
            layoffs = [a for a in after.legal_actions() if isinstance(a, LayOff)]
    fits: dict[int, list[Card]] = {}
    for action in layoffs:
        cards = fits.setdefault(action.meld_id, [])
        if action.card in ctx.private.hand and action.card not in cards:
            cards.append(action.card)
    return [(m, fits[m.id]) for m in ctx.public.melds if fits.get(m.id)]


def layoff_lines(ctx: AnyHandContext) -> list[str]:
    """'Lay off: Ben 9♣–Q♣ ← 10♣ · yours 7♥ 7♠ 7♦ ← 7♣': every meld the hand can lay off on,
    whose it is and the cards that fit, so the table need not be scrolled to."""
    parts = []
    for meld, cards in layoff_targets(ctx):
        owner = _("yours") if meld.owner == ctx.seat.seat else f"**{ctx.live.names[meld.owner]}**"
        fitting = " ".join(str(c) for c in cards)
        parts.append(
            _("{owner} {meld} ← {cards}", owner=owner, meld=taps.meld_shape(meld), cards=fitting)
        )
    return [_("Lay off: {melds}", melds=" · ".join(parts))] if parts else []


def seat_name(ctx: AnyHandContext) -> str:
    """The member's name as the hand's footer shows it."""
    return ctx.seat.name


def card_buttons(ctx: AnyHandContext) -> list[ui.GameComponent]:
    """The cards of the shown page as buttons; a tap toggles the card into the selection."""
    page = ctx.state.page
    first = page * CARDS_PER_PAGE
    tapped = set(ctx.state.positions())
    buttons = []
    for position, card in enumerate(ctx.cards[first : first + CARDS_PER_PAGE], start=first):
        emoji = EMOJIS.card(card)  # the card in four colours; else its words
        label = str(card) if emoji is None else None
        buttons.append(
            ui.button(
                ctx.game_id,
                "t_tap",
                ctx.state.tapped(position).encode(),
                label=label,
                emoji=emoji,
                style=discord.ButtonStyle.primary
                if position in tapped
                else discord.ButtonStyle.secondary,
            )
        )
    return buttons


def offer_buttons(ctx: AnyHandContext, offered: list[taps.Offer]) -> list[ui.GameComponent]:
    """The moves the tapped cards allow (or, asked to confirm, 'really?' and 'no')."""
    state = ctx.state
    if 0 <= state.pick < len(offered) and not state.sure:
        offer = offered[state.pick]
        return [
            ui.button(
                ctx.game_id,
                "t_do",
                replace(state, sure=True).encode(),
                label=_("Yes: {move}", move=offer.label)[: taps.LABEL_LIMIT],
                style=discord.ButtonStyle.success,
                emoji=offer.emoji if isinstance(offer.emoji, discord.PartialEmoji) else "✔️",
            ),
            ui.button(
                ctx.game_id,
                "t_back",
                replace(state, pick=-1, sure=False).encode(),
                label=_("No"),
                emoji="✖️",
            ),
        ]
    return [
        ui.button(
            ctx.game_id,
            "t_do",
            replace(state, pick=index, sure=False).encode(),
            label=offer.label,
            style=offer.style,
            emoji=offer.emoji,
        )
        for index, offer in enumerate(offered)
    ]


def deep_take_select(ctx: AnyHandContext) -> list[ui.GameComponent]:
    """Taking from deeper in a spread pile: one select, top first."""
    options = takes.take_options(ctx, OPTION_LIMIT)
    if not options or ctx.state.selected:
        return []
    placeholder = _("Take down to a card…")  # a phone shows about 30 characters
    return [ui.select(ctx.game_id, "t_take", ctx.arg, options, placeholder=placeholder)]


def page_button(ctx: AnyHandContext, pages: int) -> list[ui.GameComponent]:
    """The next page of cards, beside the cards (none when the hand fits one page)."""
    if pages <= 1:
        return []
    forward = replace(ctx.state.fresh(), page=(ctx.state.page + 1) % pages).encode()
    label = _("Cards {page}/{pages}", page=ctx.state.page + 1, pages=pages)
    return [ui.button(ctx.game_id, "h_page", forward, label=label, emoji="▶️")]


def tool_buttons(ctx: AnyHandContext) -> list[ui.GameComponent]:
    """Sort, hint, typing and refresh."""
    gid, arg = ctx.game_id, ctx.state.fresh().encode()
    sort_label = _("By rank") if ctx.state.sort == "s" else _("By suit")
    items = [ui.button(gid, "h_sort", arg, label=sort_label, emoji="↕️")]
    if ctx.legal:
        items.append(ui.button(gid, "h_hint", arg, label=_("Hint"), emoji="💡"))
        items.append(ui.button(gid, "h_type", arg, label=_("Type"), emoji="⌨️"))
    items.append(ui.button(gid, "h_refresh", arg, label=_("Refresh"), emoji="🔄"))
    return items


def hand_layout(
    ctx: AnyHandContext,
    shown: AnyPresenter,
    note: str,
    offered: list[taps.Offer],
    *,
    resting: bool = False,
) -> discord.ui.LayoutView:
    """Every part of the hand message, in the order a phone shows them, with the moves
    ``offered`` for its tapped cards. A resting hand (its token about to run out) keeps only
    its words and Refresh."""
    pages = pages_of(ctx)
    children: list[ui.LayoutItem] = [ui.text(hand_text(ctx.live, shown, ctx, note, offered))]
    if resting:
        refresh = ui.button(
            ctx.game_id, "h_refresh", ctx.state.fresh().encode(), label=_("Refresh"), emoji="🔄"
        )
        return ui.layout(*children, ui.row(refresh), colour=COLOUR)
    cards = ui.rows([*card_buttons(ctx), *page_button(ctx, pages)], CARDS_PER_ROW)
    select = ui.rows(deep_take_select(ctx), width=1)
    tools = ui.rows(tool_buttons(ctx))
    # The moves get the components left (a prefix of the offers: a button's index holds).
    used = 1 + len(children) + sum(1 + len(r.children) for r in (*cards, *select, *tools))
    room = fitting(ui.V2_COMPONENT_LIMIT - used, OFFERS_PER_ROW)
    moves = ui.rows(offer_buttons(ctx, offered)[:room], OFFERS_PER_ROW)
    return ui.layout(*children, *cards, *moves, *select, *tools, colour=COLOUR)


def fitting(components: int, per_row: int) -> int:
    """How many buttons, ``per_row`` to a row, fit in ``components`` (each row is one too)."""
    count = 0
    while count + 1 + math.ceil((count + 1) / per_row) <= components:
        count += 1
    return count


def hand_payload(
    live: LiveTable, seat: Seat, state: HandState, note: str = "", *, resting: bool = False
) -> Payload:
    """The hand message of ``seat`` (in the current language); once the game is over, what
    happened and no controls."""
    return context_payload(live, hand_context(live, seat, state), state, note, resting=resting)


def context_payload(
    live: LiveTable,
    ctx: AnyHandContext,
    state: HandState,
    note: str = "",
    *,
    resting: bool = False,
) -> Payload:
    """The hand message of a hand already read (``ctx``) shown with ``state``: a control that
    changed no game draws the hand it read, and its offers are built once, here."""
    shown = live.shown
    ctx = replace(ctx, state=replace(state, version=ctx.public.version, seat=ctx.seat.seat))
    if ctx.public.phase is Phase.OVER or live.status != Status.PLAYING:
        lines = [note] if note else []
        lines.append(status_text(live, shown, ctx))
        lines.append(_("This game has ended; its table has the rematch and the record."))
        return ended_hand_payload(EMOJIS.markup("\n".join(lines)))
    pages = pages_of(ctx)
    if ctx.state.page >= pages:  # the hand shrank: show its last page
        ctx = replace(ctx, state=replace(ctx.state, page=pages - 1, selected=0))
    offered = taps.offers(ctx, shown)
    view = hand_layout(ctx, shown, note, offered, resting=resting)
    return Payload(view=view, offers=(taps.offers_key(ctx), tuple(offered)))


def ended_hand_payload(text: str) -> Payload:
    """A hand whose game is gone: what happened, and no controls."""
    return Payload(view=ui.layout(ui.text(text), colour=COLOUR))


class HandDrawing:
    """The hands the core keeps live (``bot.core.hands``) are drawn here."""

    def hand(
        self, live: LiveTable, seat: Seat, state: HandState, note: str, *, resting: bool
    ) -> Payload:
        """The seat's hand message now."""
        return hand_payload(live, seat, state, note, resting=resting)

    def ended(self, text: str) -> Payload:
        """A hand whose game is gone for this member."""
        return ended_hand_payload(text)
