"""The replay viewer's steps for every game: where each button leads, the words and the
picture of a step (the table as the channel saw it then)."""

from __future__ import annotations

import io
from functools import cache

import pytest
from PIL import Image

from bot.games import all_presenters, presenter
from bot.stats.replays import (
    BACK,
    NEXT,
    ROUND_BACK,
    ROUND_NEXT,
    TURN_BACK,
    TURN_NEXT,
    draw_step,
    step_target,
)
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
def test_a_turn_jump_shows_the_table_after_a_players_whole_turn(key: str) -> None:
    _, replay = finished(key)
    seats = [action.seat for action in replay.actions]
    step, seen = 0, 0
    while step < replay.steps:
        after = step_target(replay, TURN_NEXT, step)
        assert after > step
        # One player's moves, all of them: the next move is another's, or a new round's.
        assert len(set(seats[step:after])) == 1
        assert (
            after == replay.steps
            or seats[after] != seats[after - 1]
            or (after in replay.round_starts())
        )
        assert step_target(replay, TURN_BACK, after) == step
        step, seen = after, seen + 1
    assert len(replay.turn_ends()) == seen
    assert seen > len(replay.round_starts())  # turns are more than rounds, fewer than moves
    assert seen < replay.steps


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
    # The final scores in words as well as in the picture, and the picture described.
    view = replay.game_at(replay.steps).public_view()
    shown = presenter(key)
    assert last.standings and last.standings_title == "Final scores"
    for seat in view.seats:
        assert str(seat.score) in last.standings
    if shown.render_session(replay.names, view) is not None:  # else the last table stands in
        assert last.picture_words == shown.describe_session(replay.names, view)
    else:
        assert last.picture_words == shown.describe_table(view)
    assert last.picture_words and last.picture_words not in last.moves
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
    assert labels == ["Back", "Next", "Session record", jump, "Turn", "Turn", jump]
    rows = [item for item in payload.view.walk_children() if isinstance(item, discord.ui.ActionRow)]
    assert [len(row.children) for row in rows] == [3, 4]  # a button to spare in each row


async def test_the_last_step_describes_its_picture_in_words() -> None:
    import discord

    from bot.stats.replays import step_payload

    session, replay = finished("treppenromme")
    payload = await step_payload(session, replay, replay.steps, with_images=True)
    assert payload.view is not None
    galleries = [i for i in payload.view.walk_children() if isinstance(i, discord.ui.MediaGallery)]
    described = [item.description for gallery in galleries for item in gallery.items]
    view = replay.game_at(replay.steps).public_view()
    assert described[0] == presenter("treppenromme").describe_session(replay.names, view)
    texts = [
        i.content for i in payload.view.walk_children() if isinstance(i, discord.ui.TextDisplay)
    ]
    assert any("**Final scores**" in text for text in texts)
