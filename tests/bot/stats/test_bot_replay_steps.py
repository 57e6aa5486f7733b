"""The replay viewer's steps for every game: where each button leads, the words and the
picture of a step (the table as the channel saw it then)."""

from __future__ import annotations

import io
from functools import cache

import pytest
from PIL import Image

from bot.games import all_presenters, presenter
from bot.stats.replays import BACK, NEXT, ROUND_BACK, ROUND_NEXT, draw_step, step_target
from bot.storage import FinishedSession
from engine.arena import play_session
from engine.registry import get_spec
from engine.replay import Replay

KEYS = [p.key for p in all_presenters()]


@cache
def finished(key: str) -> tuple[FinishedSession, Replay]:
    seats = ["normal", "normal", "random"][: get_spec(key).max_seats]  # Gin Rummy seats two
    state = play_session(key, seats, seed=21).to_json()
    session = FinishedSession(7, 1, 2, key, state, "2026-11-23T16:00:00+00:00", True, ())
    return session, Replay(state)


@pytest.mark.parametrize("key", KEYS)
def test_buttons_lead_by_step_and_by_round(key: str) -> None:
    _, replay = finished(key)
    starts = replay.round_starts()
    assert starts[0] == 0 and len(starts) >= 2
    assert step_target(replay, BACK, 0) == 0
    assert step_target(replay, NEXT, 0) == 1
    assert step_target(replay, NEXT, replay.steps) == replay.steps
    assert step_target(replay, ROUND_NEXT, 0) == starts[1]
    assert step_target(replay, ROUND_NEXT, starts[-1]) == replay.steps
    assert step_target(replay, ROUND_BACK, starts[1]) == 0
    assert step_target(replay, ROUND_BACK, starts[1] + 1) == starts[1]


@pytest.mark.parametrize("key", KEYS)
def test_a_step_shows_its_move_the_scores_and_the_table(key: str) -> None:
    session, replay = finished(key)
    start = draw_step(session, replay, 0, with_images=False)
    deals = "hand" if key == "gin" else "round"  # Gin Rummy deals hands
    assert start.moves == f"{deals.title()} 1 is dealt." and start.result is None
    assert start.footer.startswith(f"Step 0 of {replay.steps} · {deals} 1 of ")
    end_of_first = replay.round_starts()[1]  # the move that ends round 1 deals round 2
    ended = draw_step(session, replay, end_of_first, with_images=True)
    # The round's result, hands shown now the round is over: its picture, with nothing in
    # words that the picture or the table's picture shows already.
    assert ended.result == "" and ended.standings is None
    assert ended.result_title == presenter(key).result_heading.format(value=1)
    worded = draw_step(session, replay, end_of_first, with_images=False)
    assert worded.result and worded.standings  # no pictures: the words say it all
    assert ended.moves.splitlines()[-1].startswith(f"**{end_of_first}. ")
    assert len(ended.moves.splitlines()) <= 6
    last = draw_step(session, replay, replay.steps, with_images=True)
    assert "the end" in last.title
    for picture in (ended.picture, ended.round_picture, last.picture):
        assert picture is not None
        assert Image.open(io.BytesIO(picture)).format == "PNG"


@pytest.mark.parametrize("key", KEYS)
async def test_the_buttons_that_jump_say_what_the_game_deals(key: str) -> None:
    import discord

    from bot.stats.replays import step_payload

    session, replay = finished(key)
    payload = await step_payload(session, replay, 1, with_images=False)
    assert payload.view is not None
    items = [getattr(item, "item", item) for item in payload.view.walk_children()]
    labels = [item.label for item in items if isinstance(item, discord.ui.Button)]
    jump = "Hand" if key == "gin" else "Round"  # Gin Rummy deals hands
    assert labels == [jump, "Back", "Next", jump, "Session record"]
