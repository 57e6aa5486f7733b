"""Real bot processes for the operations drills (tests/bot/ops/test_bot_sigterm.py,
tests/bot/ops/test_failover.py, bench/failover.py): ``python -m bot``'s own ``main`` in a child
process, logged in to the loopback fake of Discord (tests/bot/loopback_discord.py) instead of
discord.com, playing a game that plays itself: both members time out once, are marked away
and are then played for, one move every ``COMPUTER_DELAY`` seconds."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[1]
for folder in (ROOT, ROOT / "tests" / "bot"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from loopback_discord import FakeDiscord  # noqa: E402

from bot.settings import Settings  # noqa: E402

# The child: discord.py pointed at the fake, then the real entry point. Only the given
# environment counts (no .env).
CHILD = """
import os, sys, discord, yarl
from discord.gateway import DiscordWebSocket
from bot.settings import Settings
port = os.environ["LOOPBACK_PORT"]
discord.http.Route.BASE = f"http://127.0.0.1:{port}/api/v10"
DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{port}/gateway")
Settings.model_config["env_file"] = None
from bot.__main__ import main
sys.exit(main([]))
"""

# A game that plays itself, fast: one turn timer second, away after one timeout.
SELF_PLAYING = {
    "DISCORD_TOKEN": "loopback-token",
    "SHARD_COUNT": "1",
    "RENDER_IMAGES": "false",
    "DEFAULT_TURN_TIMER": "1",
    "REMINDER_BEFORE": "0",
    "AWAY_AFTER_TIMEOUTS": "1",
    "DEFAULT_TARGET": "10000",
    "COMPUTER_DELAY": "0.1",
    "GAME_SEED": "7",
}


class BotProcess:
    """One ``python -m bot`` child; its log goes to ``log_path``."""

    def __init__(self, fake: FakeDiscord, log_path: Path, **settings: str) -> None:
        names = {name.upper() for name in Settings.model_fields}
        env = {k: v for k, v in os.environ.items() if k.upper() not in names}
        env.update(SELF_PLAYING, **settings)
        env.update(LOOPBACK_PORT=str(fake.port), PYTHONPATH=str(ROOT))
        self.log_path = log_path
        self._log: IO[str] = log_path.open("w")
        self.process = subprocess.Popen(
            [sys.executable, "-c", CHILD], cwd=ROOT, env=env, stdout=self._log, stderr=self._log
        )

    def log(self) -> str:
        return self.log_path.read_text()

    async def wait_for_log(self, text: str, timeout: float = 60.0) -> None:
        await until(lambda: text in self.log() or self.process.poll() is not None, timeout)
        if text not in self.log():
            raise AssertionError(f"no {text!r} in the log:\n{self.log()}")

    def signal(self, sig: signal.Signals) -> float:
        """Send ``sig``; the moment it was sent (time.monotonic)."""
        sent = time.monotonic()
        self.process.send_signal(sig)
        return sent

    async def exited(self, timeout: float = 60.0) -> tuple[int, float]:
        """The exit code and the moment the process was seen gone."""
        await until(lambda: self.process.poll() is not None, timeout, step=0.01)
        gone = time.monotonic()
        self._log.close()
        code = self.process.returncode
        assert code is not None
        return code, gone

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self._log.close()


async def until(predicate: Any, timeout: float, step: float = 0.05) -> Any:
    """Poll ``predicate`` until it is truthy; its value. AssertionError after ``timeout``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        await asyncio.sleep(step)
    raise AssertionError("timed out waiting")


def control(fake: FakeDiscord, operation: str) -> tuple[str, str] | None:
    """(message id, custom id) of the newest message with a control for ``operation`` (nested
    in a Components V2 layout or not)."""
    for message_id, message in reversed(list(fake.messages.items())):
        stack = list(message.get("components", []))
        while stack:
            item = stack.pop()
            custom_id = item.get("custom_id", "")
            if custom_id.startswith("trp:") and f":{operation}:" in custom_id:
                return message_id, custom_id
            stack.extend(item.get("components", []))
    return None


async def start_self_playing_game(fake: FakeDiscord) -> None:
    """Open, fill and start a Treppenrommé table through the fake, as two members would."""
    anna, ben = fake.member(1001, "anna"), fake.member(1002, "ben")
    await fake.slash(anna, "treppe", "new", "treppenromme")
    lobby, join = await until(lambda: control(fake, "lobby_join"), 30)
    await fake.click(ben, lobby, join)
    await until(lambda: "2. ben" in json.dumps(fake.messages.get(lobby)), 30)  # seated
    lobby, start = await until(lambda: control(fake, "lobby_start"), 30)
    await fake.click(anna, lobby, start)


def action_count(database: str) -> int:
    """Actions stored so far, read with a connection of our own (sqlite:///path)."""
    path = database.removeprefix("sqlite:///")
    if not Path(path).exists():
        return 0
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10) as db:
        try:
            return int(db.execute("SELECT count(*) FROM actions").fetchone()[0])
        except sqlite3.OperationalError:  # not migrated yet
            return 0
