"""How big every picture's smallest text and smallest card rank show on a phone.

Draws every picture kind of every registered game from real games that computer players play
from fixed seeds: the table at the start of the first round and just before its end (when
the most melds lie on it), at 2, 4 and 6 seats where the game seats that many, the round's
result, the session's end, a replay's middle and last step, and the stats chart, in English
and German. While each picture is drawn it records the sizes the drawing code used: every
text stamp's font size (``bot.render.canvas.text_stamp``), every card face taken from the
sprite sheet (its rank drawn at ``RANK_SIZE``) or drawn as a joker (``JOKER_RANK_SIZE``),
and how far down each card is cut. A font size becomes a capital height with the font's own
metrics; a picture ``W`` px wide is shown ``--width`` CSS px wide (default
``PHONE_SHOWN_W``, 264: a 390 px phone in SimCord's preview), so a capital of ``c`` canvas px
shows ``c * width / W`` CSS px.

    python bench/legibility.py [--width 264] [--quick]

One line a picture (``game seats lang kind WxH text=F rank=F`` and the smallest text), then
the smallest of all, as its last line: ``min_text_css_px=F min_rank_css_px=F``.
Targets (bot/render/README.md): text >= 8, ranks >= 11 CSS px at 264 px.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # allow ``python bench/legibility.py`` without an install
    sys.path.insert(0, str(ROOT))

import bot.render.assets as assets  # noqa: E402
import bot.render.canvas as canvas  # noqa: E402
import bot.render.jokers as jokers  # noqa: E402
from bot.games import all_presenters  # noqa: E402
from bot.games.examples import NAMES6, play  # noqa: E402
from bot.ratings import Rating  # noqa: E402
from bot.render import clear_caches  # noqa: E402
from bot.render.geometry import BACK_CODE, INDEX_BOTTOM, PHONE_SHOWN_W, RANK_SIZE  # noqa: E402
from bot.render.rating_chart import render_rating_history  # noqa: E402
from engine.i18n import using  # noqa: E402

SEAT_COUNTS = (2, 4, 6)
LANGUAGES = ("en", "de")
SEED = 11


@cache
def cap_height(size: int) -> int:
    """The capital height of the pictures' font at ``size`` px, from the font's own glyphs."""
    top = assets.font(size).getbbox("H", anchor="ls")[1]
    return -round(top)


@dataclass
class Record:
    """What one picture's drawing used."""

    texts: list[tuple[int, str]] = field(default_factory=list)
    faces: int = 0
    joker_ranks: list[int] = field(default_factory=list)
    crops: list[int] = field(default_factory=list)


class _Faces(dict[str, Image.Image]):
    """A sprite sheet that counts the card faces taken from it."""

    def __init__(self, sheet: dict[str, Image.Image], record: Record) -> None:
        super().__init__(sheet)
        self.record = record

    def __getitem__(self, code: str) -> Image.Image:
        if code != BACK_CODE:
            self.record.faces += 1
        return super().__getitem__(code)


def _clear_tile_caches() -> None:
    """Forget the cut card tiles and faces the renderers keep (``clear_caches`` keeps them:
    they are the sprites' own), so that every card a picture shows is taken from the sheet
    while it is recorded, whatever was drawn before. The example games' positions stay."""
    for name, module in list(sys.modules.items()):
        if not name.startswith(("bot.render.", "bot.games.")) or name.endswith(".examples"):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", None) == name:
                clear()


@contextmanager
def recording() -> Iterator[Record]:
    """Record the sizes used by the pictures drawn inside, caches cleared so that nothing is
    pasted from an earlier picture's stamps unseen."""
    record = Record()
    real_stamp, real_sprites = canvas.text_stamp, assets.sprites
    real_cropped, real_glyph = assets._cropped, jokers._glyph

    def stamp(content: str, style: assets.Style) -> Image.Image:
        record.texts.append((style.size, content))
        return real_stamp(content, style)

    def sheet(lang: str | None = None) -> dict[str, Image.Image]:
        return _Faces(real_sprites(lang), record)

    def cropped(code: str, height: int, key: str) -> Image.Image:
        if code != BACK_CODE:
            record.crops.append(height)
        return real_cropped.__wrapped__(code, height, key)

    def glyph(content: str, size: int, max_w: int) -> Image.Image:
        if size == jokers.JOKER_RANK_SIZE:
            record.joker_ranks.append(size)
        return real_glyph(content, size, max_w)

    clear_caches()
    _clear_tile_caches()
    patches: list[tuple[Any, str, Any]] = [
        (canvas, "text_stamp", stamp),
        (assets, "sprites", sheet),
        (assets, "_cropped", cropped),
        (jokers, "_glyph", glyph),
    ]
    reals = [(module, name, getattr(module, name)) for module, name, _ in patches]
    for module, name, value in patches:
        setattr(module, name, value)
    try:
        yield record
    finally:
        for module, name, value in reals:
            setattr(module, name, value)
        clear_caches()


@dataclass(frozen=True)
class Measured:
    """One picture's smallest text and rank, in CSS px at the display width."""

    label: str
    size: tuple[int, int]
    text_css: float | None
    smallest: str
    rank_css: float | None
    lowest_cut: int | None


def measure(label: str, draw: Callable[[], bytes | None], display_w: int) -> Measured | None:
    with recording() as record:
        png = draw()
    if png is None:
        return None
    width, height = Image.open(io.BytesIO(png)).size
    scale = display_w / width
    text_css = smallest = None
    if record.texts:
        size, content = min(record.texts, key=lambda t: cap_height(t[0]))
        text_css = cap_height(size) * scale
        smallest = f"{size} px {content!r}"
    ranks = [RANK_SIZE] * bool(record.faces) + record.joker_ranks
    rank_css = min(cap_height(s) for s in ranks) * scale if ranks else None
    lowest = min(record.crops) if record.crops else None
    return Measured(label, (width, height), text_css, smallest or "", rank_css, lowest)


# ----------------------------------------------------------------------------- the games
@dataclass
class Moments:
    """The public views and results of one game, played by its computer players."""

    names: Sequence[str]
    start: Any
    before_end: Any
    result: Any
    final: Any
    game: Any


def played(presenter: Any, seats: int) -> Moments:
    spec = presenter.spec
    names = NAMES6[:seats]
    game = spec.new_game(None, names, SEED)
    players = [spec.make_player("normal", SEED + s) for s in range(seats)]
    start = game.public_view()
    views: list[Any] = []

    def first_round_over() -> bool:
        views.append(game.public_view())
        return len(game.results) >= 1

    play(game, players, first_round_over)
    before_end = views[-2] if len(views) > 1 else start
    result = game.results[0]
    play(game, players, lambda: game.is_over)
    return Moments(names, start, before_end, result, game.public_view(), game)


def replay_steps(presenter: Any, moments: Moments) -> dict[str, Callable[[], bytes | None]]:
    """The replay's middle and last step, drawn the way /treppe replay draws them."""
    from bot.stats.replays import draw_step
    from bot.storage.rows import FinishedSession
    from engine.replay import Replay

    state = moments.game.to_json()
    replay = Replay(state)
    session = FinishedSession(1, 1, 1, presenter.key, state, "2026-12-01", True, ())
    steps = replay.steps

    def step(n: int) -> Callable[[], bytes | None]:
        return lambda: draw_step(session, replay, n, True).picture

    return {"replay-middle": step(steps // 2), "replay-last": step(steps)}


def picture_kinds(presenter: Any, m: Moments) -> dict[str, Callable[[], bytes | None]]:
    return {
        "table-start": lambda: presenter.render_table(m.start),
        "table-full": lambda: presenter.render_table(m.before_end),
        "round-result": lambda: presenter.render_round(m.result, m.names),
        "session-end": lambda: presenter.render_session(m.names, m.final),
    }


def pictures(quick: bool) -> Iterator[tuple[str, Callable[[], bytes | None]]]:
    for presenter in all_presenters():
        spec = presenter.spec
        counts = [n for n in SEAT_COUNTS if spec.min_seats <= n <= spec.max_seats]
        for seats in counts[:1] if quick else counts:
            moments = played(presenter, seats)
            kinds = picture_kinds(presenter, moments)
            if seats == counts[0]:
                kinds |= replay_steps(presenter, moments)
            for kind, draw in kinds.items():
                yield f"{presenter.key:<13}{seats}  {kind}", draw
    history = [Rating(25 + i * 0.7, 8.3 - i * 0.4, i + 1) for i in range(12)]
    yield f"{'stats':<13}-  rating-chart", lambda: render_rating_history(history)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--width", type=int, default=PHONE_SHOWN_W, help="display width, CSS px")
    parser.add_argument("--quick", action="store_true", help="the fewest seats of each game only")
    args = parser.parse_args(argv)
    found: list[Measured] = []
    for lang in LANGUAGES:
        with using(lang):
            for label, draw in pictures(args.quick):
                m = measure(f"{label} {lang}", draw, args.width)
                if m is None:
                    continue
                found.append(m)
                text = "-" if m.text_css is None else f"{m.text_css:.2f}"
                rank = "-" if m.rank_css is None else f"{m.rank_css:.2f}"
                cut = "" if m.lowest_cut is None else f" cut>={m.lowest_cut}"
                print(
                    f"{m.label:<36} {m.size[0]}x{m.size[1]:<5} text={text:<6} rank={rank:<6}"
                    f"{cut}  smallest: {m.smallest}",
                    flush=True,
                )
    texts = [m.text_css for m in found if m.text_css is not None]
    ranks = [m.rank_css for m in found if m.rank_css is not None]
    cuts = [m.lowest_cut for m in found if m.lowest_cut is not None]
    if cuts and min(cuts) < INDEX_BOTTOM:
        print(f"a card is cut {min(cuts)} px down, above its index's end ({INDEX_BOTTOM} px)")
    print(f"pictures={len(found)} display_width={args.width}")
    print(f"min_text_css_px={min(texts):.2f} min_rank_css_px={min(ranks):.2f}")


if __name__ == "__main__":
    main()
