"""The table message's words (issue 39): beside pictures that carry only the cards, the text
says each seat's score, cards and game facts in a short line, the round and target in the
heading, whose turn, what happened once, each round's points and totals, and the final
standings in every game; the rating in whole numbers in a block of its own."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from typing import Any

import pytest
from bot_harness import walk

from bot.core.model import GameOptions, LiveTable, Seat
from bot.core.presenter import AnyPresenter
from bot.core.tablemsg import describe, table_payload
from bot.games import all_presenters, presenter
from bot.ratings import Rating, RatingChange, session_note
from engine.i18n import using

PRESENTERS = all_presenters()
IDS = [p.key for p in PRESENTERS]
NAMES = ("Anna", "Ben", "Clara")


def live_game(shown: AnyPresenter) -> LiveTable:
    seats = min(len(NAMES), shown.spec.max_seats)
    game = shown.spec.new_game(None, list(NAMES[:seats]), 5)
    return LiveTable(
        id=1,
        guild_id=1,
        channel_id=1,
        host_id=100,
        options=GameOptions(shown.key),
        seats=[Seat(i, 100 + i, name) for i, name in enumerate(game.names)],
        created_at=datetime.now(UTC),
        game=game,
    )


def play(shown: AnyPresenter, live: LiveTable, *, until_round_ends: bool) -> None:
    """Computer moves until a round has ended (its result on the table) or the session."""
    game = live.game
    assert game is not None
    players = [
        shown.spec.make_player(shown.spec.strengths[0], 5 + i) for i in range(len(live.seats))
    ]
    seen = len(game.events)
    while not game.is_over:
        seat = game.to_act
        game.apply(players[seat].choose(game.private_view(seat), list(game.legal_actions())))
        new = list(game.events)[seen:]
        seen = len(game.events)
        live.log = shown.narrate(new, live.shown_names)
        finished = shown.finished_rounds(new)
        live.round_result = finished[-1] if finished else None
        if until_round_ends and finished:
            return


def texts(payload: Any) -> list[str]:
    return [str(c["content"]) for c in walk(payload.view.to_components()) if c["type"] == 10]


@pytest.mark.parametrize("shown", PRESENTERS, ids=IDS)
async def test_the_final_standings_are_in_words_in_every_game(shown: AnyPresenter) -> None:
    """Treppenrommé, 500 Rum and Gin Rummy gave the final scores only in their picture; the
    winner was said three times. Now: the standings in words, the winner once."""
    live = live_game(shown)
    play(shown, live, until_round_ends=False)
    assert live.game is not None and live.game.is_over
    payload = await table_payload(live, with_images=True)
    words = "\n".join(texts(payload))
    assert shown.standings_text(live.shown_names, live.game.standings()) in words
    assert words.count(" wins") == 1, words


@pytest.mark.parametrize("shown", PRESENTERS, ids=IDS)
async def test_a_round_result_says_each_seats_points_and_total_once(shown: AnyPresenter) -> None:
    live = live_game(shown)
    play(shown, live, until_round_ends=True)
    result = live.round_result
    assert result is not None
    payload = await table_payload(live, with_images=True)
    lines = [line for text in texts(payload) for line in text.splitlines() if line.strip()]
    repeated = [line for line, count in Counter(lines).items() if count > 1]
    assert not repeated, lines
    words = "\n".join(lines)
    headline = shown.round_headline(result, live.shown_names)
    assert words.count(headline) == 1  # in the result, not again in the log
    assert "result" not in words  # no "Round 2 result" heading over what the result says
    for seat, name in enumerate(live.shown_names):
        assert f"**{name}** " in words and f"{result.totals[seat]}" in words


@pytest.mark.parametrize("shown", PRESENTERS, ids=IDS)
async def test_each_seat_has_a_short_line_and_the_heading_the_round(shown: AnyPresenter) -> None:
    """What left the picture: names, scores, cards, dealer, the round (and target) and whose
    turn, each said once, in the text beside the picture."""
    live = live_game(shown)
    play(shown, live, until_round_ends=True)
    live.round_result = None
    assert live.game is not None
    view = live.game.public_view()
    payload = await table_payload(live, with_images=True)
    table = texts(payload)[0]
    lines = table.splitlines()
    assert lines[0] == f"**{shown.heading(view)}**" and str(view.round_number) in lines[0]
    for seat in view.seats:
        line = next(li for li in lines if li.startswith(f"**{seat.name}** "))
        assert line.startswith(f"**{seat.name}** {shown.seat_score(view, seat.seat)} · ")
        assert f"{seat.hand_count} card" in line
        assert ("dealer" in line) == (seat.seat == view.dealer)
    to_act = view.seats[view.to_act].name
    assert sum(f"▶ **{to_act}**" in line for line in lines) == 1
    small = lines[-1].startswith("-# ")  # the rules and timer in small print, if any
    assert small == bool(shown.footer(view) or live.options.turn_timer)
    assert lines[-1] != "-# "
    assert len(table) < 1000  # read on a phone


async def test_the_rating_is_a_block_of_its_own_in_whole_numbers() -> None:
    """After the numbered standings the rating block read as part of "2. Anna" (issue 39)."""
    shown = presenter("romme")
    live = live_game(shown)
    play(shown, live, until_round_ends=False)
    change = RatingChange(100, Rating(25.0, 8.3, 1), Rating(22.4, 8.1, 2))
    live.rating_note = session_note(live.shown_names, [100, 101, 102], [False] * 3, [change])
    shown_texts = texts(await table_payload(live, with_images=True))
    final = next(t for t in shown_texts if t.startswith("### "))
    rated = next(t for t in shown_texts if t.startswith("**Rated session**"))
    assert "Rated session" not in final
    assert "±" not in rated and "(−" in rated


def test_the_lobby_lists_the_options_one_a_line() -> None:
    options = describe(GameOptions("wiener")).splitlines()
    assert len(options) >= 10 and all(line.startswith("- ") for line in options)


@pytest.mark.parametrize(
    ("key", "closed", "special", "said"),
    [
        ("treppenromme", 1, 0, "went out 1 time, 0 Rommé hands"),
        ("rum500", 2, 0, "went out 2 times"),
        ("gin", 1, 1, "knocked 1 time, 1 of them gin"),
    ],
)
def test_the_rounds_a_member_closed_take_their_plural(
    key: str, closed: int, special: int, said: str
) -> None:
    with using("en"):
        assert presenter(key).closing_text(closed, special) == said
