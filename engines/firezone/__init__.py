"""Fire Zones (Feurio! rules): a forest fire on hex tiles and firefighter zones. Spec: rules/firezone.md."""

from engines.firezone.engine import FirezoneEngine, State

ENGINE = FirezoneEngine()

__all__ = ["ENGINE", "FirezoneEngine", "State"]
