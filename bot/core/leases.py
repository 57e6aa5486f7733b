"""Which bot process runs which game. Each open game has a lease in the database: the
INSTANCE_NAME of the process running it and an expiry. A process runs only games of its own
shards' guilds that it could lease, renews its leases while it lives and takes over games whose
lease ran out (a crashed process's). Every write to a game checks the lease inside its own
transaction (the stores raise LeaseLost), so two processes never write one game."""

from __future__ import annotations

import asyncio
import logging
from typing import Protocol

from bot.core.model import LiveTable
from bot.settings import Settings
from bot.storage import GameRow, Store

log = logging.getLogger(__name__)


class RunsGames(Protocol):
    """What the keeper needs of the game service."""

    settings: Settings
    storage: Store
    games: dict[int, LiveTable]

    def forget(self, live: LiveTable, *, keep_tasks: bool = False) -> None:
        """Stop running ``live`` in this process (it leaves the service's games)."""
        ...

    async def adopt(self, row: GameRow) -> None:
        """Run a stored game whose lease this process has just taken."""
        ...


class LeaseKeeper:
    """Holds this process's game leases: claims them at start-up, renews them, lets go of games
    another process took and takes over those whose lease ran out."""

    def __init__(self, service: RunsGames) -> None:
        self.service = service
        self.settings = service.settings
        self.store = service.storage

    @property
    def period(self) -> float:
        """Seconds between renewals: three chances before a lease runs out."""
        return self.settings.lease_seconds / 3

    async def claim_open_games(self) -> list[GameRow]:
        """At start-up: the open games of this process's guilds that it could lease. The
        others are left alone, each named in the log."""
        mine = await self._own_open_games()
        got = set(await self.store.acquire_leases([row.id for row in mine]))
        refused = [row.id for row in mine if row.id not in got]
        for lease in await self.store.leases(refused):
            log.warning(
                "game %d is run by instance %r (lease until %s); leaving it alone, and taking "
                "it over only if that lease runs out",
                lease.game_id,
                lease.owner,
                lease.expires_at.isoformat(timespec="seconds"),
            )
        if refused:
            log.warning(
                "%d of this instance's %d open games are run by another instance",
                len(refused),
                len(mine),
            )
        return [row for row in mine if row.id in got]

    async def keep(self) -> None:
        """Renew and take over, every ``period`` seconds, until cancelled."""
        while True:
            await asyncio.sleep(self.period)
            try:
                await self.check()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("lease check failed; trying again in %.0f s", self.period)

    async def check(self) -> None:
        """Renew this process's leases, let go of games another process took (this one
        stalled past its leases) and take over games whose lease ran out."""
        held = await self.store.renew_leases()
        missing = [game_id for game_id in self.service.games if game_id not in held]
        for lease in await self.store.leases(missing):
            if lease.owner != self.store.owner:
                live = self.service.games.get(lease.game_id)
                if live is not None:
                    log.warning(
                        "game %d is run by instance %r now; letting it go",
                        lease.game_id,
                        lease.owner,
                    )
                    self.service.forget(live)
        await self.take_over()

    async def take_over(self) -> None:
        """Lease and run every open game of this process's guilds that no live process holds (its
        owner crashed or stalled)."""
        orphans = [
            game_id
            for game_id, guild_id, channel_id in await self.store.unleased_open_games()
            if self.settings.runs_guild(guild_id, channel_id) and game_id not in self.service.games
        ]
        if not orphans:
            return
        for game_id in await self.store.acquire_leases(orphans):
            # As at start-up: a running game with its checkpoint and the actions after it.
            row = await self.store.game(game_id)
            if row is None or row.status not in ("lobby", "playing"):
                continue
            log.warning("took over game %d: its lease had run out", game_id)
            await self.service.adopt(row)

    async def _own_open_games(self) -> list[GameRow]:
        """The open games of this process's shards' guilds."""
        count, ids = self.settings.shard_count, self.settings.shard_ids
        rows = (
            await self.store.open_games(count, ids)
            if count and ids
            else await self.store.open_games()
        )
        return [row for row in rows if self.settings.runs_guild(row.guild_id, row.channel_id)]

    async def release_all(self) -> None:
        """On a clean shutdown: hand every game back at once rather than when leases run out."""
        await self.store.release_leases(list(self.service.games))
