"""Every game's pictures in words (alt text): every player and the numbers a player needs,
at most ALT_MAX characters, in the picture's language."""

from __future__ import annotations

import importlib
import random
from dataclasses import replace
from types import ModuleType

import pytest

from bot.games import all_presenters, presenter, presenter_module
from bot.games.examples import plain_example
from bot.games.romme import examples as rx
from bot.games.treppe import examples as tx
from bot.games.wiener import examples as wx
from bot.render.alt import ALT_MAX, cards_words, sentences
from engine.cards import Card
from engine.i18n import using
from engine.registry import GAME_PACKAGES, all_specs


def alt_module(key: str) -> ModuleType:
    package = next(p for p, s in zip(GAME_PACKAGES, all_specs(), strict=True) if s.key == key)
    return importlib.import_module(presenter_module(package) + ".render_alt")


def test_every_game_has_its_three_descriptions() -> None:
    """Each presenter describes its table, round and session itself (wherever its module
    keeps the words), not by the default None: asked of a real game's views."""
    for shown in all_presenters():
        game, table, result = plain_example(shown)
        said = [
            shown.describe_table(table),
            shown.describe_round(result, game.names),
            shown.describe_session(game.names, game.public_view()),
        ]
        assert all(isinstance(words, str) and words for words in said), (shown.key, said)


def test_treppe_table_says_what_the_picture_shows() -> None:
    """The piles, every meld with its points and who scored it, who acts: and not the
    scores, counts and round, which the table's text says beside the picture (issue 39)."""
    four = tx.treppen_four()
    text = alt_module("treppenromme").table_alt_text(four.table)
    assert len(text) <= ALT_MAX
    assert f"Talon: {four.table.talon_count} cards" in text
    for i, card in enumerate(four.table.staircase):
        assert f"{i + 1} {card}" in text
    for seat in four.table.seats:
        assert f"{seat.name}: " in text
        assert "this round" not in text and f"{seat.score} points" not in text
    for meld in four.table.melds:
        assert cards_words(p.card for p in meld.cards) in text
        assert f"({meld.points}" in text
    assert f"round {four.table.round_number}" not in text and "dealer" not in text


def test_romme_table_says_piles_and_pending_melds() -> None:
    rom = rx.romme()
    view = rom.table
    text = alt_module("romme").table_alt_text(view)
    assert f"Stock: {view.stock_count} cards" in text
    assert f"Discard pile: {view.discard_top} on top, {view.discard_count} cards" in text
    for seat in view.seats:
        assert f"{seat.name}: " in text
    assert "minus points" not in text  # the text's, beside the picture
    assert "pending" in text  # Ben's first meld is not down yet
    assert "joker as" in text


def test_wiener_table_says_the_pot_and_the_knockers_hand() -> None:
    wie = wx.wiener()
    view = wie.knock
    text = alt_module("wiener").table_alt_text(view)
    assert f"Pot: {view.pot} chips" in text
    knocker = view.seats[view.knocker] if view.knocker is not None else None
    assert knocker is not None and knocker.revealed is not None
    assert cards_words(knocker.revealed.melds[0].cards) in text
    assert "bad points" not in text and "chips +" not in text


def test_round_texts_say_each_hand_left_and_its_points() -> None:
    four = tx.treppen_four()
    rom = rx.romme()
    wie = wx.wiener()
    cases = [
        ("treppenromme", four.result, four.names, four.table),
        ("romme", rom.result, rom.names, rom.table),
        ("wiener", wie.result, wie.names, wie.table),
    ]
    for key, result, names, view in cases:
        module = alt_module(key)
        text = module.round_alt_text(result, names)
        assert f"Round {result.round_number}" in text
        for seat, name in enumerate(names):
            assert f"{name}: " in text
            hand = result.hands[seat]
            if hand is not None and key != "wiener":
                assert (cards_words(hand) if hand else "no cards left") in text
        session = module.session_alt_text(names, view)
        for name in names:
            assert name in session
        assert len(text) <= ALT_MAX and len(session) <= ALT_MAX


def test_descriptions_speak_german_with_german_card_words() -> None:
    four = tx.treppen_four()
    with using("de"):
        text = alt_module("treppenromme").table_alt_text(four.table)
    assert "Talon" in text and "Treppe" in text
    assert "D♣" in text and "Q♣" not in text  # Dame, not Queen


def test_rum500_describes_its_session_end_with_its_own_piles() -> None:
    """500 Rum's last table is told with its stock and discard pile, as its table is, not
    with Treppenrommé's talon and staircase."""
    shown = presenter("rum500")
    game, table, _result = plain_example(shown)
    for lang, own, borrowed in (("en", "Stock", "Talon"), ("de", "Stapel", "Talon")):
        with using(lang):
            said = shown.describe_session(game.names, game.public_view())
            assert said is not None and own in said and borrowed not in said, said
            assert own in (shown.describe_table(table) or "")


@pytest.mark.parametrize("key", [p.key for p in all_presenters()])
def test_descriptions_are_plain_words_without_repeats(key: str) -> None:
    """Issue 39: Gin's "anna: 10 cards, **0**/100 · 10 cards · 0 hands won" read markdown
    aloud and said the card count twice. No description has markdown, none says a seat's
    fact twice, at every kind of picture of a real game."""
    shown = next(p for p in all_presenters() if p.key == key)
    game, table, result = plain_example(shown)
    said = [
        shown.describe_table(table),
        shown.describe_round(result, game.names),
        shown.describe_session(game.names, game.public_view()),
    ]
    for words in said:
        assert words is not None
        assert not any(mark in words for mark in ("**", "`", "__", "-#")), words
        for sentence in words.split(". "):
            facts = [f.strip() for f in sentence.split(":", 1)[-1].split(",")]
            repeated = [f for f in facts if f and facts.count(f) > 1 and "card" in f]
            assert not repeated, (sentence, repeated)


@pytest.mark.parametrize("key", [p.key for p in all_presenters()])
def test_long_names_and_many_players_stay_within_the_limit(key: str) -> None:
    spec = next(s for s in all_specs() if s.key == key)
    repeat = max(10, 30 // spec.max_seats)  # fewer seats, longer names: the limit is reached
    names = [f"{'Maximilian-Alexander' * repeat}{i}" for i in range(spec.max_seats)]
    game = spec.new_game(None, names, 7)
    rng = random.Random(7)
    shown = next(p for p in all_presenters() if p.key == key)
    cut = 0
    for _ in range(300):
        view = game.public_view()
        text = shown.describe_table(view)
        assert text is not None and len(text) <= ALT_MAX
        cut += text.endswith("…")
        if view.winner is not None:
            break
        game.apply(rng.choice(game.legal_actions()))
    assert cut > 0  # some positions said more than fits: cut, not left over the limit


def test_sentences_cut_at_the_limit() -> None:
    long = sentences(["x" * 600, "y" * 600])
    assert len(long) == ALT_MAX and long.endswith("…")
    assert sentences(["a.", "", " b. "]) == "a. b."
    assert cards_words([Card.parse("10♦"), Card.parse("A♠")]) == "10♦ A♠"


def test_a_finished_session_names_its_winner() -> None:
    four = tx.treppen_four()
    over = replace(four.table, winner=1, phase=type(four.table.phase).OVER)
    text = alt_module("treppenromme").session_alt_text(four.names, over)
    assert text.startswith(f"{four.names[1]} wins the game.")
