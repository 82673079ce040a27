"""R7: the pile order, the drawn tile (firebreaks on) and firebreak values never reach the wrong eyes."""

from __future__ import annotations

import json

import pytest

from engines.core import Rng, resolve_options
from engines.firezone import ENGINE
from tests.engines.firezone.forest import EXAMPLE_STACK, example_game, new_game
from tests.playouts import playout_count

GAMES = playout_count(60)


def tamper(state):
    """A copy whose hidden values differ: the pile reversed, the drawn tile and firebreaks swapped with
    pile tiles of another value (so the tile counts stay right)."""
    copy = ENGINE.load(ENGINE.dump(state))
    copy.pile.reverse()
    secrets = []
    if copy.drawn is not None:
        secrets.append("drawn")
    secrets += list(copy.hidden)
    for secret in secrets:
        current = copy.drawn if secret == "drawn" else copy.hidden[secret][0]
        index = next((i for i, v in enumerate(copy.pile) if v != current), None)
        if index is None:
            continue
        other = copy.pile[index]
        copy.pile[index] = current
        if secret == "drawn":
            copy.drawn = other
        else:
            copy.hidden[secret][0] = other
    return copy


def blind_seats(state) -> list[int | None]:
    """The public and every seat that may not know the hidden values of this state."""
    knowing = set()
    if state.drawn is not None:
        knowing.add(state.current)
    knowing |= {placer for _, placer in state.hidden.values()}
    return [None] + [s for s in range(state.players) if s not in knowing]


@pytest.mark.slow
def test_r7_3_hidden_values_never_change_public_or_other_seat_views():
    """R7.3 / R7.6: over thousands of random states, views of blind seats are identical after tampering."""
    checked = 0
    for seed in range(GAMES):
        players = 2 + seed % 3
        state = ENGINE.setup(players, resolve_options(ENGINE, {"firebreaks": True}), seed)
        rng = Rng(seed)
        while ENGINE.outcome(state) is None:
            if state.drawn is not None or state.hidden:
                other = tamper(state)
                for seat in blind_seats(state):
                    view = ENGINE.view(state, seat)
                    assert ENGINE.view(other, seat) == view
                    assert json.dumps(ENGINE.view(other, seat)) == json.dumps(view)
                    assert all("value" not in fb for fb in view["firebreaks"])
                    assert view["drawn"] is None
                    assert "pile_order" not in view and isinstance(view["pile"], int)
                checked += 1
            seat = ENGINE.to_move(state)[0]
            ENGINE.play(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
    assert checked >= GAMES * 20


def test_r7_2_drawn_tile_goes_to_the_drawer_only():
    """R7.2: with firebreaks on the draw is a public 'has drawn' plus a private event to the drawer."""
    state = new_game(4, stack=list(EXAMPLE_STACK), firebreaks=True)
    events = ENGINE.play(state, 3, "setup 6 6")
    public = [e for e in events if e.to is None]
    private = [e for e in events if e.to is not None]
    assert [e.kind for e in public] == ["setup", "draw.hidden"] and "value" not in public[1].params
    assert [(e.kind, e.to, e.params["value"]) for e in private] == [("draw.private", 0, 2)]
    assert ENGINE.view(state, 0)["drawn"] == 2
    assert ENGINE.view(state, None)["drawn"] is None and ENGINE.view(state, None)["drawn_hidden"] is True
    assert ENGINE.view(state, 2)["drawn"] is None
    # placed face up: the value becomes public
    events = ENGINE.play(state, 0, "tile 2,0")
    assert events[0].kind == "tile" and events[0].params["value"] == 2 and events[0].to is None


def test_r7_2_firebreaks_off_the_draw_is_public():
    state = new_game(4, stack=list(EXAMPLE_STACK))
    events = ENGINE.play(state, 3, "setup 6 6")
    assert events[1].kind == "draw" and events[1].params == {
        "player": "Green", "joueur": "Vert", "seat": 0, "value": 2, "hottest": "2,0 (10), 0,2 (10)"}
    assert ENGINE.view(state, None)["drawn"] == 2


def test_r7_4_public_information():
    """R7.4: face-up tiles and men, pile size, supplies, sacrifices, unseen tiles per value."""
    state = example_game(4, firebreaks=True, stack=EXAMPLE_STACK[:8] + [3])
    ENGINE.play(state, 0, "firebreak 2,-1")
    view = ENGINE.view(state, None)
    assert view["pile"] == 36 - 10 and view["sacrificed"] == [1, 0, 0, 0]
    assert view["supply"] == [{"green": 10}, {"blue": 11}, {"yellow": 10}, {"red": 11}]
    # face up: 3, 4, 6, 6, 2, 1, 2, 5 (Blue has drawn the next tile); the firebreak's 3 is lumped with the pile
    assert view["unseen"] == {"1": 5, "2": 4, "3": 5, "4": 5, "5": 5, "6": 4}
    assert all("value" not in fb for fb in view["firebreaks"]) and view["drawn"] is None


def test_r7_5_firebreak_values_revealed_at_the_end():
    state = new_game(2, seed=5, firebreaks=True)
    rng = Rng(3)
    placed = 0
    while ENGINE.outcome(state) is None:
        seat = ENGINE.to_move(state)[0]
        moves = ENGINE.legal_moves(state, seat)
        firebreaks = [m for m in moves if m.startswith("firebreak")]
        move = firebreaks[0] if firebreaks and placed < 3 else rng.choice([m for m in moves if m not in firebreaks])
        placed += move.startswith("firebreak")
        events = ENGINE.play(state, seat, move)
    assert placed == 3
    view = ENGINE.view(state, None)
    assert len(view["firebreaks"]) == 3 and all(1 <= fb["value"] <= 6 for fb in view["firebreaks"])
    reveal = [e for e in events if e.kind == "reveal"]
    assert reveal and reveal[0].params["firebreaks"].count("=") == 3


def test_r7_1_shuffle_is_seeded_and_private():
    a, b, c = new_game(3, seed=11), new_game(3, seed=11), new_game(3, seed=12)
    assert ENGINE.dump(a) == ENGINE.dump(b)
    assert a.pile != c.pile
    assert "pile" not in json.dumps({k: v for k, v in ENGINE.view(a, 0).items() if k != "pile"})


def test_r7_3_hidden_values_never_change_the_public_png():
    """R7.3: a different drawn tile, firebreak value or pile order gives the same public image bytes."""
    from render import board

    found = 0
    for seed in range(40):
        state = new_game(3, seed=seed, firebreaks=True)
        rng = Rng(seed)
        while ENGINE.outcome(state) is None and found < 6:
            if state.drawn is not None and state.hidden and rng.below(8) == 0:
                other = tamper(state)
                assert (other.drawn, [v for v, _ in other.hidden.values()]) != (
                    state.drawn, [v for v, _ in state.hidden.values()])
                assert board("firezone", ENGINE.view(other, None)) == board("firezone", ENGINE.view(state, None))
                found += 1
            seat = ENGINE.to_move(state)[0]
            ENGINE.play(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
        if found >= 6:
            break
    assert found >= 6


def test_r7_2_opening_draw_is_kept_for_the_service():
    """setup() returns only the state: the first draw's events are kept (private one to seat 1 only)."""
    state = new_game(3, seed=2, firebreaks=True)
    events = ENGINE.opening_events(state)
    assert [e.kind for e in events] == ["draw.hidden", "draw.private"]
    assert events[1].to == 0 and events[1].params["value"] == state.drawn and "value" not in events[0].params
    assert ENGINE.opening_events(ENGINE.load(ENGINE.dump(state))) == events


def test_r7_2_private_draw_offers_a_firebreak_only_when_one_is_possible():
    """R7.2 / R6.3 / S6(a): a drawer with no own men left is told the value without a firebreak hint."""
    from tests.engines.firezone.forest import build

    state = build(3, {"0,0": 3, "1,0": 6, "0,1": 6, "1,1": 4}, firebreaks=True, phase="men", current=2,
                  pile=[2, 5], supply=[[0, 0, 0, 4], [0, 12, 0, 4], [0, 0, 12, 4]], auto_forced=False)
    events = ENGINE.play(state, 2, "pass")
    private = [e for e in events if e.to is not None]
    assert [(e.kind, e.to, e.params["value"]) for e in private] == [("draw.private_no_firebreak", 0, 2)]
    assert ENGINE.legal_moves(state, 0) == ["tile 2,0", "tile 0,2"]
    events = ENGINE.play(state, 0, "tile 2,0")
    ENGINE.play(state, 0, "pass")
    assert [e.kind for e in events if e.to is None][0] == "tile"
