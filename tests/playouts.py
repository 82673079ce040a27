"""How many random playouts a test runs.

CI (CI=true) always runs the full count an issue asks for. Locally the default is a tenth (at least 20)
so the edit-test loop stays quick; EMBER_PLAYOUTS=full (or a number used as a factor, e.g. 0.5) overrides.
"""

from __future__ import annotations

import os


def playout_count(full: int) -> int:
    setting = os.environ.get("EMBER_PLAYOUTS", "").strip().lower()
    if setting == "full" or (not setting and os.environ.get("CI", "").lower() in ("1", "true", "yes")):
        return full
    if setting:
        return max(1, round(full * float(setting)))
    return max(min(full, 20), full // 10)
