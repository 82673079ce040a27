"""The registry of games. Each game is a subpackage `engines/<id>/` exposing `ENGINE`.

Nothing else lists the games: `ALL` is found by scanning this package once, in a stable order.
"""

from __future__ import annotations

import importlib
import logging
import pkgutil
from pathlib import Path

from engines.core import Engine

# The order games are shown in menus; a game package not named here is listed after them.
_ORDER = ("forestfire", "firezone", "tower", "dinofire", "rescue")


def _discover() -> dict[str, Engine]:
    found: dict[str, Engine] = {}
    names = [m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)]) if m.ispkg]
    names.sort(key=lambda n: (_ORDER.index(n) if n in _ORDER else len(_ORDER), n))
    for name in names:
        try:
            module = importlib.import_module(f"engines.{name}")
        except Exception:  # one broken game must not take the others down; it is logged loudly
            logging.getLogger(__name__).exception("game package engines.%s failed to import", name)
            continue
        engine = getattr(module, "ENGINE", None)
        if engine is not None:
            found[engine.id] = engine
    return found


ALL: dict[str, Engine] = _discover()


def get(game_id: str) -> Engine:
    """The engine for `game_id`, or KeyError with the list of known games."""
    try:
        return ALL[game_id]
    except KeyError:
        raise KeyError(f"Unknown game {game_id!r}; the games are: {', '.join(ALL)}.") from None
