"""Words the review found wrong (issue 25): the rebuild sentence per game, ratings in the
reader's number format, command mentions, the lease message, head-to-head plurals."""

from __future__ import annotations

import re

import pytest
from simcord import Env

from bot.core import mentions
from bot.core.errors import MOVED_ON, refusals
from bot.core.tablemsg import _seating_words
from bot.games import presenter
from bot.ratings import Rating, RatingChange, session_note
from bot.storage import LeaseLost
from engine.events import TalonRebuilt
from engine.i18n import _, using


def test_a_rebuilt_talon_is_one_right_sentence_per_game() -> None:
    rebuilt = [TalonRebuilt(12, 1)]
    with using("de"):
        treppe = presenter("treppenromme").narrate(rebuilt, ["Anna", "Ben"])
        romme = presenter("romme").narrate(rebuilt, ["Anna", "Ben"])
    assert treppe == "Der Talon ist aufgebraucht: 12 Treppenkarten werden zum neuen Talon."
    assert romme == "Der Talon ist leer: 12 Karten vom Ablagestapel werden zum neuen Talon."
    with using("en"):
        assert "staircase" in presenter("treppenromme").narrate(rebuilt, ["Anna", "Ben"])


def test_ratings_on_the_table_are_whole_numbers_with_their_change() -> None:
    """Issue 39: "Anna: 22.4 ± 8.1 (−2.6)" is jargon; the table says a whole number and how
    much it moved (with a true minus sign), the uncertainty is for the stats."""
    change = RatingChange(1, Rating(25.0, 8.3, 1), Rating(22.4, 8.1, 2))
    for language in ("en", "de"):
        with using(language):
            _title, text = session_note(["Anna", "Ben"], [1, 2], [False, False], [change])
        assert re.fullmatch(r"Anna: [\d.,]+ \(−\d+\)", text), text
        assert "±" not in text


def test_commands_are_named_as_the_readers_client_shows_them() -> None:
    mentions.remember({})
    with using("de"):
        assert mentions.command_mention("treppe new") == "/treppe neu"
        assert mentions.command_mention("treppe leaderboard", "by") == "/treppe bestenliste nach:"
    mentions.remember({"treppe": 1234})
    try:
        with using("de"):  # a clickable mention: every client shows it in its own language
            assert mentions.command_mention("treppe back") == "</treppe back:1234>"
    finally:
        mentions.remember({})


class Answered:
    """Just enough of an interaction for ``refusals``: what it was answered."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.response = self
        self.followup = self
        self.extras: dict[str, object] = {}  # where the metrics note how it was answered

    def is_done(self) -> bool:
        return False

    async def send_message(self, text: str, ephemeral: bool) -> None:
        self.said.append(text)


async def test_the_moved_on_refusal_is_translated() -> None:
    answered = Answered()
    with using("de"):
        async with refusals(answered):  # type: ignore[arg-type]
            raise LeaseLost
    assert answered.said and answered.said[0] != MOVED_ON
    assert "Instanz" in answered.said[0]


@pytest.mark.parametrize(("met", "words"), [(1, "1-mal gegeneinander"), (3, "3-mal gegeneinander")])
def test_head_to_head_reads_right_in_german(met: int, words: str) -> None:
    from bot.stats import head_to_head_text
    from bot.storage import HeadToHead

    with using("de"):
        text = head_to_head_text([HeadToHead(opponent=5, met=met, ahead=1, behind=0)], {5: "Ben"})
    assert words in text and "getroffen" not in text
    assert text.startswith("Ben: ")  # the name the member played under, not a raw mention


async def test_a_started_bot_names_commands_by_clickable_mentions(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    anna = guild.add_member(simcord_env.create_user("anna"))
    ids = mentions.known()
    assert ids.get("treppe"), ids  # kept from the sync at start-up
    lost = await anna.slash(channel, "treppe scores")
    assert lost.response is not None
    assert f"</treppe new:{ids['treppe']}>" in lost.response.content


def test_game_titles_and_seat_counts_read_right_in_german() -> None:
    """The lobby and tables name a game in the reader's language ("Gin Rommé"), and a game
    for exactly two does not ask for "2 to 2" players."""
    with using("de"):
        assert presenter("gin").title == "Gin Rommé"
        assert presenter("rum500").title == "500 Rommé"
        assert _seating_words(2, 2) == (
            "Mit **Beitreten** nimmst du Platz. Der Gastgeber startet, sobald 2 Personen sitzen."
        )
        assert f"**{_('Join')}**" in _seating_words(2, 4)  # the button's own word
        assert "2 bis 4" in _seating_words(2, 4)
    with using("en"):
        assert presenter("gin").title == "Gin Rummy"
