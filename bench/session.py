"""Session length (issue 14): what one live game costs as its session goes on, for each game.

One long session per game, four computer players (normal strength), its moves chosen once and
then played again three ways:

* **stored** through the bot's SQLite store exactly as ``GameService.apply`` stores a move (one
  ``actions`` row; when a move deals a new round, the checkpoint and the finished round's
  scores with it), with the write-ahead log never checkpointed during the session, so its
  growth at each commit is what that commit wrote to disk;
* **kept** in memory as the bot keeps a live game (at each round boundary the engine forgets
  the finished rounds and the bot holds the new checkpoint), traced with ``tracemalloc``;
* **kept whole**, as the engine kept a game before issue 14 (every action and event of the
  session), traced the same way, for comparison. Its ``to_json`` is also the row the store
  rewrote at every commit before issue 14 (``rewrite_kb``: computed, not written).

Prints a table per game, by round: commits, the write-ahead log's bytes per ordinary commit
(mean, max), the bytes of the round's last move (it stores the round's scores and the next
round's checkpoint), the checkpoint's size, and the memory held just before the round's last
move, when the round is longest. The LAST line has, per game: ``<game>_commit_kb_first`` and
``_last`` (mean WAL KB per ordinary commit in the first and the last round),
``<game>_commit_kb_max``, ``<game>_closing_commit_kb_max``, ``<game>_checkpoint_kb_max``,
``<game>_live_kb_max`` (the most the live game held in any round), ``<game>_whole_kb_last``
and ``<game>_rewrite_kb_last``.

Usage:  python bench/session.py [--rounds 12] [--seed 3] [--games treppenromme,romme,wiener]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import sys
import tempfile
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # allow ``python bench/session.py`` without an install
    sys.path.insert(0, str(ROOT))

from bot.core.restore import action_text, round_checkpoint  # noqa: E402
from bot.games import presenter  # noqa: E402
from bot.storage import SqliteStore  # noqa: E402
from bot.storage.rows import ActionRow, SeatRow  # noqa: E402
from engine.actions import Action  # noqa: E402
from engine.protocol import GameSpec, RummyGame  # noqa: E402
from engine.registry import all_specs  # noqa: E402

NAMES = ("Anna", "Ben", "Clara", "Dora")
MAX_ACTIONS = 20_000  # a session that never ends (it does not happen) stops here
# Options that make a long evening of each game: the session must outlast ``--rounds``.
LONG_SESSION: dict[str, dict[str, object]] = {
    "treppenromme": {"target": 10_000},
    "romme": {"rounds": 50},
    "wiener": {"out_at": 1000},
}
KB = 1024


@dataclass
class RoundFigures:
    wal_bytes: list[int] = field(default_factory=list)  # ordinary commits
    closing_bytes: list[int] = field(default_factory=list)  # the round's last move
    checkpoint_kb: float = 0.0  # the checkpoint stored with it
    live_kb: float = 0.0  # held before the round's last move, as the bot keeps a game
    whole_kb: float = 0.0  # held then, as the engine kept a game before issue 14
    rewrite_kb: float = 0.0  # the whole session's to_json at the round's end

    @property
    def commits(self) -> int:
        return len(self.wal_bytes) + len(self.closing_bytes)


@dataclass
class Session:
    spec: GameSpec
    seed: int
    actions: list[Action]
    round_of: list[int]  # the round each action was played in

    def new_game(self) -> RummyGame:
        ruleset = self.spec.make_ruleset(LONG_SESSION.get(self.spec.key, {}))
        return self.spec.new_game(ruleset, NAMES[: self.seats], self.seed)

    @property
    def seats(self) -> int:
        return min(len(NAMES), self.spec.max_seats)


def choose_session(spec: GameSpec, seed: int, rounds: int) -> Session:
    """Computer players play until ``rounds`` rounds are finished (or the session ends)."""
    session = Session(spec, seed, [], [])
    game = session.new_game()
    players = [spec.make_player("normal", seed + seat) for seat in range(session.seats)]
    while not game.is_over and game.round_number <= rounds and len(session.actions) < MAX_ACTIONS:
        seat = game.to_act
        action = players[seat].choose(game.private_view(seat), game.legal_actions())
        session.round_of.append(game.round_number)
        session.actions.append(action)
        game.apply(action)
    return session


def held_by_round(session: Session, bounded: bool) -> dict[int, float]:
    """KB the game holds at the end of each round (just before its last move, when the round
    is longest), played as the bot plays it (``bounded``: forget at each boundary, hold the
    checkpoint) or whole."""
    ends = {i for i in range(len(session.actions)) if _last_of_round(session, i)}
    shown = presenter(session.spec.key)
    gc.collect()
    already = tracemalloc.is_tracing()  # e.g. ``python -X tracemalloc``: leave it running
    if not already:
        tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        game = session.new_game()
        checkpoint = game.checkpoint() if bounded else None
        held: dict[int, float] = {}
        for index, action in enumerate(session.actions):
            if index in ends:  # the round at its longest, just before its last move
                gc.collect()
                held[session.round_of[index]] = (tracemalloc.get_traced_memory()[0] - base) / KB
            events = list(game.apply(action))
            if bounded:
                checkpoint = round_checkpoint(game, shown.finished_rounds(events)) or checkpoint
            del events
        assert checkpoint is not None or not bounded
        return held
    finally:
        if not already:
            tracemalloc.stop()


def _last_of_round(session: Session, index: int) -> bool:
    nxt = index + 1
    return nxt == len(session.actions) or session.round_of[nxt] != session.round_of[index]


async def stored_by_round(session: Session, folder: Path) -> dict[int, RoundFigures]:
    """Store the session move by move as the bot does; the WAL's growth at each commit."""
    path = folder / f"{session.spec.key}.db"
    store = await SqliteStore.open(path)
    wal = Path(f"{path}-wal")
    figures: dict[int, RoundFigures] = {}
    try:
        # The log is never folded back into the database during the session, so each
        # commit's growth of it is exactly the pages that commit wrote.
        await store._db.fetch("PRAGMA wal_autocheckpoint=0", {})
        seats = [SeatRow(s, 100 + s, NAMES[s]) for s in range(session.seats)]
        game_id = await store.create_lobby(1, 1, seats[0], {}, session.spec.key)
        game = session.new_game()
        await store.start_game(game_id, seats, game.to_json())
        shown = presenter(session.spec.key)
        for action, round_number in zip(session.actions, session.round_of, strict=True):
            events = list(game.apply(action))
            finished = shown.finished_rounds(events)
            if game.is_over:
                break  # the session's end rates and releases: not a move like the others
            checkpoint = round_checkpoint(game, finished)
            row = ActionRow(game.version, action_text(action), checkpoint)
            records = [shown.round_record(result) for result in finished]
            before = wal.stat().st_size
            await store.save_action(game_id, row, records)
            wrote = wal.stat().st_size - before
            entry = figures.setdefault(round_number, RoundFigures())
            if checkpoint is None:
                entry.wal_bytes.append(wrote)
            else:  # the round's last move: its scores and the next round's checkpoint
                entry.closing_bytes.append(wrote)
                entry.checkpoint_kb = len(checkpoint) / KB
    finally:
        await store.close()
    return figures


def rewrite_by_round(session: Session) -> dict[int, float]:
    """KB of the whole session's ``to_json`` at each round's end: the row the store rewrote
    at every commit before issue 14."""
    game = session.new_game()
    sizes: dict[int, float] = {}
    for index, action in enumerate(session.actions):
        game.apply(action)
        if _last_of_round(session, index):
            sizes[session.round_of[index]] = len(game.to_json().encode()) / KB
    return sizes


def measure(spec: GameSpec, seed: int, rounds: int, folder: Path) -> dict[int, RoundFigures]:
    session = choose_session(spec, seed, rounds)
    figures = asyncio.run(stored_by_round(session, folder))
    for name, values in (
        ("live_kb", held_by_round(session, bounded=True)),
        ("whole_kb", held_by_round(session, bounded=False)),
        ("rewrite_kb", rewrite_by_round(session)),
    ):
        for round_number, value in values.items():
            setattr(figures.setdefault(round_number, RoundFigures()), name, value)
    return dict(sorted(figures.items()))


def _kb(values: Sequence[int], pick: Callable[[Sequence[int]], float]) -> str:
    return f"{pick(values) / KB:.1f}" if values else "-"


def report(key: str, figures: dict[int, RoundFigures]) -> list[str]:
    print(f"\n{key}: by round (commit KB: the write-ahead log's growth at each commit)")
    print(
        "round  commits  commit_kb_mean  commit_kb_max  closing_commit_kb  checkpoint_kb  "
        "live_kb  whole_kb  rewrite_kb"
    )
    for number, f in figures.items():
        print(
            f"{number:>5}  {f.commits:>7}  {_kb(f.wal_bytes, statistics.mean):>14}  "
            f"{_kb(f.wal_bytes, max):>13}  {_kb(f.closing_bytes, max):>17}  "
            f"{f.checkpoint_kb:>13.1f}  "
            f"{f.live_kb:>7.1f}  {f.whole_kb:>8.1f}  {f.rewrite_kb:>10.1f}"
        )
    played = [f for f in figures.values() if f.wal_bytes]
    closing = [b for f in figures.values() for b in f.closing_bytes]
    return [
        f"{key}_rounds={len(figures)}",
        f"{key}_commit_kb_first={statistics.mean(played[0].wal_bytes) / KB:.1f}",
        f"{key}_commit_kb_last={statistics.mean(played[-1].wal_bytes) / KB:.1f}",
        f"{key}_commit_kb_max={max(max(f.wal_bytes) for f in played) / KB:.1f}",
        f"{key}_closing_commit_kb_max={max(closing, default=0) / KB:.1f}",
        f"{key}_checkpoint_kb_max={max(f.checkpoint_kb for f in figures.values()):.1f}",
        f"{key}_live_kb_max={max(f.live_kb for f in figures.values()):.1f}",
        f"{key}_whole_kb_last={list(figures.values())[-1].whole_kb:.1f}",
        f"{key}_rewrite_kb_last={list(figures.values())[-1].rewrite_kb:.1f}",
    ]


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=12, help="rounds per session (at most)")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--games", default=",".join(s.key for s in all_specs()))
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    wanted = [k for k in str(args.games).split(",") if k]
    print(f"config rounds={args.rounds} seed={args.seed} seats=4 games={','.join(wanted)}")
    keys: list[str] = []
    with tempfile.TemporaryDirectory(prefix="sessionbench") as tmp:
        for spec in all_specs():
            if spec.key in wanted:
                keys += report(spec.key, measure(spec, args.seed, args.rounds, Path(tmp)))
    print(" ".join(keys))


if __name__ == "__main__":
    main()
