"""SIGTERM to a real bot process (``python -m bot`` against the loopback fake of Discord)
while a game plays itself and commands arrive: it answers what is in flight, hands its lease
back and exits 0 well within STOP_SECONDS, and nothing it committed is lost: a new process
on the same database restores the game and plays on."""

from __future__ import annotations

import signal
import sqlite3
from pathlib import Path

import pytest
from loopback_discord import FakeDiscord

from bench.drill import BotProcess, action_count, start_self_playing_game, until

# pytest-socket: connections to this machine only (the fake Discord, the endpoints).
pytestmark = pytest.mark.allow_hosts(["127.0.0.1"])

STOP_SECONDS = 10.0


async def test_sigterm_stops_cleanly_within_the_bound(tmp_path: Path) -> None:
    fake = FakeDiscord()
    await fake.start()
    database = f"sqlite:///{tmp_path / 'bot.db'}"
    first = BotProcess(fake, tmp_path / "first.log", DATABASE_URL=database, STOP_SECONDS="10")
    try:
        await first.wait_for_log("connected as")
        await start_self_playing_game(fake)
        await until(lambda: action_count(database) >= 10, 60)  # it plays by itself now
        asked = [fake.member(1003 + n, f"visitor{n}") for n in range(3)]
        for visitor in asked:  # commands in flight as the signal arrives
            await fake.slash(visitor, "treppe", "rules")
        committed = action_count(database)
        sent = first.signal(signal.SIGTERM)
        code, gone = await first.exited(timeout=STOP_SECONDS + 20)
    finally:
        first.stop()
    took = gone - sent
    print(f"SIGTERM to exit: {took:.2f} s (bound {STOP_SECONDS:.0f} s)")
    assert code == 0, first.log()
    assert took < STOP_SECONDS
    assert "stopped cleanly in" in first.log()
    # Every interaction was answered once: /treppe new, Join, Start and the three /treppe rules.
    callbacks = [r.path.split("/")[2] for r in fake.requests if r.path.endswith("/callback")]
    assert len(callbacks) == len(set(callbacks)) == 6
    stored = action_count(database)
    assert stored >= committed
    with sqlite3.connect(database.removeprefix("sqlite:///")) as db:
        assert db.execute("SELECT count(*) FROM leases").fetchone()[0] == 0  # handed back

    second = BotProcess(fake, tmp_path / "second.log", DATABASE_URL=database)
    try:
        await second.wait_for_log("restored 1 open tables")
        await until(lambda: action_count(database) > stored, 60)  # and plays on
    finally:
        second.stop()
        await fake.stop()
