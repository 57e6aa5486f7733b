"""The bot: opens the database, loads one extension per feature, restores unfinished games and
keeps the slash commands in sync with Discord."""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any, TypeAlias

import discord
from discord import app_commands
from discord.ext import commands

from bot.core import collector, emojis, errors, images, language, mentions, thinking
from bot.core.commands_i18n import CatalogueTranslator
from bot.core.components import Handler, dispatch, register, unregister
from bot.core.errors import STOPPING, Stopping
from bot.core.ratelimit import RateLimiter, Verdict
from bot.core.service import GameService
from bot.games import all_presenters
from bot.ops import metrics
from bot.ops.shardlock import ShardLock
from bot.settings import Settings
from bot.storage import Store, open_store
from engine.i18n import _, languages

log = logging.getLogger(__name__)

EXTENSIONS = (
    "bot.lobby",
    "bot.table",
    "bot.hand",
    "bot.stats",
    "bot.rules_cmd",
    "bot.settings_cmd",
)
COMMANDS_FINGERPRINT = "commands_fingerprint"
COMMAND_IDS = "command_ids"  # top-level command name -> id, as the last sync returned them


class TreppenBot(commands.AutoShardedBot):
    """The bot: one /treppe command group for every game, the game service that runs the tables, and
    the features loaded as extensions."""

    service: GameService

    def __init__(self, settings: Settings, storage: Store | None = None) -> None:
        # The bot never joins voice: no start-up warnings about the voice libraries it lacks.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        # None: discord.py asks Discord for the count and runs every shard in this process.
        shards: dict[str, Any] = {"shard_count": settings.shard_count}
        if settings.shard_ids is not None:
            shards["shard_ids"] = settings.shard_ids
        # Slash commands and components need no privileged intents.
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            **shards,
        )
        self.settings = settings
        self.clicks = RateLimiter(settings.clicks_per_second, settings.click_burst)
        # One command group for every game: /treppe ...
        games = ", ".join(shown.title for shown in all_presenters())
        # Installed to a server or to a member's account, /treppe plays in servers, in DMs
        # with the bot and in group DMs (the last two, and servers without the bot, on
        # interaction tokens alone: bot.core.tokens).
        self.treppe = app_commands.Group(
            name="treppe",
            description=f"Play {games}"[:100],
            allowed_installs=app_commands.AppInstallationType(guild=True, user=True),
            allowed_contexts=app_commands.AppCommandContext(
                guild=True, dm_channel=True, private_channel=True
            ),
        )
        self._resumed = False
        self._storage_closed = False
        self._storage = storage  # opened before logging in (bot/__main__.py), or here
        self.stopping = False  # set by a graceful stop (bot/ops/stop.py)
        self.shard_lock: ShardLock | None = None

    async def setup_hook(self) -> None:
        images.configure(self.settings.render_processes if self.settings.render_images else 0)
        thinking.configure(self.settings.computer_processes)
        storage = self._storage or await open_store(self.settings)
        self.service = GameService(self, storage, self.settings)
        # Before the tables are restored: their first computer move finds the worker started.
        self.service.tasks.spawn_detached(thinking.warm())
        errors.install(self.tree)
        self.tree.interaction_check = self._enter  # type: ignore[method-assign]
        self.add_listener(dispatch, "on_interaction")  # every click on a control
        await self.tree.set_translator(CatalogueTranslator())
        self.tree.add_command(self.treppe)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.shard_lock = await ShardLock.start(self.service)  # PostgreSQL: fast failover
        await self.service.restore()
        await self.sync_commands()
        if self.settings.card_emojis:
            # In the background: the first start uploads them; tables show plain cards till then.
            self.service.tasks.spawn_detached(emojis.install(self, languages()))
        collector.freeze_start_up()
        collector.install(
            self.settings.gc_freeze,
            self.settings.gc_reclaim_seconds,
            self.settings.gc_young_threshold,
            self.settings.gc_old_threshold,
        )
        log.info(
            "instance %r restored %d open tables (shards %s of %s)",
            self.settings.instance_name,
            len(self.service.games),
            self.settings.shard_ids or "all",
            self.settings.shard_count or "automatic",
        )

    async def _enter(self, interaction: discord.Interaction) -> bool:
        """Every slash command and autocomplete answers in the member's language; while the
        bot stops, commands (new lobbies among them) are refused; a member's burst of
        autocomplete requests gets no choices instead of the database's time."""
        command = interaction.type is discord.InteractionType.application_command
        if command:  # autocomplete is no answer, and has no completion to count
            metrics.start(interaction)
        await language.enter(interaction)
        if self.stopping and command:
            raise Stopping(_(STOPPING))
        completing = interaction.type is discord.InteractionType.autocomplete
        verdict = self.clicks.check(interaction.user.id) if completing else Verdict.GO
        if verdict is Verdict.REFUSE:  # once; the rest of the burst goes unanswered
            await interaction.response.autocomplete([])
        return verdict is Verdict.GO

    async def on_app_command_completion(
        self, interaction: discord.Interaction, command: object
    ) -> None:
        """Count a slash command answered without error in the metrics."""
        metrics.finish(interaction)

    async def sync_commands(self) -> None:
        """Sync only when the commands changed: Discord rate-limits command updates."""
        guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        translator = self.tree.translator
        payload = [
            # With the translations: a changed catalogue syncs the commands again.
            await command.get_translated_payload(self.tree, translator)
            if translator is not None
            else command.to_dict(self.tree)
            for command in self.tree.get_commands(guild=guild)
        ]
        fingerprint = hashlib.sha256(
            json.dumps([guild.id if guild else None, payload], sort_keys=True).encode()
        ).hexdigest()
        storage = self.service.storage
        if await storage.get_meta(COMMANDS_FINGERPRINT) == fingerprint:
            await self._remember_command_ids(guild)
            return
        synced = await self.tree.sync(guild=guild)
        mentions.remember({command.name: command.id for command in synced})
        await storage.set_meta(COMMAND_IDS, json.dumps(mentions.known()))
        await storage.set_meta(COMMANDS_FINGERPRINT, fingerprint)
        log.info("slash commands synced %s", f"to guild {guild.id}" if guild else "globally")

    async def _remember_command_ids(self, guild: discord.Object | None) -> None:
        """The ids of commands synced before, for clickable mentions: stored at the sync, or
        asked of Discord once when an older version synced them."""
        stored = await self.service.storage.get_meta(COMMAND_IDS)
        if stored:
            mentions.remember({str(k): int(v) for k, v in json.loads(stored).items()})
            return
        try:
            fetched = await self.tree.fetch_commands(guild=guild)
        except discord.HTTPException:
            log.warning("could not fetch the command ids; texts name commands as /name")
            return
        mentions.remember({command.name: command.id for command in fetched})
        await self.service.storage.set_meta(COMMAND_IDS, json.dumps(mentions.known()))

    async def on_ready(self) -> None:
        """On the first connection only: resume the restored tables' timers and computer moves."""
        if self._resumed:
            return
        self._resumed = True
        log.info("connected as %s", self.user)
        await self.service.resume_all()

    async def close(self) -> None:
        service = getattr(self, "service", None)
        if service is not None and not self._storage_closed:
            self._storage_closed = True  # close may be called again while it runs
            if self.shard_lock is not None:
                await self.shard_lock.stop()
            await service.tasks.shutdown()
            try:
                await service.leases.release_all()
            except Exception:
                log.exception("could not hand back the leases; they run out by themselves")
            await service.storage.close()
        await super().close()


class Feature(commands.Cog):
    """A feature loaded as an extension (``EXTENSIONS``), as a cog: what it adds when it loads
    (its /treppe subcommands, top-level commands and controls) it takes away when it unloads,
    so ``bot.reload_extension`` swaps it whole."""

    def __init__(self, bot: TreppenBot) -> None:
        self.bot = bot
        self._subcommands: list[AppCommand] = []
        self._top_level: list[AppCommand] = []
        self._controls: list[str] = []

    def add_subcommand(self, command: AppCommand) -> None:
        """Add ``command`` to the /treppe group."""
        self.bot.treppe.add_command(command)
        self._subcommands.append(command)

    def add_top_level(self, command: AppCommand) -> None:
        """Add ``command`` to the command tree beside /treppe."""
        self.bot.tree.add_command(command)
        self._top_level.append(command)

    def add_control(self, operation: str, handler: Handler) -> None:
        """Let ``handler`` answer the clicks of this feature's controls named ``operation``."""
        register(operation, handler)
        self._controls.append(operation)

    async def cog_unload(self) -> None:
        for command in self._subcommands:
            self.bot.treppe.remove_command(command.name)
        for command in self._top_level:
            self.bot.tree.remove_command(command.name)
        for operation in self._controls:
            unregister(operation)


AppCommand = app_commands.Command[Any, Any, Any] | app_commands.Group


# What the features' slash commands and controls receive: an interaction of this bot, so
# ``interaction.client.service`` is typed (discord.py's client type is covariant).
Interaction: TypeAlias = discord.Interaction[TreppenBot]


def create_bot(settings: Settings, storage: Store | None = None) -> TreppenBot:
    """The bot; ``storage`` when the database was opened already (else it opens it itself)."""
    return TreppenBot(settings, storage)
