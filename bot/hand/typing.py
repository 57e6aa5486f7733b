"""The typing form: cards typed instead of picked, for hands and piles of any size. The game's
presenter says which fields a phase has and what the typed text means.

The form carries all it needs in its custom id (``trpform:<game>:<phase>:<hand state>``) and
is never kept in discord.py's modal store: every submission is read by ``submitted``, a
listener, so a form opened before a restart still works after it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import discord

from bot.app import Interaction
from bot.core import language
from bot.core.components import NOT_IN_USE, same_place, within_limit
from bot.core.errors import Refusal, handle_interaction_error, refusals
from bot.core.handstate import HandState
from bot.core.presenter import AnyPresenter
from bot.hand.ui import hand_payload, seated
from engine.errors import RulesError
from engine.i18n import _
from engine.protocol import Phase

FORM_ID = re.compile(r"trpform:(?P<game>[0-9]{1,18}):(?P<phase>[a-z_]{1,16}):(?P<state>\S{0,64})")
PHASES = {phase.value: phase for phase in Phase}


def form_id(game_id: int, phase: Phase, state: HandState) -> str:
    """The typing form's custom_id: its game, the phase it was opened in and the hand's state."""
    return f"trpform:{game_id}:{phase.value}:{state.encode()}"


class PlayModal(discord.ui.Modal):
    """The presenter's fields for this phase; ``submitted`` applies its actions in order."""

    def __init__(self, game_id: int, shown: AnyPresenter, phase: Phase, state: HandState) -> None:
        super().__init__(
            title=_("Play by typing"), timeout=None, custom_id=form_id(game_id, phase, state)
        )
        for spec in shown.typed_fields(phase):
            item: discord.ui.TextInput[PlayModal] = discord.ui.TextInput(
                label=_(spec.label)[:45],
                placeholder=_(spec.placeholder),
                required=spec.required,
                custom_id=spec.key,
                max_length=spec.max_length,
            )
            self.add_item(item)
        # Finished before it is sent, so discord.py does not keep it: ``submitted`` answers.
        self.stop()


def _inputs(components: list[Any]) -> Iterator[tuple[str, str]]:
    """(custom id, value) of every text input in a submitted form's component tree."""
    for component in components:
        if not isinstance(component, dict):
            continue
        if "value" in component and isinstance(component.get("custom_id"), str):
            yield component["custom_id"], str(component["value"] or "")
        yield from _inputs(component.get("components") or [])
        if isinstance(component.get("component"), dict):
            yield from _inputs([component["component"]])


async def submitted(interaction: Interaction) -> None:
    """Every submitted typing form (a listener of ``on_interaction``)."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return
    data: dict[str, Any] = dict(interaction.data or {})
    match = FORM_ID.fullmatch(str(data.get("custom_id", "")))
    if match is None:
        return
    await language.enter(interaction)
    if not await within_limit(interaction):
        return
    values = {key: value.strip() for key, value in _inputs(list(data.get("components", [])))}
    try:
        async with refusals(interaction):
            game_id, phase = int(match["game"]), PHASES.get(match["phase"])
            if phase is None or not same_place(interaction, game_id):
                raise Refusal(_(NOT_IN_USE))
            await _play(interaction, game_id, phase, HandState.decode(match["state"]), values)
    except Exception as error:
        await handle_interaction_error(interaction, error)


async def _play(
    interaction: Interaction,
    game_id: int,
    phase: Phase,
    state: HandState,
    values: dict[str, str],
) -> None:
    service = interaction.client.service
    live, seat = seated(interaction, game_id)
    shown = live.shown
    async with live.lock:
        done: list[str] = []
        note = ""
        try:
            for action in shown.typed_actions(phase, seat.seat, values):
                events = await service.apply(live, action)
                done.append(service.told(live, events))
        except (RulesError, Refusal) as error:
            note = f"⚠️ {error}"
        summary = " ".join(f"✅ {line}" for line in done)
        kwargs = hand_payload(
            live, seat, HandState(sort=state.sort), " ".join(p for p in (summary, note) if p)
        ).edit_kwargs()
    if interaction.message is not None:
        await interaction.response.edit_message(**kwargs)
        message_id: int | None = interaction.message.id
    else:
        for key in ("attachments", "content", "embeds"):
            kwargs.pop(key, None)
        response = await interaction.response.send_message(ephemeral=True, **kwargs)
        message_id = response.message_id
    service.hands.remember(live, interaction, state, message_id)  # their live hand now
