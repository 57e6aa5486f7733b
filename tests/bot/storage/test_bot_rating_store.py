"""Ratings in the database: a rated session changes exactly its members' ratings, an unrated
one none; the leaderboard ranks by the conservative rating; recomputing from the stored
sessions gives identical numbers (``python -m bot.recompute``)."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from bot.ratings import Rating, rate
from bot.recompute import check as recompute_check
from bot.recompute import main as recompute_main
from bot.recompute import run as recompute
from bot.storage import ActionRow, SeatRow, SessionResult, SqliteStore, Store

GUILD, CHANNEL = 5, 6
USERS = (11, 12, 13, 14, 15, 16)


async def finish_session(
    store: Store,
    users: list[int | None],
    places: list[int],
    *,
    rated: bool,
    game_key: str = "some-game",
    guild: int = GUILD,
) -> int:
    seats = [
        SeatRow(i, user, f"p{i}", None if user is not None else "normal")
        for i, user in enumerate(users)
    ]
    game_id = await store.create_lobby(guild, CHANNEL, seats[0], {"turn_timer": 0}, game_key)
    await store.start_game(game_id, seats, "{}")
    winner = places.index(1)
    totals = [100 - 10 * p for p in places]
    await store.save_action(
        game_id, ActionRow(1, "{}"), [], winner, totals, SessionResult(tuple(places), rated)
    )
    return game_id


async def all_ratings(store: Store) -> dict[tuple[int, str, int], Rating]:
    return await store.all_ratings()


async def test_a_rated_session_changes_exactly_its_members(store: Store) -> None:
    await finish_session(store, [11, 12, 13], [2, 1, 3], rated=True)
    before = await all_ratings(store)
    assert set(before) == {(GUILD, "some-game", u) for u in (11, 12, 13)}
    changes = await store.save_action(
        await store.create_lobby(GUILD, CHANNEL + 1, SeatRow(0, 11, "a"), {}, "some-game"),
        ActionRow(1, "{}"),
    )
    assert changes == []  # not the end of a session: nothing rated
    game_id = await finish_session(store, [12, 14], [1, 2], rated=True)
    after = await all_ratings(store)
    changed = {key for key in after if after[key] != before.get(key)}
    assert changed == {(GUILD, "some-game", 12), (GUILD, "some-game", 14)}
    expected = rate([before[(GUILD, "some-game", 12)], Rating()], [1, 2])
    assert after[(GUILD, "some-game", 12)] == expected[0]
    assert after[(GUILD, "some-game", 14)] == expected[1]
    history = await store.rating_history(GUILD, "some-game", 12)
    assert [h.sessions for h in history] == [1, 2]
    assert history[-1] == expected[0]
    session = await store.finished_session(game_id)
    assert session is not None and session.rated is True


async def test_an_unrated_session_changes_no_rating(store: Store) -> None:
    await finish_session(store, [11, 12], [1, 2], rated=True)
    before = await all_ratings(store)
    with_computer = await finish_session(store, [11, None], [1, 2], rated=False)
    stood_in = await finish_session(store, [11, 12], [2, 1], rated=False)
    assert await all_ratings(store) == before
    for game_id in (with_computer, stood_in):
        session = await store.finished_session(game_id)
        assert session is not None and session.rated is False
    # Recorded all the same: the sessions count for wins and points.
    board = await store.leaderboard(GUILD, "some-game")
    assert {row.user_id: row.played for row in board} == {11: 3, 12: 2}


async def test_leaderboard_order_is_the_conservative_rating(store: Store) -> None:
    rng = random.Random(3)
    for _ in range(40):
        users = rng.sample(USERS, rng.randint(2, 4))
        places = [rng.randint(1, len(users)) for _ in users]
        places[rng.randrange(len(users))] = 1
        await finish_session(store, list(users), places, rated=True)
    ratings = {key[2]: r for key, r in (await all_ratings(store)).items()}
    board = await store.rating_board(GUILD, "some-game", min_sessions=12, limit=10)
    expected = sorted(
        (u for u, r in ratings.items() if r.sessions >= 12),
        key=lambda u: (-ratings[u].conservative, u),
    )
    assert [user for user, _ in board] == expected
    assert len(expected) >= 2
    assert all(rating == ratings[user] for user, rating in board)
    assert [u for u, _ in await store.rating_board(GUILD, "some-game", min_sessions=1000)] == []
    assert await store.rating_board(GUILD + 1, "some-game", min_sessions=1) == []


async def test_recompute_from_the_stored_sessions_is_identical(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "db.sqlite"
    store = await SqliteStore.open(path)
    rng = random.Random(8)
    try:
        for number in range(30):
            users = rng.sample(USERS, rng.randint(2, 4))
            places = [rng.randint(1, len(users)) for _ in users]
            places[0] = 1
            rated = number % 4 != 3
            key = rng.choice(["some-game", "other-game"])
            await finish_session(store, list(users), places, rated=rated, game_key=key)
        sessions = await store.rated_sessions()
        assert len(sessions) == sum(1 for n in range(30) if n % 4 != 3)
    finally:
        await store.close()
    assert await recompute(path, write=False) == 0
    assert "the recomputation is identical" in capsys.readouterr().out

    with sqlite3.connect(path) as db:
        db.execute("UPDATE ratings SET mu = mu + 0.5 WHERE user_id = 11")
    assert await recompute(path, write=False) == 1
    assert "differ from the recomputation" in capsys.readouterr().out
    assert await recompute(path, write=True) == 0
    capsys.readouterr()
    assert await recompute(path, write=False) == 0
    assert "the recomputation is identical" in capsys.readouterr().out


async def test_recompute_is_identical_on_every_backend(
    store: Store, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(5)
    for number in range(12):
        users = rng.sample(USERS, rng.randint(2, 4))
        places = [rng.randint(1, len(users)) for _ in users]
        places[0] = 1
        await finish_session(store, list(users), places, rated=number % 3 != 2)
    assert await recompute_check(store, write=False) == 0
    assert "8 rated sessions" in capsys.readouterr().out
    assert await recompute_check(store, write=True) == 0
    assert await recompute_check(store, write=False) == 0
    assert "the recomputation is identical" in capsys.readouterr().out


def test_recompute_needs_a_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert recompute_main(["--database", str(tmp_path / "none.sqlite")]) == 2
    assert "no database" in capsys.readouterr().err
