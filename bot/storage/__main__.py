"""``python -m bot.storage``: copy, back up and restore the bot's database (the tools are
operations: ``bot/ops/dbtools.py``)."""

import sys

from bot.ops.dbtools import main

if __name__ == "__main__":
    sys.exit(main())
