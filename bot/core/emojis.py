"""Card emojis: the bot's own application emojis for the 52 cards, the joker and the four suits,
drawn from the card art and uploaded once (those that exist are reused). Text and buttons then
show cards in the pictures' four colours everywhere, where plain ♠ and ♣ nearly vanish on
Discord's dark theme. Where the emojis cannot be created, cards stay plain text.

Cards reach a message's text as the reader writes them (``Q♥``, German ``D♥``); ``markup``
turns each such card into its emoji, so the engine and the presenters need not know."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Iterable

import discord

from engine.cards import FULL_PACK, Card, Suit
from engine.i18n import language, rank_label

log = logging.getLogger(__name__)

SUIT_SYMBOLS = "♣♦♥♠"


class CardEmojis:
    """The uploaded emojis by name; empty until ``install`` has run (then text is plain)."""

    def __init__(self) -> None:
        self._by_name: dict[str, discord.PartialEmoji] = {}

    def clear(self) -> None:
        """Forget every emoji: text goes back to plain cards."""
        self._by_name.clear()

    def add(self, emojis: Iterable[discord.Emoji | discord.PartialEmoji]) -> None:
        """Keep the bot's own card and suit emojis among ``emojis``; others are ignored."""
        from bot.render.emoji_art import PREFIX  # the picture's module names them

        for emoji in emojis:
            if emoji.name and emoji.name.startswith(f"{PREFIX}_") and emoji.id is not None:
                self._by_name[emoji.name] = discord.PartialEmoji(name=emoji.name, id=emoji.id)

    def names(self) -> set[str]:
        """The names of the emojis known, to see which are still to be uploaded."""
        return set(self._by_name)

    def card(self, card: Card, lang: str | None = None) -> discord.PartialEmoji | None:
        """The emoji of ``card`` as written in ``lang`` (the current language by default), or None
        where there is none."""
        if not self._by_name:
            return None
        from bot.render.emoji_art import emoji_name  # the picture's module names them

        return self._by_name.get(emoji_name(card, lang or language()))

    def suit(self, suit: Suit | None) -> discord.PartialEmoji | None:
        """The emoji of ``suit``, or None (no emojis, or no suit)."""
        if not self._by_name or suit is None:
            return None
        from bot.render.emoji_art import suit_emoji_name

        return self._by_name.get(suit_emoji_name(suit))

    def markup(self, text: str) -> str:
        """``text`` with every card written in the current language replaced by its emoji."""
        if not self._by_name:
            return text
        lang = language()
        pattern, by_text = _card_words(lang)

        def swap(match: re.Match[str]) -> str:
            card = by_text.get(match.group(0))
            emoji = self.card(card, lang) if card is not None else None
            return str(emoji) if emoji is not None else match.group(0)

        return pattern.sub(swap, text)


def _card_words(lang: str) -> tuple[re.Pattern[str], dict[str, Card]]:
    cached = _WORDS.get(lang)
    if cached is None:
        by_text = {str(card): card for card in FULL_PACK}
        ranks = sorted({rank_label(card.rank_int) for card in by_text.values()}, key=len)
        alternatives = "|".join(re.escape(rank) for rank in reversed(ranks))
        # A card stands alone: not inside a word or a longer number ("A♥" yes, "BA♥" no).
        pattern = re.compile(rf"(?<!\w)(?:{alternatives})[{SUIT_SYMBOLS}]")
        cached = _WORDS[lang] = (pattern, by_text)
    return cached


_WORDS: dict[str, tuple[re.Pattern[str], dict[str, Card]]] = {}

EMOJIS = CardEmojis()


def wanted_names(languages: Iterable[str]) -> frozenset[str]:
    """Every emoji name these languages' cards and suits need."""
    from bot.render.emoji_art import emoji_drawers  # drawing needs Pillow: only when uploading

    return frozenset(name for lang in languages for name in emoji_drawers(lang))


def missing_images(languages: Iterable[str], have: frozenset[str]) -> dict[str, bytes]:
    """The emoji pictures (by name) of these languages' cards that are not uploaded yet; only
    those are drawn."""
    from bot.render.emoji_art import emoji_drawers

    wanted: dict[str, bytes] = {}
    for lang in languages:
        for name, draw in emoji_drawers(lang).items():
            if name not in have and name not in wanted:
                wanted[name] = draw()
    return wanted


def stale(existing: Iterable[discord.Emoji]) -> list[discord.Emoji]:
    """The bot's uploaded emojis whose pictures are out of date: all of them when the current
    art's version mark is not among them (Discord keeps an emoji by name, so new art under an
    old name would never reach it otherwise), else none."""
    from bot.render.emoji_art import PREFIX, VERSION_NAME

    ours = [e for e in existing if e.name.startswith(f"{PREFIX}_")]
    return [] if any(e.name == VERSION_NAME for e in ours) else ours


async def install(client: discord.Client, languages: Iterable[str]) -> None:
    """Upload the card and suit emojis this application lacks (drawn off the event loop) and
    load them all; emojis of older art are replaced first. Failing is fine: text stays
    plain."""
    from bot.render.emoji_art import VERSION_NAME, version_marker

    try:
        existing = await client.fetch_application_emojis()
        old = stale(existing)
        for emoji in old:
            await emoji.delete()
    except discord.HTTPException as error:
        log.warning("cannot read the application's emojis (%s); cards stay plain text", error)
        return
    if old:
        log.info("deleted %d card emojis of older art", len(old))
    EMOJIS.add(e for e in existing if e not in old)
    have = frozenset(EMOJIS.names())
    wanted = await asyncio.to_thread(missing_images, tuple(languages), have)
    if VERSION_NAME not in have:  # first, once the old art is gone: the rest is new art
        wanted = {VERSION_NAME: await asyncio.to_thread(version_marker), **wanted}
    for name, image in wanted.items():
        try:
            created = await client.create_application_emoji(name=name, image=image)
        except discord.HTTPException as error:
            log.warning("cannot create the emoji %s (%s); it stays plain text", name, error)
            return
        EMOJIS.add([created])
    if wanted:
        log.info("uploaded %d card emojis", len(wanted))
