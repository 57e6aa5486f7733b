"""Table options declared once on a ruleset's fields (engine/options.py): every game's
``OptionSpec``s, range checks and lobby words come from there."""

from __future__ import annotations

import dataclasses

import pytest

from engine import i18n
from engine.errors import RulesError
from engine.i18n import N_, N_plural, using
from engine.options import Rules, check_options, flag, option, options_of
from engine.protocol import GameSpec, OptionSpec
from engine.registry import all_specs

SPECS = all_specs()
IDS = [spec.key for spec in SPECS]


def _samples(spec: OptionSpec) -> list[bool | int | None]:
    """Values a table can choose: both for a flag; the bounds, 1, 2 and the default else."""
    if spec.kind is bool:
        return [True, False]
    assert spec.minimum is not None and spec.maximum is not None
    values = [spec.minimum, spec.maximum, spec.default, 1, 2]
    return [v for v in values if v is None or spec.minimum <= v <= spec.maximum]


def _out_of_range(spec: OptionSpec) -> list[object]:
    if spec.kind is bool:
        return [3, None, "yes"]
    assert spec.minimum is not None and spec.maximum is not None
    return [spec.minimum - 1, spec.maximum + 1, True, "7"]


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_the_specs_options_are_the_rulesets_fields_with_metadata(spec: GameSpec) -> None:
    assert spec.options == options_of(spec.ruleset_type)
    assert dataclasses.is_dataclass(spec.ruleset_type)
    declared = [f for f in dataclasses.fields(spec.ruleset_type) if f.metadata]
    assert [o.name for o in spec.options] == [f.name for f in declared]
    assert [o.default for o in spec.options] == [f.default for f in declared]
    defaults = spec.ruleset_type()
    for option_spec, field in zip(spec.options, declared, strict=True):
        assert getattr(defaults, field.name) == option_spec.default
        kind = "bool" if option_spec.kind is bool else "int"
        assert str(field.type).startswith(kind)
        if option_spec.kind is int:
            assert option_spec.minimum is not None and option_spec.maximum is not None
            assert option_spec.default is None or (
                option_spec.minimum <= option_spec.default <= option_spec.maximum
            )


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_out_of_range_values_are_refused_by_the_spec_and_the_ruleset_alike(
    spec: GameSpec,
) -> None:
    for option_spec in spec.options:
        for bad in _out_of_range(option_spec):
            with pytest.raises(RulesError) as by_spec:
                spec.make_ruleset({option_spec.name: bad})
            with pytest.raises(RulesError) as by_ruleset:
                spec.ruleset_type(**{option_spec.name: bad})
            assert str(by_spec.value) == str(by_ruleset.value)
            assert option_spec.name in str(by_ruleset.value)
        for good in _samples(option_spec):
            made = spec.ruleset_type(**{option_spec.name: good})
            assert getattr(made, option_spec.name) == good


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_a_stored_ruleset_out_of_range_is_refused_too(spec: GameSpec) -> None:
    first = spec.options[0]
    bad = _out_of_range(first)[0]
    with pytest.raises(RulesError):
        spec.ruleset_from_json({first.name: bad})


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_every_option_has_words_in_every_language(spec: GameSpec) -> None:
    german = i18n.translations("de")
    for option_spec in spec.options:
        label = option_spec.label
        assert label is not None, f"{spec.key}.{option_spec.name} has no label"
        single = [label.off, label.unset, None if label.plural else label.text]
        for message in filter(None, single):
            assert german.gettext(message) != message, f"{message!r} is not in German"
        if label.plural is not None:
            for count, english in ((1, label.text), (2, label.plural)):
                assert german.ngettext(label.text, label.plural, count) != english
        for language in ("en", "de"):
            with using(language):
                for value in _samples(option_spec):
                    words = label.shown(value)
                    assert words and "{" not in words
                    if isinstance(value, int) and not isinstance(value, bool):
                        assert str(value) in words


def test_a_flag_an_unset_option_and_plural_words() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Sample(Rules):
        rounds: int | None = option(
            None,
            minimum=1,
            maximum=9,
            about="rounds to play",
            label=N_plural("{value} round", "{value} rounds"),
            unset=N_("every player deals once"),
        )
        doubled: bool = flag(True, about="x", on=N_("no return"), off=N_("return allowed"))
        seed_note: str = "not a table option"  # no metadata: no option, no check

    assert [o.name for o in options_of(Sample)] == ["rounds", "doubled"]
    assert Sample(rounds=None).rounds is None
    check_options(Sample(seed_note="anything"))
    with pytest.raises(RulesError, match="rounds must be between 1 and 9"):
        Sample(rounds=10)
    rounds, doubled = options_of(Sample)
    assert rounds.label is not None and doubled.label is not None
    with using("de"):
        assert rounds.label.shown(None) == "jede Person gibt einmal"
        assert rounds.label.shown(1) == "1 Runde"
        assert rounds.label.shown(3) == "3 Runden"
        assert doubled.label.shown(False) == "Zurücklegen erlaubt"
    with using("en"):
        assert rounds.label.shown(1) == "1 round"
        assert doubled.label.shown(True) == "no return"


def test_a_declaration_that_does_not_fit_its_field_is_refused() -> None:
    with pytest.raises(TypeError):
        option(None, minimum=1, maximum=2, about="x", label=N_("target {value}"))  # no unset
    with pytest.raises(TypeError):
        option(True, minimum=0, maximum=1, about="x", label=N_("target {value}"))  # a flag

    @dataclasses.dataclass(frozen=True)
    class Mistyped:
        target: bool = option(  # type: ignore[assignment]
            5, minimum=1, maximum=9, about="x", label=N_("target {value}")
        )

    with pytest.raises(TypeError, match=r"Mistyped\.target: declared as int, annotated bool"):
        options_of(Mistyped)
