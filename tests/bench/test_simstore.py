"""SimCord's stored messages kept as bytes in the load benchmark (bench/simstore.py): SimCord
still reads what it stored, and the collector no longer tracks it."""

from __future__ import annotations

import gc

import pytest
from simcord.backend.models.message import Message

from bench.load import Config, run_load
from bench.simstore import PACKED_FIELDS, simcord_store

ROWS = [
    {
        "type": 17,
        "components": [
            {"type": 10, "content": "Your hand"},
            {
                "type": 1,
                "components": [
                    {"type": 2, "style": 2, "custom_id": "c:1", "emoji": {"name": "🂡"}},
                ],
            },
        ],
    }
]


def stored(**fields: object) -> Message:
    return Message(id=1, channel_id=2, author_id=3, **fields)  # type: ignore[arg-type]


def test_a_packed_message_reads_back_what_was_stored_and_holds_bytes() -> None:
    with simcord_store("packed"):
        message = stored(components=ROWS, mention_user_ids=[7])
        assert message.components == ROWS and message.mention_user_ids == [7]
        assert message.components is not message.components, "each read is a fresh copy"
        held = vars(message)
        assert all(type(held[f"_packed_{name}"]) is bytes for name in PACKED_FIELDS)
        lists = [value for value in held.values() if isinstance(value, list)]
        assert lists == [message.reactions], "the collector tracks no other list of it"
        assert all(gc.is_tracked(value) for value in lists)
        message.components = [{"type": 10, "content": "edited"}]  # SimCord assigns edits whole
        assert message.components == [{"type": 10, "content": "edited"}]
        message.reactions.append("kept as it is")  # type: ignore[arg-type]
        assert message.reactions == ["kept as it is"], "lists changed in place are not packed"
        assert message == stored(
            components=[{"type": 10, "content": "edited"}],
            mention_user_ids=[7],
            reactions=["kept as it is"],  # type: ignore[list-item]
        )
    plain = stored(components=ROWS)
    assert "components" in vars(plain), "outside, SimCord keeps its lists as they are"
    assert all(name not in Message.__dict__ for name in PACKED_FIELDS)


def test_a_value_marshal_cannot_write_is_kept_as_it_is() -> None:
    sticker = object()
    with simcord_store("packed"):
        message = stored(stickers=[sticker])
        assert message.stickers[0] is sticker


def test_the_modes() -> None:
    with simcord_store("plain"):
        assert "components" not in Message.__dict__
    with pytest.raises(ValueError, match="unknown SimCord store mode"), simcord_store("zipped"):
        pass


@pytest.mark.parametrize("mode", ["packed", "plain"])
async def test_the_load_benchmark_runs_with_either_store(mode: str) -> None:
    figures = await run_load(Config(tables=3, images=True, duration=0.5, simcord_store=mode))
    assert figures.errors == 0 and figures.unanswered == 0 and figures.refused == 0
    assert {"draw", "discard"} <= set(figures.by_kind)
    assert all(name not in Message.__dict__ for name in PACKED_FIELDS)
