"""The Discord bot that hosts Treppenrommé. Start it with ``python -m bot``."""
