"""Python's cycle collector on a busy bot.

A full pass of the collector walks every tracked object and stops the event loop while it
runs: with a thousand live tables a few hundred milliseconds, long enough to hold up every
click that arrives meanwhile (docs/performance.md). Most of what it walks lives long and never
becomes garbage (modules, caches, live games), so the bot takes it out of the collector's
sight:

- **At start-up** everything loaded so far (modules, restored games) is frozen once.
- **After every full pass** (``GC_FREEZE``, on by default) its survivors are frozen too, so
  the next full pass walks only what was born since.
- **Every ``GC_RECLAIM_SECONDS``** the frozen objects are thawed instead, so the next full pass
  walks and frees from everything. A frozen object is still freed by reference counting when
  its last reference goes; only a *cycle* that dies while frozen waits for this pass, whose
  longer pause is paid once per interval instead of every second or so.
- **The young generation's size** (``GC_YOUNG_THRESHOLD``, by default Python's own 700). A
  larger one runs the cheap young passes less often, so less of a click's short-lived work is
  still alive at one of them and promoted towards the old generation (whose growth sets off a
  full pass); but each young pass, and the first full pass after a busy start, takes longer.
  At 1,000 tables neither 2,000 nor 5,000 beat 700 (docs/performance.md).
- **How many middle passes come before a full one** (``GC_OLD_THRESHOLD``, by default 2
  against Python's 10). Each full pass walks what the middle passes promoted since the last
  one; with survivors frozen that is all it walks, so five times as many full passes each
  walk a fifth as much: at 1,000 tables the longest pause fell from 72-84 ms to 19-25 ms,
  at the same total collector time (docs/performance.md)."""

from __future__ import annotations

import gc
import logging
import time

log = logging.getLogger(__name__)

_STARTED: list[bool] = []  # start-up is frozen once per process (tests start many bots)


def freeze_start_up() -> None:
    """Freeze what start-up loaded (modules, restored games), once per process."""
    if _STARTED:
        return
    _STARTED.append(True)
    gc.collect()
    gc.freeze()


class FreezeAfterFullPasses:
    """Driven by the collector itself rather than a timer: when a full
    pass ends, what survived it is frozen, so the next full pass walks only what was born
    since. Once every ``reclaim_seconds`` the survivors are thawed instead, so the next full
    pass walks (and frees from) everything. A gc callback, not a task: no timer to keep, and
    it follows the collector's own rhythm (a full pass comes when many objects have survived
    the young passes)."""

    def __init__(self, reclaim_seconds: float) -> None:
        self.reclaim_seconds = reclaim_seconds
        self._next_reclaim = time.monotonic() + reclaim_seconds
        self._started = 0.0
        self._thawed = False

    def install(self) -> None:
        """Start following the collector's full passes (installing twice does nothing)."""
        if self._callback not in gc.callbacks:
            gc.callbacks.append(self._callback)

    def uninstall(self) -> None:
        """Stop following the collector; what is frozen stays frozen."""
        if self._callback in gc.callbacks:
            gc.callbacks.remove(self._callback)

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            self._started = time.perf_counter()
            return
        if self._thawed:  # this was the reclaiming pass
            self._thawed = False
            log.info(
                "collector: full pass over everything freed %d objects in %.0f ms",
                info.get("collected", 0),
                (time.perf_counter() - self._started) * 1000,
            )
        if time.monotonic() >= self._next_reclaim:
            self._next_reclaim = time.monotonic() + self.reclaim_seconds
            self._thawed = True
            gc.unfreeze()  # the next full pass walks everything once
        else:
            gc.freeze()  # the pass has ended: its survivors are out of the next one's sight


_policy: list[FreezeAfterFullPasses] = []
_thresholds_found: list[tuple[int, int, int]] = []  # Python's thresholds before install()


def install(
    enabled: bool,
    reclaim_seconds: float,
    young_threshold: int | None = None,
    old_threshold: int | None = None,
) -> None:
    """Freeze the survivors of every full pass from now on, size the young generation and
    say how many middle passes come before a full one (``None``: leave Python's threshold).
    Once per process; ``uninstall`` undoes all three."""
    if young_threshold is not None or old_threshold is not None:
        if not _thresholds_found:
            _thresholds_found.append(gc.get_threshold())
        young, middle, old = gc.get_threshold()
        gc.set_threshold(
            young if young_threshold is None else young_threshold,
            middle,
            old if old_threshold is None else old_threshold,
        )
    if not enabled or _policy:
        return
    policy = FreezeAfterFullPasses(reclaim_seconds)
    policy.install()
    _policy.append(policy)


def uninstall() -> None:
    """Stop freezing, thaw everything and put Python's thresholds back (tests; a process that
    hosts bots one after another)."""
    while _policy:
        _policy.pop().uninstall()
    gc.unfreeze()
    if _thresholds_found:
        gc.set_threshold(*_thresholds_found.pop())
