"""The catalogues: complete in every language, placeholders kept, plural forms and numbers
right, German card words, and engine refusals in the reader's language."""

from __future__ import annotations

import dataclasses
import importlib.util
import shutil
from pathlib import Path
from types import ModuleType

import pytest

from engine import i18n
from engine.cards import FULL_PACK, JOKER, Card, Rank, Suit, parse_cards
from engine.errors import IllegalAction, RulesError
from engine.i18n import _, card_count, ngettext, number, percent, using
from engine.registry import get_spec

TOOL_PATH = Path(__file__).resolve().parents[2] / "tools" / "i18n.py"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("i18n_tool", TOOL_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_message_is_translated_in_every_language() -> None:
    tool = _tool()
    assert set(i18n.languages()) >= {"de", "en"}
    template = tool.extract()
    assert len(template) > 100  # the extraction found the source's messages
    assert tool.problems(i18n.languages(), template) == []


def test_a_missing_translation_or_dropped_placeholder_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tool = _tool()
    shutil.copy(tool.LOCALE_DIR / "de.po", tmp_path / "de.po")
    monkeypatch.setattr(tool, "LOCALE_DIR", tmp_path)
    catalog = tool.read("de")
    catalog["It is {name}'s turn."].string = "Du bist dran."  # the name is dropped
    catalog.delete("The game is over.")
    tool.write(catalog, "de")
    found = tool.problems(["de"])
    assert any("It is {name}'s turn." in line and "placeholders" in line for line in found)
    assert any("The game is over." in line and "missing" in line for line in found)
    assert len(found) == 2


def test_plural_forms_and_numbers() -> None:
    with using("en"):
        assert card_count(1) == "1 card"
        assert card_count(2) == "2 cards"
        assert number(1234) == "1,234"
        assert percent(0.532) == "53.2%"
    with using("de"):
        assert card_count(1) == "1 Karte"
        assert card_count(2) == "2 Karten"
        assert card_count(0) == "0 Karten"
        assert number(1234) == "1.234"
        assert percent(0.532) == "53,2 %"
        assert ngettext("{n} card", "{n} cards", 21) == "21 Karten"


def test_german_card_words_and_every_card_reads_back_in_every_language() -> None:
    queen = Card(Rank.QUEEN, Suit.HEARTS)
    jack = Card(Rank.JACK, Suit.SPADES)
    with using("de"):
        assert str(queen) == "D♥"
        assert str(jack) == "B♠"
        assert i18n.suit_name(Suit.CLUBS.index) == "Kreuz"
    with using("en"):
        assert str(queen) == "Q♥"
    for language in i18n.languages():
        with using(language):
            for card in (*FULL_PACK, JOKER):
                assert Card.parse(str(card)) is card, (language, card)


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("Herz Dame, Herz König, Herz Ass", "Q♥ K♥ A♥"),
        ("D Herz K Herz A Herz", "Q♥ K♥ A♥"),
        ("Pik-7 Pik-8 Pik-9", "7♠ 8♠ 9♠"),
        ("DHerz 10Karo Kreuz4 Karo B", "Q♥ 10♦ 4♣ J♦"),
        ("Kreuz Bube, kreuz dame", "J♣ Q♣"),
        ("queen hearts, 10 spades", "Q♥ 10♠"),
        ("D♥ B♠ QH", "Q♥ J♠ Q♥"),
    ],
)
def test_typed_german_suit_and_rank_names(text: str, cards: str) -> None:
    with using("en"):
        assert [str(c) for c in parse_cards(text)] == cards.split()


def test_engine_refusals_carry_a_code_and_read_in_each_language() -> None:
    game = get_spec("treppenromme").new_game(None, ["Anna", "Ben"], seed=3)
    other = 1 - game.to_act
    action = game.legal_actions()[0]
    with pytest.raises(RulesError) as caught:
        game.verify(dataclasses.replace(action, seat=other))
    error = caught.value
    assert error.code == "It is {name}'s turn."
    assert error.params == {"name": game.names[game.to_act]}
    with using("en"):
        assert str(error) == f"It is {game.names[game.to_act]}'s turn."
    with using("de"):
        assert str(error) == f"{game.names[game.to_act]} ist am Zug."


def test_card_parameters_are_written_with_the_readers_card_words() -> None:
    error = IllegalAction("You do not hold {card}.", card=Card(Rank.QUEEN, Suit.HEARTS))
    with using("en"):
        assert str(error) == "You do not hold Q♥."
    with using("de"):
        assert str(error) == "Du hast D♥ nicht auf der Hand."


def test_pseudo_language_marks_every_string() -> None:
    with using(i18n.PSEUDO):
        assert _("The game is over.") == "⟦The game is over.⟧"
        assert str(Card(Rank.KING, Suit.CLUBS)) == "⟦K⟧♣"


def test_resolve_discord_and_posix_locales() -> None:
    assert i18n.resolve("de") == "de"
    assert i18n.resolve("de-AT") == "de"
    assert i18n.resolve("de_DE.UTF-8") == "de"
    assert i18n.resolve("en-GB") == "en"
    assert i18n.resolve("fr") == "en"  # no French catalogue: English
    assert i18n.resolve(None) == "en"
