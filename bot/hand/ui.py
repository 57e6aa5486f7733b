"""The private hand, one Components V2 message: a short status with the facts needed to play,
the cards as buttons to tap, the moves those cards allow, and sort, hint, typing and refresh.

Written once for every game: the moves come from the game's legal actions (``bot.hand.taps``),
the words from its presenter. Control state rides in the custom_id argument (``HandState``).
Cards are buttons rather than a picture: a button is a card you can tap, and at a phone's
width a row of buttons reads better than a picture of the same cards."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import discord

import bot.hand.takes as takes
import bot.hand.taps as taps
from bot.core import components as ui
from bot.core import images
from bot.core.client import bot_of
from bot.core.emojis import EMOJIS
from bot.core.errors import Refusal
from bot.core.handstate import AnyHandContext, HandContext, HandState
from bot.core.model import LiveGame, Seat, Status
from bot.core.presenter import AnyPresenter
from bot.core.tablemsg import COLOUR, Payload
from bot.games import presenter
from engine.i18n import _, rank_label
from engine.protocol import Phase

if TYPE_CHECKING:
    pass

# Card buttons a phone's width holds: four with plain labels (five wrap, 4 + 1), three with a
# suit emoji beside the rank (four wrap, 3 + 1). A page is five rows of three or four rows of
# four: with the moves and the tools, within Discord's 40 components either way.
CARDS_PER_ROW_PLAIN = 4
CARDS_PER_ROW_EMOJI = 3
CARDS_PER_PAGE = 15
OFFERS_PER_ROW = 4
OPTION_LIMIT = 25  # Discord's limit of options in one select menu


@dataclass(frozen=True, slots=True)
class Redraw:
    """A control's answer that changes no game: show the hand again with this state and note."""

    state: HandState
    note: str


def seated(interaction: discord.Interaction, game_id: int) -> tuple[LiveGame, Seat]:
    """The running game ``game_id`` and the member's seat at it, or a ``Refusal``."""
    service = bot_of(interaction).service
    live = service.get(game_id)
    if live.game is None:
        raise Refusal(_("The game has not started yet."))
    return live, service.require_seat(live, interaction.user.id)


def hand_context(live: LiveGame, seat: Seat, state: HandState) -> AnyHandContext:
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


def status_text(live: LiveGame, shown: AnyPresenter, ctx: AnyHandContext) -> str:
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
    live: LiveGame, shown: AnyPresenter, ctx: AnyHandContext, note: str, offered: list[taps.Offer]
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
        lines.append("-# " + _("Tap cards to choose them: the moves they allow appear below."))
    lines.extend(shown.hand_lines(ctx.private))
    lines.append("-# " + shown.hand_footer(seat_name(ctx), ctx.private))
    return EMOJIS.markup("\n".join(lines))[: ui.V2_TEXT_LIMIT]


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
        emoji = EMOJIS.suit(card.suit)
        label = str(card) if emoji is None else rank_label(card.rank_int)
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
                label=_("Yes: {move}", move=offer.label)[:80],
                style=discord.ButtonStyle.success,
                emoji="✔️",
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


def deep_take_select(ctx: AnyHandContext, shown: AnyPresenter) -> list[ui.GameComponent]:
    """Taking from deeper in a spread pile: one select, top first."""
    options = takes.take_options(ctx, OPTION_LIMIT)
    if not options or ctx.state.selected:
        return []
    placeholder = _("Take deeper from the {pile}…", pile=_(shown.pile_word))
    return [ui.select(ctx.game_id, "t_take", ctx.arg, options, placeholder=placeholder)]


def tool_buttons(ctx: AnyHandContext, pages: int) -> list[ui.GameComponent]:
    """Sort, hint, typing, refresh and the next page of cards."""
    gid, arg = ctx.game_id, ctx.state.fresh().encode()
    sort_label = _("By rank") if ctx.state.sort == "s" else _("By suit")
    items = [ui.button(gid, "h_sort", arg, label=sort_label, emoji="↕️")]
    if ctx.legal:
        items.append(ui.button(gid, "h_hint", arg, label=_("Hint"), emoji="💡"))
        items.append(ui.button(gid, "h_type", arg, label=_("Type"), emoji="⌨️"))
    items.append(ui.button(gid, "h_refresh", arg, label=None, emoji="🔄"))
    if pages > 1:
        forward = replace(ctx.state.fresh(), page=(ctx.state.page + 1) % pages).encode()
        label = _("Cards {page}/{pages}", page=ctx.state.page + 1, pages=pages)
        items.append(ui.button(gid, "h_page", forward, label=label, emoji="▶️"))
    return items


def hand_layout(
    ctx: AnyHandContext, shown: AnyPresenter, note: str, *, resting: bool = False
) -> discord.ui.LayoutView:
    """Every part of the hand message, in the order a phone shows them. A resting hand (its
    token about to run out) keeps only its words and Refresh."""
    pages = pages_of(ctx)
    if ctx.state.page >= pages:  # the hand shrank: show its last page
        ctx = replace(ctx, state=replace(ctx.state, page=pages - 1, selected=0))
    offered = taps.offers(ctx, shown)
    children: list[ui.LayoutItem] = [ui.text(hand_text(ctx.live, shown, ctx, note, offered))]
    if resting:
        refresh = ui.button(
            ctx.game_id, "h_refresh", ctx.state.fresh().encode(), label=_("Refresh"), emoji="🔄"
        )
        return ui.layout(*children, ui.row(refresh), colour=COLOUR)
    width = CARDS_PER_ROW_EMOJI if EMOJIS.names() else CARDS_PER_ROW_PLAIN
    children.extend(ui.rows(card_buttons(ctx), width))
    children.extend(ui.rows(offer_buttons(ctx, offered), OFFERS_PER_ROW))
    children.extend(ui.rows(deep_take_select(ctx, shown), width=1))
    children.extend(ui.rows(tool_buttons(ctx, pages)))
    return ui.layout(*children, colour=COLOUR)


def hand_payload(
    live: LiveGame, seat: Seat, state: HandState, note: str = "", *, resting: bool = False
) -> Payload:
    """The hand message of ``seat`` (in the current language); once the game is over, what
    happened and no controls."""
    shown = presenter(live.game_key)
    ctx = hand_context(live, seat, state)
    if ctx.public.phase is Phase.OVER or live.status != Status.PLAYING:
        lines = [note] if note else []
        lines.append(status_text(live, shown, ctx))
        lines.append(_("This game has ended; its table has the rematch and the record."))
        return ended_hand_payload(EMOJIS.markup("\n".join(lines)))
    return Payload(view=hand_layout(ctx, shown, note, resting=resting))


def ended_hand_payload(text: str) -> Payload:
    """A hand whose game is gone: what happened, and no controls."""
    return Payload(view=ui.layout(ui.text(text), colour=COLOUR))


def payload_kwargs(live: LiveGame, seat: Seat, state: HandState, note: str) -> dict[str, Any]:
    """The hand message's edit arguments."""
    return hand_payload(live, seat, state, note).edit_kwargs()
