"""Fire Rescue board images: valid PNGs of the expected size at setup, mid-game and the end, deterministic,
and secret-free: face-down POI identities and the pool order never change the public picture (R7.4)."""

from __future__ import annotations

import io

from PIL import Image

from engines.core import Rng, resolve_options
from engines.players import playout
from engines.rescue import ENGINE
from render import board
from render.rescue import HEIGHT, WIDTH
from tests.engines.rescue.helpers import FAR_AWAY, adv_scenario, scenario


def png(state, locale="en", seat=None, **extra):
    view = ENGINE.view(state, seat)
    view.update(extra)
    data = board("rescue", view, locale)
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.size == (WIDTH, HEIGHT)
    assert len(data) < 1_000_000
    return data


def positions():
    setup = ENGINE.setup(4, resolve_options(ENGINE, {}), 3)
    placed = ENGINE.setup(6, resolve_options(ENGINE, {"board": "back", "family_setup": "random"}), 4)
    for seat, cell in enumerate(["30", "30", "73", "06", "49", "00"]):
        ENGINE.play(placed, seat, f"place {cell}")
    middle = ENGINE.setup(3, resolve_options(ENGINE, {}), 8)
    rng = Rng(8)
    for _ in range(50):
        seat = ENGINE.to_move(middle)[0]
        ENGINE.play(middle, seat, rng.choice(ENGINE.legal_moves(middle, seat)))
    explosion = scenario(seats=2, firefighters={"red": "00", "blue": "36"}, fire=("33", "34", "35"),
                         facedown={"43": "victim", "61": "false_alarm", "62": "false_alarm"}, dice=(3, 3, 5, 2),
                         edges={"13-14": "opened", "47-57": "damaged", "58-68": "destroyed"})
    ENGINE.play(explosion, 0, "end")
    win = scenario(firefighters={"red": "48"}, victims={"48": 1}, rescued=6, facedown=FAR_AWAY)
    ENGINE.play(win, 0, "move e carry")
    loss = ENGINE.setup(2, resolve_options(ENGINE, {}), 5)
    playout(ENGINE, loss, Rng(5))
    return {"setup": setup, "placed": placed, "middle": middle, "explosion": explosion, "win": win,
            "loss": loss}


def test_positions_render():
    """Setup, placement, mid-game, after an explosion, a win and a loss; French for two of them."""
    states = positions()
    assert ENGINE.outcome(states["win"]).winners == (0,)
    assert ENGINE.outcome(states["loss"]).winners == ()
    for state in states.values():
        png(state)
    png(states["middle"], "fr", seat=1)
    png(states["loss"], "fr")


def test_deterministic_and_names_shown():
    state = positions()["middle"]
    assert png(state) == png(state)
    assert png(state, names={"0": "Alice", "1": "Bob"}) != png(state)


def test_hidden_pois_never_change_the_public_picture_r7_4():
    """Swapping two face-down POIs (a victim and a false alarm) or reordering the pool: same bytes."""
    one = scenario(facedown={"24": "victim", "51": "false_alarm", "58": "victim"}, draws=("victim",))
    two = scenario(facedown={"24": "false_alarm", "51": "victim", "58": "victim"}, draws=("false_alarm",))
    assert ENGINE.dump(one) != ENGINE.dump(two)
    assert ENGINE.view(one, None) == ENGINE.view(two, None)
    assert png(one) == png(two)
    assert png(one, "fr", seat=0) == png(two, "fr", seat=0)


def test_hidden_pois_in_real_games_r7_3():
    """At setup of real games, dealing the secret identities differently changes no public byte."""
    for seed in range(2):
        state = ENGINE.setup(2, resolve_options(ENGINE, {}), seed)
        data = ENGINE.dump(state)
        cells = sorted(data["facedown"])
        secrets = [data["facedown"][c] for c in cells] + data["pool"]
        secrets.reverse()
        data["facedown"] = dict(zip(cells, secrets[:3], strict=True))
        data["pool"] = secrets[3:]
        other = ENGINE.load(data)
        assert png(state) == png(other)


# --- the advanced game (issue 8) ----------------------------------------------------------------------


def advanced_positions():
    """A Heroic game: setup (choosing cards), parked, mid-game, the end; plus a pending deck gun and treated
    victims with hazmat and hot spots."""
    options = resolve_options(ENGINE, {"mode": "advanced", "level": "heroic"})
    setup = ENGINE.setup(6, options, 5)
    started = ENGINE.setup(6, options, 5)
    for seat, card in enumerate(["paramedic", "captain", "driver", "cafs", "imaging", "rescue"]):
        ENGINE.play(started, seat, "spec " + card)
    for seat, cell in enumerate(["07", "08", "30", "49", "73", "00"]):
        ENGINE.play(started, seat, "place " + cell)
    ENGINE.play(started, 0, "park engine top")
    parking = ENGINE.load(ENGINE.dump(started))
    ENGINE.play(started, 0, "park amb right")
    middle = ENGINE.load(ENGINE.dump(started))
    rng = Rng(11)
    for _ in range(25):
        if ENGINE.outcome(middle) is not None:
            break
        seat = ENGINE.to_move(middle)[0]
        ENGINE.play(middle, seat, rng.choice(ENGINE.legal_moves(middle, seat)))
    end = ENGINE.load(ENGINE.dump(middle))
    playout(ENGINE, end, Rng(3))
    gun = adv_scenario(seats=3, specs={"red": "driver", "blue": "paramedic"}, firefighters={"red": "69", "blue": "33"},
                       engine="right", amb="bottom", fire=("55", "65"), treated={"33": 1}, victims={"33": 1},
                       hazmat={"44": 1}, hotspots=("44", "22"), facedown=FAR_AWAY, dice=(1, 2))
    ENGINE.play(gun, 0, "gun")
    return {"setup": setup, "parking": parking, "middle": middle, "end": end, "gun": gun}


def test_advanced_positions_render():
    states = advanced_positions()
    assert ENGINE.outcome(states["end"]) is not None
    assert ENGINE.view(states["gun"], None)["gun"]["cell"] == "67"
    for name, state in states.items():
        png(state)
        if name in ("middle", "gun"):
            png(state, "fr", seat=0)
    assert png(states["middle"]) == png(states["middle"])


def test_advanced_hidden_pois_never_change_the_public_picture_r7_4():
    one = adv_scenario(facedown={"24": "victim", "51": "false_alarm", "58": "victim"}, draws=("victim",),
                       hazmat={"33": 1}, hotspots=("44",))
    two = adv_scenario(facedown={"24": "false_alarm", "51": "victim", "58": "victim"}, draws=("false_alarm",),
                       hazmat={"33": 1}, hotspots=("44",))
    assert ENGINE.dump(one) != ENGINE.dump(two)
    assert ENGINE.view(one, None) == ENGINE.view(two, None)
    assert png(one) == png(two)


def test_title_leaves_room_for_the_status():
    """The header's title shrinks so that it never runs into the status (the French advanced title with the
    Driver's pending deck-gun decision used to overlap it)."""
    from render.kit import fit_text, text_width
    from render.rescue import title_size

    title = "18 Soldats du feu · version avancée · Sarce · verso"
    status = "rouge : lance sur 67 · reroll red / reroll black / accept"
    size = title_size(title, status)
    status_width = text_width(status, fit_text(status, WIDTH / 2 - 30, 22))
    assert 16 <= size < 28 and 20 + text_width(title, size, bold=True) + 20 <= WIDTH - 20 - status_width
    assert title_size("Fire Rescue · family game · front", "Turn 3 · red to play · 4 AP") == 28
