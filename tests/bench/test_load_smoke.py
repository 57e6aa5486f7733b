"""The load benchmark (bench/load.py) still runs: a few tables, a few clicks, every figure there.

No timings are asserted; speed is the benchmark's business."""

from __future__ import annotations

import copy

import pytest
from simcord.backend.models.interaction import Interaction

from bench.load import Config, configs, main, parse_args, run_load


@pytest.mark.parametrize("images", [False, True])
async def test_a_short_run_answers_every_click(images: bool) -> None:
    # Three tables: one of each game (Treppenrommé, Rommé, Wiener Rummy).
    cfg = Config(tables=3, images=images, duration=1.0, min_clicks=24)
    figures = await run_load(cfg)
    assert figures.games == 3
    assert figures.errors == 0
    assert figures.refused == 0
    assert figures.unanswered == 0
    assert figures.clicks >= 12  # every scheduled click got its answer (or the run failed)
    assert all(latency > 0 for latency in figures.latencies)
    assert {"draw", "discard"} <= set(figures.by_kind)
    assert figures.commit_times, "the moves were stored"
    assert figures.lags, "the event-loop ticker ran"
    line = figures.line()
    for key in (
        "click_p50_ms=",
        "click_p99_ms=",
        "lag_p99_ms=",
        "commits_per_s=",
        "mem_kb_per_game=",
    ):
        assert key in line
    assert "__setattr__" not in Interaction.__dict__, "the answer hook is removed after a run"
    counts = figures.validations
    assert counts is not None and counts.reused > 0, "the store takes what the HTTP layer checked"
    assert f"simcord_store_reused={counts.reused}" in line


async def test_a_member_plays_a_computer() -> None:
    # One table, a member against a hard computer (its moves in threads here: quicker to start).
    cfg = Config(
        tables=1, images=False, duration=1.0, min_clicks=30, computers=1, computer_processes=0
    )
    figures = await run_load(cfg)
    assert figures.errors == 0 and figures.unanswered == 0 and figures.refused == 0
    # A member discards only on their turn: two discards mean the computer played between.
    assert figures.by_kind.get("discard", 0) >= 2, figures.by_kind


def test_quick_flag_and_table_list() -> None:
    args = parse_args(["--quick", "--images", "off"])
    runs = configs(args)
    assert [(c.tables, c.images) for c in runs] == [(2, False), (10, False)]
    assert all(c.rate_scale > 1 for c in runs)  # small N: time is compressed
    assert configs(parse_args(["--tables", "1000", "--duration", "60"]))[0].rate_scale == 1.0


def test_the_summary_is_the_last_line(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--tables", "2", "--images", "off", "--duration", "0.5", "--min-clicks", "6"])
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("config ")
    assert "n2_noimg_click_p99_ms=" in lines[-1] and "n2_noimg_mem_kb_per_game=" in lines[-1]


async def test_tracemalloc_memory_says_what_the_live_games_hold() -> None:
    cfg = Config(tables=3, images=False, duration=1.0, min_clicks=12, memory="tracemalloc")
    figures = await run_load(cfg)
    assert figures.unanswered == 0 and figures.errors == 0
    live = figures.mem_live_kb_per_game
    assert live is not None and 0 < live <= figures.mem_kb_per_game
    assert f"mem_live_kb_per_game={live:.1f}" in figures.line()
    assert figures.config.memory == "tracemalloc"
    rss = await run_load(Config(tables=3, images=False, duration=0.5, min_clicks=6))
    assert rss.mem_live_kb_per_game is None and "mem_live_kb_per_game" not in rss.line()


def test_simcord_validates_an_edit_once_and_still_refuses_a_bad_one() -> None:
    import simcord.backend.ops.messages as sc_messages
    import simcord.http._helpers as sc_helpers
    from simcord.components import ComponentValidationError

    from bench.loadsim import simcord_validation

    good = [{"type": 10, "content": "a hand"}]
    bad = [{"type": 2, "style": 1, "label": "a button outside any row", "custom_id": "x"}]
    v2 = 1 << 15
    originals = (sc_helpers.validate_message_state, sc_messages.validate_message_state)
    with simcord_validation("once") as counts:
        checked = sc_helpers.validate_message_state(good, flags=v2, content=None, embeds=[])
        copied = copy.deepcopy(checked)  # SimCord hands its store a copy of the checked list
        assert sc_messages.validate_message_state(copied, flags=v2, content=None, embeds=[]) is (
            copied
        ), "the store takes the list the HTTP layer has just validated"
        assert (counts.reused, counts.validated) == (1, 0)
        with pytest.raises(ComponentValidationError):
            sc_helpers.validate_message_state(bad, flags=v2, content=None, embeds=[])
        with pytest.raises(ComponentValidationError):  # any other list is validated
            sc_messages.validate_message_state(bad, flags=v2, content=None, embeds=[])
        assert counts.validated == 1
    assert (sc_helpers.validate_message_state, sc_messages.validate_message_state) == originals
