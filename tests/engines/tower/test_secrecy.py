"""Hidden information (spec R7.2-R7.6): hands are private, pile orders and the discard secret to all."""

from __future__ import annotations

import json

from engines.core import Rng, resolve_options
from engines.players import RandomPlayer
from render import board

from .helpers import ENGINE


def midgame(n=4, seed=3, moves=90):
    st = ENGINE.setup(n, resolve_options(ENGINE, {}), seed)
    rng, player = Rng(seed), RandomPlayer()
    for _ in range(moves):
        seat = ENGINE.to_move(st)[0]
        ENGINE.play(st, seat, player.choose(ENGINE, st, seat, rng))
    return st


def _redeal(d, colours, shift=7):
    """Rotate every hidden action card (chosen hands, draw pile, discard) keeping all sizes."""
    sizes = [len(d["hands"][c]) for c in colours] + [len(d["action_pile"]), len(d["discard"])]
    pool = [x for c in colours for x in d["hands"][c]] + d["action_pile"] + d["discard"]
    pool = pool[shift:] + pool[:shift]
    parts = []
    for size in sizes:
        parts.append(pool[:size])
        pool = pool[size:]
    for c, part in zip(colours, parts, strict=False):
        d["hands"][c] = sorted(part)
    d["action_pile"], d["discard"] = parts[-2], parts[-1]


def permuted(st):
    """The same public position with every hidden card moved: hands redealt, piles reordered."""
    d = ENGINE.dump(st)
    _redeal(d, list(d["hands"]))
    d["event_pile"] = list(reversed(d["event_pile"]))
    d["pack"] = list(reversed(d["pack"]))
    d["rng"]["state"] ^= 0xABCDEF
    other = ENGINE.load(d)
    assert other.hands != st.hands
    return other


def test_r7_2_public_view_has_no_hand_nor_pile_order():
    st = midgame()
    view = ENGINE.view(st, None)
    assert view["viewer"] is None and "hand" not in view and "legal_moves" not in view
    for key in ("hands", "event_pile", "pack", "action_pile", "discard", "rng"):
        assert key not in view
    assert view["hand_sizes"] == {c: len(h) for c, h in zip(view["seats"], st.hands, strict=False)}
    assert view["event_pile_size"] == len(st.epile) and view["discard_size"] == len(st.discard)
    json.dumps(view)


def test_r7_3_seat_view_shows_only_its_own_hand():
    st = midgame()
    for seat in range(st.n):
        view = ENGINE.view(st, seat)
        assert view["hand"] == st.hands[seat] and view["viewer"] == seat
        text = json.dumps(view)
        assert '"action_pile"' not in text and '"event_pile"' not in text and '"discard"' not in text
        for other in range(st.n):
            assert other == seat or '"hands"' not in text


def test_r7_4_permuting_hidden_cards_changes_no_public_view_nor_image():
    for seed in (3, 4, 5):
        st = midgame(seed=seed)
        other = permuted(st)
        assert ENGINE.view(st, None) == ENGINE.view(other, None)
        assert board("tower", ENGINE.view(st, None)) == board("tower", ENGINE.view(other, None))


def test_r7_6_other_seat_view_unchanged_when_one_hand_changes():
    st = midgame()
    d = ENGINE.dump(st)
    _redeal(d, ["red"], shift=3)
    other = ENGINE.load(d)
    assert other.hands[0] != st.hands[0]
    for seat in range(1, st.n):
        a, b = ENGINE.view(st, seat), ENGINE.view(other, seat)
        a.pop("legal_moves", None)
        b.pop("legal_moves", None)
        assert a == b


def test_r7_4_private_events_carry_the_hand_and_public_ones_do_not():
    st = midgame(moves=10)
    rng, player = Rng(9), RandomPlayer()
    for _ in range(150):
        if ENGINE.outcome(st) is not None:
            break
        seat = ENGINE.to_move(st)[0]
        move = player.choose(ENGINE, st, seat, rng)
        events = ENGINE.play(st, seat, move)
        for e in events:
            if e.kind == "hand":
                assert e.to == seat
            else:
                assert e.to is None
            if e.kind == "redraw":
                assert set(e.params) == {"player", "joueur", "count"}  # who and how many, never which cards
        if move.startswith("redraw"):
            assert any(e.kind == "hand" for e in events)
        json.dumps([e.dump() for e in events])
