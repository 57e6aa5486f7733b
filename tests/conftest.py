"""Test-wide settings. Property tests explore new random examples on a developer's machine,
but under CI (``CI`` set, as CI services do) they run a fixed, derandomized set, so that a
landing is judged on the same examples every time; a failure found locally is fixed and kept
as a scenario test."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
