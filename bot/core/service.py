"""The game service: the one place that changes games. It keeps each game's lock and commits
every accepted action before anyone sees it acknowledged; what follows a commit (the table and
the live hands, the turn timer, computer moves) it hands to the objects it owns: the table
poster (``bot.core.tableposts``) and the turn clock (``bot.core.turns``), which run as its
background tasks (``bot.core.tasks``).

Discord calls per action, besides answering the interaction: the table is edited in place
(1 call that counts against the bot's rate limit; edits notify nobody). When the turn passes to
a member whose private hand is live, that hand is edited through its interaction webhook (which
does not count) to show their turn; only a member without a live hand is pinged by moving the
table (a new message that mentions them, the old one deleted: 2 calls)."""

from __future__ import annotations

import asyncio
import logging
import secrets

import discord

from bot.core import finishing, language, pruning, restore
from bot.core.errors import Refusal
from bot.core.hands import HandMessages
from bot.core.leases import LeaseKeeper
from bot.core.mentions import command_mention, display_name
from bot.core.model import GameOptions, LiveTable, Seat, Status, turn_key_of
from bot.core.tablemsg import closed_lobby_payload, ended_payload
from bot.core.tableposts import TablePoster
from bot.core.tasks import BackgroundTasks
from bot.core.turns import TurnClock
from bot.ops import metrics
from bot.ratings import places, session_note
from bot.settings import Settings
from bot.storage import (
    ActionRow,
    ChannelBusy,
    GameRow,
    LeaseLost,
    SessionResult,
    Store,
    utc_now,
)
from engine.actions import Action, DrawTalon
from engine.errors import RulesError
from engine.events import GameEvent
from engine.i18n import N_, Message, _
from engine.i18n import language as current_language
from engine.protocol import RummyGame
from engine.table import from_checkpoint

log = logging.getLogger(__name__)


def new_command() -> str:
    """/treppe new, as the reader's client shows it."""
    return command_mention("treppe new")


class GameService:
    """Every running game of this process, and the one way to change them."""

    def __init__(self, bot: discord.Client, storage: Store, settings: Settings) -> None:
        self.bot = bot
        self.storage = storage
        self.settings = settings
        self.games: dict[int, LiveTable] = {}
        self._by_channel: dict[int, LiveTable] = {}  # one open table a channel
        self.tasks = BackgroundTasks()
        self.hands = HandMessages(self.tasks)  # the hand feature draws them (bot.hand)
        self.poster = TablePoster(bot, storage, settings, self.tasks, self.hands)
        self.finisher = finishing.Finisher(storage, settings, self.poster)
        self.clock = TurnClock(self.apply, self.tasks, self.poster, storage, settings)
        self.leases = LeaseKeeper(self)

    # ------------------------------------------------------------ lookup
    def in_channel(self, channel_id: int) -> LiveTable | None:
        """The lobby or game open in a channel, or None."""
        return self._by_channel.get(channel_id)

    def _run(self, live: LiveTable) -> None:
        """Run ``live`` in this process from now on."""
        self.games[live.id] = live
        self._by_channel[live.channel_id] = live

    def get(self, game_id: int) -> LiveTable:
        """The open table ``game_id``; a refusal naming /treppe new when it is closed."""
        live = self.games.get(game_id)
        if live is None:
            raise Refusal(
                _("This table is closed. Start a new one with {command}.", command=new_command())
            )
        return live

    def require_channel_game(self, channel_id: int) -> LiveTable:
        """The game running in a channel; a refusal when none is."""
        live = self.in_channel(channel_id)
        if live is None or live.game is None:
            raise Refusal(
                _(
                    "No game is running in this channel. Start one with {command}.",
                    command=new_command(),
                )
            )
        return live

    def require_seat(self, live: LiveTable, user_id: int) -> Seat:
        """The member's seat at ``live``; a refusal saying how to follow or start a game if none."""
        seat = live.seat_of(user_id)
        if seat is None:
            raise Refusal(
                _(
                    "You are not seated at this table; you can follow everything on the table "
                    "message. Start your own game with {command} in another channel.",
                    command=new_command(),
                )
            )
        return seat

    # ------------------------------------------------------------ lobby
    async def open_lobby(
        self, guild_id: int, channel_id: int, host: discord.abc.User, options: GameOptions
    ) -> LiveTable:
        """Open and store a lobby in a channel with ``host`` seated, and let it expire unless
        started; ``ChannelBusy`` when the channel has a table already."""
        existing = self.in_channel(channel_id)
        if existing is not None:
            raise ChannelBusy
        seat = Seat(0, host.id, display_name(host))
        game_id = await self.storage.create_lobby(
            guild_id, channel_id, seat, options.to_json(), options.game_key
        )
        live = LiveTable(
            id=game_id,
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host.id,
            options=options,
            seats=[seat],
            created_at=utc_now(),
        )
        self._run(live)
        self.tasks.spawn(self._expire_lobby(live), live, "expiry")
        return live

    async def save_seats(self, live: LiveTable) -> None:
        """Number the seats in order and store them (after a join, leave or computer added)."""
        for index, seat in enumerate(live.seats):
            seat.seat = index
        await self.storage.set_seats(live.id, [seat for seat in live.seats])

    def add_computer(self, live: LiveTable, strength: str) -> None:
        """Seat a computer player of ``strength`` in the lobby; a refusal when the game has none of
        that strength or the table is full."""
        if strength not in live.options.spec.strengths:
            raise Refusal(
                _(
                    "{title} has no {strength} computer players.",
                    title=live.options.title,
                    strength=strength,
                )
            )
        limit = live.options.max_seats
        if len(live.seats) >= limit:
            raise Refusal(_("The table is full: {limit} players at most.", limit=limit))
        number = sum(1 for s in live.seats if s.is_computer) + 1
        with language.table(live.guild_id):  # a name everyone at the table reads
            name = _("Computer {number}", number=number)
        live.seats.append(Seat(len(live.seats), None, name, strength))

    async def start(self, live: LiveTable) -> list[GameEvent]:
        """Deal: the draw for first dealer and the first round. Caller holds the lock."""
        least = live.options.spec.min_seats
        if len(live.seats) < least:
            raise Refusal(_("At least {least} players are needed to start.", least=least))
        seed = (
            self.settings.game_seed if self.settings.game_seed is not None else secrets.randbits(48)
        )
        game = live.options.spec.new_game(live.options.ruleset(), live.names, seed)
        await self.storage.start_game(live.id, list(live.seats), game.to_json())
        live.game = game
        self.tasks.cancel(live, "expiry")
        with language.table(live.guild_id):
            live.log = live.shown.narrate(game.events, live.shown_names)
        return list(game.events)

    async def _expire_lobby(self, live: LiveTable) -> None:
        elapsed = (utc_now() - live.created_at).total_seconds()
        await asyncio.sleep(max(0.0, self.settings.lobby_timeout - elapsed))
        async with live.lock:
            if live.status != Status.LOBBY or self.games.get(live.id) is not live:
                return
            await self.storage.close_game(live.id, "expired")
            self.forget(live)
        expired = Message(N_("Nobody started this table, so it has closed."))
        await self.poster.edit_table(live, closed_lobby_payload(live, expired))
        await self.finisher.show_closed(live.channel_id)  # in a table's thread: its line too

    # ------------------------------------------------------------ actions
    async def apply(
        self, live: LiveTable, action: Action, *, by_player: bool = True
    ) -> list[GameEvent]:
        """Check, apply and commit one action, then schedule what follows. The caller holds
        ``live.lock``. A refused action raises the engine's ``RulesError`` and changes
        nothing; nothing is acknowledged before the database has the new action log.
        ``by_player``: the member of the acting seat made it, and their interaction answers."""
        game = live.game
        if game is None or live.status != Status.PLAYING:
            raise Refusal(_("This game is not running."))
        seat = live.seats[action.seat]
        if not by_player and not seat.is_computer and seat.played_for and not seat.stood_in:
            # A move made for an away member: the session is recorded but not rated. Stored
            # before the move, so a crash in between can only leave it unrated.
            seat.stood_in = True
            await self.storage.update_seat(live.id, seat)
        events, finished = await self._commit(live, game, action)
        if by_player and seat.timeouts:
            seat.timeouts = 0
            await self.storage.update_seat(live.id, seat)
        with language.table(live.guild_id):
            live.log = live.shown.narrate(events, live.shown_names)
        if finished:
            live.round_result = finished[-1]
        elif live.round_result is not None and not isinstance(action, DrawTalon):
            live.round_result = None
        self.after_change(live, acting=seat.user_id if by_player else None)
        return events

    def told(self, live: LiveTable, events: list[GameEvent]) -> str:
        """The events of the move just applied, in the current language (the member's): the
        words the table got when it speaks the same language, so a move is told once."""
        if current_language() == language.guild_language(live.guild_id):
            return live.log
        return live.shown.narrate(events, live.shown_names)

    async def _commit(
        self, live: LiveTable, game: RummyGame, action: Action
    ) -> tuple[list[GameEvent], list[object]]:
        """Apply ``action`` to the game and store it (with the rounds it finished and, at the
        end, the session's result); if storing fails the game is rewound and nothing
        happened."""
        shown = live.shown
        round_so_far = list(game.actions)  # from live.checkpoint: the game before this action
        try:
            events = list(game.apply(action))
        except RulesError:
            raise  # refused: the engine changed nothing
        except BaseException:
            live.game = self._rewound(live, game, round_so_far)  # a bug midway: undo what it did
            raise
        action = game.actions[-1]  # as the engine recorded it (a typed take as its depth)
        finished = shown.finished_rounds(events)
        winner: int | None = None
        final: tuple[int, ...] = ()
        ending: SessionResult | None = None
        if game.is_over:
            standings = game.standings()
            winner = standings.winners[0] if standings.winners else None
            final = shown.session_totals(standings)
            rated = all(not s.is_computer and not s.stood_in for s in live.seats)
            ending = SessionResult(places(standings), rated)
        checkpoint = restore.round_checkpoint(game, finished)
        stored = ActionRow(game.version, restore.action_text(action), checkpoint)
        if ending is not None:
            await self.finisher.note(live.id)  # a crash from here on: finished on restart
        try:
            records = [shown.round_record(result) for result in finished]
            saving = self.storage.save_action(live.id, stored, records, winner, final, ending)
            changes = await metrics.timed(metrics.COMMIT_SECONDS, saving)
        except LeaseLost:
            live.game = self._rewound(live, game, round_so_far)
            self.forget(live)  # another process runs this game now
            raise
        except BaseException:
            live.game = self._rewound(live, game, round_so_far)  # the action never happened
            raise
        if checkpoint is not None:
            live.checkpoint = checkpoint
        if ending is not None:
            live.rating_note = session_note(
                live.shown_names,
                [s.user_id for s in live.seats],
                [s.stood_in for s in live.seats],
                changes,
            )
        return events, finished

    @staticmethod
    def _rewound(live: LiveTable, game: RummyGame, actions: list[Action]) -> RummyGame:
        """The game as it was: its checkpoint (in the first round, its start) with ``actions``
        (those since) replayed."""
        if live.checkpoint is None:
            return game.replayed(actions)
        rewound = from_checkpoint(live.checkpoint, actions)
        assert rewound is not None, "this process wrote the checkpoint"
        return rewound

    def after_change(
        self, live: LiveTable, *, refresh: bool = True, acting: int | None = None
    ) -> None:
        """Schedule what follows a change: the table and live hands, the timer and computer
        moves. ``acting``: the member whose own interaction shows them the change."""
        game = live.game
        if game is None:
            return
        key = turn_key_of(game)
        if key != live.turn.announced:
            before, live.turn.announced = live.turn.announced, key
            live.turn.serial += 1
            self.poster.turn_changed(live, before, acting)
            self.clock.schedule_timer(live)
        if refresh:
            self.poster.request_refresh(live)
        if live.status == Status.FINISHED:
            self.forget(live, keep_tasks=True)
            self.tasks.spawn_detached(self.finisher.shown(live))
            return
        self.clock.kick_autoplay(live)

    # ------------------------------------------------------------ away, back, leaving
    async def set_presence(
        self, live: LiveTable, seat: Seat, *, away: bool | None = None, departed: bool | None = None
    ) -> None:
        """Mark a seat away or gone (or back), store it, refresh the table, timer and autoplay."""
        if away is not None:
            seat.away = away
            if not away:
                seat.timeouts = 0
        if departed is not None:
            seat.departed = departed
        await self.storage.update_seat(live.id, seat)
        if seat.departed and seat.user_id is not None:
            self.hands.want(live, [seat.user_id])  # their hand says they left
        self.poster.request_refresh(live)
        game = live.game
        if game is not None and game.to_act == seat.seat:
            # The turn changes hands between a person and the autoplayer: new mention, timer.
            live.turn.announced = (live.turn.announced[0], -1, False)
            self.after_change(live, refresh=False)
        else:
            self.clock.kick_autoplay(live)

    # ------------------------------------------------------------ closing
    async def close(self, live: LiveTable, status: str, text: Message) -> None:
        """End a lobby or game early (abandoned, cancelled). Caller holds the lock."""
        await self.storage.close_game(live.id, status)
        self.forget(live)
        shown = ended_payload if live.game is not None else closed_lobby_payload
        await self.poster.edit_table(live, shown(live, text))
        await self.finisher.show_closed(live.channel_id)  # in a table's thread: its line too

    def forget(self, live: LiveTable, *, keep_tasks: bool = False) -> None:
        """Stop running ``live`` here: its computer players go and, unless ``keep_tasks``, its
        tasks and table state."""
        self.games.pop(live.id, None)
        if self._by_channel.get(live.channel_id) is live:
            del self._by_channel[live.channel_id]
        if not keep_tasks:
            self.tasks.cancel_all(live)
            live.tokens.stop()  # its tokens stay for the table's last edit
        live.players.clear()

    # ------------------------------------------------------------ restart
    async def restore(self) -> None:
        """Load the unfinished lobbies and games of this process's guilds that it could lease
        (bot/core/leases.py), and show the final tables a crash left unshown."""
        await self.finisher.finish_interrupted()
        for row in await self.leases.claim_open_games():
            await language.load(self.storage, row.guild_id)
            live = await restore.live_from_row(self.storage, self.tasks, row)
            if live is None:
                continue
            self._run(live)

    async def adopt(self, row: GameRow) -> None:
        """Run a game taken over from a process that stopped: as after a restart."""
        live = await restore.live_from_row(self.storage, self.tasks, row)
        if live is None:
            return
        self._run(live)
        await self._resume(live)

    async def resume_all(self) -> None:
        """After connecting: tell each table play continues, restart timers and computers."""
        for live in list(self.games.values()):
            await self._resume(live)
        self.tasks.spawn_detached(self.leases.keep())
        self.tasks.spawn_detached(pruning.prune_forever(self.storage))

    async def _resume(self, live: LiveTable) -> None:
        if live.status == Status.LOBBY:
            self.tasks.spawn(self._expire_lobby(live), live, "expiry")
            self.tasks.spawn(self.poster.remove_stale_tables(live), live, "sweep")
            return
        async with live.lock:
            live.turn.serial += 1
            self.poster.request_move(live)  # mention the player to act again (or just edit)
            self.clock.schedule_timer(live)
            self.clock.kick_autoplay(live)
