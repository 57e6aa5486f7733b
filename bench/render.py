"""Benchmark the renderer: the crowded 4-player table and a hand, drawn and PNG-encoded with
the result caches cleared before every run.

Prints the baselines (PNG-encoding a flat canvas of the same size at compress_level=1, as
RGB and as a palette image like ours), the draw/encode split and the Rommé and Wiener Rummy
tables (romme_table_ms_p50=F romme_table_kb=F wiener_table_ms_p50=F wiener_table_kb=F)
first, then every other picture kind (round results, the session result, a 13-card hand, one
card emoji: ``<kind>_ms_p50=F <kind>_kb=F WxH``) and, as its last line:
table_ms_p50=F table_kb=F width=N height=N hand_ms_p50=F
Targets: table within 2x the (RGB) baseline and at most 100 KB; hand at most 2 ms.
"""

from __future__ import annotations

import io
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # allow ``python bench/render.py`` without an install
    sys.path.insert(0, str(ROOT))

from bot.games.romme import examples as rx  # noqa: E402
from bot.games.romme.render import render_romme_table  # noqa: E402
from bot.games.treppe import examples as ex  # noqa: E402
from bot.games.wiener import examples as wx  # noqa: E402
from bot.games.wiener.render import render_wiener_table  # noqa: E402
from bot.render import clear_caches, render_hand  # noqa: E402
from bot.render.canvas import encode, new_canvas  # noqa: E402
from bot.render.meld_table import draw_table, render_table  # noqa: E402
from bot.render.palette import FELT  # noqa: E402

RUNS = 60


def p50_ms(fns: dict[str, Callable[[], object]], runs: int = RUNS) -> dict[str, float]:
    """Median milliseconds per function. Runs are interleaved so that load from other
    processes hits every figure alike."""
    times: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(runs):
        for name, fn in fns.items():
            start = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(t) * 1000 for name, t in times.items()}


def romme_wiener_line() -> str:
    """Rommé and Wiener Rummy tables (the docs positions, from seeded engine games), drawn and
    encoded with the caches cleared, measured apart from the Treppenrommé figures."""
    romme = rx.romme_table()
    wiener = wx.wiener_knock()
    romme_png = render_romme_table(romme)
    wiener_png = render_wiener_table(wiener)

    def romme_table() -> bytes:
        clear_caches()
        return render_romme_table(romme)

    def wiener_table() -> bytes:
        clear_caches()
        return render_wiener_table(wiener)

    ms = p50_ms({"romme": romme_table, "wiener": wiener_table})
    return (
        f"romme_table_ms_p50={ms['romme']:.2f} romme_table_kb={len(romme_png) / 1024:.1f} "
        f"wiener_table_ms_p50={ms['wiener']:.2f} wiener_table_kb={len(wiener_png) / 1024:.1f}"
    )


def _kinds() -> dict[str, Callable[[], bytes]]:
    """Every other picture kind, drawn from the docs' engine games (inputs made once)."""
    from bot.games.romme.render_results import render_romme_round_result
    from bot.games.treppe.render_results import render_round_result
    from bot.games.wiener.render_results import render_wiener_round_result
    from bot.render.emoji_art import card_emoji
    from bot.render.round_results import render_session_result
    from engine.cards import FULL_PACK, Card

    four, rom, wie = ex.treppen_four(), rx.romme(), wx.wiener()
    thirteen = FULL_PACK[:26:2]
    return {
        "treppe_round": lambda: render_round_result(four.result, four.names),
        "treppe_session": lambda: render_session_result(four.names, four.totals, four.winner),
        "romme_round": lambda: render_romme_round_result(rom.result, rom.names),
        "wiener_round": lambda: render_wiener_round_result(wie.result, wie.names),
        "hand13": lambda: render_hand(thirteen),
        "emoji": lambda: (card_emoji.cache_clear(), card_emoji(Card.parse("10♦")))[1],
    }


def kinds_line() -> str:
    kinds = _kinds()
    pngs = {name: fn() for name, fn in kinds.items()}

    def cleared(fn: Callable[[], bytes]) -> Callable[[], bytes]:
        def run() -> bytes:
            clear_caches()
            return fn()

        return run

    ms = p50_ms({name: cleared(fn) for name, fn in kinds.items()}, runs=RUNS // 3)
    parts = []
    for name, png in pngs.items():
        width, height = Image.open(io.BytesIO(png)).size
        parts.append(
            f"{name}_ms_p50={ms[name]:.2f} {name}_kb={len(png) / 1024:.1f} {width}x{height}"
        )
    return "\n".join(parts)


def main() -> None:
    view = ex.four_player_table()
    hand, locked = ex.example_hand()
    # Warm up: sprites and text stamps load once per process, not per picture.
    png = render_table(view)
    render_hand(hand, locked=locked)
    width, height = Image.open(io.BytesIO(png)).size

    def table() -> bytes:
        clear_caches()
        return render_table(view)

    def one_hand() -> bytes:
        clear_caches()
        return render_hand(hand, locked=locked)

    flat_rgb = Image.new("RGB", (width, height), FELT)
    flat_palette = new_canvas(width, height)
    drawn = draw_table(view)

    ms = p50_ms(
        {
            "base_rgb": lambda: flat_rgb.save(io.BytesIO(), "PNG", compress_level=1),
            "base_pal": lambda: flat_palette.save(io.BytesIO(), "PNG", compress_level=1),
            "table": table,
            "draw": lambda: draw_table(view),
            "encode": lambda: encode(drawn),
            "hand": one_hand,
        }
    )
    base_rgb, base_pal, table_ms = ms["base_rgb"], ms["base_pal"], ms["table"]
    draw_ms, encode_ms, hand_ms = ms["draw"], ms["encode"], ms["hand"]
    print(f"baseline_flat_rgb_png_ms_p50={base_rgb:.2f} (target: table <= {2 * base_rgb:.2f} ms)")
    print(f"baseline_flat_palette_png_ms_p50={base_pal:.2f}")
    print(f"table_draw_ms_p50={draw_ms:.2f} table_encode_ms_p50={encode_ms:.2f}")
    print(
        f"table_vs_rgb_baseline={table_ms / base_rgb:.2f}x "
        f"table_vs_palette_baseline={table_ms / base_pal:.2f}x"
    )
    print(romme_wiener_line())
    print(kinds_line())
    print(
        f"table_ms_p50={table_ms:.2f} table_kb={len(png) / 1024:.1f} width={width} "
        f"height={height} hand_ms_p50={hand_ms:.2f}"
    )


if __name__ == "__main__":
    main()
