"""Every benchmark script still imports against today's code (a renamed function must not
leave a benchmark broken until somebody runs it)."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"


@pytest.mark.parametrize("script", sorted(p.name for p in BENCH.glob("*.py")))
def test_the_benchmark_imports(script: str) -> None:
    path = BENCH / script
    namespace = runpy.run_path(str(path), run_name="bench_import_check")
    if 'if __name__ == "__main__":' in path.read_text():  # a script, not a shared module
        assert callable(namespace.get("main")), f"{script} runs without a main()"
