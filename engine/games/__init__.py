"""One package per game; each defines ``SPEC`` and is listed in ``engine.registry``."""
