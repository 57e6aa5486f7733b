"""Screenshots of the bot as members see it: every game played under SimCord, photographed with
SimCord's preview (a Discord-like rendering of the channel in Chromium) at a phone's width
(390 × 844) and a desktop's (1280 × 900), in English and in German.

Moments: the lobby, the table at the start, the hand at the start of a turn (before any tap:
the bot edited it), a hand with cards tapped, after a meld, another member's view, a refusal,
the Hint once a turn's draw is made, a turn on which a card can be laid off on another
player's meld, a round's result, the end of the session, stats, the leaderboard and a replay
step; in Treppenrommé also a hand of 20 cards at the start of its turn.

    pip install 'simcord[preview]' playwright    # and Debian's chromium
    python tools/screenshots.py [--out build/screenshots] [--games romme,wiener] [--lang en]

Needs no network: Playwright drives /usr/bin/chromium (or $CHROMIUM)."""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "bot")]

import simcord.interactions  # noqa: E402
import simcord.preview._capture as capture  # noqa: E402
from bot_harness import Table, custom_id_of, make_settings  # noqa: E402
from simcord import Env  # noqa: E402
from simcord.backend.cdn import CDN_BASE  # noqa: E402

from bot.app import create_bot  # noqa: E402
from bot.core import language  # noqa: E402
from bot.games import all_presenters  # noqa: E402
from bot.render.emoji_art import emoji_set  # noqa: E402
from engine.actions import Discard, DrawTalon, LayOff, Meld, TakeDiscard  # noqa: E402
from engine.protocol import Phase  # noqa: E402

SIZES = {"phone": (390, 844), "desktop": (1280, 900)}
LOCALES = {"en": "en-US", "de": "de"}
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


async def _debian_chromium(self: Any) -> Any:
    """SimCord's capture launches Playwright's own browser; here it is Debian's."""
    if self._browser is not None:
        return self._browser
    from playwright.async_api import async_playwright

    self._playwright = await async_playwright().start()
    self._browser = await self._playwright.chromium.launch(
        executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=CHROMIUM_FLAGS
    )
    return self._browser


capture.ManagedCapture._ensure_browser = _debian_chromium  # type: ignore[method-assign]


@contextmanager
def speaking(locale: str) -> Iterator[None]:
    """Every member and the server use ``locale`` (SimCord itself always sends en-US)."""
    real = simcord.interactions.base_payload

    def with_locale(*args: Any, **kwargs: Any) -> Any:
        record, payload = real(*args, **kwargs)
        payload["locale"] = locale
        if "guild_id" in payload:
            payload["guild_locale"] = locale
        return record, payload

    simcord.interactions.base_payload = with_locale
    language.forget_all()
    try:
        yield
    finally:
        simcord.interactions.base_payload = real
        language.forget_all()


class Photographer:
    """Takes each moment at both sizes, as one member sees the channel; one preview (and one
    browser) per size serves the whole session."""

    def __init__(self, preview: Any, out: Path, prefix: str) -> None:
        self.preview = preview
        self.out = out
        self.prefix = prefix
        self.taken: list[Path] = []

    async def shoot(self, moment: str, viewer: Any) -> None:
        for size, viewport in SIZES.items():
            path = self.out / f"{self.prefix}-{moment}-{size}.png"
            await self.preview.screenshot(
                path, viewer=viewer, mode="viewport", allow_incomplete=True, viewport=viewport
            )
            self.taken.append(path)


async def play_until(table: Table, done: Any, limit: int = 4000) -> bool:
    """Members play (the game's computer player decides) until ``done()``."""
    for _ in range(limit):
        if done():
            return True
        if table.game_over():
            return False
        action = table.decide()
        await table.perform_any(action)
    return done()


class ScreenTable(Table):
    """The harness table, for any game: the game's own computer player decides."""

    def decide(self) -> Any:
        game = self.live.game
        assert game is not None
        spec = self.live.options.spec
        player = spec.make_player(spec.strengths[-1], game.to_act)
        return player.choose(game.private_view(game.to_act), list(game.legal_actions()))

    def check_private(self, member: Any, message: Any) -> None:
        """Not a test here: the harness compares card labels in English, a German hand's
        court cards read B and D."""
        self.private_checks += 1

    def game_over(self) -> bool:
        game = self.live.game
        return game is None or game.phase is Phase.OVER


async def session(key: str, lang: str, out: Path) -> list[Path]:
    with tempfile.TemporaryDirectory(prefix="screens") as tmp, speaking(LOCALES[lang]):
        # Every option at the game's default, targets short. SimCord fires a timer in real
        # time too when the bot waits that long: the lease keeper's (and its storage wait,
        # which SimCord cannot settle) must not come round while the browser draws.
        settings = make_settings(
            Path(tmp),
            render_images=True,
            render_processes=0,
            game_seed=11,
            default_target=150,
            lease_seconds=3600,
            card_emojis=True,  # uploaded to SimCord at start-up: cards in four colours
        )
        env = Env(create_bot(settings), settle_timeout=60.0)  # pictures take their time
        await env.start()
        try:
            return await _moments(env, key, out / lang, f"{key}")
        finally:
            await env.shutdown()
            await env.bot.close()


async def _moments(env: Env, key: str, out: Path, prefix: str) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    anna, ben = (guild.add_member(env.create_user(name)) for name in ("Anna", "Ben"))
    guest = guild.add_member(env.create_user("Clara"))
    table = ScreenTable(env, channel, [anna, ben])
    width, height = SIZES["phone"]
    await env.settle()  # the card emojis are uploaded by now
    async with env.preview(
        channel,
        viewers=[anna, ben, guest],
        layout="channel",
        display="fixed",
        width=width,
        height=height,
        assets=emoji_assets(env),
    ) as preview:
        shots = Photographer(preview, out, prefix)
        await _play_and_shoot(table, shots, key, (anna, ben, guest))
        return shots.taken


async def _play_and_shoot(table: ScreenTable, shots: Photographer, key: str, people: Any) -> None:
    """Play the session, taking every moment as it comes."""
    anna, ben, guest = people
    channel = table.channel
    lobby = await table.open(game=key)
    await shots.shoot("lobby", anna)
    await table.start(lobby)
    await shots.shoot("table-start", anna)
    for member in (anna, ben):
        await table.open_hand(member)
    # Whose turn starts next gets it shown in the hand they already have.
    first = table.member_for_seat(table.live.game.to_act)  # type: ignore[union-attr]
    await play_until(table, lambda: table.member_for_seat(table.live.game.to_act) is not first)  # type: ignore[union-attr]
    to_act = table.member_for_seat(table.live.game.to_act)  # type: ignore[union-attr]
    await shots.shoot("hand-turn-start", to_act)
    other = anna if to_act is ben else ben
    await shots.shoot("other-member", other)
    await guest.click(table.table_message(), label=table_hand_label(table))
    await shots.shoot("refusal", guest)
    if await play_until(table, lambda: table.live.game.public_view().phase is Phase.PLAY):  # type: ignore[union-attr]
        member = table.member_for_seat(table.live.game.to_act)  # type: ignore[union-attr]
        hand = await table.hand_of(member)
        await member.click(hand, custom_id=custom_id_of(hand, "h_hint"))
        await shots.shoot("hint", member)
    start = len(last_actions(table))

    def just_melded() -> bool:  # a meld of the moves from here on, the moment it is made
        actions = last_actions(table)
        return len(actions) > start and isinstance(actions[-1], Meld)

    if await play_until(table, just_melded):
        await shots.shoot("after-meld", table.member_for_seat(last_actions(table)[-1].seat))
    await _layoff_and_round_result(table, shots, anna)
    await play_until(table, lambda: False)
    await shots.shoot("session-end", anna)
    for command, moment, options in (
        ("treppe stats", "stats", {}),
        ("treppe leaderboard", "leaderboard", {}),
        ("treppe replay", "replay", {"session": str(table.live.id)}),
    ):
        await anna.slash(channel, command, **options)
        await shots.shoot(moment, anna)
    if key == "treppenromme":
        await shoot_big_hand(table, shots, people)


async def _layoff_and_round_result(table: ScreenTable, shots: Photographer, viewer: Any) -> None:
    """Play on, taking the first turn on which a card can be laid off on another player's meld
    (rare in two-player Treppenrommé) and the first round's result, whichever comes first."""
    game = table.live.game
    assert game is not None
    first_round, wanted = game.round_number, {"hand-layoff", "round-result"}
    for _ in range(4000):
        if "round-result" in wanted and game.round_number != first_round:
            await shots.shoot("round-result", viewer)
            wanted.discard("round-result")
        if "hand-layoff" in wanted and lays_off_on_another(table):
            await shots.shoot("hand-layoff", table.member_for_seat(game.to_act))
            wanted.discard("hand-layoff")
        if not wanted or table.game_over():
            return
        await table.perform_any(table.decide())


def lays_off_on_another(table: Table) -> bool:
    """Whether the member to act may lay a card off on a meld another player owns."""
    game = table.live.game
    if game is None:
        return False
    owners = {meld.id: meld.owner for meld in getattr(game.public_view(), "melds", ())}
    return any(
        isinstance(action, LayOff) and owners.get(action.meld_id, action.seat) != action.seat
        for action in game.legal_actions()
    )


BIG_HAND = 20


async def shoot_big_hand(table: ScreenTable, shots: Photographer, people: Any) -> None:
    """Treppenrommé's big hands, in a second game at the same channel: Anna digs up the whole
    staircase every turn and melds nothing, Ben draws from the talon and throws a card on it,
    until Anna starts a turn with BIG_HAND cards."""
    anna, ben, _ = people
    big = ScreenTable(table.env, table.channel, [anna, ben])
    await big.start(await big.open(game="treppenromme"))
    await big.open_hand(anna)
    game = big.live.game
    assert game is not None
    anna_seat = next(s.seat for s in big.live.seats if s.user_id == anna.id)

    def hoarding(legal: list[Any]) -> Any:
        takes = [a for a in legal if isinstance(a, TakeDiscard)]
        if game.to_act == anna_seat and takes:
            return max(takes, key=lambda a: a.depth)
        for kind in (DrawTalon, Discard):
            moves = [a for a in legal if isinstance(a, kind)]
            if moves:
                return moves[0]
        return legal[0]

    for _ in range(400):
        legal = list(game.legal_actions())
        drawing = any(isinstance(a, (TakeDiscard, DrawTalon)) for a in legal)
        turn_start = game.to_act == anna_seat and drawing
        if turn_start and len(game.private_view(anna_seat).hand) >= BIG_HAND:
            await shots.shoot("hand-20-cards", anna)
            return
        if big.game_over():
            return
        await big.perform_any(hoarding(legal))


def emoji_assets(env: Env) -> dict[str, tuple[str, bytes]]:
    """The uploaded card emojis' pictures, for the preview to draw offline (SimCord's CDN
    keeps no uploaded picture)."""
    pictures = {**emoji_set("en"), **emoji_set("de")}
    return {
        f"{CDN_BASE}/emojis/{emoji.id}.png": (f"{emoji.id}.png", pictures[emoji.name])
        for emoji in env.backend.application_emojis.values()
        if emoji.name in pictures
    }


def last_actions(table: Table) -> list[Any]:
    game = table.live.game
    return list(game.actions) if game is not None else []


def table_hand_label(table: Table) -> str:
    message = table.table_message()
    from bot_harness import component_dicts, walk

    for component in walk(component_dicts(message)):
        if str(component.get("custom_id", "")).split(":")[2:3] == ["hand"]:
            return str(component["label"])
    raise AssertionError("the table has no hand button")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "screenshots")
    parser.add_argument("--games", default=",".join(p.key for p in all_presenters()))
    parser.add_argument("--lang", default="en,de")
    args = parser.parse_args(argv)
    sessions = [(lang, key) for lang in args.lang.split(",") for key in args.games.split(",")]
    if len(sessions) > 1:
        # One session a process: a second preview in the same process timed out waiting for
        # its page to be ready.
        for lang, key in sessions:
            command = [sys.executable, __file__, "--out", str(args.out)]
            subprocess.run([*command, "--games", key, "--lang", lang], check=True)
        return
    taken = asyncio.run(session(sessions[0][1], sessions[0][0], args.out))
    for path in taken:
        print(path)
    print(f"screenshots={len(taken)}")


if __name__ == "__main__":
    main()
