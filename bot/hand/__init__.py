"""Your hand, privately: the ephemeral hand whose cards you tap (``controls``), the typing form
(``typing``) and the slash commands hand, draw, take, meld, layoff and discard (``commands``),
for every game; the live hands the bot keeps current (``live``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.core import components
from bot.core.errors import Refusal
from bot.core.handstate import HandState
from bot.hand.commands import (
    discard_command,
    draw_command,
    hand_command,
    layoff_command,
    meld_command,
    take_command,
)
from bot.hand.controls import (
    LEGACY_CONTROLS,
    NOT_YOURS,
    TAP_CONTROLS,
    control,
    on_hand_button,
    on_hint,
    on_legacy,
    on_page,
    on_refresh,
    on_sort,
    on_type,
)
from bot.hand.live import HandMessages
from bot.hand.typing import submitted
from bot.hand.ui import seated
from engine.i18n import _

if TYPE_CHECKING:
    from bot.app import TreppenBot

COMMON: dict[str, components.Handler] = {
    "hand": on_hand_button,
    "h_sort": on_sort,
    "h_page": on_page,
    "h_refresh": on_refresh,
    "h_hint": on_hint,
    "h_type": on_type,
    # Names of older versions, still on hand messages sent before the update.
    "v_hint": on_hint,
    "v_type": on_type,
    **{operation: on_legacy for operation in LEGACY_CONTROLS},
    **{operation: control(handler) for operation, handler in TAP_CONTROLS.items()},
}


def owned(handler: components.Handler) -> components.Handler:
    """Guard a hand control: only the member whose hand drew it may use it."""

    async def guarded(interaction: discord.Interaction, game_id: int, argument: str) -> None:
        owner = HandState.decode(argument).seat
        if owner >= 0 and seated(interaction, game_id)[1].seat != owner:
            raise Refusal(_(NOT_YOURS))
        await handler(interaction, game_id, argument)

    return guarded


async def setup(bot: TreppenBot) -> None:
    """Load the hand feature: its controls' handlers, the typing form, the live hands and the move
    commands (/treppe hand, draw, take, ...)."""
    for operation, handler in COMMON.items():
        components.register(operation, handler if operation == "hand" else owned(handler))
    bot.add_listener(submitted, "on_interaction")  # the typing form, across restarts too
    service = getattr(bot, "service", None)  # none when only the commands are read (tools/i18n.py)
    if service is not None:
        service.poster.hands = HandMessages(service)
    group = bot.treppe
    group.add_command(app_commands.command(name="hand")(hand_command))
    group.add_command(app_commands.command(name="draw")(draw_command))
    group.add_command(app_commands.command(name="take")(take_command))
    group.add_command(app_commands.command(name="meld")(meld_command))
    group.add_command(app_commands.command(name="layoff")(layoff_command))
    group.add_command(app_commands.command(name="discard")(discard_command))


__all__ = ["setup"]
