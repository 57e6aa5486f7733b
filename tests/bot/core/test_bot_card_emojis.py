"""Card emojis: uploaded once at start-up (existing ones reused), then every card in a message's
text and on the hand's buttons shows in the pictures' four colours."""

from __future__ import annotations

from pathlib import Path

import pytest
from bot_harness import Table, card_buttons, description, make_settings
from simcord import Env

from bot.core import emojis
from bot.render import emoji_art
from bot.render.emoji_art import VERSION_NAME, emoji_name, emoji_set
from bot.settings import Settings
from engine.cards import FULL_PACK, JOKER, Card


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    every_emoji_name()  # drawn here (and cached): SimCord gives a start-up five seconds
    return make_settings(tmp_path, card_emojis=True)


def every_emoji_name() -> set[str]:
    return set(emoji_set("en")) | set(emoji_set("de"))


async def test_emojis_are_uploaded_once_and_cards_use_them(simcord_env: Env) -> None:
    await simcord_env.advance_time(1)  # the upload runs in the background after start-up
    uploaded = {e.name for e in simcord_env.backend.application_emojis.values()}
    assert uploaded == every_emoji_name() | {VERSION_NAME}
    assert len(uploaded) == 57 + 8 + 1  # 52 cards, joker, 4 suits; German jacks and queens
    table = Table(simcord_env, *_channel_and_members(simcord_env))
    await table.start(await table.open(target=50))
    member = table.member_for_seat(table.game.to_act)
    hand = await table.open_hand(member)
    # On the buttons: the card as its four-colour emoji alone (four fit a phone's row).
    buttons = card_buttons(hand)
    assert buttons and all(b.get("emoji", {}).get("name", "").startswith("trp_") for b in buttons)
    assert not any(b.get("label") for b in buttons)
    # In text: every card is its emoji.
    await table.perform(table.choose())
    words = description(table.table_message())
    assert "<:trp_" in words
    assert not any(f" {card} " in f" {words} " for card in FULL_PACK)


async def test_a_restart_reuses_the_emojis(simcord_env: Env) -> None:
    await simcord_env.advance_time(1)
    before = dict(simcord_env.backend.application_emojis)
    emojis.EMOJIS.clear()
    await emojis.install(simcord_env.bot, ["en", "de"])
    assert simcord_env.backend.application_emojis == before  # nothing created again
    assert emojis.EMOJIS.card(Card.parse("QH"), "de") is not None


async def test_emojis_of_older_art_are_replaced(simcord_env: Env) -> None:
    """Discord keeps an emoji by name: without the current art's mark every card emoji is
    uploaded anew, so changed pictures reach an application that has the old ones."""
    await simcord_env.advance_time(1)
    backend = simcord_env.backend
    marker = next(i for i, e in backend.application_emojis.items() if e.name == VERSION_NAME)
    del backend.application_emojis[marker]  # as uploaded by a bot with older art
    before = {e.name: i for i, e in backend.application_emojis.items()}
    emojis.EMOJIS.clear()
    await emojis.install(simcord_env.bot, ["en", "de"])
    after = {e.name: i for i, e in backend.application_emojis.items()}
    assert set(after) == set(before) | {VERSION_NAME}
    assert not set(after.values()) & set(before.values())  # every one uploaded again
    emoji = emojis.EMOJIS.card(Card.parse("QH"), "de")
    assert emoji is not None and emoji.id == after["trp_de_QH"]


def test_only_missing_emojis_are_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_drawing(*args: object) -> bytes:
        raise AssertionError("an emoji that is uploaded already was drawn")

    drawn = every_emoji_name()
    monkeypatch.setattr(emoji_art, "card_emoji", no_drawing)
    monkeypatch.setattr(emoji_art, "suit_emoji", no_drawing)
    every = emojis.wanted_names(["en", "de"])
    assert every == drawn
    assert emojis.missing_images(["en", "de"], every) == {}
    with pytest.raises(AssertionError):
        emojis.missing_images(["en"], every - {"trp_TD"})


def test_markup_turns_cards_written_in_the_readers_language_into_emojis() -> None:
    found = emojis.CardEmojis()
    found.add(
        [
            _Emoji(emoji_name(Card.parse("10D")), 1),
            _Emoji(emoji_name(Card.parse("QH"), "de"), 2),
            _Emoji(emoji_name(JOKER), 3),
        ]
    )
    from engine.i18n import using

    with using("en"):
        assert found.markup("Ben laid 10♦ and 9♦.") == "Ben laid <:trp_TD:1> and 9♦."
    with using("de"):
        assert found.markup("D♥ und 10♦, Dame") == "<:trp_de_QH:2> und <:trp_TD:1>, Dame"
        assert found.markup("BD♥") == "BD♥"  # not a card: part of a longer word


class _Emoji:
    def __init__(self, name: str, emoji_id: int) -> None:
        self.name = name
        self.id = emoji_id


def _channel_and_members(env: Env) -> tuple[object, list[object]]:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    return channel, [guild.add_member(env.create_user(n)) for n in ("anna", "ben")]
