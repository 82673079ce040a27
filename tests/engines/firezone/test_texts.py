"""The en/fr catalogs: every event and outcome of real games reads in the table's language (DESIGN: texts are
data). event_text fills templates from params only, so French colour and seat words travel in the params."""

from __future__ import annotations

import re

import pytest

from engines.core import Rng, event_text, resolve_options
from engines.firezone import ENGINE
from tests.engines.firezone.forest import EXAMPLE_STACK, build, new_game

ENGLISH = re.compile(r"\b(green|blue|yellow|red|firefighters?|unplaced|zone,)\b", re.IGNORECASE)


def played_texts(players: int, options: dict, seed: int, locale: str) -> list[str]:
    state = ENGINE.setup(players, resolve_options(ENGINE, options), seed)
    events = list(ENGINE.opening_events(state))
    rng = Rng(seed)
    while ENGINE.outcome(state) is None:
        seat = ENGINE.to_move(state)[0]
        events += ENGINE.play(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
    result = ENGINE.outcome(state)
    texts = [event_text("firezone", e.kind, e.params, locale) for e in events]
    return texts + [event_text("firezone", result.kind, result.params, locale)]


@pytest.mark.parametrize("players, options", [(1, {}), (2, {"firebreaks": True}), (3, {}), (4, {}),
                                              (3, {"mode": "coop"})])
def test_french_texts_carry_no_english_colour_or_seat_words(players, options):
    """R2.3 / R4.2: seats and colours are named in French (Vert, Bleu, Jaune, Rouge) in the fr catalog."""
    for seed in range(3):
        for line in played_texts(players, options, seed, "fr"):
            assert not ENGLISH.search(line), line
            assert "{" not in line, line


def test_english_texts_are_complete():
    for players, options in ((1, {}), (2, {"firebreaks": True}), (4, {})):
        for line in played_texts(players, options, 1, "en"):
            assert "{" not in line, line


def test_men_event_agrees_in_number_in_both_languages():
    """R6.4 texts: one man / several men, and French adjectives agree (homme vert, hommes verts)."""
    state = build(4, {"0,0": 6, "1,0": 6}, pile=[1, 2, 3])
    one = ENGINE.play(state, 0, "men 1 0,0")[0]
    assert event_text("firezone", one.kind, one.params, "en") == "Green deploys 1 green firefighter on 0,0."
    assert event_text("firezone", one.kind, one.params, "fr") == "Vert place 1 homme vert en 0,0."
    state = build(2, {"0,0": 6, "1,0": 6}, pile=[1, 2, 3], current=1)
    two = ENGINE.play(state, 1, "men 2 1,0 red")[0]
    assert event_text("firezone", two.kind, two.params, "en") == "Blue & Red deploys 2 red firefighters on 1,0."
    assert event_text("firezone", two.kind, two.params, "fr") == "Bleu & Rouge place 2 hommes rouges en 1,0."


def test_firebreak_and_outcome_texts_in_french():
    state = new_game(4, stack=EXAMPLE_STACK[:8] + [3], firebreaks=True)
    from tests.engines.firezone.forest import S2_TURNS, place_tile

    ENGINE.play(state, 3, "setup 6 6")
    for seat, cell, men in S2_TURNS:
        place_tile(state, seat, cell)
        ENGINE.play(state, seat, men)
    public = [e for e in ENGINE.play(state, 0, "firebreak 2,-1") if e.to is None]
    assert event_text("firezone", "firebreak", public[0].params, "fr") == (
        "Vert a posé un coupe-feu en 2,-1 et sacrifié un homme vert.")
    final = build(4, {"0,0": 2, "2,0": 2}, {"0,0": "G", "2,0": "B"}, current=3, drew=False, passes=3)
    ENGINE.play(final, 3, "pass")
    result = ENGINE.outcome(final)
    assert event_text("firezone", result.kind, result.params, "fr") == (
        "Victoire partagée : Vert, Bleu. Scores : Vert 1, Bleu 1, Jaune 0, Rouge 0.")
