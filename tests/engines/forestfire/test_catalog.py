"""Messages (en, fr) cover every event and outcome kind; the rules summary fits Discord messages."""

from __future__ import annotations

import json
import re
from pathlib import Path

from engines.core import Rng, event_text, resolve_options
from engines.forestfire import ENGINE
from engines.players import RandomPlayer

PACKAGE = Path(__file__).resolve().parents[3] / "engines" / "forestfire"


def collect_events():
    seen = {}
    player = RandomPlayer()
    for seed in range(300):
        options = {"fire_supply": 6} if seed % 3 == 0 else {}
        state = ENGINE.setup(2, resolve_options(ENGINE, options), seed)
        rng = Rng(seed)
        while ENGINE.outcome(state) is None:
            (seat,) = ENGINE.to_move(state)
            for event in ENGINE.play(state, seat, player.choose(ENGINE, state, seat, rng)):
                assert event.to is None  # nothing is private in Forest Fire (R7.3)
                seen.setdefault(event.kind, event.params)
        result = ENGINE.outcome(state)
        seen.setdefault(result.kind, result.params)
    return seen


def test_catalogs_cover_every_kind_and_fill_every_placeholder():
    seen = collect_events()
    for locale in ("en", "fr"):
        catalog = json.loads((PACKAGE / "messages" / f"{locale}.json").read_text(encoding="utf-8"))
        for kind, params in seen.items():
            assert kind in catalog, (locale, kind)
            text = event_text("forestfire", kind, params, locale)
            assert "{" not in text, (locale, kind, text)
    # Kinds rarely met by random play are in the catalogs too.
    english = json.loads((PACKAGE / "messages" / "en.json").read_text(encoding="utf-8"))
    french = json.loads((PACKAGE / "messages" / "fr.json").read_text(encoding="utf-8"))
    assert set(english) == set(french)
    for kind in ("town.burnt", "game.rounds", "fire.grow_empty", "fire.gust_empty", "fire.discarded", "outcome.marginal"):
        assert kind in english


def test_rules_summary_sections():
    text = (PACKAGE / "rules.md").read_text(encoding="utf-8")
    sections = [s for s in re.split(r"(?m)^(?=## )", text) if s.strip()]
    titles = [s.splitlines()[0][3:] for s in sections]
    assert titles[0] == "overview" and "moves" in titles
    assert all(re.fullmatch(r"[a-z]+", t) for t in titles)
    assert all(len(s) <= 1800 for s in sections)


def test_french_water_amounts_read_naturally():
    """R6.4 load/spray texts in French name the water as units, not `3 eau`."""
    load = event_text("forestfire", "engine.load", {"engine": "a", "amount": 3, "water": 5}, "fr")
    assert load == "Le camion a charge 3 unité(s) d'eau (eau à bord : 5)."
    miss = event_text("forestfire", "engine.spray_miss",
                      {"engine": "b", "square": 7, "distance": 1, "need": 3, "roll": 2, "water": 1}, "fr")
    assert miss.endswith("raté (eau restante : 1).")
