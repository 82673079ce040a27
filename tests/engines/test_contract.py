"""Every registered game keeps the shared contract of DESIGN.md, checked through the registry.

Game-specific rules are tested in tests/engines/<id>/; this file checks what the bot and the renderers rely
on for all of them: options fit Discord, every event kind has an English and a French text, views are JSON
with the common keys, moves offered are accepted, dumps round-trip, rules summaries fit a message.
"""

from __future__ import annotations

import json

import pytest

import engines
from bot.service import _rules_sections
from engines.core import Engine, Rng, _catalog, resolve_options
from engines.players import RandomPlayer

GAMES = list(engines.ALL)
COMMON_VIEW_KEYS = {"game", "seats", "to_move", "over", "outcome", "viewer"}


def test_registry_lists_games_in_menu_order():
    assert GAMES, "no game registered"
    assert GAMES[0] == "forestfire"
    for game_id in GAMES:
        assert isinstance(engines.get(game_id), Engine)
    with pytest.raises(KeyError, match="Unknown game 'chess'"):
        engines.get("chess")


@pytest.mark.parametrize("game_id", GAMES)
def test_options_fit_discord(game_id):
    engine = engines.get(game_id)
    for option in engine.options:
        assert option.name.islower() and len(option.name) <= 32 and " " not in option.name
        assert 0 < len(option.help) <= 100, f"{option.name}: help must be 1..100 characters"
        if option.choices is not None:
            assert len(option.choices) <= 25
        assert option.coerce(option.default) == option.default or option.hidden
    assert resolve_options(engine, {}) == {o.name: o.default for o in engine.options}


@pytest.mark.parametrize("game_id", GAMES)
def test_rules_summary_sections_fit_a_message(game_id):
    sections = _rules_sections(game_id)
    assert next(iter(sections)) == "overview"
    assert "moves" in sections
    for topic, body in sections.items():
        assert topic.replace("-", "").isalnum() and len(body) <= 1800, topic


@pytest.mark.parametrize("game_id", GAMES)
def test_random_games_keep_the_contract(game_id):
    engine = engines.get(game_id)
    en, fr = _catalog(game_id, "en"), _catalog(game_id, "fr")
    player = RandomPlayer()
    for seats in engine.seats:
        for seed in range(2):
            state = engine.setup(seats, resolve_options(engine, {}), seed)
            rng = Rng(seed)
            steps = 0
            while engine.outcome(state) is None and steps < 3000:
                steps += 1
                waiting = engine.to_move(state)
                assert waiting
                seat = waiting[0]
                for other in range(seats):
                    if other not in waiting:
                        assert engine.legal_moves(state, other) == []
                move = player.choose(engine, state, seat, rng)
                assert move == " ".join(move.split()), f"{move!r} is not single-spaced"
                # The service lowercases what people type; every game accepts its moves in lowercase
                # (tower prints ids in capitals, as its spec does, and reads them in any case).
                for event in engine.play(state, seat, move.lower()):
                    assert event.kind in en and event.kind in fr, f"{game_id}: no text for {event.kind!r}"
                    json.dumps(event.dump())
                if steps % 25 == 0:
                    check_views_and_dump(engine, state, seats)
            check_views_and_dump(engine, state, seats)
            outcome = engine.outcome(state)
            if outcome is not None:
                assert outcome.kind in en and outcome.kind in fr, f"{game_id}: no text for {outcome.kind!r}"
                assert engine.to_move(state) == []
                assert engine.view(state, None)["over"] is True


def check_views_and_dump(engine, state, seats):
    for viewer in [None, *range(seats)]:
        view = engine.view(state, viewer)
        assert COMMON_VIEW_KEYS <= set(view), f"view lacks {COMMON_VIEW_KEYS - set(view)}"
        assert view["game"] == engine.id and view["viewer"] == viewer and len(view["seats"]) == seats
        json.dumps(view)
    dumped = engine.dump(state)
    assert json.loads(json.dumps(dumped)) == dumped
    # The service's undo tells luck from choice by this key (DESIGN: the Rng's state is part of the game).
    assert set(dumped["rng"]) == {"state", "stack"}
    assert engine.dump(engine.load(dumped)) == dumped


def test_readme_lists_every_option_of_every_game():
    """README's "Game options" tables are what players read: every option of every game is there."""
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    missing = [f"{game_id}.{opt.name}" for game_id, engine in engines.ALL.items() for opt in engine.options
               if not opt.hidden and f"| `{opt.name}` |" not in readme]
    assert not missing, f"README's Game options section lacks {missing}"
