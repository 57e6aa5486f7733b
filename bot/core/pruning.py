"""Pruning: lobbies that expired or were cancelled were never dealt, so nothing of them is
kept. Pruned at start-up and then every few hours while the bot runs."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.storage import Store

log = logging.getLogger(__name__)

PRUNE_EVERY = 6 * 3600.0  # seconds


async def prune_once(storage: Store) -> int:
    """Delete the closed lobbies now; how many went (a failure is logged, never raised)."""
    try:
        pruned = await storage.prune_closed_lobbies()
    except Exception:
        log.exception("could not prune closed lobbies; trying again later")
        return 0
    if pruned:
        log.info("pruned %d expired or cancelled lobbies", pruned)
    return pruned


async def prune_forever(storage: Store, every: float = PRUNE_EVERY) -> None:
    """Prune now, then every ``every`` seconds until cancelled (at shutdown)."""
    while True:
        await prune_once(storage)
        await asyncio.sleep(every)
