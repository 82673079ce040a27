"""Forest Fire board: the path of 11 squares, fire counters, burnt squares, the two engines, VP and the turn.

Reads only the view dict of engines/forestfire (`view(state, seat)`); everything in it is public.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.kit import canvas, colour, fit_text, flatten, header, localised, rounded_box, text, text_width

WIDTH = 1200
HEIGHT = 800
SQUARES = 11
SQUARE_W = 98
GAP = 7
LEFT = (WIDTH - (SQUARES * SQUARE_W + (SQUARES - 1) * GAP)) // 2
PATH_TOP = 138
NUMBER_H = 44
BODY_H = 170
LANE_TOP = PATH_TOP + NUMBER_H + BODY_H + 14
LANE_H = 74
PANEL_TOP = LANE_TOP + 2 * LANE_H + 16

ENGINE_RED = (196, 36, 40)
ENGINE_DARK = (120, 20, 24)
TOWN_ROOF = (170, 70, 50)
TOWN_WALL = (245, 232, 205)
FOREST_BG = (206, 230, 190)
BURNT_BG = (52, 48, 46)
NIGHT = (30, 26, 24)

TEXTS = {
    "en": {
        "title": "Forest Fire",
        "round": "Round {round}/{max}",
        "fire": "Fire",
        "chief": "Fire Chief",
        "town": "TOWN",
        "burnt": "BURNT",
        "step_action": "{who} to play: gust, grow <sq> or intensify <sq>",
        "step_action_no_gust": "{who} to play: grow <sq> or intensify <sq> (no gust possible)",
        "step_place": "{who}: put {left} more marker(s) within {k} of square {square}",
        "step_engines": "{who} to play: load / move / spray / done / end",
        "vp": "VP",
        "burnt_squares": "Burnt squares",
        "town_line": "Town burnt",
        "engines_line": "Engines destroyed",
        "tiers": "10+ total win · 8–9 marginal win · ≤7 Chief wins",
        "supply": "Fire supply: {left} of {total} left",
        "engine": "Engine {name}",
        "square": "square {pos}",
        "water": "water",
        "moves_up_to": "moves ≤ {n}",
        "status_ready": "ready",
        "status_acting": "acting",
        "status_done": "done",
        "status_waiting": "",
        "status_destroyed": "DESTROYED",
        "to_play": "to play",
        "over": "Game over",
        "outcome.total": "Total victory for the Fire — {vp} VP",
        "outcome.marginal": "Marginal victory for the Fire — {vp} VP",
        "outcome.chief": "The Fire Chief wins — the Fire has {vp} VP",
        "after_rounds": "after {rounds} round(s)",
        "yes": "yes",
        "no": "no",
        "placing": "Intensify {square}: {left} marker(s) to place",
        "sprayed": "sprayed: no move",
        "gust_hint": "A gust now would hit square(s) {squares}",
        "odds": "Spray: same square sure · 1 away 3+ · 2 away 5+",
        "load_rule": "Load only in the town · move ≤ 5 − water",
    },
    "fr": {
        "title": "Feu de forêt",
        "round": "Manche {round}/{max}",
        "fire": "Feu",
        "chief": "Chef des pompiers",
        "town": "VILLE",
        "burnt": "BRÛLÉ",
        "step_action": "{who} joue : gust, grow <case> ou intensify <case>",
        "step_action_no_gust": "{who} joue : grow <case> ou intensify <case> (pas de gust possible)",
        "step_place": "{who} : put — encore {left} marqueur(s), à {k} case(s) au plus de la case {square}",
        "step_engines": "{who} joue : load / move / spray / done / end",
        "vp": "PV",
        "burnt_squares": "Cases brûlées",
        "town_line": "Ville brûlée",
        "engines_line": "Camions détruits",
        "tiers": "10+ victoire totale · 8–9 marginale · ≤7 le Chef gagne",
        "supply": "Réserve de feu : {left} sur {total}",
        "engine": "Camion {name}",
        "square": "case {pos}",
        "water": "eau",
        "moves_up_to": "avance ≤ {n}",
        "status_ready": "prêt",
        "status_acting": "en action",
        "status_done": "terminé",
        "status_waiting": "",
        "status_destroyed": "DÉTRUIT",
        "to_play": "à jouer",
        "over": "Partie terminée",
        "outcome.total": "Victoire totale du Feu — {vp} PV",
        "outcome.marginal": "Victoire marginale du Feu — {vp} PV",
        "outcome.chief": "Le Chef des pompiers gagne — le Feu a {vp} PV",
        "after_rounds": "en {rounds} manche(s)",
        "yes": "oui",
        "no": "non",
        "placing": "Intensify {square} : encore {left} marqueur(s)",
        "sprayed": "a arrosé : ne bouge plus",
        "gust_hint": "Une rafale toucherait maintenant : {squares}",
        "odds": "Arroser : même case sûr · à 1 case 3+ · à 2 cases 5+",
        "load_rule": "Charger en ville seulement · avance ≤ 5 − eau",
    },
}


def _t(locale: str, key: str, **params: Any) -> str:
    return localised(TEXTS, locale, key, **params)


def square_x(square: int) -> int:
    """Left edge of a square's column."""
    return LEFT + (square - 1) * (SQUARE_W + GAP)


# --- sprites (drawn 4x and scaled down, so curves are smooth) ---------------------------------------------

SCALE = 4


def _teardrop(cx: float, cy: float, w: float, h: float, steps: int = 90) -> list[tuple[float, float]]:
    points = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = cx + w * math.sin(t) * abs(math.sin(t / 2)) ** 1.6
        y = cy - h * math.cos(t)
        points.append((x, y))
    return points


@lru_cache(maxsize=16)
def flame_sprite(size: int) -> Image.Image:
    """A two-tone flame, `size` px tall, on a transparent background."""
    big = size * SCALE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    cx = big / 2
    draw.polygon(_teardrop(cx, big * 0.53, big * 0.46, big * 0.46), fill=colour("fire") + (255,),
                 outline=(150, 30, 20, 255))
    draw.polygon(_teardrop(cx - big * 0.22, big * 0.62, big * 0.18, big * 0.30), fill=colour("fire") + (255,))
    draw.polygon(_teardrop(cx, big * 0.66, big * 0.30, big * 0.32), fill=colour("fire_light") + (255,))
    draw.polygon(_teardrop(cx, big * 0.74, big * 0.16, big * 0.20), fill=(255, 232, 120, 255))
    return image.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=8)
def tree_sprite(size: int, burnt: bool = False) -> Image.Image:
    big = size * SCALE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    trunk = (90, 70, 50, 255) if not burnt else (25, 22, 20, 255)
    leaf = colour("forest_dark") + (255,) if not burnt else (80, 74, 70, 255)
    draw.rectangle((big * 0.44, big * 0.70, big * 0.56, big), fill=trunk)
    if burnt:
        draw.line((big * 0.5, big * 0.72, big * 0.28, big * 0.42), fill=trunk, width=big // 14)
        draw.line((big * 0.5, big * 0.6, big * 0.72, big * 0.36), fill=trunk, width=big // 14)
        draw.rectangle((big * 0.45, big * 0.2, big * 0.55, big * 0.75), fill=trunk)
    else:
        draw.polygon([(big * 0.5, 0), (big * 0.12, big * 0.48), (big * 0.88, big * 0.48)], fill=leaf)
        draw.polygon([(big * 0.5, big * 0.22), (big * 0.04, big * 0.78), (big * 0.96, big * 0.78)], fill=leaf)
    return image.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=4)
def house_sprite(size: int) -> Image.Image:
    big = size * SCALE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    ink = colour("ink") + (255,)
    draw.rectangle((big * 0.14, big * 0.45, big * 0.86, big * 0.98), fill=TOWN_WALL + (255,), outline=ink,
                   width=SCALE * 2)
    draw.polygon([(big * 0.5, big * 0.06), (big * 0.02, big * 0.5), (big * 0.98, big * 0.5)],
                 fill=TOWN_ROOF + (255,), outline=ink)
    draw.rectangle((big * 0.42, big * 0.68, big * 0.58, big * 0.98), fill=(120, 80, 50, 255))
    draw.rectangle((big * 0.22, big * 0.56, big * 0.36, big * 0.70), fill=colour("water_light") + (255,))
    draw.rectangle((big * 0.64, big * 0.56, big * 0.78, big * 0.70), fill=colour("water_light") + (255,))
    return image.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=8)
def truck_sprite(width: int, height: int, destroyed: bool = False) -> Image.Image:
    """A side-view fire engine facing left (towards the town)."""
    w, h = width * SCALE, height * SCALE
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    body = (ENGINE_RED if not destroyed else (110, 104, 100)) + (255,)
    dark = (ENGINE_DARK if not destroyed else (60, 56, 54)) + (255,)
    ink = colour("ink") + (255,)
    draw.rounded_rectangle((w * 0.02, h * 0.30, w * 0.30, h * 0.80), radius=h * 0.10, fill=body, outline=ink,
                           width=SCALE * 2)
    draw.rounded_rectangle((w * 0.26, h * 0.14, w * 0.98, h * 0.80), radius=h * 0.08, fill=body, outline=ink,
                           width=SCALE * 2)
    draw.rectangle((w * 0.06, h * 0.36, w * 0.22, h * 0.54), fill=colour("water_light") + (255,))
    # ladder on the roof
    draw.rectangle((w * 0.34, h * 0.05, w * 0.94, h * 0.12), fill=(200, 200, 200, 255), outline=ink,
                   width=SCALE)
    for i in range(7):
        x = w * (0.38 + i * 0.08)
        draw.line((x, h * 0.05, x, h * 0.12), fill=ink, width=SCALE)
    for cx in (w * 0.18, w * 0.78):
        r = h * 0.15
        draw.ellipse((cx - r, h * 0.80 - r, cx + r, h * 0.80 + r), fill=dark, outline=ink, width=SCALE * 2)
        draw.ellipse((cx - r * 0.4, h * 0.80 - r * 0.4, cx + r * 0.4, h * 0.80 + r * 0.4),
                     fill=(200, 200, 200, 255))
    return image.resize((width, height), Image.Resampling.LANCZOS)


def fit_label(label: str, width: float, size: int, minimum: int = 20) -> tuple[str, int]:
    """Shrink a bold label down to `minimum` px, then cut it with an ellipsis so it fits `width`."""
    size = fit_text(label, width, size, bold=True, minimum=minimum)
    if text_width(label, size, True) <= width:
        return label, size
    while len(label) > 1 and text_width(label + "…", size, True) > width:
        label = label[:-1]
    return label.rstrip() + "…", size


def fire_on(view: dict, square: int) -> int:
    return view["squares"][square - 1]["fire"]


def gust_targets(view: dict) -> list[int]:
    """Where a gust would land now (R6.1): the unburnt squares among L-1..L-3, L = leftmost fire."""
    squares = view["squares"]
    low = next((sq["square"] for sq in squares if sq["fire"]), None)
    if low is None:
        return []
    return [t for t in (low - 1, low - 2, low - 3) if t >= 1 and not squares[t - 1]["burnt"]]


def paste(image: Image.Image, sprite: Image.Image, x: float, y: float) -> None:
    image.paste(sprite, (int(round(x)), int(round(y))), sprite)


# --- pieces of the board ----------------------------------------------------------------------------------

def role_label(view: dict, seat: int, locale: str) -> str:
    role = view["seats"][seat]
    label = _t(locale, "fire") if role == "Fire" else _t(locale, "chief")
    names = view.get("names") or {}
    name = names.get(str(seat)) or names.get(seat)
    return f"{label} · {name}" if name else label


def draw_status(draw: ImageDraw.ImageDraw, view: dict, locale: str, top: int) -> None:
    """The line under the header: who plays and what the current step expects."""
    roles = view.get("roles") or {"fire": view["seats"].index("Fire"), "chief": view["seats"].index("Chief")}
    box = (LEFT, top, WIDTH - LEFT, top + 52)
    if view["over"]:
        outcome = view.get("outcome") or {}
        kind = outcome.get("kind", "")
        params = outcome.get("params", {})
        message = _t(locale, kind, vp=params.get("vp", view["vp"]["total"])) if kind in TEXTS["en"] else \
            _t(locale, "over")
        message += "  ·  " + _t(locale, "after_rounds", rounds=params.get("rounds", view["round"]))
        names = view.get("names") or {}
        winner = (outcome.get("winners") or [None])[0]
        if winner is not None and (names.get(str(winner)) or names.get(winner)):
            message = f"★ {names.get(str(winner)) or names.get(winner)} ★  " + message
        fill = "fire" if params.get("winner_role", "fire") == "fire" else "water"
        rounded_box(draw, box, fill, outline="ink", radius=12, width=3)
        size = fit_text(message, box[2] - box[0] - 30, 28, bold=True)
        text(draw, ((box[0] + box[2]) / 2, top + 26), message, size=size, fill="white", bold=True, anchor="mm")
        return
    step = view.get("step")
    if step == "engines":
        who = role_label(view, roles["chief"], locale)
        message = _t(locale, "step_engines", who=who)
        fill, ink = colour("water_light"), "ink"
    elif step == "place":
        placing = view["placing"]
        who = role_label(view, roles["fire"], locale)
        message = _t(locale, "step_place", who=who, left=placing["left"], k=placing["k"],
                     square=placing["square"])
        fill, ink = colour("highlight"), "ink"
    else:
        who = role_label(view, roles["fire"], locale)
        # R6.1: a gust that would place nothing is not a legal action, so it is not suggested.
        message = _t(locale, "step_action" if gust_targets(view) else "step_action_no_gust", who=who)
        fill, ink = (255, 214, 190), "ink"
    rounded_box(draw, box, fill, outline="ink", radius=12, width=2)
    size = fit_text("▶ " + message, box[2] - box[0] - 30, 26, bold=True)
    text(draw, (box[0] + 16, top + 26), "▶ " + message, size=size, fill=ink, bold=True, anchor="lm")


@lru_cache(maxsize=64)
def square_tile(n: int, burnt: bool, town: bool, locale: str) -> Image.Image:
    """A square without its fire: number tab and body (cached: only burnt/town change it)."""
    tile = Image.new("RGB", (SQUARE_W + 1, NUMBER_H + BODY_H + 1), colour("background"))
    draw = ImageDraw.Draw(tile)
    x0, x1, y0 = 0, SQUARE_W, 0
    body_top = NUMBER_H
    y1 = body_top + BODY_H
    # number tab, exactly as typed in moves
    tab_fill = NIGHT if burnt else (colour("town") if town else colour("forest"))
    draw.rounded_rectangle((x0, y0, x1, body_top + 10), radius=10, fill=tab_fill, outline=colour("ink"), width=2)
    text(draw, ((x0 + x1) / 2, y0 + NUMBER_H / 2 + 1), str(n), size=32, bold=True,
         fill="white" if burnt else "ink", anchor="mm")
    # body
    bg = BURNT_BG if burnt else (colour("town") if town else FOREST_BG)
    draw.rectangle((x0, body_top, x1, y1), fill=bg, outline=colour("ink"), width=2)
    if town:
        if not burnt:
            paste(tile, house_sprite(36), x0 + 6, body_top + 104)
            paste(tile, house_sprite(32), x0 + 60, body_top + 108)
            paste(tile, house_sprite(28), x0 + 35, body_top + 116)
        label = _t(locale, "town")
        text(draw, ((x0 + x1) / 2, y1 - 11), label, size=fit_text(label, SQUARE_W - 8, 18, True),
             bold=True, fill="white" if burnt else "ink", anchor="mm")
    elif not burnt:
        for tx, ty, size in ((x0 + 4, body_top + 118, 34), (x0 + 60, body_top + 112, 36),
                             (x0 + 32, body_top + 130, 30)):
            paste(tile, tree_sprite(size), tx, ty)
    if burnt:
        for tx, ty, size in ((x0 + 6, body_top + 112, 36), (x0 + 58, body_top + 118, 32)):
            paste(tile, tree_sprite(size, burnt=True), tx, ty)
        label = _t(locale, "burnt")
        text(draw, ((x0 + x1) / 2, body_top + 70), label, size=fit_text(label, SQUARE_W - 10, 20, True),
             bold=True, fill="ash", anchor="mm")
    return tile


@lru_cache(maxsize=64)
def fire_overlay(count: int) -> Image.Image:
    """The flame with its count and the burn-out meter (six pips: the sixth burns the square out)."""
    overlay = Image.new("RGBA", (SQUARE_W, 100), (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    centre = SQUARE_W / 2
    paste(overlay, flame_sprite(84), centre - 42, 0)
    text(draw, (centre, 56), str(count), size=34, bold=True, fill="white", anchor="mm", outline="ink")
    pip_w, pip_gap = 12, 3
    px = centre - (6 * pip_w + 5 * pip_gap) / 2
    for i in range(6):
        fill = colour("fire") if i < count else (255, 255, 255)
        outline = colour("ink") if i < 5 else colour("red")
        draw.rectangle((px, 88, px + pip_w, 98), fill=fill, outline=outline, width=1 if i < 5 else 2)
        px += pip_w + pip_gap
    return overlay


def draw_square(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict, sq: dict, locale: str) -> None:
    n = sq["square"]
    x0 = square_x(n)
    x1 = x0 + SQUARE_W
    y0 = PATH_TOP
    body_top = y0 + NUMBER_H
    y1 = body_top + BODY_H
    placing = view.get("placing")
    target = placing is not None and n in placing.get("targets", [])
    origin = placing is not None and n == placing.get("square")
    image.paste(square_tile(n, bool(sq["burnt"]), bool(sq["town"]), locale), (x0, y0))
    if sq["fire"]:
        paste(image, fire_overlay(int(sq["fire"])), x0, body_top + 14)

    if target:
        draw.rectangle((x0 - 3, y0 - 3, x1 + 3, y1 + 3), outline=colour("highlight"), width=5)
    if origin:
        draw.rectangle((x0 - 3, y0 - 3, x1 + 3, y1 + 3), outline=colour("orange"), width=5)


def water_cells(draw: ImageDraw.ImageDraw, x: float, y: float, water: int, cell: int = 14, gap: int = 3) -> float:
    """Five water cells (capacity 5); returns the width drawn."""
    for i in range(5):
        fill = colour("water") if i < water else (255, 255, 255)
        draw.rectangle((x, y, x + cell, y + cell), fill=fill, outline=colour("ink"), width=1)
        x += cell + gap
    return 5 * cell + 4 * gap


@lru_cache(maxsize=2)
def lane_strip(guides: bool) -> Image.Image:
    """An empty engine lane; `guides` adds faint column lines so an engine lines up with its square."""
    strip = Image.new("RGB", (WIDTH - 2 * LEFT + 1, LANE_H - 7), colour("background"))
    draw = ImageDraw.Draw(strip)
    draw.rounded_rectangle((0, 0, WIDTH - 2 * LEFT, LANE_H - 8), radius=10, fill=colour("panel"),
                           outline=colour("ash"), width=1)
    if guides:
        for n in range(1, SQUARES):
            gx = square_x(n) + SQUARE_W + GAP / 2 - LEFT
            for gy in range(6, LANE_H - 12, 8):
                draw.line((gx, gy, gx, gy + 3), fill=colour("ash"), width=1)
    return strip


def draw_lanes(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict, locale: str) -> None:
    """Two lanes under the path: engine a on the first, engine b on the second, at their squares."""
    for lane, name in enumerate(("a", "b")):
        top = LANE_TOP + lane * LANE_H
        info = view["engines"][name]
        image.paste(lane_strip(bool(info["alive"])), (LEFT, top))
        if not info["alive"]:
            label = f"{_t(locale, 'engine', name=name)} · {_t(locale, 'status_destroyed')}"
            text(draw, (WIDTH / 2, top + (LANE_H - 8) / 2), label, size=22, bold=True, fill="muted",
                 anchor="mm")
            continue
        x0 = square_x(info["pos"])
        cx = x0 + SQUARE_W / 2
        if fire_on(view, info["pos"]):  # R5.1: destroyed at the next Fire turn if still there
            draw.rounded_rectangle((x0 - 2, top + 1, x0 + SQUARE_W + 2, top + LANE_H - 9), radius=8,
                                   fill=(255, 200, 185), outline=colour("fire"), width=3)
        paste(image, truck_sprite(76, 40), cx - 38, top + 4)
        # engine letter on the body
        text(draw, (cx + 8, top + 22), name, size=24, bold=True, fill="white", anchor="mm")
        water_cells(draw, cx - 42, top + 48, info["water"], cell=13, gap=4)


def fire_notes(view: dict, locale: str) -> list[tuple[str, str]]:
    """The (at most two) notes at the foot of the Fire panel, with their colour."""
    notes = []
    gust = gust_targets(view)
    # R6.3: while an intensify's markers are being placed no gust can be played, and the leftmost fire is
    # still moving: a gust hint then would mislead.
    if gust and not view["over"] and view.get("step") != "place":
        notes.append((_t(locale, "gust_hint", squares=", ".join(map(str, gust))), "muted"))
    placing = view.get("placing")
    if placing:
        notes.append((_t(locale, "placing", square=placing["square"], left=placing["left"]), "fire"))
    if view.get("supply_left") is not None:
        notes.append((_t(locale, "supply", left=view["supply_left"], total=view["fire_supply"]), "muted"))
    return notes[-2:]


def draw_panels(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict, locale: str) -> None:
    roles = view.get("roles") or {"fire": view["seats"].index("Fire"), "chief": view["seats"].index("Chief")}
    bottom = HEIGHT - 16
    mid = WIDTH // 2
    fire_box = (LEFT, PANEL_TOP, mid - 8, bottom)
    chief_box = (mid + 8, PANEL_TOP, WIDTH - LEFT, bottom)
    to_move = set(view.get("to_move") or [])

    # Fire panel
    active = roles["fire"] in to_move
    rounded_box(draw, fire_box, (255, 236, 224), outline="fire" if active else "grid", radius=14,
                width=5 if active else 2)
    x = fire_box[0] + 20
    title = role_label(view, roles["fire"], locale)
    paste(image, flame_sprite(36), x - 4, PANEL_TOP + 10)
    title, size = fit_label(title, fire_box[2] - x - 38 - 130, 26)
    text(draw, (x + 38, PANEL_TOP + 28), title, size=size, bold=True, anchor="lm")
    if active:
        text(draw, (fire_box[2] - 18, PANEL_TOP + 28), _t(locale, "to_play"), size=20, bold=True, fill="fire",
             anchor="rm")
    vp = view["vp"]
    text(draw, (x, PANEL_TOP + 96), str(vp["total"]), size=64, bold=True, fill="fire", anchor="ls")
    text(draw, (x + text_width(str(vp["total"]), 64, True) + 8, PANEL_TOP + 96), _t(locale, "vp"), size=28,
         bold=True, fill="fire", anchor="ls")
    lines = [
        (_t(locale, "burnt_squares"), f"{vp['burnt_squares']}", f"+{vp['burnt_squares']}"),
        (_t(locale, "town_line"), _t(locale, "yes") if vp["town"] else _t(locale, "no"), f"+{vp['town']}"),
        (_t(locale, "engines_line"), f"{vp['engines'] // 5}", f"+{vp['engines']}"),
    ]
    lx = x + 170
    for i, (label, value, points) in enumerate(lines):
        y = PANEL_TOP + 62 + i * 30
        text(draw, (lx, y), label, size=20, anchor="lm")
        text(draw, (fire_box[2] - 80, y), value, size=20, bold=True, anchor="rm")
        text(draw, (fire_box[2] - 20, y), points, size=20, bold=True, fill="fire", anchor="rm")
    tiers = _t(locale, "tiers")
    text(draw, (x, PANEL_TOP + 160), tiers, size=fit_text(tiers, fire_box[2] - x - 16, 18), fill="muted",
         anchor="lm")
    for i, (note, fill) in enumerate(fire_notes(view, locale)):
        text(draw, (x, PANEL_TOP + 192 + i * 26), note, size=fit_text(note, fire_box[2] - x - 16, 20, True),
             bold=fill == "fire", fill=fill, anchor="lm")

    # Chief panel
    active = roles["chief"] in to_move
    rounded_box(draw, chief_box, (226, 238, 252), outline="water" if active else "grid", radius=14,
                width=5 if active else 2)
    x = chief_box[0] + 20
    title = role_label(view, roles["chief"], locale)
    paste(image, truck_sprite(48, 26), x - 4, PANEL_TOP + 14)
    title, size = fit_label(title, chief_box[2] - x - 54 - 130, 26)
    text(draw, (x + 54, PANEL_TOP + 28), title, size=size, bold=True, anchor="lm")
    if active:
        text(draw, (chief_box[2] - 18, PANEL_TOP + 28), _t(locale, "to_play"), size=20, bold=True,
             fill="water", anchor="rm")
    for i, name in enumerate(("a", "b")):
        info = view["engines"][name]
        y = PANEL_TOP + 78 + i * 62
        if i:
            draw.line((x, y - 31, chief_box[2] - 20, y - 31), fill=colour("ash"), width=1)
        label = _t(locale, "engine", name=name)
        text(draw, (x, y), label, size=24, bold=True, fill="ink" if info["alive"] else "muted", anchor="lm")
        if not info["alive"]:
            text(draw, (x + 150, y), _t(locale, "status_destroyed"), size=22, bold=True, fill="red", anchor="lm")
            continue
        text(draw, (x + 150, y - 12), _t(locale, "square", pos=info["pos"]), size=20, anchor="lm")
        second = _t(locale, "sprayed") if info.get("sprayed") else _t(locale, "moves_up_to",
                                                                       n=info["move_allowance"])
        text(draw, (x + 150, y + 14), second, size=18, fill="muted", anchor="lm")
        wx = x + 290
        water_cells(draw, wx, y - 20, info["water"], cell=16, gap=4)
        text(draw, (wx + 48, y + 14), f"{_t(locale, 'water')} {info['water']}/5", size=18, fill="water",
             anchor="mm")
        status = _t(locale, f"status_{info['action']}") if f"status_{info['action']}" in TEXTS["en"] else ""
        if status:
            fill = {"ready": "green", "acting": "orange", "done": "muted"}.get(info["action"], "ink")
            text(draw, (chief_box[2] - 20, y), status, size=20, bold=True, fill=fill, anchor="rm")
    odds = _t(locale, "odds")
    text(draw, (x, PANEL_TOP + 188), odds, size=fit_text(odds, chief_box[2] - x - 16, 18), fill="muted",
         anchor="lm")
    load = _t(locale, "load_rule")
    text(draw, (x, PANEL_TOP + 216), load, size=fit_text(load, chief_box[2] - x - 16, 18), fill="muted",
         anchor="lm")


def draw(view: dict, locale: str = "en") -> Image.Image:
    image, pen = canvas(WIDTH, HEIGHT)
    subtitle = _t(locale, "round", round=view["round"], max=view.get("max_rounds", 100))
    top = header(pen, WIDTH, _t(locale, "title"), subtitle)
    draw_status(pen, view, locale, top + 10)
    for sq in view["squares"]:
        draw_square(image, pen, view, sq, locale)
    draw_lanes(image, pen, view, locale)
    draw_panels(image, pen, view, locale)
    # 256 colours are plenty for this board and make the PNG three times smaller and faster to encode.
    return flatten(image)
