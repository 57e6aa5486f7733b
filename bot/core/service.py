"""The game service: the one place that changes games. It keeps each game's lock, commits every
accepted action before anyone sees it acknowledged, and keeps the table (which mentions the
player to act), the turn timer and computer moves up to date.

Discord calls per action, besides answering the interaction: a move within a turn edits the
table in place (1 call; edits notify nobody). When the turn passes to a person, the table
*moves*: a new table message that mentions that player is posted and the old one deleted
(2 calls), so the player is notified and the channel holds one table message per game, with no
separate mention message to clean up. A timer reminder moves the table the same way with the
reminder as its text (2 calls, and not part of any player's action), so the turn change after
it still costs 2."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Coroutine, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.core import autoplay
from bot.core.errors import Refusal
from bot.core.model import GameOptions, LiveGame, Seat, game_from_json, game_over
from bot.core.tablemsg import Payload, closed_lobby_payload, ended_payload, table_payload
from bot.core.texts import narrate
from bot.settings import Settings
from bot.storage import GameRow, Storage
from bot.storage.store import ChannelBusy, utc_now
from engine import DrawTalon, RulesError
from engine.events import RoundEnded, SessionEnded
from engine.variants.events import VariantRoundEnded, VariantSessionEnded

if TYPE_CHECKING:
    from bot.app import TreppenBot

log = logging.getLogger(__name__)

RESTARTED = "♻️ The bot restarted; play continues."


def ping_only(user_id: int) -> discord.AllowedMentions:
    """Allowed mentions that notify this one member and nobody else."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(user_id)], replied_user=False
    )


def turn_key_of(game: Any) -> tuple[int, int, bool]:
    return (game.round_number, game.to_act, game_over(game))


class GameService:
    def __init__(self, bot: TreppenBot, storage: Storage, settings: Settings) -> None:
        self.bot = bot
        self.storage = storage
        self.settings = settings
        self.games: dict[int, LiveGame] = {}
        self._players: dict[tuple[int, int], Any] = {}
        self._background: set[asyncio.Task[Any]] = set()

    # ------------------------------------------------------------ lookup
    def in_channel(self, channel_id: int) -> LiveGame | None:
        for live in self.games.values():
            if live.channel_id == channel_id:
                return live
        return None

    def get(self, game_id: int) -> LiveGame:
        live = self.games.get(game_id)
        if live is None:
            raise Refusal("This table is closed. Start a new one with /treppe new.")
        return live

    def require_channel_game(self, channel_id: int) -> LiveGame:
        live = self.in_channel(channel_id)
        if live is None or live.game is None:
            raise Refusal("No game is running in this channel. Start one with /treppe new.")
        return live

    def require_seat(self, live: LiveGame, user_id: int) -> Seat:
        seat = live.seat_of(user_id)
        if seat is None:
            raise Refusal(
                "You are not seated at this table; you can follow everything on the table "
                "message. Start your own game with /treppe new in another channel."
            )
        return seat

    # ------------------------------------------------------------ lobby
    async def open_lobby(
        self, guild_id: int, channel_id: int, host: discord.abc.User, options: GameOptions
    ) -> LiveGame:
        existing = self.in_channel(channel_id)
        if existing is not None:
            raise ChannelBusy
        seat = Seat(0, host.id, display_name(host))
        game_id = await self.storage.create_lobby(
            guild_id, channel_id, seat.to_row(), options.to_json()
        )
        live = LiveGame(
            id=game_id,
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host.id,
            status="lobby",
            options=options,
            seats=[seat],
            created_at=utc_now(),
        )
        self.games[game_id] = live
        self.spawn(self._expire_lobby(live), live, "expiry")
        return live

    async def save_seats(self, live: LiveGame) -> None:
        for index, seat in enumerate(live.seats):
            seat.seat = index
        await self.storage.set_seats(live.id, [seat.to_row() for seat in live.seats])

    def add_computer(self, live: LiveGame, strength: str) -> None:
        if live.options.is_variant and not autoplay.variant_players_available():
            raise Refusal(f"{live.options.title} has no computer players yet.")
        limit = live.options.max_seats
        if len(live.seats) >= limit:
            raise Refusal(f"The table is full: {limit} players at most.")
        number = sum(1 for s in live.seats if s.is_computer) + 1
        live.seats.append(Seat(len(live.seats), None, f"Computer {number}", strength))

    async def start(self, live: LiveGame) -> list[Any]:
        """Deal: the draw for first dealer and the first round. Caller holds the lock."""
        if len(live.seats) < 2:
            raise Refusal("At least 2 players are needed to start.")
        seed = (
            self.settings.game_seed if self.settings.game_seed is not None else secrets.randbits(48)
        )
        game = live.options.ruleset().new_game(live.names, seed)
        await self.storage.start_game(live.id, [s.to_row() for s in live.seats], game.to_json())
        live.game = game
        live.status = "playing"
        self.cancel_task(live, "expiry")
        live.log = narrate(game.events, live.names, variant=live.options.is_variant)
        return list(game.events)

    async def _expire_lobby(self, live: LiveGame) -> None:
        elapsed = (utc_now() - live.created_at).total_seconds()
        await asyncio.sleep(max(0.0, self.settings.lobby_timeout - elapsed))
        async with live.lock:
            if live.status != "lobby" or self.games.get(live.id) is not live:
                return
            await self.storage.close_game(live.id, "expired")
            self.forget(live)
        await self.edit_table(
            live, closed_lobby_payload(live, "Nobody started this table, so it has closed.")
        )

    # ------------------------------------------------------------ actions
    async def apply(self, live: LiveGame, action: Any, *, by_player: bool = True) -> list[Any]:
        """Check, apply and commit one action. The caller holds ``live.lock``.

        A refused action raises the engine's ``RulesError`` and changes nothing. Nothing is
        acknowledged before the database has the new action log.
        """
        game = live.game
        if game is None or live.status != "playing":
            raise Refusal("This game is not running.")
        saved = game.to_json()
        events: list[Any] = list(game.apply(action))
        finished = [e.result for e in events if isinstance(e, RoundEnded | VariantRoundEnded)]
        ended = next((e for e in events if isinstance(e, SessionEnded | VariantSessionEnded)), None)
        winner = None if ended is None else ended.winner
        final = ended.totals if isinstance(ended, VariantSessionEnded) else None
        try:
            await self.storage.save_action(live.id, game.to_json(), finished, winner, final)
        except BaseException:
            live.game = game_from_json(live.variant, saved)  # the action never happened
            raise
        seat = live.seats[action.seat]
        if by_player and seat.timeouts:
            seat.timeouts = 0
            await self.storage.update_seat(live.id, seat.to_row())
        live.log = narrate(events, live.names, variant=live.options.is_variant)
        if finished:
            live.round_result = finished[-1]
        elif live.round_result is not None and not isinstance(action, DrawTalon):
            live.round_result = None
        if winner is not None:
            live.status = "finished"
        self.after_change(live)
        return events

    def after_change(self, live: LiveGame, *, refresh: bool = True) -> None:
        """Schedule what follows a change: table edit or move, timer and computer moves."""
        game = live.game
        if game is None:
            return
        view_key = turn_key_of(game)
        new_turn = view_key != live.turn_key
        if new_turn:
            live.turn_key = view_key
            live.turn_serial += 1
            live.table_content = None  # the previous player's mention goes
            already, live.mentioned_key = live.mentioned_key == view_key, None
            if already:
                live.table_content = self.mention_text(live)  # posted with the answer (rematch)
            elif self.mention_text(live) is not None:
                self.request_move(live)
            self._schedule_timer(live)
        if refresh:
            self.request_refresh(live)
        if live.status == "finished":
            self.forget(live, keep_tasks=True)
            return
        self.kick_autoplay(live)

    # ------------------------------------------------------------ table message
    def request_refresh(self, live: LiveGame) -> None:
        """Edit the table soon. Many changes in a row cost one edit each at most, and edits
        that pile up while one is in flight collapse into one."""
        live.refresh_wanted = True
        task = live.tasks.get("refresh")
        if task is None or task.done():
            self.spawn(self._refresh_loop(live), live, "refresh")

    def request_move(self, live: LiveGame, reminder: str = "") -> None:
        """Post the table anew, mentioning the player to act, at the next refresh."""
        live.move_wanted = reminder
        self.request_refresh(live)

    async def _refresh_loop(self, live: LiveGame) -> None:
        # The one task that touches the table message, so an edit never races a move.
        while live.refresh_wanted:
            live.refresh_wanted = False
            move, live.move_wanted = live.move_wanted, None
            payload = await table_payload(live, with_images=self.settings.render_images)
            if move is not None and self.mention_table(live, payload, move):
                await self._move_table(live, payload)
                continue
            self._keep_mention(live, payload)
            await self.edit_table(live, payload)

    def mention_text(self, live: LiveGame, reminder: str = "") -> str | None:
        """The table's text for the player to act, or None if no person is to act."""
        game = live.game
        if game is None or live.status != "playing" or game_over(game):
            return None
        seat = live.seats[game.to_act]
        if seat.played_for or seat.user_id is None:
            return None
        return reminder or f"<@{seat.user_id}>, your turn (round {game.round_number})."

    def mention_table(self, live: LiveGame, payload: Payload, reminder: str = "") -> bool:
        """Make ``payload`` a new table message that mentions (and notifies) the player to act;
        False if nobody is to be mentioned."""
        text = self.mention_text(live, reminder)
        game = live.game
        if text is None or game is None:
            return False
        user_id = live.seats[game.to_act].user_id
        assert user_id is not None
        payload.content = text
        payload.allowed_mentions = ping_only(user_id)
        live.table_content = text
        live.mentioned_key = turn_key_of(game)
        return True

    def _keep_mention(self, live: LiveGame, payload: Payload) -> None:
        """An edit keeps the current turn's mention text (edits notify nobody)."""
        payload.content = live.table_content
        game = live.game
        if live.table_content and game is not None:
            user_id = live.seats[game.to_act].user_id
            if user_id is not None:
                payload.allowed_mentions = ping_only(user_id)

    async def _move_table(self, live: LiveGame, payload: Payload) -> None:
        """Post the new table, then delete the old one (and a leftover mention message)."""
        channel = self.bot.get_partial_messageable(live.channel_id, guild_id=live.guild_id)
        try:
            message = await channel.send(**payload.send_kwargs())
        except discord.HTTPException:
            log.warning("could not post the table of game %s", live.id, exc_info=True)
            self._keep_mention(live, payload)
            await self.edit_table(live, payload)  # at least keep the old table current
            return
        old = [live.table_message_id, live.ping_message_id]
        live.table_message_id = message.id
        await self.storage.set_table_message(live.id, message.id)
        for message_id in old:
            if message_id is not None:
                with contextlib.suppress(discord.HTTPException):  # already gone is fine
                    await channel.get_partial_message(message_id).delete()
        if live.ping_message_id is not None:
            live.ping_message_id = None
            await self.storage.set_ping_message(live.id, None)

    async def edit_table(self, live: LiveGame, payload: Payload) -> None:
        if live.table_message_id is None:
            return
        channel = self.bot.get_partial_messageable(live.channel_id, guild_id=live.guild_id)
        try:
            await channel.get_partial_message(live.table_message_id).edit(**payload.edit_kwargs())
        except discord.NotFound:
            await self._repost_table(live, payload)
        except discord.HTTPException:
            log.warning("could not edit the table of game %s", live.id, exc_info=True)

    async def _repost_table(self, live: LiveGame, payload: Payload) -> None:
        """Someone deleted the table message: post a new one so the game goes on."""
        if live.status not in ("playing", "lobby"):
            return
        channel = self.bot.get_partial_messageable(live.channel_id, guild_id=live.guild_id)
        try:
            message = await channel.send(**payload.send_kwargs())
        except discord.HTTPException:
            log.warning("could not repost the table of game %s", live.id, exc_info=True)
            return
        live.table_message_id = message.id
        await self.storage.set_table_message(live.id, message.id)

    async def delete_message(self, live: LiveGame, message_id: int) -> None:
        channel = self.bot.get_partial_messageable(live.channel_id, guild_id=live.guild_id)
        with contextlib.suppress(discord.HTTPException):  # already gone is fine
            await channel.get_partial_message(message_id).delete()

    async def set_table_message(self, live: LiveGame, message_id: int) -> None:
        live.table_message_id = message_id
        await self.storage.set_table_message(live.id, message_id)

    # ------------------------------------------------------------ turn timer
    def _schedule_timer(self, live: LiveGame) -> None:
        self.cancel_task(live, "timer")
        game = live.game
        seconds = live.options.turn_timer
        if game is None or not seconds or game_over(game) or live.status != "playing":
            return
        if live.seats[game.to_act].played_for:
            return
        self.spawn(self._turn_timer(live, live.turn_serial, seconds), live, "timer")

    async def _turn_timer(self, live: LiveGame, serial: int, seconds: int) -> None:
        reminder = self.settings.reminder_before
        if 0 < reminder < seconds:
            await asyncio.sleep(seconds - reminder)
            if serial != live.turn_serial or live.game is None:
                return
            seat = live.seats[live.game.to_act]
            text = (
                f"⏰ <@{seat.user_id}>, {reminder} seconds left on your turn; then I play it "
                f"safely for you (draw from the {'stock' if live.options.is_variant else 'talon'} "
                "and discard)."
            )
            self.request_move(live, reminder=text)
            await asyncio.sleep(reminder)
        else:
            await asyncio.sleep(seconds)
        async with live.lock:
            if serial != live.turn_serial or live.status != "playing" or live.game is None:
                return
            await self._play_timed_out_turn(live)

    async def _play_timed_out_turn(self, live: LiveGame) -> None:
        """Draw from the talon (or the top staircase card) and discard a card that breaks no
        meld. Repeated timeouts mark the player away."""
        game = live.game
        assert game is not None
        seat = live.seats[game.to_act]
        seat.timeouts += 1
        if seat.timeouts >= self.settings.away_after_timeouts:
            seat.away = True
        await self.storage.update_seat(live.id, seat.to_row())
        done: list[str] = []
        variant = live.variant
        steps = 3 if live.options.is_variant else 2  # Rommé may take back melds first
        for _ in range(steps):  # a draw, then a discard; never a meld
            if live.game is not game or game_over(game) or game.to_act != seat.seat:
                break
            legal: list[Any] = list(game.legal_actions())
            view: Any = game.private_view(seat.seat)
            if live.options.is_variant:
                action = autoplay.variant_timeout_action(variant, view, legal)
            else:
                action = autoplay.timeout_action(view, legal)
            await self.apply(live, action, by_player=False)
            done.append(live.log)
        note = (
            " and is now away; moves are made for them until they use /treppe back"
            if seat.away
            else ""
        )
        live.log = (
            f"⏰ {seat.name}'s time ran out; the turn was played for them{note}. {' '.join(done)}"
        )
        self.request_refresh(live)

    # ------------------------------------------------------------ computer moves
    def _player(self, live: LiveGame, seat: int, strength: str) -> Any:
        key = (live.id, seat)
        if key not in self._players:
            seed = (live.game.seed if live.game else 0) * 31 + seat
            if live.options.is_variant:
                self._players[key] = autoplay.make_variant_player(live.variant, strength, seed)
            else:
                self._players[key] = autoplay.make_player(strength, seed)
        return self._players[key]

    def kick_autoplay(self, live: LiveGame) -> None:
        game = live.game
        if game is None or live.status != "playing" or game_over(game):
            return
        if not live.seats[game.to_act].played_for:
            return
        task = live.tasks.get("autoplay")
        if task is None or task.done():
            self.spawn(self._autoplay(live), live, "autoplay")

    async def _autoplay(self, live: LiveGame) -> None:
        turn: tuple[int, int] | None = None
        lines: list[str] = []  # the whole turn of a played-for seat goes into the table's log
        while True:
            if self.settings.computer_delay:
                await asyncio.sleep(self.settings.computer_delay)
            async with live.lock:
                game = live.game
                if game is None or live.status != "playing" or game_over(game):
                    return
                seat = live.seats[game.to_act]
                if not seat.played_for:
                    return
                player = self._player(live, seat.seat, seat.strength or "normal")
                view: Any = game.private_view(seat.seat)
                legal: list[Any] = list(game.legal_actions())
                variant = live.options.is_variant
                choose = autoplay.choose_variant_safely if variant else autoplay.choose_safely
                action = await asyncio.to_thread(choose, player, view, legal)
                if turn != (game.round_number, seat.seat):
                    turn, lines = (game.round_number, seat.seat), []
                try:
                    await self.apply(live, action, by_player=False)
                except RulesError:
                    log.exception("computer move refused in game %s", live.id)
                    safe = autoplay.SafeVariantPlayer() if variant else autoplay.SafePlayer(False)
                    fallback = safe.choose(view, legal)
                    await self.apply(live, fallback, by_player=False)
                lines.append(live.log)
                live.log = " ".join(lines)

    # ------------------------------------------------------------ away, back, leaving
    async def set_presence(
        self, live: LiveGame, seat: Seat, *, away: bool | None = None, departed: bool | None = None
    ) -> None:
        if away is not None:
            seat.away = away
            if not away:
                seat.timeouts = 0
        if departed is not None:
            seat.departed = departed
        await self.storage.update_seat(live.id, seat.to_row())
        self.request_refresh(live)
        game = live.game
        if game is not None and game.to_act == seat.seat:
            # The turn changes hands between a person and the autoplayer: new mention, timer.
            live.turn_key = (-1, -1, False)
            self.after_change(live, refresh=False)
        else:
            self.kick_autoplay(live)

    # ------------------------------------------------------------ closing
    async def close(self, live: LiveGame, status: str, text: str) -> None:
        """End a lobby or game early (abandoned, cancelled). Caller holds the lock."""
        await self.storage.close_game(live.id, status)
        self.forget(live)
        payload = (
            ended_payload(live, text) if live.game is not None else closed_lobby_payload(live, text)
        )
        await self.edit_table(live, payload)
        if live.ping_message_id is not None:
            channel = self.bot.get_partial_messageable(live.channel_id, guild_id=live.guild_id)
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(live.ping_message_id).delete()
            await self.storage.set_ping_message(live.id, None)

    def forget(self, live: LiveGame, *, keep_tasks: bool = False) -> None:
        self.games.pop(live.id, None)
        if not keep_tasks:
            for name in list(live.tasks):
                self.cancel_task(live, name)
        for seat in live.seats:
            self._players.pop((live.id, seat.seat), None)

    # ------------------------------------------------------------ restart
    async def restore(self) -> None:
        """Load every unfinished lobby and game from the database."""
        for row in await self.storage.open_games():
            live = self._live_from_row(row)
            if live is None:
                continue
            self.games[live.id] = live

    def _live_from_row(self, row: GameRow) -> LiveGame | None:
        live = LiveGame(
            id=row.id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            host_id=row.host_id,
            status=row.status,
            options=GameOptions.from_json(row.options),
            seats=[Seat.from_row(s) for s in row.seats],
            created_at=row.created_at,
            table_message_id=row.table_message_id,
            ping_message_id=row.ping_message_id,
        )
        if row.status == "playing" and row.state:
            try:
                live.game = game_from_json(live.variant, row.state)
            except Exception:
                log.exception(
                    "game %s cannot be rebuilt from its log; marking it abandoned", row.id
                )
                self.spawn_detached(self.storage.close_game(row.id, "abandoned"))
                return None
            live.log = RESTARTED
            game = live.game
            live.turn_key = turn_key_of(game)
        return live

    async def resume_all(self) -> None:
        """After connecting: tell each table play continues, restart timers and computers."""
        for live in list(self.games.values()):
            if live.status == "lobby":
                self.spawn(self._expire_lobby(live), live, "expiry")
                continue
            async with live.lock:
                live.turn_serial += 1
                self.request_move(live)  # mention the player to act again (or just edit)
                self._schedule_timer(live)
                self.kick_autoplay(live)

    # ------------------------------------------------------------ tasks
    def spawn(self, coroutine: Coroutine[Any, Any, None], live: LiveGame, name: str) -> None:
        task = asyncio.get_running_loop().create_task(coroutine, name=f"game{live.id}-{name}")
        live.tasks[name] = task
        self._track(task)

        def done(finished: asyncio.Task[None]) -> None:
            if live.tasks.get(name) is finished:
                del live.tasks[name]

        task.add_done_callback(done)

    def spawn_detached(self, coroutine: Coroutine[Any, Any, Any]) -> None:
        self._track(asyncio.get_running_loop().create_task(coroutine))

    def _track(self, task: asyncio.Task[Any]) -> None:
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        task.add_done_callback(_log_failure)

    def cancel_task(self, live: LiveGame, name: str) -> None:
        task = live.tasks.pop(name, None)
        if task is not None and task is not asyncio.current_task() and not task.done():
            task.cancel()

    async def shutdown(self) -> None:
        for task in list(self._background):
            task.cancel()
        if self._background:
            await asyncio.gather(*self._background, return_exceptions=True)


def _log_failure(task: asyncio.Task[Any]) -> None:
    if task.cancelled():
        return
    error = task.exception()
    if error is not None:
        log.error("background task %s failed", task.get_name(), exc_info=error)


def display_name(user: discord.abc.User) -> str:
    name = getattr(user, "display_name", None) or user.name
    return str(name)[:32]


def seat_names(seats: Sequence[Seat]) -> list[str]:
    return [seat.name for seat in seats]
