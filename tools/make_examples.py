"""Regenerate the example pictures in docs/img/ from hand-built views (Treppenrommé) and
seeded engine games (Rommé, Wiener Rummy).

Run from the project root: ``.venv/bin/python tools/make_examples.py``. Also writes a
400 px wide preview of each next to it under /tmp when ``--previews`` is given, to check
what a phone shows.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # allow ``python tools/make_examples.py`` without an install
    sys.path.insert(0, str(ROOT))

from bot.render import examples as ex  # noqa: E402
from bot.render import (  # noqa: E402
    render_hand,
    render_romme_round_result,
    render_romme_table,
    render_round_result,
    render_session_result,
    render_table,
    render_wiener_round_result,
    render_wiener_table,
)
from bot.render import variant_examples as vx  # noqa: E402

OUT = ROOT / "docs" / "img"
PREVIEW_W = 400


def pictures() -> dict[str, bytes]:
    hand, locked = ex.example_hand()
    names = list(ex.NAMES4)
    romme = ex.romme_round()
    return {
        "table-2-players.png": render_table(ex.two_player_table()),
        "table-4-players.png": render_table(ex.four_player_table()),
        "hand.png": render_hand(hand, locked=locked),
        "round-result.png": render_round_result(romme, names),
        "round-result-dead.png": render_round_result(ex.dead_round(), ["Anna", "Ben"]),
        "session-result.png": render_session_result(names, romme.totals, 3),
        **variant_pictures(),
    }


def variant_pictures() -> dict[str, bytes]:
    """Rommé and Wiener Rummy, from real engine games played by a seeded random player."""
    romme_result, romme_names = vx.romme_round_result()
    wiener_result, wiener_names = vx.wiener_round_result()
    return {
        "romme-table.png": render_romme_table(vx.romme_table()),
        "romme-round-result.png": render_romme_round_result(romme_result, romme_names),
        "wiener-table.png": render_wiener_table(vx.wiener_table()),
        "wiener-knock.png": render_wiener_table(vx.wiener_knock()),
        "wiener-round-result.png": render_wiener_round_result(wiener_result, wiener_names),
    }


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    previews = "--previews" in sys.argv
    for name, data in pictures().items():
        (OUT / name).write_bytes(data)
        img = Image.open(io.BytesIO(data))
        print(f"{name}: {img.width}x{img.height}, {len(data) / 1024:.1f} KB")
        if previews:
            small = img.convert("RGB").resize(
                (PREVIEW_W, round(img.height * PREVIEW_W / img.width)), Image.Resampling.LANCZOS
            )
            small.save(Path("/tmp") / f"preview-{name}")


if __name__ == "__main__":
    main()
