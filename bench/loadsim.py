"""The SimCord side of the load benchmark (bench/load.py): concurrent clicks, their answers and
the measuring instruments (event-loop ticker, commit counter, memory).

SimCord's public operations (``member.click`` and friends) run one at a time and each waits
until *all* of the bot's work has settled, which is what tests want and exactly what a load
test must not do. ``ConcurrentEnv`` lets a task marked with :func:`concurrent` use the same
public operations without the one-at-a-time guard and without settling; the click returns as
soon as Discord has delivered the interaction, and :class:`Answers` tells when the bot has
answered it (SimCord marks the interaction record answered when the bot's reply arrives).

Only SimCord is adapted here; the bot is reached solely through Discord interactions.
"""

from __future__ import annotations

import asyncio
import contextvars
import copy
import gc
import os
import pickle
import resource
import sys
import tempfile
import time
import tracemalloc
import types
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite
import simcord.backend.ops.messages as sc_messages
import simcord.http._helpers as sc_helpers
from simcord import Env, InteractionResult
from simcord._dpy_internals import release_clocks
from simcord._runtime import _restore_loop
from simcord.backend.models.interaction import Interaction, ResponseKind

import bot.storage.sqlite as sqlite_store
from bot.settings import OLD_THRESHOLD, YOUNG_THRESHOLD

ROOT = Path(__file__).resolve().parents[1]
LOG_KEPT = 0  # SimCord's request and event logs: entries kept (see fast_bookkeeping)
_CONCURRENT: contextvars.ContextVar[bool] = contextvars.ContextVar("load_concurrent", default=False)


@contextmanager
def concurrent() -> Iterator[None]:
    """SimCord operations in this context neither queue behind each other nor settle."""
    token = _CONCURRENT.set(True)
    try:
        yield
    finally:
        _CONCURRENT.reset(token)


class ConcurrentEnv(Env):
    """SimCord with its test-only scheduling layer switched off for the load phase.

    For tests SimCord runs the bot on a virtual clock: it patches the event loop so every
    callback and task the bot schedules is recorded, every timer fires on virtual time (with
    a real-time fallback that advances the clock and *settles*, i.e. scans all of the bot's
    pending tasks against all recorded callbacks), and ``time.monotonic`` and discord.py's
    ``utcnow`` read the virtual clock. That is what makes tests deterministic, and none of it
    exists in production. Under load it dominated what the benchmark measured: a callback
    record and a reference cycle per callback the bot scheduled, and every so often a
    settlement scan quadratic in the thousands of sleeping tasks that stood the loop still for
    seconds (docs/performance.md). :meth:`run_natively` puts the event loop's own methods and
    clocks back, so the bot schedules and sleeps in real time as it would in production;
    SimCord still plays Discord (gateway events, REST, interactions, components) in process.
    Its clock then stands still, so its 3-second answer deadline never expires an interaction;
    the benchmark times every answer itself and counts one missing after 30 s as unanswered."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._native = False
        self.task_errors: list[BaseException] = []

    def run_natively(self) -> None:
        """Call right after :meth:`start`: from here on the bot runs in real time."""
        loop = self._loop
        assert self._runtime is not None and loop is not None, "start the Env first"
        _restore_loop(self)  # SimCord's own undoing of its loop hooks (as when it detaches)
        release_clocks(self)
        self._native = True
        # Timers the bot armed before now are virtual: SimCord would fire one by advancing its
        # clock (and Discord's with it, which expires interactions in flight). Fire each in
        # real time instead, after what was left of its delay; the virtual clock stands still.
        for record in list(self._work.callbacks):
            handle, fallback = record.handle, record.real_handle
            if record.when is None or handle is None or handle.cancelled():
                continue
            if fallback is not None:
                fallback.cancel()
                record.real_handle = None
            loop.call_later(max(0.0, record.when - self._virtual_time), handle._run)
        # Errors in tasks SimCord no longer tracks still count (it counted them before).
        loop.set_exception_handler(self._count_task_error)

    def _count_task_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        self.task_errors.append(error if error is not None else RuntimeError(context["message"]))
        loop.default_exception_handler(context)

    def fast_bookkeeping(self) -> None:
        """SimCord logs every HTTP request (a deep copy of its JSON) and every gateway event,
        for tests to read, and never lets go: at 100 clicks a second that is millions of
        objects the garbage collector walks through, which would measure SimCord's log, not
        the bot. The load benchmark keeps ``LOG_KEPT`` entries (none: even a short log's
        entries lived long enough to be promoted to the collector's old generation), and no
        uploaded picture (the members read the messages' text, never a picture)."""
        backend: Any = self.backend
        backend.http_requests = deque(backend.http_requests, maxlen=LOG_KEPT)
        backend.transcript = deque(backend.transcript, maxlen=LOG_KEPT)
        # Its fake CDN keeps every picture the bot uploads (a hand or table picture per click,
        # about 13 KB each): SimCord's memory, which RSS per game would count as the bot's.
        backend.cdn._blobs = _KeepNothing()

    def _begin_operation(self, label: str) -> None:
        if not _CONCURRENT.get():
            super()._begin_operation(label)

    def _end_operation(self) -> None:
        if not _CONCURRENT.get():
            super()._end_operation()

    async def _settle_internal(self, **kwargs: Any) -> None:
        if not self._native and not _CONCURRENT.get():
            await super()._settle_internal(**kwargs)


class _KeepNothing(dict[str, bytes]):
    """A mapping that forgets whatever is stored in it."""

    def __setitem__(self, key: str, value: bytes) -> None:
        pass


class Answers:
    """Resolves a future when the bot answers an interaction.

    An answer is the first response that is not a "thinking…" defer (type 5); a type-5 defer
    counts when its message is completed. A deferred *update* counts at the acknowledgement
    (it is counted apart as ``deferred``)."""

    def __init__(self) -> None:
        self._waiting: dict[int, asyncio.Future[float]] = {}
        self.deferred = 0
        self._original: Any = None

    def install(self) -> None:
        answers = self

        def hooked(record: Interaction, name: str, value: Any) -> None:
            object.__setattr__(record, name, value)
            if name in ("responded", "response_kind"):
                answers._check(record)

        self._original = Interaction.__dict__.get("__setattr__")
        Interaction.__setattr__ = hooked  # type: ignore[method-assign,assignment]

    def uninstall(self) -> None:
        if self._original is None:
            del Interaction.__setattr__
        else:
            Interaction.__setattr__ = self._original  # type: ignore[method-assign]

    @staticmethod
    def _answered(record: Interaction) -> bool:
        return bool(record.responded) and record.response_kind is not ResponseKind.DEFERRED

    def _check(self, record: Interaction) -> None:
        future = self._waiting.get(record.id)
        if future is not None and not future.done() and self._answered(record):
            if record.response_kind is ResponseKind.DEFERRED_UPDATE:
                self.deferred += 1
            future.set_result(time.perf_counter())

    async def wait(self, result: InteractionResult, timeout: float) -> float:
        """The perf_counter time at which the interaction was answered."""
        record: Interaction = result._interaction
        if self._answered(record):
            return time.perf_counter()
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self._waiting[record.id] = future
        try:
            return await asyncio.wait_for(future, timeout)
        finally:
            self._waiting.pop(record.id, None)


class LagTicker:
    """Event-loop lag: how late a short sleep wakes up, sampled every ``period`` seconds."""

    def __init__(self, period: float = 0.01) -> None:
        self.period = period
        self.samples: list[float] = []
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        while True:
            start = time.perf_counter()
            await asyncio.sleep(self.period)
            self.samples.append(max(0.0, time.perf_counter() - start - self.period))

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with suppress(asyncio.CancelledError):
                await self._task


def stored_components(message: Any) -> list[Any]:
    """A message's components as SimCord stores them. Its public ``components`` deep-copies
    them on every read (a quarter of the event loop's CPU at 1,000 tables in a profile of
    2 Dec 2026): work of the stand-in for Discord, not of the bot, so the harness, which only
    reads them, looks at the stored ones."""
    stored = getattr(message, "_message", None)
    return list(stored.components) if stored is not None else list(message.components)


def component_rows(message: Any) -> Iterator[dict[str, Any]]:
    """Every component of a message (buttons and selects nested in rows)."""
    rows = [c.to_dict() if hasattr(c, "to_dict") else c for c in stored_components(message)]
    stack = list(reversed(rows))
    while stack:
        component = stack.pop()
        yield component
        stack.extend(reversed(component.get("components", [])))


def operation_of(component: dict[str, Any]) -> str:
    """The bot's custom ids read ``prefix:id:operation…``; the operation names the control."""
    parts = str(component.get("custom_id", "")).split(":")
    return parts[2] if len(parts) > 2 else ""


def controls(message: Any) -> dict[str, dict[str, Any]]:
    """The message's enabled controls by operation name."""
    return {
        operation_of(c): c
        for c in component_rows(message)
        if c.get("custom_id") and not c.get("disabled")
    }


def button_labelled(message: Any, label: str) -> bool:
    return any(c.get("label") == label and not c.get("disabled") for c in component_rows(message))


def quantile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def rss_kb() -> float:
    """Current resident set size in KB (Linux /proc), else the peak from getrusage."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return float(line.split()[1])
    except OSError:
        pass
    return float(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


@contextmanager
def timed_collections(pauses: list[float]) -> Iterator[None]:
    """Time every garbage collection (a full one stops the event loop like any other work)."""
    started: list[float] = []

    def callback(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[:] = [time.perf_counter()]
        elif started:
            pauses.append(time.perf_counter() - started.pop())

    gc.callbacks.append(callback)
    try:
        yield
    finally:
        gc.callbacks.remove(callback)


@contextmanager
def counted_commits(times: list[float]) -> Iterator[None]:
    """Time every commit: a batch of units with its commit, on the database's thread
    (``bot.storage.sqlite._batch``), and the commit after a unit that read midway
    (aiosqlite's Connection.commit)."""
    original = aiosqlite.Connection.commit
    batch = sqlite_store._batch

    async def commit(self: aiosqlite.Connection) -> None:
        start = time.perf_counter()
        await original(self)
        times.append(time.perf_counter() - start)

    def timed_batch(*args: Any) -> Any:
        start = time.perf_counter()
        try:
            return batch(*args)
        finally:
            times.append(time.perf_counter() - start)  # list.append is safe from a thread

    aiosqlite.Connection.commit = commit  # type: ignore[method-assign]
    sqlite_store._batch = timed_batch
    try:
        yield
    finally:
        aiosqlite.Connection.commit = original  # type: ignore[method-assign]
        sqlite_store._batch = batch


def bot_held_kb(snapshot: tracemalloc.Snapshot) -> float:
    """KB still allocated whose allocating line is in bot/ or engine/ (not SimCord's copies)."""
    mine = [
        tracemalloc.Filter(True, str(ROOT / "bot" / "*")),
        tracemalloc.Filter(True, str(ROOT / "engine" / "*")),
    ]
    return sum(stat.size for stat in snapshot.filter_traces(mine).statistics("filename")) / 1024


@dataclass
class Config:
    tables: int
    images: bool
    rate: float = 0.1  # clicks per table per second
    duration: float = 20.0  # seconds of steady clicking
    min_clicks: int = 200
    seed: int = 1
    memory: str = "rss"  # or "tracemalloc": bytes still held that bot/ or engine/ allocated
    render_processes: int = 1  # RENDER_PROCESSES: worker processes for pictures, 0 = threads
    gc_freeze: bool = True  # GC_FREEZE: freeze the survivors of each full collection
    gc_young: int = YOUNG_THRESHOLD  # GC_YOUNG_THRESHOLD: the young generation, in objects
    simcord_copy: str = "plain"  # how SimCord copies payloads (simcord_copies)
    gc_old: int = OLD_THRESHOLD  # GC_OLD_THRESHOLD: middle passes before a full one
    simcord_validate: str = "once"  # how often SimCord validates an edit (simcord_validation)
    db_dir: str | None = None  # where the temporary database lives (None: the system's temp)
    computers: int = 0  # tables where one member plays a hard computer (Treppenrommé)
    computer_processes: int = 1  # COMPUTER_PROCESSES: worker processes for its moves, 0 = threads
    simcord_store: str = "packed"  # how SimCord keeps its messages (bench/simstore.py)

    @property
    def rate_scale(self) -> float:
        natural = self.tables * self.rate * self.duration
        return max(1.0, self.min_clicks / natural) if natural > 0 else 1.0


@dataclass
class Figures:
    config: Config
    latencies: list[float] = field(default_factory=list)  # seconds
    lags: list[float] = field(default_factory=list)
    commit_times: list[float] = field(default_factory=list)
    gc_pauses: list[float] = field(default_factory=list)  # seconds the collector held the loop
    refused: int = 0
    unanswered: int = 0
    deferred: int = 0
    errors: int = 0
    games: int = 0
    setup_s: float = 0.0
    run_s: float = 0.0
    mem_kb_per_game: float = 0.0
    mem_live_kb_per_game: float | None = None  # tracemalloc only: after a full collection
    gc_reclaimable: int = 0  # objects a full pass after the run found (frozen or not)
    by_kind: dict[str, int] = field(default_factory=dict)
    validations: Validations | None = None  # SimCord's store, the whole run (simcord_validation)
    loop_cpu_s: float = 0.0  # the event loop thread's CPU in the steady phase (bot and harness)
    fsync_p99_ms: float = 0.0  # the database directory's disk, probed before the run

    @property
    def clicks(self) -> int:
        return len(self.latencies)

    def values(self) -> dict[str, object]:
        ms = 1000.0
        return {
            "tables": self.config.tables,
            "images": "on" if self.config.images else "off",
            "clicks": self.clicks,
            "click_p50_ms": _fmt(quantile(self.latencies, 0.5) * ms),
            "click_p99_ms": _fmt(quantile(self.latencies, 0.99) * ms),
            "click_max_ms": _fmt(max(self.latencies, default=0.0) * ms),
            "lag_p50_ms": _fmt(quantile(self.lags, 0.5) * ms),
            "lag_p99_ms": _fmt(quantile(self.lags, 0.99) * ms),
            "lag_max_ms": _fmt(max(self.lags, default=0.0) * ms),
            "commits_per_s": _fmt(len(self.commit_times) / self.run_s if self.run_s else 0.0),
            "commit_p99_ms": _fmt(quantile(self.commit_times, 0.99) * ms),
            "loop_cpu_ms_per_click": _fmt(self.loop_cpu_s / self.clicks * ms if self.clicks else 0),
            "fsync_p99_ms": _fmt(self.fsync_p99_ms),
            "gc_max_ms": _fmt(max(self.gc_pauses, default=0.0) * ms),
            "gc_total_ms": _fmt(sum(self.gc_pauses) * ms),
            "gc_reclaimable": self.gc_reclaimable,
            "mem_kb_per_game": _fmt(self.mem_kb_per_game),
            **(
                {}
                if self.mem_live_kb_per_game is None
                else {"mem_live_kb_per_game": _fmt(self.mem_live_kb_per_game)}
            ),
            **(
                {}
                if self.validations is None
                else {
                    "simcord_store_validated": self.validations.validated,
                    "simcord_store_reused": self.validations.reused,
                }
            ),
            "refused": self.refused,
            "unanswered": self.unanswered,
            "deferred": self.deferred,
            "errors": self.errors,
            "setup_s": _fmt(self.setup_s),
            "run_s": _fmt(self.run_s),
        }

    def line(self) -> str:
        return " ".join(f"{k}={v}" for k, v in self.values().items())

    def summary(self) -> str:
        """The headline figures, prefixed with the run (n100_img_...), for the last line."""
        tag = f"n{self.config.tables}_{'img' if self.config.images else 'noimg'}"
        keys = (
            *("click_p50_ms", "click_p99_ms", "click_max_ms", "lag_p99_ms", "lag_max_ms"),
            *("commits_per_s", "commit_p99_ms", "loop_cpu_ms_per_click", "fsync_p99_ms"),
            *("gc_max_ms", "mem_kb_per_game", "mem_live_kb_per_game"),
        )
        values = self.values()
        return " ".join(f"{tag}_{k}={values[k]}" for k in keys if k in values)


FSYNC_PROBES = 60  # fsyncs of the database's directory before a run
FSYNC_PROBE_GAP = 0.025  # seconds between them: a commit comes after a pause, not in a stream


def fsync_p99_ms(directory: str) -> float:
    """The 99th percentile of an fsync in ``directory``, in ms, each after a short pause. The
    answer to a click waits for its commit (``synchronous = FULL``): a disk whose fsyncs stall
    now and then sets the click p99 of a quiet run (seen: 214 ms on a machine of 3 Dec 2026,
    against under 1 ms on others), so every run says what its disk did."""
    times: list[float] = []
    with tempfile.NamedTemporaryFile(dir=directory, prefix="fsync") as probe:
        for _ in range(FSYNC_PROBES):
            probe.write(b"x" * 4096)
            probe.flush()
            started = time.perf_counter()
            os.fsync(probe.fileno())
            times.append(time.perf_counter() - started)
            time.sleep(FSYNC_PROBE_GAP)
    return quantile(times, 0.99) * 1000.0


def _fmt(value: float) -> str:
    return f"{value:.1f}"


def _pickled_copy(value: Any, memo: Any = None) -> Any:
    """A deep copy of plain data through pickle (C code), falling back to ``copy.deepcopy``."""
    try:
        return pickle.loads(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    except Exception:  # anything pickle cannot carry is copied the slow way
        return copy.deepcopy(value, memo)


_LEAVES = (str, int, float, bool, type(None), bytes)


def _plain_copy(value: Any, memo: Any = None) -> Any:
    """A deep copy of JSON-like data (dicts, lists and tuples of plain values), which shares
    the immutable leaves as ``copy.deepcopy`` does (a pickle round trip makes new strings)
    without its memo and dispatch; anything else is copied by ``copy.deepcopy``."""
    kind = type(value)
    if kind is dict:
        return {key: _plain_copy(item) for key, item in value.items()}
    if kind is list:
        return [_plain_copy(item) for item in value]
    if kind in _LEAVES:
        return value
    if kind is tuple:
        return tuple(_plain_copy(item) for item in value)
    return copy.deepcopy(value, memo)


@contextmanager
def simcord_copies(mode: str) -> Iterator[None]:
    """How SimCord copies its payloads. SimCord, standing in for Discord, deep-copies every
    payload it hands over, stores or logs with ``copy.deepcopy`` (pure Python, with a memo
    and a dispatch a value: the largest share of the event loop's CPU at 1,000 tables in a
    profile of 2 Dec 2026). Discord does that work on its own machines, and the real client
    pays only a JSON decode (C code). ``plain`` (the default) copies JSON-like data with a
    plain recursion sharing the immutable leaves, as ``copy.deepcopy`` does; ``pickle`` by a
    pickle round trip (as fast, but every string copied anew: about 8 KB more RSS a game);
    ``deepcopy`` leaves SimCord as it is. Either way the bot runs unchanged."""
    if mode == "deepcopy":
        yield
        return
    faster = _pickled_copy if mode == "pickle" else _plain_copy
    fast = types.SimpleNamespace(deepcopy=faster, copy=copy.copy)
    patched: list[tuple[Any, str, Any]] = []
    for name, module in list(sys.modules.items()):
        if not name.startswith("simcord") or module is None:
            continue
        if getattr(module, "deepcopy", None) is copy.deepcopy:
            patched.append((module, "deepcopy", copy.deepcopy))
            module.deepcopy = faster
        if getattr(module, "copy", None) is copy:
            patched.append((module, "copy", copy))
            module.copy = fast
    try:
        yield
    finally:
        for module, attribute, original in patched:
            setattr(module, attribute, original)


@dataclass
class Validations:
    """What SimCord's store did with the components it was given: validated them itself, or
    took the list its HTTP layer had just validated (``reused``)."""

    validated: int = 0
    reused: int = 0


@contextmanager
def simcord_validation(mode: str) -> Iterator[Validations]:
    """How often SimCord validates an edited message's components. Its HTTP layer validates
    the edit (and returns the components normalised), then its store validates the same
    components again when it saves the message: at 1,000 tables a fifth of the event loop's
    CPU in a profile of 3 Dec 2026, work Discord does once and on its own machines. ``once``
    (the default) lets the store take components equal to the list the HTTP layer has just
    validated as they are (the list reaches the store as a copy, so it is compared, not
    identified: identity never matched, a mistake found on 3 Dec 2026 at 08:50); anything
    else (a table message whose picture the HTTP layer has resolved to its CDN address
    meanwhile, a message SimCord itself edits) is still validated. ``twice``: SimCord as it
    is. Either way every payload the bot sends is validated."""
    counts = Validations()
    if mode == "twice":
        yield counts
        return
    validated: list[Any] = []  # the list the HTTP layer validated last

    def http_layer(components: Any, **kwargs: Any) -> Any:
        result = original_http(components, **kwargs)
        validated[:] = [result]
        return result

    def store(components: Any, **kwargs: Any) -> Any:
        if validated and components == validated[0]:
            validated.clear()
            counts.reused += 1
            return components
        counts.validated += 1
        return original_store(components, **kwargs)

    original_http = sc_helpers.validate_message_state
    original_store = sc_messages.validate_message_state
    sc_helpers.validate_message_state = http_layer
    sc_messages.validate_message_state = store
    try:
        yield counts
    finally:
        sc_helpers.validate_message_state = original_http
        sc_messages.validate_message_state = original_store
