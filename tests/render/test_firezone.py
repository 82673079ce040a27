"""Fire Zones board images: valid PNGs of the expected size for start, middle and end positions."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engines.core import Rng
from engines.firezone import ENGINE
from render import board, board_image
from tests.engines.firezone.forest import EXAMPLE_STACK, example_game, new_game


def play_random(state, moves: int | None = None, seed: int = 5):
    rng = Rng(seed)
    played = 0
    while ENGINE.outcome(state) is None and (moves is None or played < moves):
        seat = ENGINE.to_move(state)[0]
        ENGINE.play(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
        played += 1
    return state


def positions():
    yield "setup", new_game(4, stack=list(EXAMPLE_STACK))
    yield "start", example_game(0)
    yield "rulebook", example_game(12, auto_forced_tile=False)
    yield "middle", play_random(new_game(4, seed=3), 30)
    yield "end", play_random(new_game(4, seed=3))
    yield "firebreaks-end", play_random(new_game(2, seed=4, firebreaks=True))
    yield "three-end", play_random(new_game(3, seed=8))
    yield "three-picked-colours", play_random(new_game(3, seed=8, colours="ybrg"), 40)
    yield "solo-middle", play_random(new_game(1, seed=4), 20)
    yield "coop-end", play_random(new_game(3, seed=2, mode="coop"))


@pytest.mark.parametrize("name, state", list(positions()), ids=[n for n, _ in positions()])
def test_board_png_is_valid_and_sized_for_discord(name, state):
    for locale in ("en", "fr"):
        png = board("firezone", ENGINE.view(state, None), locale)
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 1_000_000
        image = Image.open(io.BytesIO(png))
        assert image.width == 1200 and 700 <= image.height <= 1700


def test_board_is_deterministic_and_shows_names():
    state = play_random(new_game(4, seed=3), 30)
    view = ENGINE.view(state, None)
    assert board("firezone", view) == board("firezone", view)
    named = dict(view, names={"0": "Alice", "1": "Bob", "2": "Chloé", "3": "Dmitri"})
    assert board("firezone", named) != board("firezone", view)


def test_seat_view_shows_own_firebreak_value_but_public_does_not():
    """R3.4 / R7.2: the placer's image differs (it shows the true value); the public one shows 0 only."""
    state = example_game(4, firebreaks=True, stack=EXAMPLE_STACK[:8] + [3])
    ENGINE.play(state, 0, "firebreak 2,-1")
    public = board_image("firezone", ENGINE.view(state, None))
    own = board_image("firezone", ENGINE.view(state, 0))
    assert public.size == own.size and public.tobytes() != own.tobytes()


def test_end_board_outlines_zones():
    state = play_random(new_game(4, seed=3))
    view = ENGINE.view(state, None)
    assert view["over"] and view["zones"]
    without = dict(view, zones=[])
    assert board("firezone", view) != board("firezone", without)


def test_picked_colours_name_seats_and_reinforcements():
    """R4.2 option `colours`: the panel names each seat by its own colours; the 4th colour is reinforcements."""
    from render.firezone import _own_colours, _reinforcements, _seat_name

    view = ENGINE.view(new_game(3, seed=8, colours="ybrg"), None)
    assert _reinforcements(view) == "green"
    assert [_seat_name(view, s, "fr") for s in range(3)] == ["Jaune", "Bleu", "Rouge"]
    assert _own_colours(view, 0) == ["yellow"]
    default = ENGINE.view(new_game(3, seed=8), None)
    assert board("firezone", view) != board("firezone", default)


def test_drawer_status_offers_the_firebreak():
    """R6.3 / R7.2: the drawer's own image says the drawn value and that a firebreak is possible."""
    from render.firezone import _status_line

    state = example_game(4, firebreaks=True, stack=EXAMPLE_STACK[:8] + [3])
    assert _status_line(ENGINE.view(state, 0), "en") == "Green drew 3: tile or firebreak <cell> on a hottest point"
    assert "3" not in _status_line(ENGINE.view(state, None), "en")
    plain = example_game(4, stack=EXAMPLE_STACK[:8] + [3], auto_forced_tile=False)
    assert _status_line(ENGINE.view(plain, None), "en") == "Green drew 3: tile <cell> on a hottest point"
