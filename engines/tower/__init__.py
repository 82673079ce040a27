"""Tower Fire: office-building evacuation card game for 2-4 players (spec rules/tower.md)."""

from .game import TowerEngine

ENGINE = TowerEngine()

__all__ = ["ENGINE", "TowerEngine"]
