"""Dinofire board renderer: valid PNGs of the expected size at the start, mid-game and the end."""

from __future__ import annotations

import io

from PIL import Image

from engines.core import Rng, resolve_options
from engines.dinofire import ENGINE
from render import board
from render.dinofire import HEIGHT, WIDTH


def _png(view, locale="en") -> Image.Image:
    data = board("dinofire", view, locale)
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) < 1_000_000
    image = Image.open(io.BytesIO(data))
    assert image.size == (WIDTH, HEIGHT) and 1000 <= WIDTH <= 1400
    return image


def _game(players: int, seed: int):
    s = ENGINE.setup(players, resolve_options(ENGINE, {}), seed)
    rng = Rng(seed + 50)
    views = [ENGINE.view(s, None)]
    while ENGINE.outcome(s) is None:
        seat = ENGINE.to_move(s)[0]
        ENGINE.play(s, seat, rng.choice(ENGINE.legal_moves(s, seat)))
        if s.round in (6, 12) and s.turn == 0 and len(views) < 3 and s.phase == 1:
            views.append(ENGINE.view(s, None))
    views.append(ENGINE.view(s, None))
    return views


def test_start_middle_end_positions_render_for_every_player_count():
    for players in (2, 3, 4):
        for view in _game(players, players):
            _png(view, "fr" if players == 3 else "en")


def test_names_pending_question_and_determinism():
    s = ENGINE.setup(4, resolve_options(ENGINE, {"seat_order": "fixed"}), 1)
    d = ENGINE.dump(s)
    d.update(turn=1, phase=2, guardians_active=[False, True, False, False], phase3_active=[False, True, False, False])
    d["pieces"][1]["g1"] = "k2"
    d["pieces"][0]["fm1"] = "j3"
    d["fire"] = {"j5": 3, "i3": 1, "k6": 2}
    d["burnt"] = ["b2"]
    s = ENGINE.load(d)
    ENGINE.play(s, 1, "g1 k3 j3")
    ENGINE.play(s, 1, "done")
    view = ENGINE.view(s, None)
    assert view["pending"]["kind"] == "push"
    view["names"] = {"0": "Alice", "1": "Bérénice"}
    first = board("dinofire", view, "fr")
    assert board("dinofire", view, "fr") == first
    _png(view)


def test_public_image_depends_only_on_the_public_view():
    """No hidden information: the RNG (future dice) does not change the view nor the picture."""
    s = ENGINE.setup(4, resolve_options(ENGINE, {"seat_order": "fixed"}), 1)
    d = ENGINE.dump(s)
    d["rng"]["state"] = 123456789
    t = ENGINE.load(d)
    assert ENGINE.view(s, None) == ENGINE.view(t, None)
    assert board("dinofire", ENGINE.view(s, None)) == board("dinofire", ENGINE.view(t, None))


def test_active_border_in_its_tribe_colour_and_unowned_territories_grey():
    """R11.3 (whose turn) without confusion: the active tribe's border is thick and in its own colour, not
    gold (gold reads as the yellow Grous); unowned territories (R4.4) are grey, not in a tribe colour."""
    from render.dinofire import HEADER, MARGIN, TRIBE_RGB, UNOWNED_RGB

    s = ENGINE.setup(2, resolve_options(ENGINE, {}), 1)  # nw + se; ne and sw unowned; nw to play
    image = _png(ENGINE.view(s, None)).convert("RGB")
    y = HEADER + MARGIN + 1 * 64 + 30
    assert image.getpixel((MARGIN + 5, y)) == TRIBE_RGB["red"]  # thick (8 px) nw border
    assert image.getpixel((MARGIN + 8 * 64 + 1, y)) == UNOWNED_RGB  # ne: unowned
    ENGINE.play(s, 0, "end")  # se to play
    image = _png(ENGINE.view(s, None)).convert("RGB")
    y = HEADER + MARGIN + 9 * 64 + 30
    assert image.getpixel((MARGIN + 8 * 64 + 5, y)) == TRIBE_RGB["yellow"]
    assert image.getpixel((MARGIN + 5, HEADER + MARGIN + 1 * 64 + 30)) != TRIBE_RGB["red"]  # nw now thin
