"""Bringing stored tables back: a lobby or a running game from its row, rebuilt from its
checkpoint and the actions after it (or its whole log), after a restart or a takeover."""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence

from bot.core import language
from bot.core.model import LiveTable, turn_key_of
from bot.core.presenter import presenter
from bot.core.tasks import BackgroundTasks
from bot.storage import GameRow, Store
from engine.actions import Action, action_from_json, action_to_json
from engine.i18n import N_, _
from engine.protocol import RummyGame
from engine.registry import load_game
from engine.table import from_checkpoint

log = logging.getLogger(__name__)

RESTARTED = N_("♻️ The bot restarted; play continues.")


async def live_from_row(storage: Store, tasks: BackgroundTasks, row: GameRow) -> LiveTable | None:
    """A stored lobby or game as the service runs it; a running game rebuilt (None, and the
    game marked abandoned, when its log cannot be replayed)."""
    live = LiveTable.from_row(row)
    if row.status == "playing" and row.state:
        try:
            live.game, live.checkpoint = await rebuilt(storage, row)
        except Exception:
            log.exception("game %s cannot be rebuilt from its log; marking it abandoned", row.id)
            tasks.spawn_detached(storage.close_game(row.id, "abandoned"))
            return None
        with language.table(live.guild_id):
            live.log = _(RESTARTED)
        live.turn.announced = turn_key_of(live.game)
        live.message.sweep_wanted = True
    return live


async def rebuilt(storage: Store, row: GameRow) -> tuple[RummyGame, bytes | None]:
    """A running game from its checkpoint and the actions after it; from its whole log
    when there is no checkpoint yet or it was written by other code (an update)."""
    assert row.state is not None
    texts = row.actions  # without a checkpoint: every action
    if row.checkpoint is not None:
        actions = [action_from_json(json.loads(text)) for text in texts]
        game = from_checkpoint(row.checkpoint, actions)
        if game is not None:
            return game, row.checkpoint
        whole = await storage.game_log(row.id)
        assert whole is not None
        texts = tuple(json.dumps(a) for a in json.loads(whole)["actions"])
    # Replayed as it was played: at each new round the finished ones are let go.
    game = load_game(row.state)
    checkpoint = None  # until a round ends the game rebuilds from its start
    shown = presenter(game.spec.key)
    for text in texts:
        events = game.apply(action_from_json(json.loads(text)))
        checkpoint = round_checkpoint(game, shown.finished_rounds(events)) or checkpoint
    return game, checkpoint


def round_checkpoint(game: RummyGame, finished: Sequence[object]) -> bytes | None:
    """After an action that finished a round (``finished``: its results) and dealt the next:
    let go of the finished rounds and return the checkpoint the next restart starts from."""
    if not finished or game.is_over:
        return None
    return game.forget_history()  # finished rounds live in the database, not in memory


def action_text(action: Action) -> str:
    """An action as its stored row holds it (the engine's JSON, as in ``to_json``)."""
    return json.dumps(action_to_json(action), separators=(",", ":"), ensure_ascii=False)
