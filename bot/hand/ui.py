"""The private hand: a picture and text of your cards plus the controls for your phase.

The bot adds what every game's hand has (sort, hint, typing, refresh, pages); the game's
presenter adds its own controls, built from the legal actions. Control state rides in the
custom_id argument (see ``HandState``)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from bot.core import components as ui
from bot.core import images
from bot.core.errors import Refusal
from bot.core.model import LiveGame, Seat
from bot.core.presenter import GamePresenter, HandContext, HandState
from bot.core.tablemsg import COLOUR, Payload
from bot.games import presenter
from engine.cards import format_cards
from engine.i18n import _
from engine.protocol import Phase

if TYPE_CHECKING:
    from bot.app import TreppenBot

PAGE_SIZE = 25  # Discord's limit of options in one select menu


def client(interaction: discord.Interaction) -> TreppenBot:
    return interaction.client  # type: ignore[return-value]


def seated(interaction: discord.Interaction, game_id: int) -> tuple[LiveGame, Seat]:
    """The running game ``game_id`` and the member's seat at it, or a ``Refusal``."""
    service = client(interaction).service
    live = service.get(game_id)
    if live.game is None:
        raise Refusal(_("The game has not started yet."))
    return live, service.require_seat(live, interaction.user.id)


async def payload_kwargs(
    interaction: discord.Interaction, live: LiveGame, seat: Seat, state: HandState, note: str
) -> dict[str, Any]:
    """The hand message's edit arguments, with the picture when the bot draws them."""
    with_image = client(interaction).settings.render_images
    payload = await hand_payload(live, seat, state, note, with_image=with_image)
    return payload.edit_kwargs()


def hand_context(live: LiveGame, seat: Seat, state: HandState) -> HandContext:
    """The seat's hand now, in the member's order, with the legal actions on their turn."""
    game = live.game
    assert game is not None
    private = game.private_view(seat.seat)
    mine = game.to_act == seat.seat and not game.is_over
    legal = tuple(game.legal_actions()) if mine else ()
    state = replace(state, version=private.public.version, seat=seat.seat)
    cards = tuple(images.sort_cards(private.hand, state.sort_name))
    return HandContext(live, seat, state, private, cards, legal)


def status_text(live: LiveGame, shown: GamePresenter, ctx: HandContext) -> str:
    public = ctx.public
    if public.phase is Phase.OVER:
        return _("The session is over.")
    if public.to_act != ctx.seat.seat:
        return _("Waiting for {value}.", value=live.shown_names[public.to_act])
    return shown.turn_text(ctx.private)


def _common_buttons(ctx: HandContext) -> list[ui.GameComponent]:
    gid, arg = ctx.game_id, ctx.arg
    sort_label = _("Sort by rank") if ctx.state.sort == "s" else _("Sort by suit")
    items = [
        ui.button(gid, "h_sort", arg, label=sort_label, row=0),
        ui.button(gid, "h_hint", arg, label=_("Hint"), emoji="💡", row=0),
    ]
    if ctx.legal:
        items.append(ui.button(gid, "h_type", arg, label=_("Type cards"), emoji="⌨️", row=0))
    items.append(ui.button(gid, "h_refresh", arg, label=_("Refresh"), emoji="🔄", row=0))
    return items


def _page_buttons(ctx: HandContext, pages: int) -> list[ui.GameComponent]:
    page = ctx.state.page
    back = replace(ctx.state, page=(page - 1) % pages).encode()
    forward = replace(ctx.state, page=(page + 1) % pages).encode() + "."  # ids differ
    return [
        ui.button(ctx.game_id, "h_page", back, label=_("◀ Cards"), row=4),
        ui.button(
            ctx.game_id,
            "h_page",
            forward,
            label=_("Cards ▶ (page {value}/{pages})", value=page + 1, pages=pages),
            row=4,
        ),
    ]


def hand_view(ctx: HandContext, shown: GamePresenter) -> discord.ui.View:
    """Every control of the hand: the game's row-0 buttons first, then the common ones."""
    controls = shown.hand_controls(ctx)
    if ctx.state.page >= controls.pages > 0:  # the hand shrank: show its last page
        ctx = replace(ctx, state=replace(ctx.state, page=controls.pages - 1))
        controls = shown.hand_controls(ctx)
    first = [item for item in controls.items if item.item.row == 0]
    rest = [item for item in controls.items if item.item.row != 0]
    items = [*first, *_common_buttons(ctx), *rest]
    if controls.pages > 1:
        items.extend(_page_buttons(ctx, controls.pages))
    return ui.persistent_view(*items)


async def hand_payload(
    live: LiveGame, seat: Seat, state: HandState, note: str = "", *, with_image: bool
) -> Payload:
    shown = presenter(live.game_key)
    ctx = hand_context(live, seat, state)
    cards, public = ctx.cards, ctx.public
    lines = [note] if note else []
    lines.append(status_text(live, shown, ctx))
    lines.append(
        _("**Your hand ({value}):** {value2}", value=len(cards), value2=format_cards(cards) or "—")
    )
    lines.extend(shown.hand_lines(ctx.private))
    embed = discord.Embed(
        title=_(
            "Your hand — {title}, round {round_number}",
            title=shown.title,
            round_number=public.round_number,
        ),
        description="\n".join(lines)[:4000],
        colour=COLOUR,
    )
    embed.set_footer(text=shown.hand_footer(seat.name, ctx.private))
    files: list[discord.File] = []
    if with_image:
        locked = ctx.private.locked_discard
        data = await images.hand_image(cards, locked, taken_from=_(shown.pile_word))
        picture = images.as_file(data, "hand.png")
        if picture is not None:
            files.append(picture)
            embed.set_image(url="attachment://hand.png")
    return Payload(embeds=[embed], files=files, view=hand_view(ctx, shown))
