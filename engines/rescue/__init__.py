"""Fire Rescue (Flash Point: Fire Rescue rules), the cooperative building rescue. Spec: rules/rescue.md."""

from engines.rescue.engine import ENGINE, RescueEngine

__all__ = ["ENGINE", "RescueEngine"]
