"""Your hand, privately: the ephemeral hand whose cards you tap (``controls``), the typing form
(``typing``) and the slash commands hand, draw, take, meld, layoff and discard (``commands``),
for every game; the drawing of the live hands the core keeps current (``ui.HandDrawing``)."""

from __future__ import annotations

from discord import app_commands

from bot.app import TreppenBot
from bot.core import components
from bot.hand.commands import (
    discard_command,
    draw_command,
    hand_command,
    layoff_command,
    meld_command,
    take_command,
)
from bot.hand.controls import (
    TAP_CONTROLS,
    HandHandler,
    control,
    on_hand_button,
    on_hint,
    on_page,
    on_refresh,
    on_sort,
    on_type,
    owned,
)
from bot.hand.typing import submitted
from bot.hand.ui import HandDrawing

# The controls on a member's own hand: only that member may use them (``owned``).
HAND_CONTROLS: dict[str, HandHandler] = {
    "h_sort": on_sort,
    "h_page": on_page,
    "h_refresh": on_refresh,
    "h_hint": on_hint,
    "h_type": on_type,
    **{operation: control(handler) for operation, handler in TAP_CONTROLS.items()},
}


async def setup(bot: TreppenBot) -> None:
    """Load the hand feature: its controls' handlers, the typing form, the live hands and the move
    commands (/treppe hand, draw, take, ...)."""
    components.register("hand", on_hand_button)  # the table's button: anyone seated
    for operation, handler in HAND_CONTROLS.items():
        components.register(operation, owned(handler))
    bot.add_listener(submitted, "on_interaction")  # the typing form, across restarts too
    service = getattr(bot, "service", None)  # none when only the commands are read (tools/i18n.py)
    if service is not None:
        service.hands.drawer = HandDrawing()
    group = bot.treppe
    group.add_command(app_commands.command(name="hand")(hand_command))
    group.add_command(app_commands.command(name="draw")(draw_command))
    group.add_command(app_commands.command(name="take")(take_command))
    group.add_command(app_commands.command(name="meld")(meld_command))
    group.add_command(app_commands.command(name="layoff")(layoff_command))
    group.add_command(app_commands.command(name="discard")(discard_command))


__all__ = ["setup"]
