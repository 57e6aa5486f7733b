"""The state a hand control carries in its custom_id argument (``HandState``)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from bot.core.reading import small_number


@dataclass(frozen=True, slots=True)
class HandState:
    """Control state riding in a hand control's custom_id argument
    ``<version>.<sort>.<page>..<seat>.<selected>.<pick>.<sure>``: the table version it was
    drawn for, the sort order (s = suit, r = rank), the page of cards shown, an empty slot
    (older hands carried a card being placed there), the seat whose hand it is (so a control
    copied into another member's interaction is refused), the tapped cards (a base-36 bit mask
    over the hand in the shown order), the offered move a button stands for, and whether that
    move is confirmed. Controls of older versions (``<version>.<sort>.<page>[.<card>[.<seat>]]``)
    still decode."""

    version: int = -1
    sort: str = "s"
    page: int = 0
    seat: int = -1  # -1: not known (a control from before seats were recorded)
    selected: int = 0  # bit i: the i-th card of the hand as shown is tapped
    pick: int = -1  # the offered move (its index in the offers) a button stands for
    sure: bool = False  # the move was confirmed (moves that end a turn for good ask once)

    def encode(self) -> str:
        """The state as the custom_id argument described above, as short as possible."""
        text = f"{self.version}.{self.sort}.{self.page}"
        if self.seat < 0:
            return text
        text = f"{text}..{self.seat}"
        if self.selected or self.pick >= 0 or self.sure:
            mask = _base36(self.selected) if self.selected else ""
            pick = str(self.pick) if self.pick >= 0 else ""
            text = f"{text}.{mask}.{pick}.{'y' if self.sure else ''}"
        return text

    @classmethod
    def decode(cls, text: str) -> HandState:
        """Read ``encode``'s text (older forms too); anything unreadable gives a fresh state."""
        parts = text.split(".")
        version = small_number(parts[0].removeprefix("-"))
        page = small_number(parts[2]) if len(parts) > 2 else None
        if version is None or page is None:
            return cls()
        if parts[0].startswith("-"):
            version = -version
        sort = parts[1] if parts[1] in ("s", "r") else "s"
        seat = small_number(parts[4]) if len(parts) > 4 else None
        selected = _mask(parts[5]) if len(parts) > 5 else 0
        pick = small_number(parts[6]) if len(parts) > 6 else None
        sure = len(parts) > 7 and parts[7] == "y"
        return cls(
            version,
            sort,
            page,
            -1 if seat is None else seat,
            selected,
            -1 if pick is None else pick,
            sure,
        )

    @property
    def sort_name(self) -> Literal["suit", "rank"]:
        """The sort order spelled out, as ``images.sort_cards`` takes it."""
        return "rank" if self.sort == "r" else "suit"

    def fresh(self) -> HandState:
        """The same view settings for a fresh hand (no version, nothing tapped)."""
        return HandState(sort=self.sort, page=self.page, seat=self.seat)

    def tapped(self, position: int) -> HandState:
        """This state with the card at ``position`` (in the shown order) tapped or untapped."""
        return replace(self, selected=self.selected ^ (1 << position), pick=-1, sure=False)

    def positions(self) -> list[int]:
        """The shown positions of the tapped cards, in order."""
        return [i for i in range(self.selected.bit_length()) if self.selected >> i & 1]


MASK_DIGITS = 12  # base-36 digits of a selection mask: 62 cards, more than any hand holds


def _base36(value: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while value:
        value, digit = divmod(value, 36)
        text = digits[digit] + text
    return text or "0"


def _mask(text: str) -> int:
    if not text or len(text) > MASK_DIGITS or not text.isascii() or not text.isalnum():
        return 0
    return int(text, 36)
