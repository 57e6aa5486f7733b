"""Your hand, privately: the ephemeral hand whose cards you tap (``controls``), the typing form
(``typing``) and the slash commands hand, draw, take, meld, layoff and discard (``commands``),
for every game; the drawing of the live hands the core keeps current (``ui.HandDrawing``)."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from discord import app_commands
from discord.ext.commands import Cog

from bot.app import Feature, Interaction, TreppenBot
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


class Hand(Feature):
    """Your hand: its controls, the typing form, the drawing of the live hands the core keeps
    current, and the move commands (/treppe hand, draw, take, ...)."""

    async def cog_load(self) -> None:
        self.add_control("hand", on_hand_button)  # the table's button: anyone seated
        for operation, handler in HAND_CONTROLS.items():
            self.add_control(operation, owned(handler))
        # none when only the commands are read (tools/i18n.py)
        service = getattr(self.bot, "service", None)
        if service is not None:
            service.hands.drawer = HandDrawing()
        for name, command in MOVE_COMMANDS.items():
            self.add_subcommand(app_commands.command(name=name)(command))

    async def cog_unload(self) -> None:
        await super().cog_unload()
        service = getattr(self.bot, "service", None)
        if service is not None:
            service.hands.drawer = None

    @Cog.listener("on_interaction")
    async def on_form(self, interaction: Interaction) -> None:
        """The typing form's answers, across restarts too."""
        await submitted(interaction)


MOVE_COMMANDS: dict[str, Callable[..., Coroutine[Any, Any, None]]] = {
    "hand": hand_command,
    "draw": draw_command,
    "take": take_command,
    "meld": meld_command,
    "layoff": layoff_command,
    "discard": discard_command,
}


async def setup(bot: TreppenBot) -> None:
    """Load the hand feature."""
    await bot.add_cog(Hand(bot))


__all__ = ["setup"]
