"""Group commit (SQLite): actions from different games that arrive together share a commit,
each is durable before its save returns, even when the process is killed (kill -9) right
after, and one failing write undoes only itself."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bot.storage import ActionRow, SeatRow, SqliteStore
from bot.storage.dialect import Transaction

ROOT = Path(__file__).resolve().parents[3]
GAMES = 24


async def started_games(store: SqliteStore, count: int) -> list[int]:
    ids = []
    for index in range(count):
        game_id = await store.create_lobby(5, 100 + index, SeatRow(0, 10, "anna"), {}, "romme")
        await store.start_game(game_id, [SeatRow(0, 10, "anna")], '{"actions":[]}')
        ids.append(game_id)
    return ids


def stored_actions(path: Path) -> set[tuple[int, int]]:
    """What another connection finds on disk: (game, seq) of every action row."""
    with sqlite3.connect(path) as db:
        return {(int(g), int(s)) for g, s in db.execute("SELECT game_id, seq FROM actions")}


async def test_actions_arriving_together_share_commits(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    store = await SqliteStore.open(path)
    try:
        ids = await started_games(store, GAMES)
        commits = store._db.commits
        await asyncio.gather(*(store.save_action(g, ActionRow(1, '{"t":"draw"}')) for g in ids))
        shared = store._db.commits - commits
        assert 1 <= shared < GAMES, f"{GAMES} saves took {shared} commits"
        assert stored_actions(path) == {(g, 1) for g in ids}
    finally:
        await store.close()


async def test_a_failing_write_undoes_only_itself(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    store = await SqliteStore.open(path)
    try:
        ids = await started_games(store, 6)
        await store.save_action(ids[0], ActionRow(1, "{}"))
        saves = [store.save_action(g, ActionRow(2 if g == ids[0] else 1, "{}")) for g in ids]
        saves.append(store.save_action(ids[0], ActionRow(1, "{}")))  # seq 1 again: refused
        results = await asyncio.gather(*saves, return_exceptions=True)
        assert [isinstance(r, sqlite3.IntegrityError) for r in results] == [False] * 6 + [True]
        assert stored_actions(path) == {(ids[0], 1), (ids[0], 2)} | {(g, 1) for g in ids[1:]}
    finally:
        await store.close()


CHILD = textwrap.dedent(
    """
    import asyncio, os, signal, sys
    from pathlib import Path
    from bot.storage import ActionRow, SeatRow, SqliteStore

    async def main(path: Path, games: int) -> None:
        store = await SqliteStore.open(path)
        ids = []
        for i in range(games):
            game = await store.create_lobby(5, 100 + i, SeatRow(0, 10, "a"), {}, "romme")
            await store.start_game(game, [SeatRow(0, 10, "a")], '{"actions":[]}')
            ids.append(game)
        acked = 0

        async def play(game: int) -> None:
            nonlocal acked
            for seq in range(1, 1000):
                await store.save_action(game, ActionRow(seq, '{"t":"draw"}'))
                print(f"acked {game} {seq}", flush=True)  # the answer a member would get
                acked += 1
                if acked >= 300:
                    os.kill(os.getpid(), signal.SIGKILL)

        await asyncio.gather(*(play(g) for g in ids))

    asyncio.run(main(Path(sys.argv[1]), int(sys.argv[2])))
    """
)


def test_every_acknowledged_action_survives_kill_9(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(path), str(GAMES)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == -9, done.stderr
    acked = {
        (int(game), int(seq))
        for _, game, seq in (line.split() for line in done.stdout.splitlines())
    }
    assert len(acked) >= 300
    on_disk = stored_actions(path)
    assert acked <= on_disk, f"lost after kill -9: {sorted(acked - on_disk)[:5]}"


@pytest.mark.parametrize("count", [1, 3])
async def test_writes_in_a_row_each_commit(tmp_path: Path, count: int) -> None:
    """Nothing waits for company: a lone write commits at once."""
    store = await SqliteStore.open(tmp_path / "bot.db")
    try:
        (game,) = await started_games(store, 1)
        commits = store._db.commits
        for seq in range(1, count + 1):
            await store.save_action(game, ActionRow(seq, "{}"))
        assert store._db.commits - commits == count
    finally:
        await store.close()


async def test_a_read_never_sees_half_a_write(tmp_path: Path) -> None:
    """A new lobby is several statements (game, seats, lease) on the shared connection. The
    lease keeper's read in between once saw the game without its lease and 'took over' this
    process's own new game; a read now waits for the unit and sees all of it."""
    store = await SqliteStore.open(tmp_path / "bot.db")
    try:
        halfway, go_on = asyncio.Event(), asyncio.Event()
        real_write_seats = store._write_seats

        async def write_seats_slowly(tx: Transaction, game_id: int, seats: list[SeatRow]) -> None:
            await real_write_seats(tx, game_id, seats)
            halfway.set()  # the game and its seats are written, its lease not yet
            await go_on.wait()

        store._write_seats = write_seats_slowly  # type: ignore[method-assign]
        creating = asyncio.create_task(
            store.create_lobby(5, 100, SeatRow(0, 10, "anna"), {}, "romme")
        )
        await halfway.wait()
        reading = asyncio.create_task(store.unleased_open_games())
        await asyncio.sleep(0.05)
        assert not reading.done(), "the read waits for the write's statements"
        go_on.set()
        game_id = await creating
        assert await reading == [], f"game {game_id} was seen without its lease"
        assert [lease.owner for lease in await store.leases([game_id])] == [store.owner]
    finally:
        await store.close()


async def test_reads_inside_a_write_go_at_once(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "bot.db")
    try:
        game_id = (await started_games(store, 1))[0]
        # A save checks the lease with reads inside its own unit: it must not wait for itself.
        await asyncio.wait_for(store.save_action(game_id, ActionRow(1, "{}")), 5.0)
        await asyncio.wait_for(store.close_game(game_id, "abandoned"), 5.0)
    finally:
        await store.close()
