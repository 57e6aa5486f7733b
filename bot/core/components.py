"""Persistent buttons and selects. Every control is one ``GameComponent`` whose custom_id
``trp:<game id>:<operation>:<argument>`` carries all it needs, so controls keep working after
a restart. Features register a handler per operation."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from bot.core import language
from bot.core.errors import Refusal, handle_interaction_error, refusals, send_private
from bot.core.ratelimit import SLOW_DOWN, RateLimiter, Verdict
from bot.core.reach import scope_of
from bot.ops import metrics
from bot.storage import utc_now
from engine.i18n import N_, _

log = logging.getLogger(__name__)

# Features type their interactions as their bot's (bot.app.Interaction); the core cannot.
Handler = Callable[[discord.Interaction[Any], int, str], Awaitable[None]]
HANDLERS: dict[str, Handler] = {}
CUSTOM_ID_LIMIT = 100
GAME_ID_DIGITS = 18  # SQLite's integers end at 19 digits
NOT_IN_USE = N_("This control is no longer in use.")


def register(operation: str, handler: Handler) -> None:
    """Let ``handler`` answer every click whose custom_id names ``operation``."""
    HANDLERS[operation] = handler


def unregister(operation: str) -> None:
    """Stop answering clicks of ``operation`` (its feature was unloaded)."""
    HANDLERS.pop(operation, None)


def custom_id(game_id: int, operation: str, argument: str = "") -> str:
    """The custom_id ``trp:<game>:<operation>:<argument>``; a ``ValueError`` past 100 characters."""
    text = f"trp:{game_id}:{operation}:{argument}"
    if len(text) > CUSTOM_ID_LIMIT:
        raise ValueError(f"custom_id too long: {text}")
    return text


CLICK = re.compile(r"trp:(?P<game>\d+):(?P<op>[a-z_]+):(?P<arg>\S*)")


# A control of the bot: a plain button or select whose custom_id names its game, operation
# and argument (``custom_id``). Its clicks, even after a restart, reach ``dispatch`` and the
# operation's handler. (A discord.py dynamic item would do the same, but discord.py rebuilds
# the clicked message's whole view for one, and registers it anew with every message sent.)
GameComponent = discord.ui.Button[Any] | discord.ui.Select[Any]


async def dispatch(interaction: discord.Interaction) -> None:
    """Every interaction (the bot's ``on_interaction`` listener): a click on one of the bot's
    controls goes to its operation's handler. Dispatched from the custom_id alone, a click
    costs no rebuilt view of the clicked message (discord.py's way with dynamic items, about
    two milliseconds of cyclic garbage a click)."""
    if interaction.type is not discord.InteractionType.component:
        return
    data: dict[str, Any] = dict(interaction.data or {})
    match = CLICK.fullmatch(str(data.get("custom_id", "")))
    if match is None:
        return
    game = match["game"]  # no game id of mine is longer: 0 names no game, and is refused
    game_id = int(game) if len(game) <= GAME_ID_DIGITS else 0
    await answer_click(interaction, game_id, match["op"], match["arg"])


async def answer_click(
    interaction: discord.Interaction, game_id: int, operation: str, argument: str
) -> None:
    """A click on control ``operation`` of game ``game_id``: the member's language, the rate
    limit, the process that runs the game, then the handler; errors answered privately."""
    handler = HANDLERS.get(operation)
    await language.enter(interaction)
    if not await within_limit(interaction):
        return  # answered: a burst stops here, before any lock, database or picture
    if await _run_elsewhere(interaction, game_id):
        return  # the process running the game answers this click, not this one
    metrics.start(interaction)
    clicked = interaction.message.id if interaction.message is not None else None
    try:
        async with refusals(interaction):
            if handler is None or not same_place(interaction, game_id):
                raise Refusal(_(NOT_IN_USE))
            await handler(interaction, game_id, argument)
        metrics.finish(interaction)
    except Exception as error:
        await handle_interaction_error(interaction, error)
        raise
    finally:
        _took_token(interaction, game_id, clicked)


def _took_token(interaction: discord.Interaction, game_id: int, clicked: int | None) -> None:
    """A table that lives on interaction tokens keeps this click's (``bot.core.tokens``)."""
    service = getattr(interaction.client, "service", None)
    if service is None:
        return
    live = service.games.get(game_id)
    if live is not None and live.options.tokens_only and interaction.response.is_done():
        service.poster.tokens.took(live, interaction, clicked)


async def within_limit(interaction: discord.Interaction) -> bool:
    """Whether the member's click (or modal) may go on; if not, the first refused one is
    answered privately and the rest of the burst not at all (no HTTP call for a flood)."""
    limiter: RateLimiter | None = getattr(interaction.client, "clicks", None)
    verdict = Verdict.GO if limiter is None else limiter.check(interaction.user.id)
    if verdict is Verdict.REFUSE:
        await send_private(interaction, _(SLOW_DOWN))
    return verdict is Verdict.GO


def same_place(interaction: discord.Interaction, game_id: int) -> bool:
    """A running table's controls act only from its own server and channel: a forged custom
    id from elsewhere must not show its scores, seat a stranger or rewrite another message."""
    service = getattr(interaction.client, "service", None)
    live = service.games.get(game_id) if service is not None else None
    if live is None:
        return True  # finished sessions and closed tables: their handlers check the guild
    return bool(
        live.guild_id == scope_of(interaction) and live.channel_id == interaction.channel_id
    )


async def _run_elsewhere(interaction: discord.Interaction, game_id: int) -> bool:
    """Whether another bot process holds this game's live lease (two processes on the same
    shards both hear the click; only the one running the game may answer)."""
    service = getattr(interaction.client, "service", None)
    if service is None or game_id in service.games:
        return False
    leases = await service.storage.leases([game_id])
    return any(
        lease.owner != service.storage.owner and lease.expires_at > utc_now() for lease in leases
    )


def button(
    game_id: int,
    operation: str,
    argument: str = "",
    *,
    label: str | None,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    emoji: str | discord.PartialEmoji | None = None,
    disabled: bool = False,
) -> GameComponent:
    """A persistent button that calls the handler of ``operation`` with ``argument``. It has no
    row of its own: the layout places it (``row``/``rows``), so no control can ask for a full
    row."""
    item: discord.ui.Button[Any] = discord.ui.Button(
        label=label,
        style=style,
        emoji=emoji,
        disabled=disabled,
        custom_id=custom_id(game_id, operation, argument),
    )
    return item


def select(
    game_id: int,
    operation: str,
    argument: str,
    options: Sequence[discord.SelectOption],
    *,
    placeholder: str,
    max_values: int = 1,
) -> GameComponent:
    """A persistent select that calls the handler of ``operation``; the chosen values are in
    ``selected_values``."""
    item: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=custom_id(game_id, operation, argument),
        placeholder=placeholder,
        options=list(options),
        min_values=1,
        max_values=max(1, min(max_values, len(options))),
    )
    return item


# ---------------------------------------------------------------- Components V2
# A V2 message is one ``GameLayout``: a container holding pictures, text and rows of controls.
# It carries no content or embeds, and once a message is V2 it stays V2 (Discord's rules).
ROW_WIDTH = 5  # buttons in one action row
V2_COMPONENT_LIMIT = 40  # every component of a message, nested ones included
V2_TEXT_LIMIT = 4000  # characters of text over all text displays of a message


class GameLayout(discord.ui.LayoutView):
    """A message's layout, every control in it a ``GameComponent``. A click is dispatched by its
    custom_id alone (``dispatch``), so this object is never needed once it is sent, and it
    never times out. discord.py would give a
    view sent on an ephemeral message a 15-minute timeout, and that timeout's sleeping task
    would keep the view, its items and their texts alive that long for every private hand
    shown; so the timeout stays None, whoever sets it."""

    @property
    def timeout(self) -> float | None:
        return None

    @timeout.setter
    def timeout(self, value: float | None) -> None:
        pass  # see the class docstring

    def __init__(self, *, timeout: float | None = None) -> None:
        super().__init__(timeout=timeout)
        self._sent: tuple[list[dict[str, Any]], bool] | None = None

    def to_components(self) -> list[dict[str, Any]]:
        """The layout as Discord takes it, worked out once. Then its items' links back to it
        and to their parents are cut: discord.py's items and views refer to each other, so a
        sent layout would otherwise wait as garbage for the collector (a few hundred objects
        a click, whose full passes stop every click meanwhile; docs/performance.md), where now
        reference counting frees it as soon as the request is made."""
        if self._sent is None:
            made: list[dict[str, Any]] = super().to_components()  # type: ignore[no-untyped-call]
            self._sent = (made, super().has_components_v2())
            items = list(self.walk_children())
            for item in items:
                item._view = None
                if hasattr(item, "_parent"):
                    item._parent = None
                children = getattr(item, "_children", None)
                if isinstance(children, list):
                    children.clear()
            self._children.clear()
        return self._sent[0]

    def has_components_v2(self) -> bool:
        """Read by discord.py after ``to_components``, when the items are gone."""
        return self._sent[1] if self._sent is not None else super().has_components_v2()

    def is_dispatchable(self) -> bool:
        """Never: discord.py must not keep this view to dispatch its clicks (``dispatch`` does)."""
        return False

    def is_finished(self) -> bool:
        """Always, as discord.py sees it: nothing of it is kept once it is sent."""
        return True


LayoutItem = discord.ui.Item[Any]


def text(content: str) -> discord.ui.TextDisplay[Any]:
    """A text block of a V2 message (markdown allowed)."""
    return discord.ui.TextDisplay(content)


def row(*items: GameComponent) -> discord.ui.ActionRow[Any]:
    """One action row: up to five buttons, or one select."""
    action_row: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
    for item in items:
        action_row.add_item(item)
    return action_row


def rows(items: Sequence[GameComponent], width: int = ROW_WIDTH) -> list[discord.ui.ActionRow[Any]]:
    """Buttons laid out ``width`` to a row."""
    return [row(*items[start : start + width]) for start in range(0, len(items), width)]


def picture(file: discord.File, description: str) -> discord.ui.MediaGallery[Any]:
    """A full-width picture with its description (alt text) for screen readers."""
    item = discord.MediaGalleryItem(file, description=description[:1024] or None)
    return discord.ui.MediaGallery(item)


def separator() -> discord.ui.Separator[Any]:
    """A dividing line between the parts of a V2 message."""
    return discord.ui.Separator()


def layout(*children: LayoutItem, colour: discord.Colour | None = None) -> discord.ui.LayoutView:
    """A V2 message: everything in one container (with an accent colour)."""
    view = GameLayout(timeout=None)
    view.add_item(discord.ui.Container(*children, accent_colour=colour))
    return view


def embed_layout(
    embeds: Sequence[discord.Embed],
    files: Sequence[discord.File] = (),
    rows_below: Sequence[discord.ui.ActionRow[Any]] = (),
    *,
    colour: discord.Colour | None = None,
) -> discord.ui.LayoutView:
    """Embeds as one V2 message in the table's style: each one's title, text and fields as
    text, its picture full width (described by its text), its footer as small print; then the
    rows of controls. The message's text is kept within Discord's 4,000 characters."""
    children: list[LayoutItem] = []
    budget = V2_TEXT_LIMIT
    for index, embed in enumerate(embeds):
        if index:
            children.append(separator())
        words = _embed_words(embed)
        if words:
            children.append(text(words[:budget]))
            budget = max(0, budget - len(words))
        image = embed.image.url or ""
        named = {file.filename: file for file in files}
        if image.startswith("attachment://") and image.removeprefix("attachment://") in named:
            file = named[image.removeprefix("attachment://")]
            children.append(picture(file, embed.description or embed.title or ""))
        if embed.footer.text and budget > len(embed.footer.text) + 3:
            children.append(text(f"-# {embed.footer.text}"))
            budget -= len(embed.footer.text) + 3
    children.extend(rows_below)
    return layout(*children, colour=colour or (embeds[0].colour if embeds else None))


def _embed_words(embed: discord.Embed) -> str:
    lines = [f"### {embed.title}"] if embed.title else []
    if embed.description:
        lines.append(embed.description)
    lines.extend(f"**{field.name}**\n{field.value}" for field in embed.fields)
    return "\n".join(lines)


def count_components(view: discord.ui.LayoutView) -> int:
    """Every component of a V2 message, nested ones included (Discord allows 40)."""
    return sum(1 for _ in view.walk_children())


def selected_values(interaction: discord.Interaction) -> list[str]:
    """The values a member chose in a select, from the raw interaction data."""
    data: dict[str, Any] = dict(interaction.data or {})
    return [str(v) for v in data.get("values", [])]
