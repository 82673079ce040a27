"""Au feu les dinosaures ! — the four-territory fire war (spec: rules/dinofire.md)."""

from engines.dinofire.game import ENGINE, DinofireEngine, Refusal

__all__ = ["ENGINE", "DinofireEngine", "Refusal"]
