"""``python -m newton_rules.cli``: the ``newton-rules`` command."""

import sys

from newton_rules.cli import main

sys.exit(main())
