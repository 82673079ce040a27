"""Every rule id, decision and acceptance scenario of rules/forestfire.md is cited by a test here."""

from __future__ import annotations

import re
from pathlib import Path

RULES = {
    2: 6, 3: 5, 4: 3, 5: 5, 6: 6, 7: 3, 8: 4, 11: 1,
}
IDS = [f"R{major}.{minor}" for major, count in RULES.items() for minor in range(1, count + 1)]
IDS += [f"D{n}" for n in range(1, 14)] + [f"F{n}" for n in range(1, 13)]


def test_every_rule_decision_and_scenario_is_cited():
    here = Path(__file__).parent
    source = "\n".join(p.read_text(encoding="utf-8") for p in here.glob("test_*.py") if p.name != Path(__file__).name)
    missing = []
    for rule_id in IDS:
        snake = rule_id.lower().replace(".", "_")
        if not re.search(rf"(?<![\w.]){re.escape(rule_id)}(?![\d.])|\b(test_|_){snake}(?![\d])", source):
            missing.append(rule_id)
    assert missing == []
