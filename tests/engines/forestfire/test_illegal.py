"""Every class of illegal move is refused with a specific reason, and the state is left exactly as it was."""

from __future__ import annotations

import pytest

from engines.core import IllegalMove
from engines.forestfire import ENGINE
from tests.engines.forestfire.helpers import CHIEF, FIRE, mk, new, play


def fire_turn():
    return mk(fire={5: 1, 8: 3, 9: 2}, burnt=[6, 10], a=(4, 2), b=(1, 0))


def placing():
    s = fire_turn()
    play(s, FIRE, "intensify 8", "put 7")
    return s


def chief_turn():
    return mk(fire={5: 1, 8: 3, 9: 2}, burnt=[6, 10], a=(4, 2), b=(1, 0), phase="chief", stack=[1, 1, 1])


def chief_after_spray():
    s = chief_turn()
    play(s, CHIEF, "spray a 5")  # distance 1, roll 1: a miss; a keeps 1 water and fire in reach
    return s


def chief_after_load():
    s = chief_turn()
    play(s, CHIEF, "load b 2")
    return s


def chief_one_engine():
    return mk(fire={5: 1, 8: 3}, a=None, b=(3, 5), phase="chief")


def over():
    s = mk(fire={4: 1}, a=(4, 1), phase="chief")
    play(s, CHIEF, "spray a 4")
    return s


CASES = [
    # (id, state factory, seat, move, reason pattern)
    ("game over", over, CHIEF, "end", "The game is over"),
    ("game over fire", over, FIRE, "gust", "The game is over"),
    ("empty", fire_turn, FIRE, "", "Type a move"),
    ("blank", fire_turn, FIRE, "   ", "Type a move"),
    ("unknown verb", fire_turn, FIRE, "burn 8", "Unknown move 'burn'"),
    ("no such seat", fire_turn, 2, "gust", "no seat 2"),
    ("chief in fire turn", fire_turn, CHIEF, "gust", "not your turn: it is the Fire's turn"),
    ("chief during placement", placing, CHIEF, "put 7", "not your turn: it is the Fire's turn"),
    ("fire in chief turn", chief_turn, FIRE, "grow 8", "not your turn: it is the Chief's turn"),
    ("fire plays chief verb", fire_turn, FIRE, "move a 3", "`move` is a Fire Chief move"),
    ("chief plays fire verb", chief_turn, CHIEF, "grow 8", "`grow` is a Fire move"),
    ("gust with argument", fire_turn, FIRE, "gust 5", "Type it as `gust`"),
    ("gust without target", lambda: mk(fire={1: 1, 4: 1}), FIRE, "gust", "A gust would place nothing"),
    ("grow without square", fire_turn, FIRE, "grow", "Type it as `grow <square>`"),
    ("grow two squares", fire_turn, FIRE, "grow 8 9", "Type it as `grow <square>`"),
    ("grow not a number", fire_turn, FIRE, "grow eight", "'eight' is not a square"),
    ("grow off the path", fire_turn, FIRE, "grow 12", "There is no square 12"),
    ("grow square zero", fire_turn, FIRE, "grow 0", "There is no square 0"),
    ("grow without fire", fire_turn, FIRE, "grow 7", "Square 7 has no fire"),
    ("grow burnt square", fire_turn, FIRE, "grow 6", "Square 6 has no fire"),
    ("intensify alone", fire_turn, FIRE, "intensify", "Type it as `intensify <square>`"),
    ("intensify without fire", fire_turn, FIRE, "intensify 3", "Square 3 has no fire"),
    ("intensify too few targets", fire_turn, FIRE, "intensify 9 8 8", "list exactly 4 targets"),
    ("intensify too many targets", fire_turn, FIRE, "intensify 9 8 8 7 7 11", "list exactly 4 targets"),
    ("intensify target burnt", fire_turn, FIRE, "intensify 9 8 8 7 10", "Square 10 is burnt out"),
    ("intensify target too far", fire_turn, FIRE, "intensify 9 8 8 7 5", "4 squares from square 9"),
    ("intensify target itself", fire_turn, FIRE, "intensify 9 8 8 7 9", "Square 9 has just burnt out"),
    ("intensify target off path", fire_turn, FIRE, "intensify 9 8 8 7 12", "There is no square 12"),
    ("intensify shortcut nowhere", lambda: mk(fire={11: 1}, burnt=[10]), FIRE, "intensify 11 9 9",
     "No square can take the markers"),
    ("put without intensify", fire_turn, FIRE, "put 7", "no markers to place"),
    ("other action during placement", placing, FIRE, "gust", "Finish the intensify first: 5 marker"),
    ("put without square", placing, FIRE, "put", "Type it as `put <square>`"),
    ("put two squares", placing, FIRE, "put 7 7", "Type it as `put <square>`"),
    ("put too far", placing, FIRE, "put 4", "4 squares from square 8: markers go at most 3 away"),
    ("put burnt", placing, FIRE, "put 10", "Square 10 is burnt out"),
    ("put on intensified square", placing, FIRE, "put 8", "Square 8 has just burnt out"),
    ("put off path", placing, FIRE, "put 14", "There is no square 14"),
    ("end with argument", chief_turn, CHIEF, "end a", "Type it as `end`"),
    ("done without engine", chief_turn, CHIEF, "done", "Type it as `done <engine>`"),
    ("load without amount", chief_turn, CHIEF, "load b", "Type it as `load <engine> <amount>`"),
    ("move without square", chief_turn, CHIEF, "move a", "Type it as `move <engine> <square>`"),
    ("spray extra word", chief_turn, CHIEF, "spray a 5 6", "Type it as `spray <engine> <square>`"),
    ("unknown engine", chief_turn, CHIEF, "move c 3", "'c' is not a fire engine"),
    ("destroyed engine", chief_one_engine, CHIEF, "done a", "Engine a was destroyed"),
    ("load not an amount", chief_turn, CHIEF, "load b lots", "'lots' is not an amount of water"),
    ("load zero", chief_turn, CHIEF, "load b 0", "Load at least 1 water"),
    ("load outside town", chief_turn, CHIEF, "load a 1", "on square 4: water is loaded only in the town"),
    ("load over capacity", chief_turn, CHIEF, "load b 6", "it can take at most 5 more"),
    ("second load", chief_after_load, CHIEF, "load b 1", "one load per action"),
    ("load after spray", lambda: _sprayed_in_town(), CHIEF, "load b 1", "loading is only the first step"),
    ("move to own square", chief_turn, CHIEF, "move a 4", "Engine a is already on square 4"),
    ("move too far", chief_turn, CHIEF, "move a 8", "at most 3 square\\(s\\) with 2 water; square 8 is 4 away"),
    ("move full engine", chief_one_engine, CHIEF, "move b 4", "Engine b is full \\(5 water\\): it cannot move"),
    ("move off path", chief_turn, CHIEF, "move b 0", "There is no square 0"),
    ("move after spray", chief_after_spray, CHIEF, "move a 3", "sprayed this turn: it can no longer move"),
    ("spray without water", chief_turn, CHIEF, "spray b 3", "Engine b has no water"),
    ("spray without fire", chief_turn, CHIEF, "spray a 3", "Square 3 has no fire to spray"),
    ("spray too far", chief_turn, CHIEF, "spray a 8", "4 squares from engine a: sprays reach at most 2"),
    ("action after move", lambda: _moved(), CHIEF, "spray a 5", "Engine a has completed its action"),
    ("done twice", lambda: _moved(), CHIEF, "done a", "Engine a has completed its action"),
]


def _sprayed_in_town():
    s = mk(fire={2: 3}, b=(1, 2), phase="chief", stack=[1])
    play(s, CHIEF, "spray b 2")
    return s


def _moved():
    s = chief_turn()
    play(s, CHIEF, "move a 5")
    return s


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_illegal_move_refused_state_unchanged(case):
    _name, factory, seat, move, reason = case
    state = factory()
    before = ENGINE.dump(state)
    legal = ENGINE.legal_moves(state, seat) if seat in (0, 1) else []
    assert move not in legal
    with pytest.raises(IllegalMove, match=reason):
        ENGINE.play(state, seat, move)
    assert ENGINE.dump(state) == before


def test_input_is_case_and_space_tolerant():
    """Typed moves are read leniently (R11.1 canonical forms are what legal_moves offers)."""
    s = new()
    play(s, FIRE, "  GROW   11 ")
    assert ENGINE.dump(s)["fire"] == {"11": 2}


def test_refused_move_leaves_rng_untouched():
    s = chief_turn()
    before = ENGINE.dump(s)["rng"]
    with pytest.raises(IllegalMove):
        ENGINE.play(s, CHIEF, "spray a 8")
    assert ENGINE.dump(s)["rng"] == before
