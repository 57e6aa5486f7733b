"""A per-member limit on clicks and autocomplete: one member's burst is answered with a short
refusal before it reaches a lock, the database or a picture, so it cannot slow everyone else."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from engine.i18n import N_

SLOW_DOWN = N_("You are clicking faster than the table can follow; wait a moment and try again.")
MEMBERS_KEPT = 10_000  # buckets of members seen most recently; older ones start full again


@dataclass(slots=True)
class Bucket:
    """A member's tokens: one per action, refilled at a steady rate up to the burst size."""

    tokens: float
    updated: float


class RateLimiter:
    """Token buckets by member id: ``burst`` actions at once, then ``per_second``."""

    def __init__(
        self, per_second: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.per_second = per_second
        self.burst = burst
        self.clock = clock
        self._buckets: OrderedDict[int, Bucket] = OrderedDict()

    def allow(self, member_id: int) -> bool:
        """Take one token for the member; False when they have none left (nothing else
        changes: a refused action costs the member nothing further)."""
        if self.per_second <= 0:
            return True  # the limit is off
        now = self.clock()
        bucket = self._buckets.get(member_id)
        if bucket is None:
            bucket = Bucket(float(self.burst), now)
            self._buckets[member_id] = bucket
            while len(self._buckets) > MEMBERS_KEPT:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(member_id)
            elapsed = max(0.0, now - bucket.updated)
            bucket.tokens = min(float(self.burst), bucket.tokens + elapsed * self.per_second)
            bucket.updated = now
        if bucket.tokens < 1.0:
            return False
        bucket.tokens -= 1.0
        return True
