"""The generic presenter: the types a presenter names are read back and checked once (views
where the presenters load, round results where they enter the bot), the shared defaults speak
from ``Standings`` and ``RoundResult``, and every move made for a player is the spec's one
safe move."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from bot.core import autoplay
from bot.games import all_presenters, check_types, presenter
from bot.games.romme.presenter import RommePresenter
from bot.games.treppe import examples as tx
from bot.games.treppe.presenter import TreppePresenter
from engine.actions import Action, Discard, DrawTalon
from engine.cards import parse_cards
from engine.events import Knocked, RoundEnded, RoundResult, SessionEnded
from engine.games.gin.rules import laid_down
from engine.games.romme.events import RommeRoundResult
from engine.games.romme.views import RommePrivateView, RommePublicView
from engine.games.treppe.events import TreppeRoundResult
from engine.games.treppe.views import PrivateView, PublicView
from engine.games.wiener.events import RummyCalled
from engine.onepack import mask_of
from engine.protocol import BasePrivateView, Standings
from engine.registry import get_spec

NAMES = ("Anna", "Ben", "Clara", "Dieter")


def test_a_presenter_names_its_types_directly_or_through_a_generic_base() -> None:
    assert TreppePresenter.presented_types() == (PublicView, PrivateView, TreppeRoundResult)
    assert RommePresenter.presented_types() == (
        RommePublicView,
        RommePrivateView,
        RommeRoundResult,
    )
    for shown in all_presenters():  # each was checked against its game as it loaded
        public, private, result = type(shown).presented_types()
        game = shown.spec.new_game(None, NAMES[:2], 1)
        assert isinstance(game.public_view(), public)
        assert isinstance(game.private_view(1), private)
        assert issubclass(result, RoundResult)


def test_a_presenter_of_another_games_views_is_refused_where_it_loads() -> None:
    class Mixed(TreppePresenter):  # Treppenrommé's presenter offered for Rommé
        key = "romme"

    with pytest.raises(TypeError, match="presents PublicView, but romme hands out"):
        check_types(Mixed(), get_spec("romme"))


def test_a_round_result_of_another_type_is_refused_where_it_enters() -> None:
    shown = presenter("romme")
    treppe_result = tx.round_result()
    assert shown.finished_rounds([]) == []
    with pytest.raises(TypeError, match="romme ended a round with a TreppeRoundResult"):
        shown.finished_rounds([RoundEnded(treppe_result)])


def test_round_records_and_lines_come_from_the_shared_result() -> None:
    shown = presenter("treppenromme")
    result = tx.round_result()
    record = shown.round_record(result)
    assert (record.round_number, record.closer, record.special) == (
        result.round_number,
        result.closer,
        result.special,
    )
    assert record.points == result.points and record.totals == result.totals
    assert record.bonus == result.bonuses and sum(record.bonus) == result.bonus
    lines = shown.result_lines(NAMES, result)
    assert lines[0] == shown.round_headline(result, NAMES)
    assert len(lines) == 1 + len(NAMES)
    for name, line, total in zip(NAMES, lines[1:], result.totals, strict=True):
        assert line.startswith(f"{name}: ") and f"**{total}**" in line
    told = shown.narrate([RoundEnded(result)], NAMES)
    assert told == shown.round_headline(result, NAMES)


def test_standings_follow_the_engines_ranking_in_the_games_unit() -> None:
    standings = Standings((40, 10, 25), True, (), "minus points", (True, True, True))
    text = presenter("romme").standings_text(NAMES[:3], standings)
    assert text.splitlines() == [
        "1. Ben: **10** minus points",
        "2. Clara: **25** minus points",
        "3. Anna: **40** minus points",
    ]
    chips = replace(standings, in_play=(True, False, True), chips=(3, -5, 2))
    wiener = presenter("wiener").standings_text(NAMES[:3], chips)
    assert wiener.splitlines()[-1] == "3. Ben: **−5** chips, 10 bad points (out)"


def test_the_session_end_names_the_winner_with_the_games_unit_or_its_pot() -> None:
    end = SessionEnded(winner=1, totals=(300, 512), pot=0)
    told = presenter("treppenromme").narrate([end], NAMES)
    assert told == "**Ben wins the game with 512 points.**"
    assert presenter("treppenromme").session_end_text(end, NAMES) == told  # the log drops it
    fewest = SessionEnded(winner=1, totals=(40, 12), pot=0)
    assert (
        presenter("romme").narrate([fewest], NAMES) == "**Ben wins the game with 12 minus points.**"
    )
    pot = SessionEnded(winner=0, totals=(4, -4), pot=12)
    assert "pot of 12 chips" in presenter("wiener").narrate([pot], NAMES)


class _Failing:
    """A computer player (or a spec's timeout move) that always fails."""

    def choose(self, view: BasePrivateView, legal: Sequence[Action]) -> Action:
        raise RuntimeError("broken")


def test_every_move_made_for_a_player_is_the_specs_safe_move() -> None:
    spec = get_spec("treppenromme")
    game = spec.new_game(None, NAMES[:2], 3)
    view, legal = game.private_view(game.to_act), list(game.legal_actions())
    safe = spec.timeout_action(view, legal)
    assert autoplay.timeout_action(spec, view, legal) == safe
    assert autoplay.choose_safely(spec, _Failing(), view, legal) == safe
    assert isinstance(safe, DrawTalon)
    broken = replace(spec, timeout_action=_Failing().choose)
    assert autoplay.timeout_action(broken, view, legal) == legal[0]  # the engine accepts it
    wrong = replace(spec, timeout_action=lambda v, moves: Discard(v.seat, v.hand[0]))
    assert autoplay.timeout_action(wrong, view, legal) == legal[0]  # not legal now


def test_a_closing_move_is_told_without_the_hand_the_table_shows() -> None:
    """A knock, a gin and a Rummy call lay a hand down that the round's result (or, in Wiener
    Rummy, the table until the last turns are played) shows: the log (the engine narrator's
    words for a table that shows hands) names who did what, the deadwood and the discard."""
    melds = [mask_of(parse_cards("A♠ 2♠ 3♠")), mask_of(parse_cards("7♥ 7♦ 7♣"))]
    knock = laid_down(melds[0] | melds[1] | mask_of(parse_cards("4♦ 2♥")), melds)
    gin = laid_down(melds[0] | melds[1], melds)
    card = parse_cards("K♣")[0]
    knocked = "Ben knocks with 6 deadwood, discarding K♣."
    assert presenter("gin").narrate([Knocked(1, card, knock)], NAMES) == knocked
    assert presenter("gin").narrate([Knocked(0, card, gin)], NAMES) == (
        "Anna goes gin, discarding K♣."
    )
    assert presenter("wiener").narrate([Knocked(2, card, knock)], NAMES) == (
        "Clara knocks with 6 deadwood, discarding K♣."
    )
    called = presenter("wiener").narrate([RummyCalled(3, card, gin)], NAMES)
    assert called == "Dieter calls Rummy, discarding K♣."
