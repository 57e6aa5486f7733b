"""The typing form: cards typed instead of picked, for hands and piles of any size. The game's
presenter says which fields a phase has and what the typed text means."""

from __future__ import annotations

import discord

from bot.core import language
from bot.core.errors import Refusal, refusals
from bot.core.presenter import GamePresenter, HandState
from bot.hand.ui import client, payload_kwargs, seated
from engine.errors import RulesError
from engine.i18n import _
from engine.protocol import Phase


class PlayModal(discord.ui.Modal):
    """The presenter's fields for this phase; on submit its actions are applied in order."""

    def __init__(self, game_id: int, shown: GamePresenter, phase: Phase, state: HandState) -> None:
        super().__init__(title=_("Play by typing"), timeout=900)
        self.game_id = game_id
        self.shown = shown
        self.phase = phase
        self.state = state
        self.fields: dict[str, discord.ui.TextInput[PlayModal]] = {}
        for spec in shown.typed_fields(phase):
            item: discord.ui.TextInput[PlayModal] = discord.ui.TextInput(
                label=_(spec.label)[:45],
                placeholder=_(spec.placeholder),
                required=spec.required,
                custom_id=spec.key,
                max_length=spec.max_length,
            )
            self.fields[spec.key] = item
            self.add_item(item)

    def values(self) -> dict[str, str]:
        return {key: (item.value or "").strip() for key, item in self.fields.items()}

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await language.enter(interaction)
        service = client(interaction).service
        async with refusals(interaction):
            live, seat = seated(interaction, self.game_id)
            async with live.lock:
                done: list[str] = []
                note = ""
                try:
                    for action in self.shown.typed_actions(self.phase, seat.seat, self.values()):
                        events = await service.apply(live, action)
                        done.append(self.shown.narrate(events, live.shown_names))
                except (RulesError, Refusal) as error:
                    note = f"⚠️ {error}"
                summary = " ".join(f"✅ {line}" for line in done)
                kwargs = await payload_kwargs(
                    interaction,
                    live,
                    seat,
                    HandState(sort=self.state.sort),
                    " ".join(p for p in (summary, note) if p),
                )
            if interaction.message is not None:
                await interaction.response.edit_message(**kwargs)
            else:
                kwargs.pop("attachments", None)
                await interaction.response.send_message(ephemeral=True, **kwargs)
