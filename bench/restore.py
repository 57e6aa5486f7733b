"""Restoring a game after a restart (issue 24): a long session of each game, restored halfway
through round 12 as the bot restores it, from the checkpoint stored when round 12 was dealt
plus the actions since (``engine.table.from_checkpoint``), against replaying the whole log
(what a restart does when the checkpoint is unusable). Also the time to write a checkpoint
and its size.

Prints one line per game, then as its last line, per game: ``<game>_restore_ms`` (median),
``<game>_checkpoint_ms``, ``<game>_checkpoint_kb`` and ``<game>_whole_log_ms``.

Usage:  python bench/restore.py [--round 12] [--seed 3] [--runs 7]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # allow ``python bench/restore.py`` without an install
    sys.path.insert(0, str(ROOT))

from bench.session import Session, choose_session  # noqa: E402
from bot.core.restore import round_checkpoint  # noqa: E402
from bot.games import presenter  # noqa: E402
from engine.actions import Action  # noqa: E402
from engine.registry import all_specs  # noqa: E402
from engine.table import from_checkpoint  # noqa: E402


def median_ms(work: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        work()
        times.append((time.perf_counter() - began) * 1000)
    return statistics.median(times)


def stored_at(session: Session, round_number: int) -> tuple[bytes, list[Action], int]:
    """As the bot stores the session: the checkpoint written when ``round_number`` was dealt,
    the actions of that round's first half, and how many actions came before it."""
    game = session.new_game()
    shown = presenter(session.spec.key)
    checkpoint, since = game.checkpoint(), 0
    in_round = [i for i, n in enumerate(session.round_of) if n == round_number]
    halfway = in_round[len(in_round) // 2] if in_round else len(session.actions)
    for index, action in enumerate(session.actions[:halfway]):
        written = round_checkpoint(game, shown.finished_rounds(game.apply(action)))
        if written is not None:
            checkpoint, since = written, index + 1
    return checkpoint, session.actions[since:halfway], halfway


def measure(key: str, round_number: int, seed: int, runs: int) -> list[str]:
    spec = next(s for s in all_specs() if s.key == key)
    session = choose_session(spec, seed, round_number)
    checkpoint, since, played = stored_at(session, round_number)
    restored = from_checkpoint(checkpoint, since)
    assert restored is not None and restored.version == played, "the checkpoint restores"

    def whole_log() -> object:
        game = session.new_game()
        for action in session.actions[:played]:
            game.apply(action)
        return game

    restore = median_ms(lambda: from_checkpoint(checkpoint, since), runs)
    write = median_ms(restored.checkpoint, runs)
    whole = median_ms(whole_log, max(1, runs // 3))
    kb = len(checkpoint) / 1024
    print(
        f"{key}: round={restored.round_number} actions_before={played} replayed={len(since)} "
        f"restore_ms={restore:.2f} checkpoint_ms={write:.2f} checkpoint_kb={kb:.1f} "
        f"whole_log_ms={whole:.1f}"
    )
    return [
        f"{key}_restore_ms={restore:.2f}",
        f"{key}_checkpoint_ms={write:.2f}",
        f"{key}_checkpoint_kb={kb:.1f}",
        f"{key}_whole_log_ms={whole:.1f}",
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--round", type=int, default=12, help="the round a restart falls in")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    keys: list[str] = []
    for spec in all_specs():
        keys += measure(spec.key, args.round, args.seed, args.runs)
    print(" ".join(keys))


if __name__ == "__main__":
    main()
