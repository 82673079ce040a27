"""Forest Fire board images: valid PNGs of the expected size, public-only, deterministic, and a golden image.

Regenerate the golden image after an intended change with `EMBER_REGOLD=1 python -m pytest
tests/render/test_forestfire.py` (Pillow is pinned in pyproject, so pixels are stable).
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from engines.core import Rng, resolve_options
from engines.forestfire import ENGINE
from render import board, board_image

GOLDEN = Path(__file__).parent / "golden" / "forestfire_middle.png"
SIZE = (1200, 800)


def state(fire=None, burnt=(), a=(1, 0), b=(1, 0), phase="fire", stack=None, **extra):
    engines = {}
    for name, spec in (("a", a), ("b", b)):
        engines[name] = {"alive": False} if spec is None else {"pos": spec[0], "water": spec[1]}
    data = {"fire": {str(k): v for k, v in (fire or {}).items()}, "burnt": list(burnt), "engines": engines,
            "phase": phase, "rng": Rng(3, stack).dump()}
    data.update(extra)
    return ENGINE.load(data)


def start():
    return ENGINE.setup(2, resolve_options(ENGINE, {}), 1)


def middle():
    """The golden position: the Chief's turn, engine a has sprayed, engine b still to act."""
    s = state(fire={3: 1, 5: 4, 6: 2, 8: 5}, burnt=[7, 9, 10, 11], a=(4, 2), b=(1, 5), phase="chief", round=7)
    ENGINE.play(s, 1, "spray a 5")
    return s


def placing():
    s = state(fire={1: 1, 3: 2, 9: 3}, burnt=[2, 10, 11], a=None, b=(5, 1), round=12, fire_supply=30)
    ENGINE.play(s, 0, "intensify 3")
    ENGINE.play(s, 0, "put 4")
    return s


def total_end():
    s = state(fire={1: 5, 4: 1}, burnt=[8, 9], a=(4, 2), b=None, round=15)
    ENGINE.play(s, 0, "grow 1")
    return s


def chief_end():
    s = state(fire={4: 1}, burnt=[9, 10], a=(4, 1), b=None, phase="chief", round=23, fire_seat=1)
    ENGINE.play(s, 0, "spray a 4")
    return s


def random_end(seed=5):
    from engines.players import playout

    s = ENGINE.setup(2, resolve_options(ENGINE, {"roles": "random"}), seed)
    playout(ENGINE, s, Rng(seed))
    return s


POSITIONS = {"start": start, "middle": middle, "placing": placing, "total_end": total_end,
             "chief_end": chief_end, "random_end": random_end}


def png(view, locale="en") -> Image.Image:
    data = board("forestfire", view, locale)
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) < 1_000_000
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.mark.parametrize("locale", ["en", "fr"])
@pytest.mark.parametrize("name", list(POSITIONS))
def test_board_is_a_valid_png_of_the_expected_size(name, locale):
    s = POSITIONS[name]()
    image = png(ENGINE.view(s, None), locale)
    assert image.size == SIZE


def test_end_positions_are_over():
    for factory in (total_end, chief_end, random_end):
        view = ENGINE.view(factory(), None)
        assert view["over"] and view["outcome"] is not None
        assert png(view).size == SIZE


def test_same_view_same_bytes_and_renderer_reads_only_the_view():
    view = ENGINE.view(middle(), None)
    copy = json.loads(json.dumps(view))
    assert board("forestfire", view) == board("forestfire", copy)


def test_public_png_unchanged_by_hidden_rng_and_seat_views_equal():
    """R7.3: the Rng state (future rolls) is the only unseen value; it never changes the public image."""
    s = middle()
    public = board("forestfire", ENGINE.view(s, None))
    other = ENGINE.load({**ENGINE.dump(s), "rng": Rng(424242, [6, 6, 6]).dump()})
    assert board("forestfire", ENGINE.view(other, None)) == public
    for seat in (0, 1):
        assert board("forestfire", ENGINE.view(s, seat)) == public


def test_names_are_shown_when_present():
    view = ENGINE.view(middle(), None)
    plain = board("forestfire", view)
    named = board("forestfire", {**view, "names": {"0": "Alice", "1": "Bob"}})
    assert named != plain


def test_board_changes_with_the_position():
    images = {name: board("forestfire", ENGINE.view(factory(), None)) for name, factory in POSITIONS.items()}
    assert len(set(images.values())) == len(images)


def test_golden_image():
    view = ENGINE.view(middle(), None)
    image = board_image("forestfire", view, "en").convert("RGB")
    if os.environ.get("EMBER_REGOLD") == "1":
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_bytes(board("forestfire", view, "en"))
    assert GOLDEN.exists(), f"missing golden image {GOLDEN}; create it with EMBER_REGOLD=1"
    golden = Image.open(GOLDEN).convert("RGB")
    assert golden.size == image.size
    difference = ImageChops.difference(golden, image)
    mean = ImageStat.Stat(difference).mean
    assert max(mean) < 1.0, f"mean absolute difference per channel {mean}"
    # A small mean can hide a real change (one water cell, a digit): few pixels may differ strongly.
    strong = sum(difference.convert("L").point(lambda v: 255 if v > 48 else 0).histogram()[255:])
    assert strong <= 50, f"{strong} pixels differ strongly from the golden image"


def test_no_gust_hint_while_placing_intensify_markers():
    """R6.3: mid-intensify the Fire can only `put`; the panel shows the markers left, not a gust hint."""
    from render.forestfire import fire_notes

    s = state(fire={6: 2, 9: 1})
    assert fire_notes(ENGINE.view(s, None), "en")[0][0].startswith("A gust now would hit square(s) 5, 4, 3")
    ENGINE.play(s, 0, "intensify 6")
    notes = fire_notes(ENGINE.view(s, None), "en")
    assert [note for note, _fill in notes] == ["Intensify 6: 4 marker(s) to place"]


def drawn_texts(view, monkeypatch, locale="en") -> list[str]:
    """Every string the renderer writes on the board."""
    import render.forestfire as module

    seen = []
    real = module.text

    def spy(draw, xy, label, *args, **kwargs):
        seen.append(label)
        return real(draw, xy, label, *args, **kwargs)

    monkeypatch.setattr(module, "text", spy)
    board("forestfire", view, locale)
    return seen


def test_status_line_suggests_gust_only_when_legal(monkeypatch):
    """R6.1, F7(b): with the fire in the town no gust is possible, so the status line does not offer it."""
    no_gust = drawn_texts(ENGINE.view(state(fire={1: 1, 5: 2}), None), monkeypatch)
    assert "▶ Fire to play: grow <sq> or intensify <sq> (no gust possible)" in no_gust
    with_gust = drawn_texts(ENGINE.view(state(fire={3: 2}), None), monkeypatch)
    assert "▶ Fire to play: gust, grow <sq> or intensify <sq>" in with_gust
