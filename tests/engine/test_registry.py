"""The registry and each game's spec: options agree with the ruleset, look-ups and loading."""

from __future__ import annotations

import dataclasses

import pytest

from engine import deadwood, parse_cards
from engine.errors import IllegalMeld
from engine.protocol import GameSpec, Phase
from engine.registry import all_specs, get_spec, load_game, meld_points

SPECS = all_specs()


@pytest.mark.parametrize("spec", SPECS, ids=[s.key for s in SPECS])
def test_options_are_the_ruleset_fields_with_their_defaults(spec: GameSpec) -> None:
    default = spec.make_ruleset()
    assert isinstance(default, spec.ruleset_type)
    assert dataclasses.is_dataclass(default)
    fields = {f.name: getattr(default, f.name) for f in dataclasses.fields(default)}
    assert {o.name: o.default for o in spec.options} == fields


@pytest.mark.parametrize("spec", SPECS, ids=[s.key for s in SPECS])
def test_every_option_bound_is_accepted_by_the_ruleset(spec: GameSpec) -> None:
    for option in spec.options:
        values = [True, False] if option.kind is bool else [option.minimum, option.maximum]
        for value in values:
            rules = spec.make_ruleset({option.name: value})
            assert getattr(rules, option.name) == value


@pytest.mark.parametrize("spec", SPECS, ids=[s.key for s in SPECS])
def test_options_out_of_range_or_unknown_are_refused(spec: GameSpec) -> None:
    with pytest.raises(KeyError):
        spec.make_ruleset({"no_such_option": 1})
    for option in spec.options:
        bad = 3 if option.kind is bool else (option.maximum or 0) + 1
        with pytest.raises(ValueError):
            spec.make_ruleset({option.name: bad})


@pytest.mark.parametrize("spec", SPECS, ids=[s.key for s in SPECS])
def test_a_new_game_names_its_spec_and_loads_back(spec: GameSpec) -> None:
    names = [f"P{i}" for i in range(spec.min_seats)]
    game = spec.new_game(None, names, seed=3)
    assert game.spec is spec
    assert game.names == tuple(names)
    assert game.phase in (Phase.DRAW, Phase.PLAY)
    assert not game.is_over
    assert game.standings().winners == ()
    again = load_game(game.to_json())
    assert again.spec is spec
    assert again.to_json() == game.to_json()


def test_a_spec_refuses_another_games_ruleset() -> None:
    first, second = SPECS[0], SPECS[1]
    with pytest.raises(TypeError):
        first.new_game(second.make_ruleset(), ["A", "B"], seed=1)


def test_unknown_game_key_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match=SPECS[0].key):
        get_spec("canasta")
    with pytest.raises(ValueError):
        load_game('{"game": "canasta"}')


def test_meld_points_goes_through_the_registry() -> None:
    for text in ("Q♥ K♥ A♥", "7♥ 8♥ 9♥"):
        cards = parse_cards(text)
        for spec in SPECS:
            try:
                points = spec.meld_points(cards)
            except IllegalMeld:  # a game whose Ace is low only
                with pytest.raises(IllegalMeld):
                    meld_points(cards, game=spec.key)
                continue
            assert meld_points(cards, game=spec.key) == points


def test_deadwood_counts_as_each_game_counts_it() -> None:
    """``engine.deadwood`` is each game's own count (its spec's): Ace 11 in the two-pack
    games, 1 in Gin Rummy; a game without deadwood is refused, naming those with one."""
    hand = parse_cards("K♠ Q♠ J♠ A♥ 2♦")
    counted = {s.key: deadwood(hand, game=s.key) for s in SPECS if s.deadwood is not None}
    assert counted == {"romme": 13, "wiener": 13, "gin": 3}
    assert deadwood(hand) == counted["wiener"]  # the default game
    for spec in SPECS:
        if spec.deadwood is None:
            with pytest.raises(ValueError, match=r"counts no deadwood.*'gin'"):
                deadwood(hand, game=spec.key)
    with pytest.raises(ValueError, match="unknown game"):
        deadwood(hand, game="canasta")


def test_gin_deadwood_refuses_what_one_pack_cannot_hold() -> None:
    with pytest.raises(IllegalMeld):
        deadwood(parse_cards("Jo 5♥ 6♥"), game="gin")
    with pytest.raises(IllegalMeld):
        deadwood(parse_cards("5♥ 5♥"), game="gin")
    assert deadwood(parse_cards("5♥ 6♥ 7♥ 7♠ 7♦ 7♣"), game="gin") == 0


def test_a_renamed_option_still_loads_under_its_old_name() -> None:
    spec = get_spec("treppenromme")
    assert spec.ruleset_from_json({"romme_hand_double": False}) == spec.make_ruleset(
        {"hand_romme_double": False}
    )
