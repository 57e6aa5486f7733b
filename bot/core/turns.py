"""Turns nobody plays by hand: the turn timer (a reminder, then a safe move for the player;
repeated timeouts mark them away) and the moves of computer seats and of players away or
gone. The game's presenter and spec say what a safe move and a computer player are."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import Protocol

from bot.core import autoplay, language, thinking
from bot.core.mentions import command_mention
from bot.core.model import LiveTable, Status
from bot.core.tableposts import TablePoster
from bot.core.tasks import BackgroundTasks
from bot.core.texts import shown_name
from bot.settings import Settings
from bot.storage import Store
from engine.actions import Action
from engine.errors import RulesError
from engine.events import GameEvent
from engine.i18n import _
from engine.protocol import BasePrivateView, Player, RummyGame

log = logging.getLogger(__name__)


async def pause(seconds: float) -> None:
    """The pause before a computer move, so people can follow it."""
    await asyncio.sleep(seconds)


class PlaysMoves(Protocol):
    """How the clock makes a move: through the service's one commit path
    (``GameService.apply``), which it is handed."""

    def __call__(
        self, live: LiveTable, action: Action, *, by_player: bool = True
    ) -> Awaitable[list[GameEvent]]:
        """Apply and commit ``action`` at ``live``."""
        ...


class TurnClock:
    """Runs the turns nobody plays by hand: the turn timer and the computer moves."""

    def __init__(
        self,
        apply: PlaysMoves,
        tasks: BackgroundTasks,
        poster: TablePoster,
        storage: Store,
        settings: Settings,
    ) -> None:
        self.apply = apply
        self.tasks = tasks
        self.poster = poster
        self.storage = storage
        self.settings = settings

    # ------------------------------------------------------------ turn timer
    def schedule_timer(self, live: LiveTable) -> None:
        """Restart the turn timer for the member to act, if the table has one."""
        self.tasks.cancel(live, "timer")
        game = live.game
        seconds = live.options.turn_timer
        if game is None or not seconds or game.is_over or live.status != Status.PLAYING:
            return
        if live.seats[game.to_act].played_for:
            return
        self.tasks.spawn(self._turn_timer(live, live.turn.serial, seconds), live, "timer")

    async def _turn_timer(self, live: LiveTable, serial: int, seconds: int) -> None:
        reminder = self.settings.reminder_before
        if 0 < reminder < seconds:
            await asyncio.sleep(seconds - reminder)
            if serial != live.turn.serial or live.game is None:
                return
            seat = live.seats[live.game.to_act]
            with language.table(live.guild_id):
                text = _(
                    "⏰ <@{user_id}>, {reminder} seconds left on your turn; then I play it safely "
                    "for you (draw from the {value} and discard).",
                    user_id=seat.user_id,
                    reminder=reminder,
                    value=_(live.shown.stock_word),
                )
            self.poster.request_move(live, reminder=text)
            await asyncio.sleep(reminder)
        else:
            await asyncio.sleep(seconds)
        async with live.lock:
            if serial != live.turn.serial or live.status != Status.PLAYING or live.game is None:
                return
            await self._play_timed_out_turn(live)

    async def _play_timed_out_turn(self, live: LiveTable) -> None:
        """Draw from the talon (or the top staircase card) and discard a card that breaks no
        meld. Repeated timeouts mark the player away."""
        game = live.game
        assert game is not None
        seat = live.seats[game.to_act]
        seat.timeouts += 1
        if seat.timeouts >= self.settings.away_after_timeouts:
            seat.away = True
        await self.storage.update_seat(live.id, seat)
        done: list[str] = []
        shown = live.shown
        for _step in range(shown.timeout_steps):  # a draw, then a discard; never a meld
            if live.game is not game or game.is_over or game.to_act != seat.seat:
                break
            legal = list(game.legal_actions())
            view = game.private_view(seat.seat)
            action = autoplay.timeout_action(shown.spec, view, legal)
            await self.apply(live, action, by_player=False)
            done.append(live.log)
        with language.table(live.guild_id):  # the timer runs in no member's interaction
            note = (
                _(
                    " and is now away; moves are made for them until they use {command}",
                    command=command_mention("treppe back"),
                )
                if seat.away
                else ""
            )
            live.log = _(
                "⏰ {name}'s time ran out; the turn was played for them{note}. {value}",
                name=shown_name(seat.name),
                note=note,
                value=" ".join(done),
            )
        self.poster.request_refresh(live)

    # ------------------------------------------------------------ computer moves
    def _player(self, live: LiveTable, seat: int, strength: str) -> Player:
        if seat not in live.players:
            seed = (live.game.seed if live.game else 0) * 31 + seat
            live.players[seat] = autoplay.make_player(live.shown.spec, strength, seed)
        return live.players[seat]

    def kick_autoplay(self, live: LiveTable) -> None:
        """Start the computer's move when the seat to act is played for and none is running."""
        game = live.game
        if game is None or live.status != Status.PLAYING or game.is_over:
            return
        if not live.seats[game.to_act].played_for:
            return
        task = live.tasks.get("autoplay")
        if task is None or task.done():
            self.tasks.spawn(self._autoplay(live), live, "autoplay")

    async def _autoplay(self, live: LiveTable) -> None:
        turn: tuple[int, int] | None = None
        lines: list[str] = []  # the whole turn of a played-for seat goes into the table's log
        shown = live.shown
        while True:
            async with live.lock:
                asked = self._position(live)
            if asked is None:
                return
            game, seat, player, view, legal = asked
            version = game.version
            # Thought out off the event loop and outside the lock (members' taps go on), during
            # the pause people get to follow the move: a long search costs them no extra wait.
            thought, _paused = await asyncio.gather(
                thinking.choose(shown.spec.key, player, view, legal),
                pause(self.settings.computer_delay),
            )
            action, player = thought
            async with live.lock:
                if self._moved_on(live, game, seat, version):
                    continue  # the table changed meanwhile (a move, a seat taken back): anew
                live.players[seat] = player  # with what it learnt from this move
                if turn != (game.round_number, seat):
                    turn, lines = (game.round_number, seat), []
                try:
                    await self.apply(live, action, by_player=False)
                except RulesError:
                    log.exception("computer move refused in game %s", live.id)
                    safe = autoplay.timeout_action(shown.spec, view, legal)
                    await self.apply(live, safe, by_player=False)
                lines.append(live.log)
                live.log = " ".join(lines)

    def _position(
        self, live: LiveTable
    ) -> tuple[RummyGame, int, Player, BasePrivateView, list[Action]] | None:
        """What the computer is to decide now: the game, the seat to act, its player, its view
        and its legal moves; None when no played-for seat is to act."""
        game = live.game
        if game is None or live.status != Status.PLAYING or game.is_over:
            return None
        seat = live.seats[game.to_act]
        if not seat.played_for:
            return None
        player = self._player(live, seat.seat, seat.strength or "normal")
        return game, seat.seat, player, game.private_view(seat.seat), list(game.legal_actions())

    @staticmethod
    def _moved_on(live: LiveTable, game: RummyGame, seat: int, version: int) -> bool:
        """Whether the table is no longer where the computer's move was worked out."""
        return (
            live.game is not game
            or game.version != version
            or live.status != Status.PLAYING
            or not live.seats[seat].played_for
        )
