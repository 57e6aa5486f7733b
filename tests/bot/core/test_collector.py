"""The cycle-collector policy (bot/core/collector.py): the survivors of a full pass are frozen
out of the next one, and the reclaim pass still frees the cycles that died while frozen."""

from __future__ import annotations

import gc
import logging
import weakref
from collections.abc import Iterator

import pytest
from simcord import Env

from bot.app import TreppenBot
from bot.core import collector


class Node:
    """A tiny reference cycle: only the cycle collector can free it."""

    def __init__(self) -> None:
        self.me = self


class Leaf:
    """An object in no cycle."""


@pytest.fixture
def policy() -> Iterator[collector.FreezeAfterFullPasses]:
    """A policy of this test's own, removed (and everything thawed) afterwards."""
    installed = collector.FreezeAfterFullPasses(reclaim_seconds=3600)
    installed.install()
    yield installed
    installed.uninstall()
    gc.unfreeze()


def tracked(obj: object) -> bool:
    """Whether a full pass would walk ``obj`` (frozen objects are not in any generation)."""
    return any(seen is obj for seen in gc.get_objects())


def test_the_survivors_of_a_full_pass_are_frozen(
    policy: collector.FreezeAfterFullPasses,
) -> None:
    node = Node()
    assert tracked(node)
    gc.collect()
    assert not tracked(node), "the next full pass no longer walks it"
    born_after = Node()
    assert tracked(born_after), "what is born after the pass is walked as usual"


def test_a_cycle_that_dies_frozen_waits_for_the_reclaiming_pass(
    policy: collector.FreezeAfterFullPasses, caplog: pytest.LogCaptureFixture
) -> None:
    node = Node()
    alive = weakref.ref(node)
    gc.collect()  # frozen now
    del node
    gc.collect()
    assert alive() is not None, "a frozen dead cycle is out of an ordinary full pass's sight"
    policy._next_reclaim = 0.0  # the reclaim interval is over
    gc.collect()  # this pass thaws afterwards ...
    assert alive() is not None
    with caplog.at_level(logging.INFO, logger="bot.core.collector"):
        gc.collect()  # ... so this one walks everything
    assert alive() is None
    assert any("over everything freed" in r.getMessage() for r in caplog.records)
    assert not policy._thawed


def test_a_frozen_object_in_no_cycle_is_freed_at_once(
    policy: collector.FreezeAfterFullPasses,
) -> None:
    leaf = Leaf()
    alive = weakref.ref(leaf)
    gc.collect()
    assert not tracked(leaf)
    del leaf
    assert alive() is None, "reference counting frees frozen objects as usual"


def test_young_passes_freeze_nothing(policy: collector.FreezeAfterFullPasses) -> None:
    frozen = gc.get_freeze_count()
    node = Node()
    gc.collect(0)
    gc.collect(1)
    assert gc.get_freeze_count() == frozen
    assert tracked(node)


def test_install_is_once_per_process_and_off_when_disabled() -> None:
    try:
        collector.install(False, 3600)
        assert collector._policy == []
        collector.install(True, 3600)
        collector.install(True, 3600)
        assert len(collector._policy) == 1
        assert gc.callbacks.count(collector._policy[0]._callback) == 1
    finally:
        collector.uninstall()
    assert collector._policy == []
    assert gc.get_freeze_count() == 0


def test_the_young_generation_is_sized_and_put_back() -> None:
    found = gc.get_threshold()
    try:
        collector.install(False, 3600, young_threshold=found[0] + 1234)
        assert gc.get_threshold() == (found[0] + 1234, found[1], found[2])
        collector.install(False, 3600, young_threshold=found[0] + 99)  # a second bot's setting
        assert gc.get_threshold()[0] == found[0] + 99
    finally:
        collector.uninstall()
    assert gc.get_threshold() == found, "uninstall restores Python's own thresholds"


def test_the_full_passes_threshold_is_set_alone_and_put_back() -> None:
    found = gc.get_threshold()
    try:
        collector.install(False, 3600, old_threshold=found[2] + 3)
        assert gc.get_threshold() == (found[0], found[1], found[2] + 3), "the others stay"
        collector.install(False, 3600, young_threshold=found[0] + 5, old_threshold=1)
        assert gc.get_threshold() == (found[0] + 5, found[1], 1)
    finally:
        collector.uninstall()
    assert gc.get_threshold() == found, "uninstall restores Python's own thresholds"


def test_the_settings_default_to_the_measured_policy() -> None:
    from bot.settings import OLD_THRESHOLD, YOUNG_THRESHOLD, Settings

    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.gc_freeze is True
    assert settings.gc_young_threshold == YOUNG_THRESHOLD
    assert settings.gc_old_threshold == OLD_THRESHOLD
    with pytest.raises(ValueError):
        Settings(_env_file=None, gc_old_threshold=0)  # type: ignore[call-arg]
    with pytest.raises(ValueError):
        Settings(_env_file=None, gc_young_threshold=10)  # type: ignore[call-arg]


async def test_a_started_bot_applies_its_collector_settings(
    simcord_env: Env, simcord_bot: TreppenBot
) -> None:
    assert simcord_bot.settings.gc_freeze
    assert gc.get_threshold()[0] == simcord_bot.settings.gc_young_threshold
    assert gc.get_threshold()[2] == simcord_bot.settings.gc_old_threshold
    assert len(collector._policy) == 1, "survivors of full passes are frozen"
