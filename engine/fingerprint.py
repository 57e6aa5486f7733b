"""The engine's fingerprint: checkpoints carry it, so one written by other code is not read."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path


@cache
def engine_fingerprint() -> str:
    """A digest of the engine's source: a checkpoint of other code (an update) is not trusted."""
    digest = hashlib.sha256()
    root = Path(__file__).resolve().parent
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]
