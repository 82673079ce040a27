"""Board pictures: a view (plain data) -> PNG bytes.

One module per game, `render/<game_id>.py`, with `draw(view, locale) -> PIL.Image.Image`. Renderers read
only the view dict they are given, never an engine's state, so a public image cannot show a secret.
"""

from __future__ import annotations

import importlib
from typing import Any

from render.kit import to_png


def board_image(game_id: str, view: dict[str, Any], locale: str = "en"):
    """The board as a PIL image (for tests and tools that want pixels)."""
    module = importlib.import_module(f"render.{game_id}")
    return module.draw(view, locale)


def board(game_id: str, view: dict[str, Any], locale: str = "en") -> bytes:
    """The board as PNG bytes, sized for Discord."""
    return to_png(board_image(game_id, view, locale))
