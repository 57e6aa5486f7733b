"""A per-member limit on clicks and autocomplete: one member's burst is answered with a short
refusal before it reaches a lock, the database or a picture, so it cannot slow everyone else.
The refusal is said once; the clicks that follow it while the member has no token left are
not answered at all (Discord shows them as failed), so a burst costs the bot no HTTP call."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from engine.i18n import N_

SLOW_DOWN = N_("You are clicking faster than the table can follow; wait a moment and try again.")
MEMBERS_KEPT = 10_000  # buckets of members seen most recently; older ones start full again


class Verdict(Enum):
    """What to do with a member's action: go on, say "slow down", or leave it unanswered."""

    GO = "go"
    REFUSE = "refuse"
    IGNORE = "ignore"


@dataclass(slots=True)
class Bucket:
    """A member's tokens: one per action, refilled at a steady rate up to the burst size.
    ``told``: the member was refused since their last allowed action."""

    tokens: float
    updated: float
    told: bool = False


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
        """Take one token for the member; False when they have none left."""
        return self.check(member_id) is Verdict.GO

    def check(self, member_id: int) -> Verdict:
        """Take one token for the member if they have one (GO); otherwise REFUSE the first
        action after their last allowed one and IGNORE the rest of the burst."""
        if self.per_second <= 0:
            return Verdict.GO  # the limit is off
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
            verdict = Verdict.IGNORE if bucket.told else Verdict.REFUSE
            bucket.told = True
            return verdict
        bucket.tokens -= 1.0
        bucket.told = False
        return Verdict.GO
