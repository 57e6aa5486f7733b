"""Every word drawn into a picture goes through the catalogue: the example pictures of every
game, drawn in the marking test language, put no letters on the canvas outside ⟦…⟧ marks
(people's names aside)."""

from __future__ import annotations

import re

import pytest

import bot.render.canvas
import bot.render.hand
import bot.render.results
from bot.games import examples
from bot.render import clear_caches
from bot.render.assets import Style, text_stamp, wrap_text
from engine.i18n import PSEUDO, PSEUDO_CLOSE, PSEUDO_OPEN, using

MARKED = re.compile(f"{PSEUDO_OPEN}[^{PSEUDO_OPEN}{PSEUDO_CLOSE}]*{PSEUDO_CLOSE}")
CUT = re.compile(f"{PSEUDO_OPEN}[^{PSEUDO_CLOSE}]*…$")  # a marked text cut short to fit
LETTER = re.compile(r"[A-Za-zÀ-ÿ]")


def leftover(text: str) -> str:
    previous = None
    while previous != text:
        previous, text = text, MARKED.sub(" ", text)
    text = CUT.sub(" ", text)
    for name in examples.NAMES:
        text = re.sub(rf"\b{name}\b", " ", text)
    return text


def test_every_picture_word_is_translated(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []

    def recording(content: str, style: Style) -> object:
        drawn.append(content)
        return text_stamp(content, style)

    wrapped: set[str] = set()  # lines of a wrapped text: the text itself is checked whole

    def wrapping(content: str, size: int, max_width: int, max_lines: int) -> list[str]:
        drawn.append(content)
        lines = wrap_text(content, size, max_width, max_lines)
        wrapped.update(lines)
        return lines

    monkeypatch.setattr(bot.render.canvas, "text_stamp", recording)
    monkeypatch.setattr(bot.render.hand, "wrap_text", wrapping)
    monkeypatch.setattr(bot.render.results, "wrap_text", wrapping)
    clear_caches()
    with using(PSEUDO):
        pictures = examples.drawn_pictures()
    clear_caches()
    assert len(pictures) >= 10 and len(drawn) > 50  # the pictures carry few words now
    shown = [text for text in drawn if text not in wrapped]
    leaks = sorted({text for text in shown if LETTER.search(leftover(text))})
    assert leaks == []
