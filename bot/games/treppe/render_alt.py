"""Treppenrommé's pictures in words, for screen readers: the table, a round's result and the
session's end are the shared meld table's (``bot.render.table_alt``); a round's result adds
the Rommé hand (each at most ALT_MAX characters, in the current language)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.render.table_alt import TableWords, hands_left_alt_text, session_alt_text, table_alt_text
from engine.games.treppe.events import TreppeRoundResult as RoundResult
from engine.i18n import _

__all__ = ["TableWords", "round_alt_text", "session_alt_text", "table_alt_text"]


def round_alt_text(result: RoundResult, names: Sequence[str]) -> str:
    """A round's result in words: who went out (and whether all at once), then the cards left
    in each hand and the points they count."""
    how = _("Hand-Rommé: all at once.") if result.hand_romme else ""
    return hands_left_alt_text(result, names, how)
