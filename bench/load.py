"""Load benchmark (issue 14): N live tables in one process, members clicking at a steady rate.

The real bot (its discord.py stack, a temporary SQLite database as in production) runs under
SimCord, in process, with no network. Every table seats two members who play legal moves
through the bot's public surface only: /treppe new, the lobby's Join and Start, the table's
"Your hand" button and the private hand's controls (draw; discard chosen from the hand's
discard select; refresh when the hand was drawn before the turn came round; pass on a
Wiener buy-back). Tables rotate through the three games: Treppenrommé, Rommé, Wiener Rummy.
The members decide from what the hand message shows, never from the bot's internals, so the
benchmark survives refactors of bot/.

Each table clicks about once every ``1/rate`` seconds (default: once per 10 s, the rate of
real play), with random phases so the load is steady, and every click waits for its answer.
At the real rate a run takes its ``--duration`` (plus setting the tables up) whatever N is,
so 1,000 tables for 60 s take about a minute of clicking. When N*rate*duration would give
fewer than ``--min-clicks`` clicks (small N), time is compressed: the rate is scaled up and
``rate_scale`` says by how much.

``--computers K`` seats, at K of the tables (Treppenrommé), one member against a hard computer
player instead of two members, so that the computer's moves (``--computer-processes``, as
``COMPUTER_PROCESSES``: in worker processes, or 0 for threads) run beside the clicks.

Figures per run (one ``key=value`` line each; with several runs each runs in a fresh process),
and a summary of all runs on the LAST line:
  click_p50_ms/click_p99_ms/click_max_ms   click -> the bot's answer (SimCord marks it), from
                                           the instant the click was scheduled
  lag_p50_ms/lag_p99_ms/lag_max_ms         event-loop lag: overshoot of a 10 ms sleep
  commits_per_s, commit_p99_ms             commits, and a commit's time: a batch of units
                                           with its commit on the database's thread
  loop_cpu_ms_per_click                    the event loop thread's CPU in the steady phase
                                           per click: the bot's work and the harness's
                                           (SimCord, the members) together
  fsync_p99_ms                             the database directory's fsync, probed before
                                           the run: a disk that stalls sets a quiet run's
                                           click p99 (--db-dir /dev/shm keeps it out)
  simcord_store_validated/_reused          SimCord's store: components it validated, and
                                           those it took as its HTTP layer had just
                                           validated them (--simcord-validate once)
  gc_max_ms, gc_total_ms                   garbage collections during the steady phase
  gc_reclaimable                           objects one full collection over everything
                                           frees after the run: cycles that died while
                                           frozen wait for the GC_RECLAIM_SECONDS pass
                                           (bot/core/collector.py)
  unanswered                               clicks with no answer within 30 s
  mem_kb_per_game                          --memory rss (default): RSS growth from before
                                           the tables were set up (after three warm-up
                                           tables, not counted) to the end of the run,
                                           divided by the games; it includes SimCord's
                                           copy of every message (with --simcord-store
                                           packed their lists as bytes; not the
                                           pictures: see fast_bookkeeping). --memory
                                           tracemalloc: what bot/ and engine/ allocated
                                           and still hold (slows clicks; latencies then
                                           are not comparable)
  mem_live_kb_per_game                     --memory tracemalloc only: the same after one full
                                           collection, so without garbage that was waiting
                                           for the collector: what the live games hold
Usage:  python bench/load.py [--tables 1,100,1000] [--images on,off] [--quick]
                             [--computers 0] [--computer-processes 1]
                             [--rate 0.1] [--duration 20] [--min-clicks 200]
                             [--memory rss|tracemalloc] [--seed 1]
                             [--render-processes 1]   (RENDER_PROCESSES; 0 = threads)
                             [--gc-freeze on]         (GC_FREEZE; off = start-up only)
                             [--gc-young 700]         (GC_YOUNG_THRESHOLD)
                             [--gc-old 2]             (GC_OLD_THRESHOLD)
                             [--simcord-copy plain] [--simcord-validate once]
                             [--simcord-store packed]
                             [--db-dir DIR]
                             [--profile FILE]

``--profile FILE`` runs cProfile over the steady clicking phase only (not the set-up) and
writes it to FILE (with several runs, one file each: ``FILE`` with ``.n1000_img`` before its
suffix), then prints, before the run's figures, the collector's passes per generation in that
phase and the top functions of bot/, engine/, discord/ and simcord/ by cumulative and by own
time. It profiles the event loop's thread only (not the picture workers nor aiosqlite's
thread) and counts its CPU time (``time.thread_time``), so neither the loop's idle waits nor
other work on a shared machine count; it slows every call: latencies of a profiled run are
not comparable.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import io
import pstats
import random
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import discord

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # allow ``python bench/load.py`` without an install
    sys.path.insert(0, str(ROOT))

from simcord import SetupError  # noqa: E402

from bench.loadsim import (  # noqa: E402
    Answers,
    ConcurrentEnv,
    Config,
    Figures,
    LagTicker,
    bot_held_kb,
    button_labelled,
    component_rows,
    concurrent,
    controls,
    counted_commits,
    fsync_p99_ms,
    operation_of,
    rss_kb,
    simcord_copies,
    simcord_validation,
    timed_collections,
)
from bench.simstore import STORE_MODES, simcord_store  # noqa: E402
from bot.app import create_bot  # noqa: E402
from bot.core import collector, emojis  # noqa: E402
from bot.settings import Settings  # noqa: E402
from engine.i18n import languages  # noqa: E402

GAMES = ("treppen", "romme", "wiener")  # Treppenrommé, Rommé, Wiener Rummy (/treppe new <key>)
ANSWER_TIMEOUT = 30.0  # far beyond Discord's 3 s: a click unanswered by then is "unanswered"
SETUP_CONCURRENCY = 32
PROFILED = r"/(bot|engine|discord|simcord)/"  # what --profile's tops list
PROFILE_TOP = 25


class Clicker:
    """Clicks through SimCord and waits for the bot's answer, timing click -> answer."""

    def __init__(self, answers: Answers, figures: Figures, measuring: list[bool]) -> None:
        self.answers = answers
        self.figures = figures
        self.measuring = measuring  # [True] while the steady phase runs

    async def __call__(
        self, kind: str, act: Callable[[], Awaitable[Any]], clicked_at: float | None = None
    ) -> Any:
        """``clicked_at``: when the member clicked (perf_counter), if the harness could only
        send the click later; the latency runs from then, as the member sees it."""
        start = time.perf_counter() if clicked_at is None else clicked_at
        result = await act()
        try:
            answered = await self.answers.wait(result, ANSWER_TIMEOUT)
        except TimeoutError:  # counted apart: no latency figure stands in for a lost answer
            self.figures.unanswered += 1
            return result
        if self.measuring[0]:
            self.figures.latencies.append(answered - start)
            self.figures.by_kind[kind] = self.figures.by_kind.get(kind, 0) + 1
            response = result.response
            if response is not None and response.ephemeral and "⚠️" in _text(response):
                self.figures.refused += 1
        return result


def _text(message: Any, rows: list[dict[str, Any]] | None = None) -> str:
    found = rows if rows is not None else list(component_rows(message))
    texts = [str(c.get("content", "")) for c in found if c.get("type") == 10]
    embeds = [str(e.description or "") for e in message.embeds]
    return str(message.content or "") + "".join(embeds + texts)


class LoadTable:
    """Two members at one table; they see only the messages the bot shows them."""

    def __init__(
        self, env: Any, index: int, game: str, rng: random.Random, computer: str | None = None
    ) -> None:
        guild = env.create_guild(name=f"guild{index}")
        self.channel = guild.create_text_channel(f"table{index}")
        # With a computer (its strength), one member plays it; else two members play.
        names = [f"p{index}a"] if computer else [f"p{index}a", f"p{index}b"]
        self.members = [guild.add_member(env.create_user(name)) for name in names]
        self.computer = computer
        self.game = game
        self.rng = rng
        self.table: Any = None
        self.hands: list[Any] = [None] * len(self.members)
        self.turn = 0  # whose hand is tried first; a refresh without controls passes it on
        self.idle = 0  # refreshes in a row that showed no move

    async def setup(self, click: Clicker) -> None:
        host = self.members[0]
        key = "treppenromme" if self.game == "treppen" else self.game
        opened = await click("new", lambda: host.slash(self.channel, f"treppe new {key}"))
        lobby = opened.response
        if self.computer:
            adding = [f"add:{self.computer}"]
            cid = controls(lobby)["lobby_cpu"]["custom_id"]
            await click("computer", lambda: host.select(lobby, adding, custom_id=cid))
        else:
            await click("join", lambda: self.members[1].click(lobby, label="Join"))
        started = await click("start", lambda: host.click(lobby, label="Start"))
        self.table = started.response
        assert self.table is not None and button_labelled(self.table, "Your hand")
        for seat in range(len(self.members)):
            self.hands[seat] = await self.open_hand(click, seat)

    async def open_hand(self, click: Clicker, seat: int) -> Any:
        member = self.members[seat]
        shown = await click("hand", lambda: member.click(self.table, label="Your hand"))
        return shown.response

    async def step(self, click: Clicker, clicked_at: float | None = None) -> None:
        """One tap by the member whose turn it seems to be, on their live hand: draw, tap a
        card, discard it; a hand that offers nothing (not their turn) is refreshed."""
        seat = self.turn
        member, hand = self.members[seat], self.hands[seat]
        # Read afresh: the bot edits a live hand when the turn comes to it.
        kind, control = self._next_tap(list(component_rows(hand)))
        if kind == "refresh" and self.idle >= 4:  # nobody can move: the session is over
            await self.rematch(click, clicked_at)
            return
        cid = control["custom_id"]
        result = await click(kind, lambda: member.click(hand, custom_id=cid), clicked_at)
        response = result.response
        # SimCord deep-copies a message's components on every read: read them once a click.
        rows = list(component_rows(response)) if response is not None else []
        if kind == "refresh":
            self.idle += 1
            if not _offers_move(rows):
                self.turn = self._next(seat)  # the hand shows no move: it must be the other's turn
        else:
            self.idle = 0
            if kind == "discard" and response is not None and "⚠️" not in _text(response, rows):
                self.turn = self._next(seat)
        if response is not None and response.ephemeral:
            self.hands[seat] = response

    def _next(self, seat: int) -> int:
        """The member whose turn comes after ``seat``'s (the same one against a computer)."""
        return (seat + 1) % len(self.members)

    def _next_tap(self, found: list[dict[str, Any]]) -> tuple[str, dict[str, Any]]:
        """What the member taps next (``found``: their hand's components): an offered draw or
        discard, else a card, else Refresh."""
        offers = [c for c in found if operation_of(c) == "t_do" and not c.get("disabled")]
        for word, kind in (("Draw", "draw"), ("Take", "draw"), ("Discard", "discard")):
            offer = next((c for c in offers if str(c.get("label", "")).startswith(word)), None)
            if offer is not None:
                return kind, offer
        cards = [c for c in found if operation_of(c) == "t_tap"]
        if cards and _offers_move(found):
            tapped = [c for c in cards if c.get("style") == discord.ButtonStyle.primary.value]
            return "tap", tapped[0] if tapped else self.rng.choice(cards)  # untap, or tap one
        return "refresh", next(c for c in found if operation_of(c) == "h_refresh")

    async def rematch(self, click: Clicker, clicked_at: float | None = None) -> None:
        self.idle = 0
        member = self.members[self.turn]
        try:
            result = await click(
                "rematch", lambda: member.click(self.table, label="Rematch"), clicked_at
            )
        except SetupError:  # no Rematch button yet: keep refreshing
            return
        lobby = result.response  # a rematch asks the other player: they join, the host starts
        if lobby is None or not button_labelled(lobby, "Join"):
            return
        if not self.computer:  # the computer's seat stays for the rematch
            other = self.members[1 - self.turn]
            await click("join", lambda: other.click(lobby, label="Join"), clicked_at)
        started = await click("start", lambda: member.click(lobby, label="Start"), clicked_at)
        if started.response is not None and button_labelled(started.response, "Your hand"):
            self.table = started.response
        for seat in range(len(self.members)):
            self.hands[seat] = await self.open_hand(click, seat)


def _offers_move(rows: list[dict[str, Any]]) -> bool:
    """A hand that is the member's turn: it offers moves, or the hint (shown on their turn)."""
    found = {operation_of(c) for c in rows if c.get("custom_id") and not c.get("disabled")}
    return "t_do" in found or "h_hint" in found


async def set_up_tables(tables: list[LoadTable], click: Clicker) -> None:
    gate = asyncio.Semaphore(SETUP_CONCURRENCY)

    async def one(table: LoadTable) -> None:
        async with gate:
            await table.setup(click)

    await asyncio.gather(*(one(t) for t in tables))


async def play_steadily(tables: list[LoadTable], click: Clicker, cfg: Config) -> None:
    """Each table clicks every 1/rate seconds (scaled), from a random phase, until the end.

    A click's latency runs from its scheduled instant, not from when the harness got round to
    sending it: the harness shares the bot's event loop, and a member's click does not wait for
    the bot (timing from the send would leave out every click that fell into a pause)."""
    interval = 1.0 / (cfg.rate * cfg.rate_scale)
    end = time.perf_counter() + cfg.duration

    async def one(table: LoadTable) -> None:
        next_at = time.perf_counter() + table.rng.uniform(0.0, interval)
        while next_at < end:
            await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
            await table.step(click, next_at)
            next_at += interval  # a slow answer does not push the schedule back

    await asyncio.gather(*(one(t) for t in tables))


def make_settings(cfg: Config, database: Path) -> Settings:
    return Settings(  # type: ignore[call-arg]
        _env_file=None,
        database_path=database,
        render_images=cfg.images,
        computer_delay=0.0,
        default_turn_timer=0,
        render_processes=cfg.render_processes,
        computer_processes=cfg.computer_processes,
        gc_freeze=cfg.gc_freeze,
        gc_young_threshold=cfg.gc_young,
        gc_old_threshold=cfg.gc_old,
        shard_count=1,  # SimCord cannot ask Discord for the count
        clicks_per_second=0.0,  # time-compressed runs click faster than people (bench/burst.py)
    )


async def run_load(cfg: Config, profile: str | None = None) -> Figures:
    """One run: set N tables up, click steadily for the duration, return the figures.
    ``profile``: write a cProfile of the steady phase there and print its tops."""
    figures = Figures(cfg)
    rng = random.Random(cfg.seed)
    answers = Answers()
    answers.install()
    commit_times: list[float] = []
    try:
        with (
            tempfile.TemporaryDirectory(prefix="loadbench", dir=cfg.db_dir) as tmp,
            counted_commits(commit_times),
            simcord_copies(cfg.simcord_copy),
            simcord_validation(cfg.simcord_validate) as validations,
            simcord_store(cfg.simcord_store),
        ):
            figures.validations = validations
            figures.fsync_p99_ms = fsync_p99_ms(tmp)
            env = ConcurrentEnv(create_bot(make_settings(cfg, Path(tmp) / "treppenbot.db")))
            env.check_errors = False  # errors are counted and reported, not raised
            # The card emojis are drawn once a process (cached): draw them before SimCord's
            # fixed 5 s for the bot's start-up begins, which a busy machine once overran.
            emojis.missing_images(languages(), frozenset())
            await env.start()
            env.run_natively()
            try:
                await _measure(env, cfg, figures, answers, rng, commit_times, profile)
            finally:
                figures.errors = len(env.errors) + len(env.task_errors)
                await env.shutdown()
                await env.bot.close()  # SimCord leaves the bot open: close its database
    finally:
        answers.uninstall()
    return figures


async def _measure(
    env: ConcurrentEnv,
    cfg: Config,
    figures: Figures,
    answers: Answers,
    rng: random.Random,
    commit_times: list[float],
    profile: str | None = None,
) -> None:
    measuring = [False]
    click = Clicker(answers, figures, measuring)
    env.fast_bookkeeping()
    with concurrent():  # one table of each game first: fonts, caches and imports warm up
        for game in GAMES:
            warm = LoadTable(env, -1 - GAMES.index(game), game, random.Random(0))
            await warm.setup(click)
            for _ in range(6):
                await warm.step(click)
    rss_before = rss_kb()
    if cfg.memory == "tracemalloc":
        tracemalloc.start()
    tables = [
        LoadTable(env, i, GAMES[i % len(GAMES)], random.Random(rng.random()))
        if i >= cfg.computers
        else LoadTable(env, i, "treppen", random.Random(rng.random()), computer="hard")
        for i in range(cfg.tables)
    ]
    started = time.perf_counter()
    with concurrent():
        await set_up_tables(tables, click)
    figures.setup_s = time.perf_counter() - started
    ticker = LagTicker()
    commit_times.clear()
    measuring[0] = True
    ticker.start()
    started, cpu_started = time.perf_counter(), time.thread_time()
    with concurrent(), timed_collections(figures.gc_pauses), profiled(profile, figures):
        await play_steadily(tables, click, cfg)
    figures.run_s = time.perf_counter() - started
    figures.loop_cpu_s = time.thread_time() - cpu_started
    measuring[0] = False
    await ticker.stop()
    figures.lags = ticker.samples
    figures.commit_times = list(commit_times)
    figures.deferred = answers.deferred
    figures.games = len(tables)
    games = max(1, len(tables))
    if cfg.memory == "tracemalloc":
        held_kb = bot_held_kb(tracemalloc.take_snapshot())
    else:
        held_kb = max(0.0, rss_kb() - rss_before)
    figures.mem_kb_per_game = held_kb / games
    # Garbage cycles still waiting (frozen ones wait for GC_RECLAIM_SECONDS' full pass).
    collector.uninstall()
    figures.gc_reclaimable = gc.collect()
    if cfg.memory == "tracemalloc":  # what the live games themselves hold, garbage gone
        figures.mem_live_kb_per_game = bot_held_kb(tracemalloc.take_snapshot()) / games
        tracemalloc.stop()


@contextmanager
def profiled(path: str | None, figures: Figures) -> Iterator[None]:
    """cProfile what runs inside (the event loop's thread) into ``path`` and print its tops;
    nothing without a path."""
    if path is None:
        yield
        return
    gc_before = gc.get_stats()
    profiler = cProfile.Profile(time.thread_time)  # the loop's own CPU, not the wall clock
    profiler.enable()
    try:
        yield
    finally:
        profiler.disable()
        profiler.dump_stats(path)
        print(profile_report(profiler, path, figures, gc_before), flush=True)


def profile_report(
    profiler: cProfile.Profile, path: str, figures: Figures, gc_before: list[dict[str, int]]
) -> str:
    """The collector's passes during the profile and the top functions of bot/, engine/,
    discord/ and simcord/ by cumulative and by own time."""
    passes = [
        f"gen{generation}={after['collections'] - before['collections']}"
        f"(collected {after['collected'] - before['collected']})"
        for generation, (before, after) in enumerate(zip(gc_before, gc.get_stats(), strict=True))
    ]
    out = io.StringIO()
    cpu = pstats.Stats(profiler).total_tt  # type: ignore[attr-defined]
    per_click = cpu / figures.clicks * 1000 if figures.clicks else 0.0
    print(
        f"profile file={path} tables={figures.config.tables} clicks={figures.clicks} "
        f"loop_cpu_s={cpu:.2f} loop_cpu_ms_per_click={per_click:.2f} "
        f"(cProfile slows every call: these latencies are not comparable)",
        file=out,
    )
    print(f"profile gc passes {' '.join(passes)} frozen={gc.get_freeze_count()}", file=out)
    for order in ("cumulative", "tottime"):
        print(f"profile top {PROFILE_TOP} by {order} ({PROFILED}):", file=out)
        stats = pstats.Stats(profiler, stream=out)
        stats.sort_stats(order).print_stats(PROFILED, PROFILE_TOP)
    return out.getvalue().rstrip()


def profile_path(path: str, cfg: Config) -> str:
    """One run's profile file among several: ``FILE`` with ``.n1000_img`` before its suffix."""
    file = Path(path)
    tag = f"n{cfg.tables}_{'img' if cfg.images else 'noimg'}"
    return str(file.with_name(f"{file.stem}.{tag}{file.suffix}"))


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--tables", default="1,100,1000", help="comma-separated table counts")
    parser.add_argument("--images", default="on,off", help="on, off or on,off")
    parser.add_argument("--rate", type=float, default=0.1, help="clicks per table per second")
    parser.add_argument("--duration", type=float, default=20.0, help="seconds of clicking")
    parser.add_argument("--min-clicks", type=int, default=200, help="compress time below this")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--memory",
        choices=("rss", "tracemalloc"),
        default="rss",
        help="per-game memory: RSS growth, or what bot/ and engine/ allocated and still hold"
        " (tracemalloc slows every click: its latencies are not comparable)",
    )
    parser.add_argument(
        "--render-processes",
        type=int,
        default=Settings.model_fields["render_processes"].default,
        help="RENDER_PROCESSES: worker processes that draw pictures (0: threads)",
    )
    parser.add_argument(
        "--computers",
        type=int,
        default=0,
        help="of the tables, this many seat one member against a hard computer (Treppenrommé)",
    )
    parser.add_argument(
        "--computer-processes",
        type=int,
        default=Settings.model_fields["computer_processes"].default,
        help="COMPUTER_PROCESSES: worker processes that make the computer's moves (0: threads)",
    )
    parser.add_argument(
        "--gc-freeze",
        choices=("on", "off"),
        default="on" if Settings.model_fields["gc_freeze"].default else "off",
        help="GC_FREEZE: freeze the survivors of each full collection (off: at start-up only)",
    )
    parser.add_argument(
        "--gc-young",
        type=int,
        default=Settings.model_fields["gc_young_threshold"].default,
        help="GC_YOUNG_THRESHOLD: the collector's young generation, in objects",
    )
    parser.add_argument(
        "--gc-old",
        type=int,
        default=Settings.model_fields["gc_old_threshold"].default,
        help="GC_OLD_THRESHOLD: middle passes of the collector before a full one",
    )
    parser.add_argument(
        "--profile",
        metavar="FILE",
        default=None,
        help="cProfile the steady clicking phase into FILE and print its top functions"
        " (slows every call: latencies are not comparable)",
    )
    parser.add_argument(
        "--simcord-copy",
        choices=("plain", "pickle", "deepcopy"),
        default="plain",
        help="how SimCord, standing in for Discord, copies its payloads: a plain recursion over"
        " the JSON-like data, a pickle round trip, or its own copy.deepcopy (the slowest)",
    )
    parser.add_argument(
        "--simcord-validate",
        choices=("once", "twice"),
        default="once",
        help="how often SimCord validates an edited message's components: once (its HTTP"
        " layer; its store takes that list as it is) or twice (SimCord as it is)",
    )
    parser.add_argument(
        "--simcord-store",
        choices=STORE_MODES,
        default="packed",
        help="how SimCord keeps the messages it stores: their lists marshalled, out of the"
        " bot's cycle collector's sight (Discord keeps them on its own machines), or plain"
        " (SimCord as it is)",
    )
    parser.add_argument(
        "--db-dir",
        default=None,
        help="where the temporary SQLite database lives (default: the system's temporary"
        " directory); /dev/shm keeps a stalling disk out of the latencies (fsync_p99_ms says"
        " what the disk did)",
    )
    parser.add_argument("--quick", action="store_true", help="2 and 10 tables, 5 s each")
    args = parser.parse_args(argv)
    if args.quick:
        args.tables, args.duration, args.min_clicks = "2,10", 5.0, 50
    return args


def configs(args: argparse.Namespace) -> list[Config]:
    counts = [int(n) for n in str(args.tables).split(",") if n]
    images = [v.strip() == "on" for v in str(args.images).split(",") if v.strip()]
    return [
        Config(
            n,
            image,
            args.rate,
            args.duration,
            args.min_clicks,
            args.seed,
            args.memory,
            args.render_processes,
            args.gc_freeze == "on",
            args.gc_young,
            args.simcord_copy,
            args.gc_old,
            args.simcord_validate,
            args.db_dir,
            args.computers,
            args.computer_processes,
            args.simcord_store,
        )
        for n in counts
        for image in images
    ]


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    runs = configs(args)
    print(
        f"config tables={args.tables} images={args.images} rate={args.rate} "
        f"duration_s={args.duration} min_clicks={args.min_clicks} seed={args.seed} "
        f"games={'/'.join(GAMES)} members_per_table=2 db=sqlite({args.db_dir or 'temp'}) "
        f"memory={args.memory} render_processes={args.render_processes} "
        f"computers={args.computers} computer_processes={args.computer_processes} "
        f"gc_freeze={args.gc_freeze} gc_young={args.gc_young} gc_old={args.gc_old} "
        f"simcord_copy={args.simcord_copy} simcord_validate={args.simcord_validate} "
        f"simcord_store={args.simcord_store}"
        + (f" profile={args.profile}" if args.profile else ""),
        flush=True,
    )
    if len(runs) == 1:
        figures = asyncio.run(run_load(runs[0], args.profile))
        print(f"rate_scale={runs[0].rate_scale:.1f} {figures.line()}", flush=True)
        print(figures.summary(), flush=True)
        return
    summary = []
    for cfg in runs:  # each run in a fresh process: RSS and caches start alike
        lines = run_child(args, cfg)
        if args.profile:  # the child's profile report comes before its figures
            print("\n".join(lines[lines.index(_config_line(lines)) + 1 : -2]), flush=True)
        print(lines[-2], flush=True)
        summary.append(lines[-1])
    print(" ".join(summary), flush=True)


def run_child(args: argparse.Namespace, cfg: Config) -> list[str]:
    command = [sys.executable, str(Path(__file__).resolve()), "--tables", str(cfg.tables)]
    command += ["--images", "on" if cfg.images else "off", "--rate", str(args.rate)]
    command += ["--duration", str(args.duration), "--min-clicks", str(args.min_clicks)]
    command += ["--seed", str(args.seed), "--memory", args.memory]
    command += ["--render-processes", str(args.render_processes)]
    command += ["--computers", str(args.computers)]
    command += ["--computer-processes", str(args.computer_processes)]
    command += ["--gc-freeze", str(args.gc_freeze), "--gc-young", str(args.gc_young)]
    command += ["--gc-old", str(args.gc_old)]
    command += ["--simcord-copy", args.simcord_copy]
    command += ["--simcord-validate", args.simcord_validate]
    command += ["--simcord-store", args.simcord_store]
    if args.db_dir:
        command += ["--db-dir", args.db_dir]
    if args.profile:
        command += ["--profile", profile_path(args.profile, cfg)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.stderr.write(done.stderr)
        raise SystemExit(f"the run with {cfg.tables} tables failed")
    return done.stdout.strip().splitlines()


def _config_line(lines: list[str]) -> str:
    return next(line for line in lines if line.startswith("config "))


if __name__ == "__main__":
    main()
