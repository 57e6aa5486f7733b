"""Pictures are drawn off the event loop, in worker processes by default: answers' pictures
(the private hand) go before table pictures, and a failing picture costs only the image."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

import pytest

from bot.core import images
from bot.ratings import Rating
from engine.registry import get_spec

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def threads_afterwards() -> Iterator[None]:
    yield
    images.configure(0)


async def test_a_worker_process_draws_the_table_and_the_chart(threads_afterwards: None) -> None:
    images.configure(1)
    game = get_spec("romme").new_game(None, ["Anna", "Ben"], 3)
    table = await images.render("render_table", "romme", game.public_view())
    chart = await images.rating_chart([Rating(), Rating(mu=27.0)])
    assert table is not None and table.startswith(PNG)
    assert chart is not None and chart.startswith(PNG)
    assert isinstance(images._renderer.current.workers.started, ProcessPoolExecutor)


async def test_threads_draw_the_same_picture() -> None:
    images.configure(0)
    game = get_spec("wiener").new_game(None, ["Anna", "Ben"], 3)
    drawn = await images.render("render_table", "wiener", game.public_view())
    assert drawn is not None and drawn.startswith(PNG)


async def test_a_failing_picture_is_left_out(caplog: pytest.LogCaptureFixture) -> None:
    images.configure(0)
    assert await images.render("render_table", "treppenromme", "not a view") is None
    assert "sending text only" in caplog.text


async def test_an_answer_s_picture_goes_before_waiting_table_pictures() -> None:
    renderer = images.Renderer(0)
    renderer._slots = 1
    await renderer._acquire(images.BACKGROUND)  # a table picture is being drawn
    order: list[str] = []

    async def wait_for_slot(priority: int, name: str) -> None:
        await renderer._acquire(priority)
        order.append(name)
        renderer._release()

    tables = [asyncio.create_task(wait_for_slot(images.BACKGROUND, f"table {i}")) for i in range(2)]
    await asyncio.sleep(0)
    hand = asyncio.create_task(wait_for_slot(images.ANSWER, "hand"))
    await asyncio.sleep(0)
    renderer._release()
    await asyncio.gather(*tables, hand)
    assert order == ["hand", "table 0", "table 1"]
    assert renderer._busy == 0


async def test_a_cancelled_waiter_does_not_keep_a_slot() -> None:
    renderer = images.Renderer(0)
    renderer._slots = 1
    await renderer._acquire(images.BACKGROUND)
    waiting = asyncio.create_task(renderer._acquire(images.ANSWER))
    await asyncio.sleep(0)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    renderer._release()
    assert renderer._busy == 0
    await asyncio.wait_for(renderer._acquire(images.ANSWER), 1.0)  # the slot is free
