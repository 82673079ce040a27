"""Tower Fire pictures: the board for start / middle / end positions and the private hand."""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image

from engines import get
from engines.core import Rng, resolve_options
from engines.players import RandomPlayer
from render import board, board_image
from render.kit import to_png
from render.tower import draw_hand

ENGINE = get("tower")


@lru_cache(maxsize=8)
def positions(n=4, seed=7):
    st = ENGINE.setup(n, resolve_options(ENGINE, {}), seed)
    out = {"start": (ENGINE.view(st, None), ENGINE.view(st, st.active))}
    rng, player, k = Rng(seed), RandomPlayer(), 0
    while ENGINE.outcome(st) is None:
        seat = ENGINE.to_move(st)[0]
        ENGINE.play(st, seat, player.choose(ENGINE, st, seat, rng))
        k += 1
        if k == 120:
            out["middle"] = (ENGINE.view(st, None), ENGINE.view(st, st.active))
    out["end"] = (ENGINE.view(st, None), ENGINE.view(st, 0))
    return out


def _png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) < 1_000_000
    return Image.open(io.BytesIO(data))


def test_board_png_for_start_middle_end_and_every_player_count():
    for n in (2, 3, 4):
        for name, (public, _) in positions(n, seed=n).items():
            image = _png(board("tower", public))
            assert image.size[0] == 1280 and 1200 < image.size[1] < 1700, (n, name, image.size)
    assert board_image("tower", positions(3)["end"][0]).size[0] == 1280


def test_board_shows_names_and_french_and_is_deterministic():
    public = positions()["middle"][0]
    named = dict(public, names={"0": "Alice", "1": "Bob", "2": "Chloé", "3": "Dmitri"})
    assert board("tower", named) != board("tower", public)
    assert board("tower", public, "fr") != board("tower", public)
    assert board("tower", public) == board("tower", public)


def test_hand_png_for_a_seat_view():
    for _name, (_, mine) in positions().items():
        image = _png(to_png(draw_hand(mine, "en")))
        assert image.size[0] == 1280
        assert to_png(draw_hand(mine, "fr")) != to_png(draw_hand(mine, "en")) or not mine["hand"]


def test_pending_event_choice_and_extreme_positions_render():
    st = ENGINE.setup(3, resolve_options(ENGINE, {"extreme": True}), 11)
    rng, player = Rng(1), RandomPlayer()
    seen = set()
    while ENGINE.outcome(st) is None:
        if st.phase not in seen:
            seen.add(st.phase)
            _png(board("tower", ENGINE.view(st, None)))
        seat = ENGINE.to_move(st)[0]
        ENGINE.play(st, seat, player.choose(ENGINE, st, seat, rng))
    _png(board("tower", ENGINE.view(st, None), "fr"))
    assert {"event", "actions"} <= seen
