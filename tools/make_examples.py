"""Regenerate the example pictures in docs/img/ from real games played by computer players
from fixed seeds (``bot/games/examples.py``).

Run from the project root: ``.venv/bin/python tools/make_examples.py``. ``--out DIR`` writes
them elsewhere (to look at a change without touching docs/img/); ``--previews`` also writes
each as a phone shows it (``PHONE_SHOWN_W`` px wide) beside it, named ``preview-*``.
``tests/bot/render/test_examples.py`` fails when docs/img/ is stale.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # allow ``python tools/make_examples.py`` without an install
    sys.path.insert(0, str(ROOT))

from bot.games.examples import pictures  # noqa: E402
from bot.render.geometry import PHONE_SHOWN_W  # noqa: E402

OUT = ROOT / "docs" / "img"
PREVIEW_W = PHONE_SHOWN_W  # what a phone shows of a full-width picture


def main() -> None:
    args = sys.argv[1:]
    if "-h" in args or "--help" in args:
        print(__doc__)
        return
    out = Path(args[args.index("--out") + 1]) if "--out" in args else OUT
    out.mkdir(parents=True, exist_ok=True)
    previews = "--previews" in args
    for name, data in pictures().items():
        (out / name).write_bytes(data)
        img = Image.open(io.BytesIO(data))
        print(f"{name}: {img.width}x{img.height}, {len(data) / 1024:.1f} KB")
        if previews:
            small = img.convert("RGB").resize(
                (PREVIEW_W, round(img.height * PREVIEW_W / img.width)), Image.Resampling.LANCZOS
            )
            small.save(out / f"preview-{name}")


if __name__ == "__main__":
    main()
