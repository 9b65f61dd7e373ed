"""``python -m smashup_client.bot``: the same as ``smashup-bot``."""

import sys

from smashup_client.bot.cli import main

sys.exit(main())
