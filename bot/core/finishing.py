"""Finishing what a crash interrupted: a session whose last move was committed but whose table
was never edited to its end would keep "Your hand" and the turn mention for ever, since a
restart restores only open games. Before the last move is saved its game is noted as
finishing (one list per instance, in the database's meta table); once the final table is
shown the note goes; a restart shows the final table of every game still noted.

A session played in a table's own thread (``bot.core.threads``) ends with its line in the
channel showing the result and the thread archived: after its final table for a finished
session (``shown``), after the closing answer for one cancelled or ended early
(``show_closed``); a restart shows what a crash left unshown."""

from __future__ import annotations

import asyncio
import json
import logging

from bot.core import language, threads
from bot.core.model import LiveTable
from bot.core.tablemsg import table_payload
from bot.core.tableposts import TablePoster
from bot.ratings import Rating, RatingChange, session_note
from bot.settings import Settings
from bot.storage import GameRow, Store, TableThread
from engine.actions import action_from_json
from engine.events import GameEvent
from engine.protocol import RummyGame
from engine.registry import load_game

log = logging.getLogger(__name__)


class Finisher:
    """Notes the sessions whose final table is still to be shown, and shows those a crash left
    unshown (the game service owns one)."""

    def __init__(self, storage: Store, settings: Settings, poster: TablePoster) -> None:
        self.storage = storage
        self.settings = settings
        self.poster = poster
        self._key = f"finishing:{settings.instance_name}"
        self._lock = asyncio.Lock()  # one process's read-modify-write of its own list
        self._lines = asyncio.Lock()  # one thread's end shown at a time, never twice

    async def _change(self, game_id: int, *, add: bool) -> None:
        async with self._lock:
            stored = await self.storage.get_meta(self._key)
            noted = set(json.loads(stored)) if stored else set()
            noted = noted | {game_id} if add else noted - {game_id}
            await self.storage.set_meta(self._key, json.dumps(sorted(noted)))

    async def note(self, game_id: int) -> None:
        """Before the session's last move is saved: its final table is still to be shown."""
        await self._change(game_id, add=True)

    async def shown(self, live: LiveTable) -> None:
        """After the finished game's last table refresh: the note goes, and in a table's
        thread the line shows the result and the thread is archived."""
        while (task := live.tasks.get("refresh")) is not None and not task.done():
            await asyncio.wait([task])
        await self._change(live.id, add=False)
        async with self._lines:
            await threads.show_end(self.poster.bot, self.storage, live, "finished")

    async def show_closed(self, channel_id: int) -> None:
        """After a lobby or game in a table's thread was closed (cancelled, expired, ended
        early) and its table says so: its line and the archived thread. Nothing for another
        channel, or once shown; a finished session is ``shown``'s."""
        async with self._lines:
            for found in await self.storage.threads_to_show(channel_id):
                row = await self._latest(found)
                if row is not None and row.status != "finished":
                    live = LiveTable.from_row(row)
                    await threads.show_end(self.poster.bot, self.storage, live, row.status)

    async def _latest(self, found: TableThread) -> GameRow | None:
        return (
            None if found.latest_game_id is None else await self.storage.game(found.latest_game_id)
        )

    async def _show_thread_ends(self) -> None:
        """At start-up: the line and the archived thread of every table thread of this
        process's servers whose newest session ended unshown (a crash in between)."""
        async with self._lines:
            for found in await self.storage.threads_to_show():
                if not self.settings.runs_guild(found.guild_id):
                    continue
                try:
                    row = await self._latest(found)
                    if row is None:
                        continue
                    live = LiveTable.from_row(row)
                    if row.status == "finished":
                        live.game, _events = await _replayed(self.storage, row)
                    await threads.show_end(self.poster.bot, self.storage, live, row.status)
                except Exception:
                    log.exception("thread %s: could not show how its table ended", found.thread_id)

    async def finish_interrupted(self) -> None:
        """At start-up: show the final table (with its rating note) of every game this
        instance noted as finishing; a game that turned out still open is restored the usual
        way."""
        stored = await self.storage.get_meta(self._key)
        for game_id in json.loads(stored) if stored else []:
            row = await self.storage.game(game_id)
            try:
                if row is not None and row.status == "finished":
                    await self._show_final(row)
            except Exception:
                log.exception("game %s: could not show its final table after a restart", game_id)
            await self._change(game_id, add=False)
        await self._show_thread_ends()

    async def _show_final(self, row: GameRow) -> None:
        await language.load(self.storage, row.guild_id)
        live = LiveTable.from_row(row)
        live.game, events = await _replayed(self.storage, row)
        finished = live.shown.finished_rounds(events)
        live.round_result = finished[-1] if finished else None
        with language.table(live.guild_id):
            live.log = live.shown.narrate(events, live.shown_names)
            live.rating_note = session_note(
                live.shown_names,
                [s.user_id for s in live.seats],
                [s.stood_in for s in live.seats],
                await _changes(self.storage, live),
            )
        payload = await table_payload(live, with_images=self.settings.render_images)
        await self.poster.edit_table(live, payload)
        log.info("game %s: showed the final table a crash had left unshown", row.id)


async def _replayed(storage: Store, row: GameRow) -> tuple[RummyGame, list[GameEvent]]:
    """The finished game from its whole log, and the events of its last move."""
    whole = await storage.game_log(row.id)
    assert whole is not None and row.state is not None
    game = load_game(row.state)
    events: list[GameEvent] = []
    for action in json.loads(whole)["actions"]:
        events = list(game.apply(action_from_json(action)))
    return game, events


async def _changes(storage: Store, live: LiveTable) -> list[RatingChange]:
    """What the session did to each member's rating, from the stored rating history."""
    history = await storage.all_rating_history()
    changes = []
    for seat in live.seats:
        after = history.get((live.id, seat.user_id or 0))
        if seat.user_id is None or after is None:
            continue
        ratings = await storage.rating_history(live.guild_id, live.game_key, seat.user_id)
        index = ratings.index(after) if after in ratings else 0
        before = ratings[index - 1] if index > 0 else Rating()
        changes.append(RatingChange(seat.user_id, before, after))
    return changes
