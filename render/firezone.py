"""Fire Zones board: the hex forest fitted to its bounding box, then a panel per seat.

Reads only the view dict of engines/firezone (`view(state, seat)`). Each face-up tile shows its value, its
slots (men in their colours, hollow free slots, dark slots the fire has closed), its open sides in blue
(free accesses) and its `q,r` id; firebreaks are dark backs showing 0; the hottest points are outlined
with their id and heat, so players can type `tile q,r`. At the end every zone is outlined in its colour.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from render.kit import canvas, colour, fit_text, flatten, header, localised, rounded_box, text, text_width

WIDTH = 1200
MARGIN = 24
MAX_RADIUS = 76
MIN_RADIUS = 30
MAX_BOARD_H = 980
SQRT3 = math.sqrt(3)

COLOURS = ("green", "blue", "yellow", "red")
MEN_RGB = {
    "green": (40, 150, 60),
    "blue": (30, 65, 185),
    "yellow": (245, 200, 20),
    "red": (215, 40, 40),
}
# Tile faces from cool (much water) to deep fire.
VALUE_FILL = {
    1: (255, 241, 170),
    2: (253, 214, 120),
    3: (248, 178, 88),
    4: (238, 136, 62),
    5: (218, 92, 46),
    6: (178, 48, 34),
}
VALUE_INK = {1: "ink", 2: "ink", 3: "ink", 4: "white", 5: "white", 6: "white"}
WATER = (40, 185, 235)
FIREBREAK_FILL = (58, 52, 50)
BOARD_BG = (236, 228, 212)
HOT_FILL = (255, 236, 200)
SLOT_EMPTY = (255, 255, 255)
SLOT_CLOSED = (95, 80, 72)

# neighbour direction -> angle (degrees, y down) of that neighbour's centre, pointy-top (R3.4)
DIRECTION_ANGLES = {(1, 0): 0, (1, -1): -60, (0, -1): -120, (-1, 0): 180, (-1, 1): 120, (0, 1): 60}

TEXTS = {
    "en": {
        "title": "Fire Zones",
        "turn": "Turn {turn}",
        "to_play": "{who} to play",
        "setup": "{who} chooses the middle pair: setup a b",
        "setup_draws": "Start tiles drawn: {values}",
        "phase_tile": "{who} drew {value}: tile <cell> on a hottest point",
        "phase_tile_hidden": "{who} has drawn a tile (hidden): tile or firebreak <cell>",
        "phase_tile_firebreak": "{who} drew {value}: tile or firebreak <cell> on a hottest point",
        "phase_men": "{who}: men <n> <cell> [colour] or pass",
        "phase_men_only": "Men only: {who} men <n> <cell> or pass ({passes} pass(es) in a row)",
        "over": "Game over",
        "pile": "Pile: {n}",
        "unseen": "Not yet face up:",
        "left": "{n} left",
        "box": "{n} sacrificed",
        "score": "{n} pts",
        "zones": "zones",
        "winner": "WINNER",
        "rank": "#{n}",
        "reinforcements": "reinf.",
        "mode_competitive": "Competitive",
        "mode_solo": "Solo",
        "mode_coop": "Cooperative",
        "firebreaks": "firebreaks",
        "chaud": "C'est chaud ! (round down)",
        "goal": "Goal: every colour one zone with an open 1, all men placed",
        "won": "The fire is under control: won!",
        "lost": "Lost",
        "one_zone": "one zone",
        "open_one": "open 1",
        "unplaced": "{n} unplaced",
        "heat": "heat {n}",
        "key": "light-blue sides = free accesses · hollow slot = room · dark slot = closed by fire",
    },
    "fr": {
        "title": "Fire Zones",
        "turn": "Tour {turn}",
        "to_play": "À {who} de jouer",
        "setup": "{who} choisit la paire du milieu : setup a b",
        "setup_draws": "Tuiles de départ : {values}",
        "phase_tile": "{who} a pioché un {value} : tile <case> au point le plus chaud",
        "phase_tile_hidden": "{who} a pioché une tuile (cachée) : tile ou firebreak <case>",
        "phase_tile_firebreak": "{who} a pioché un {value} : tile ou firebreak <case> au point le plus chaud",
        "phase_men": "{who} : men <n> <case> [couleur] ou pass",
        "phase_men_only": "Hommes seulement : {who} men <n> <case> ou pass ({passes} passe(s) d'affilée)",
        "over": "Partie terminée",
        "pile": "Pioche : {n}",
        "unseen": "Pas encore visibles :",
        "left": "reste {n}",
        "box": "{n} sacrifié(s)",
        "score": "{n} pts",
        "zones": "zones",
        "winner": "VAINQUEUR",
        "rank": "#{n}",
        "reinforcements": "renf.",
        "mode_competitive": "Compétitif",
        "mode_solo": "Solitaire",
        "mode_coop": "Coopératif",
        "firebreaks": "coupe-feu",
        "chaud": "C'est chaud ! (arrondi inférieur)",
        "goal": "But : chaque couleur en une zone avec un 1 ouvert, tous les hommes placés",
        "won": "L'incendie est maîtrisé : gagné !",
        "lost": "Perdu",
        "one_zone": "une zone",
        "open_one": "1 ouvert",
        "unplaced": "{n} non placé(s)",
        "heat": "chaleur {n}",
        "key": "côtés bleu clair = accès libres · emplacement creux = place · foncé = fermé par le feu",
    },
}
COLOUR_NAMES = {
    "en": {"green": "Green", "blue": "Blue", "yellow": "Yellow", "red": "Red"},
    "fr": {"green": "Vert", "blue": "Bleu", "yellow": "Jaune", "red": "Rouge"},
}


def _t(locale: str, key: str, **params: Any) -> str:
    return localised(TEXTS, locale, key, **params)


def _seat_name(view: dict, seat: int, locale: str) -> str:
    names = view.get("names") or {}
    if str(seat) in names:
        return str(names[str(seat)])
    if view.get("mode") == "solo" or len(view["seats"]) == 1:
        return view["seats"][seat]
    own = _own_colours(view, seat)
    return " & ".join(COLOUR_NAMES.get(locale, COLOUR_NAMES["en"])[c] for c in own) or view["seats"][seat]


def _reinforcements(view: dict) -> str | None:
    """The 3-player reinforcement colour (R4.2): red unless the table chose other colours."""
    return view.get("reinforcements", "red" if len(view["seats"]) == 3 else None)


def _own_colours(view: dict, seat: int) -> list[str]:
    if "own_colours" in view:
        return list(view["own_colours"][seat])
    return [c for c in view.get("seat_colours", [[]])[seat] if c != _reinforcements(view)]


# -- geometry -----------------------------------------------------------------------------------------


class Layout:
    """Pixel placement of axial cells: x = s·√3·(q + r/2), y = s·1.5·r (R3.4), fitted into the board."""

    def __init__(self, cells: list[tuple[int, int]], top: int):
        xs = [q + r / 2 for q, r in cells]
        rs = [r for _, r in cells]
        width_units = SQRT3 * (max(xs) - min(xs) + 1) + 0.2
        height_units = 1.5 * (max(rs) - min(rs)) + 2 + 0.2
        radius = min(MAX_RADIUS, (WIDTH - 2 * MARGIN) / width_units, MAX_BOARD_H / height_units)
        self.radius = max(MIN_RADIUS, radius)
        s = self.radius
        self.height = int(height_units * s) + 2 * MARGIN
        board_w = width_units * s
        self.x0 = (WIDTH - board_w) / 2 + s * SQRT3 / 2 + 0.1 * s - SQRT3 * s * min(xs)
        self.y0 = top + MARGIN + s * 1.1 - 1.5 * s * min(rs)

    def centre(self, q: int, r: int) -> tuple[float, float]:
        s = self.radius
        return self.x0 + s * SQRT3 * (q + r / 2), self.y0 + s * 1.5 * r

    def corners(self, q: int, r: int, scale: float = 1.0) -> list[tuple[float, float]]:
        x, y = self.centre(q, r)
        s = self.radius * scale
        return [(x + s * math.cos(math.radians(a)), y + s * math.sin(math.radians(a)))
                for a in (-90, -30, 30, 90, 150, 210)]

    def edge(self, q: int, r: int, direction: tuple[int, int], scale: float = 1.0):
        x, y = self.centre(q, r)
        s = self.radius * scale
        angle = DIRECTION_ANGLES[direction]
        return [(x + s * math.cos(math.radians(a)), y + s * math.sin(math.radians(a)))
                for a in (angle - 30, angle + 30)]


def _cell(text_id: str) -> tuple[int, int]:
    q, r = text_id.split(",")
    return int(q), int(r)


# -- drawing ------------------------------------------------------------------------------------------


def _draw_tile(draw: ImageDraw.ImageDraw, layout: Layout, tile: dict, occupied: set, last: str | None) -> None:
    q, r = tile["q"], tile["r"]
    s = layout.radius
    value = tile["value"]
    draw.polygon(layout.corners(q, r, 0.97), fill=VALUE_FILL[value], outline=colour("grid"))
    # open sides (free accesses, R3.7) as water
    for direction in DIRECTION_ANGLES:
        if (q + direction[0], r + direction[1]) not in occupied:
            draw.line(layout.edge(q, r, direction, 0.975), fill=WATER, width=max(4, int(s * 0.09)))
    x, y = layout.centre(q, r)
    ink = VALUE_INK[value]
    text(draw, (x, y - s * 0.38), str(value), size=max(18, int(s * 0.5)), fill=ink, bold=True, anchor="mm")
    # slots: men by colour, then room, then slots closed by the fire
    men = [c for c in COLOURS for _ in range(tile["men"].get(c, 0))]
    slots = tile["slots"]
    room = tile.get("room", 0)
    pip = max(7, s * 0.15)
    gap = pip * 2.4
    start = x - gap * (slots - 1) / 2
    for i in range(slots):
        cx, cy = start + i * gap, y + s * 0.1
        if i < len(men):
            fill, outline = MEN_RGB[men[i]], (20, 20, 20)
        elif i < len(men) + room:
            fill, outline = SLOT_EMPTY, (60, 50, 45)
        else:
            fill, outline = SLOT_CLOSED, (30, 26, 24)
        draw.ellipse((cx - pip, cy - pip, cx + pip, cy + pip), fill=fill, outline=outline, width=2)
    label_size = max(16, int(s * 0.27))
    text(draw, (x, y + s * 0.47), tile["cell"], size=fit_text(tile["cell"], s * 1.2, label_size, True, 14),
         fill=ink, bold=True, anchor="mm")
    if last == tile["cell"]:
        draw.polygon(layout.corners(q, r, 1.0), outline=colour("ink"), width=max(4, int(s * 0.08)))


def _draw_firebreak(draw: ImageDraw.ImageDraw, layout: Layout, firebreak: dict, last: str | None) -> None:
    q, r = firebreak["q"], firebreak["r"]
    s = layout.radius
    draw.polygon(layout.corners(q, r, 0.97), fill=FIREBREAK_FILL, outline=colour("black"))
    x, y = layout.centre(q, r)
    text(draw, (x, y - s * 0.22), "0", size=max(18, int(s * 0.52)), fill="white", bold=True, anchor="mm")
    if "value" in firebreak:  # only the placer's own view, or after the end (R7.2, R7.5)
        text(draw, (x, y + s * 0.2), f"({firebreak['value']})", size=max(16, int(s * 0.28)), fill="fire_light",
             bold=True, anchor="mm")
    text(draw, (x, y + s * 0.47), firebreak["cell"], size=fit_text(firebreak["cell"], s * 1.2,
                                                                     max(16, int(s * 0.27)), True, 14),
         fill="ash", bold=True, anchor="mm")
    if last == firebreak["cell"]:
        draw.polygon(layout.corners(q, r, 1.0), outline=colour("highlight"), width=max(4, int(s * 0.08)))


def _draw_hot(draw: ImageDraw.ImageDraw, layout: Layout, hot: dict, locale: str) -> None:
    q, r = hot["q"], hot["r"]
    s = layout.radius
    corners = layout.corners(q, r, 0.9)
    draw.polygon(corners, fill=HOT_FILL)
    for i in range(6):  # dashed flame outline
        a, b = corners[i], corners[(i + 1) % 6]
        for k in range(4):
            t0, t1 = k / 4, k / 4 + 0.16
            draw.line([(a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                       (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)],
                      fill=colour("fire"), width=max(3, int(s * 0.07)))
    x, y = layout.centre(q, r)
    text(draw, (x, y - s * 0.2), hot["cell"], size=fit_text(hot["cell"], s * 1.45, max(16, int(s * 0.34)), True, 14),
         fill="fire", bold=True, anchor="mm")
    label = _t(locale, "heat", n=hot["heat"])
    text(draw, (x, y + s * 0.25), label, size=fit_text(label, s * 1.4, max(16, int(s * 0.26)), False, 14),
         fill="ink", anchor="mm")


def _draw_zones(draw: ImageDraw.ImageDraw, layout: Layout, zones: list[dict]) -> None:
    """Outline every zone in its colour; colours are inset at different depths so shared tiles show all."""
    s = layout.radius
    for zone in zones:
        depth = 0.9 - 0.07 * COLOURS.index(zone["colour"])
        cells = {_cell(c) for c in zone["cells"]}
        for q, r in cells:
            for direction in DIRECTION_ANGLES:
                if (q + direction[0], r + direction[1]) not in cells:
                    edge = layout.edge(q, r, direction, depth)
                    width = max(4, int(s * 0.065))
                    draw.line(edge, fill=(255, 255, 255), width=width + 2)  # halo for dark tiles
                    draw.line(edge, fill=MEN_RGB[zone["colour"]], width=width)


def _status_line(view: dict, locale: str) -> str:
    if view["over"]:
        return _t(locale, "over")
    who = _seat_name(view, view["current"], locale)
    phase = view["phase"]
    if phase == "setup":
        return _t(locale, "setup", who=who)
    if phase == "tile":
        if view.get("drawn") is not None:
            seat = view["current"]
            own_left = any(view["supply"][seat].get(c, 0) for c in _own_colours(view, seat))
            if view.get("firebreaks_rule") and own_left:  # R6.3: the drawer may also lay it face down
                return _t(locale, "phase_tile_firebreak", who=who, value=view["drawn"])
            return _t(locale, "phase_tile", who=who, value=view["drawn"])
        return _t(locale, "phase_tile_hidden", who=who)
    if view["pile"] == 0 and view["mode"] == "competitive" and not view.get("drawn"):
        last = view.get("last") or {}
        if last.get("kind") in ("men", "pass") or view["passes"]:
            return _t(locale, "phase_men_only", who=who, passes=view["passes"])
    return _t(locale, "phase_men", who=who)


def draw(view: dict, locale: str = "en") -> Image.Image:
    tiles = view.get("tiles", [])
    firebreaks = view.get("firebreaks", [])
    hottest = view.get("hottest", [])
    cells = [(t["q"], t["r"]) for t in tiles] + [(f["q"], f["r"]) for f in firebreaks]
    cells += [(h["q"], h["r"]) for h in hottest]
    if not cells:
        cells = [(0, 0), (1, 1)]
    head = 64
    info_h = 92
    layout = Layout(cells, head + info_h)
    players = len(view["seats"])
    solo_like = view.get("mode") in ("solo", "coop")
    row_h = 62
    panel_rows = players + (4 if solo_like else 0)
    panel_h = 12 + panel_rows * row_h + (40 if solo_like else 4)
    height = head + info_h + layout.height + panel_h
    image, d = canvas(WIDTH, int(height))
    subtitle = _t(locale, "over") if view["over"] else _t(locale, "turn", turn=view.get("turn", 1))
    header(d, WIDTH, _t(locale, "title"), subtitle, head)

    # info band: status, mode, pile, unseen
    d.rectangle((0, head, WIDTH, head + info_h), fill=colour("panel"))
    status = _status_line(view, locale)
    text(d, (MARGIN, head + 24), status, size=fit_text(status, WIDTH - 2 * MARGIN - 230, 24, True, 16), bold=True,
         anchor="lm")
    pile_text = _t(locale, "pile", n=view.get("pile", 0))
    text(d, (WIDTH - MARGIN, head + 24), pile_text, size=24, bold=True, anchor="rm")
    mode = _t(locale, "mode_" + view.get("mode", "competitive"))
    extras = [mode]
    if view.get("firebreaks_rule"):
        extras.append(_t(locale, "firebreaks"))
    if view.get("rounding") == "down":
        extras.append(_t(locale, "chaud"))
    if view.get("phase") == "setup" and view.get("setup_draws"):
        extras.append(_t(locale, "setup_draws", values=", ".join(str(v) for v in view["setup_draws"])))
    line = " · ".join(extras)
    text(d, (MARGIN, head + 64), line, size=fit_text(line, 560, 20, False, 16), fill="muted", anchor="lm")
    unseen = view.get("unseen", {})
    x = WIDTH - MARGIN
    for value in range(6, 0, -1):
        label = f"×{unseen.get(str(value), 0)}"
        x -= text_width(label, 20, True) + 4
        text(d, (x, head + 64), label, size=20, bold=True, anchor="lm")
        x -= 34
        rounded_box(d, (x, head + 50, x + 30, head + 78), VALUE_FILL[value], outline="grid", radius=5, width=1)
        text(d, (x + 15, head + 64), str(value), size=18, fill=VALUE_INK[value], bold=True, anchor="mm")
        x -= 8
    label = _t(locale, "unseen")
    text(d, (x, head + 64), label, size=18, fill="muted", anchor="rm")

    # board
    top = head + info_h
    d.rectangle((0, top, WIDTH, top + layout.height), fill=BOARD_BG)
    occupied = set(cells[: len(tiles) + len(firebreaks)])
    last = (view.get("last") or {}).get("cell")
    for hot in hottest:
        _draw_hot(d, layout, hot, locale)
    for tile in tiles:
        _draw_tile(d, layout, tile, occupied, last)
    for firebreak in firebreaks:
        _draw_firebreak(d, layout, firebreak, last)
    if view["over"]:
        _draw_zones(d, layout, view.get("zones", []))
    key = _t(locale, "key")
    text(d, (WIDTH / 2, top + layout.height - 14), key, size=fit_text(key, WIDTH - 40, 17, False, 14),
         fill="muted", anchor="mm")

    _draw_panel(d, view, locale, top + layout.height + 12, row_h)
    # A 256-colour palette keeps the PNG small and quick to encode (deterministic, no dithering).
    return flatten(image)


def _draw_panel(d: ImageDraw.ImageDraw, view: dict, locale: str, y: float, row_h: int) -> None:
    players = len(view["seats"])
    outcome = view.get("outcome") or {}
    winners = set(outcome.get("winners") or [])
    ranks = (outcome.get("params") or {}).get("ranks") or {}
    zones = view.get("zones", [])
    names = COLOUR_NAMES.get(locale, COLOUR_NAMES["en"])
    solo_like = view.get("mode") in ("solo", "coop")
    for seat in range(players):
        box = (MARGIN, y, WIDTH - MARGIN, y + row_h - 8)
        active = not view["over"] and view.get("current") == seat
        won = view["over"] and seat in winners and not solo_like
        rounded_box(d, box, "highlight" if active else ("water_light" if won else "white"),
                    outline="ink" if active else "grid", radius=10, width=3 if active else 2)
        cy = y + (row_h - 8) / 2
        x = MARGIN + 16
        for c in _own_colours(view, seat):
            d.ellipse((x, cy - 14, x + 28, cy + 14), fill=MEN_RGB[c], outline=(20, 20, 20), width=2)
            x += 34
        name = _seat_name(view, seat, locale)
        text(d, (x + 6, cy), name, size=fit_text(name, 250, 24, True, 16), bold=True, anchor="lm")
        # supplies per colour
        sx = 390
        for c, n in view["supply"][seat].items():
            d.ellipse((sx, cy - 11, sx + 22, cy + 11), fill=MEN_RGB[c], outline=(20, 20, 20), width=2)
            label = _t(locale, "left", n=n)
            if c == _reinforcements(view):
                label = f"{label} {_t(locale, 'reinforcements')}"
            text(d, (sx + 28, cy), label, size=20, anchor="lm")
            sx += 28 + text_width(label, 20) + 22
        sacrificed = view.get("sacrificed", [0] * players)[seat]
        if sacrificed:
            label = _t(locale, "box", n=sacrificed)
            text(d, (sx, cy), label, size=18, fill="muted", anchor="lm")
            sx += text_width(label, 18) + 16
        if not solo_like:
            own = _own_colours(view, seat)
            values = [z["value"] for z in zones if z["colour"] in own]
            if values:
                label = _t(locale, "zones") + ": " + " + ".join(str(v) for v in sorted(values, reverse=True))
                lx = max(sx, 560)
                label_size = fit_text(label, WIDTH - MARGIN - 280 - lx, 20, False, 14)
                text(d, (lx, cy), label, size=label_size, fill="muted", anchor="lm")
            score = _t(locale, "score", n=view["scores"][seat])
            text(d, (WIDTH - MARGIN - 16, cy), score, size=26, bold=True, anchor="rm")
            if view["over"]:
                tag = _t(locale, "winner") if seat in winners else _t(locale, "rank", n=ranks.get(str(seat), ""))
                text(d, (WIDTH - MARGIN - 130, cy), tag, size=20, bold=True,
                     fill="fire" if seat in winners else "muted", anchor="rm")
        y += row_h
    if solo_like:
        text(d, (MARGIN, y + 8), _t(locale, "goal"), size=20, fill="muted", anchor="lm")
        y += 24
        report = {c["colour"]: c for c in (outcome.get("params") or {}).get("colours", [])}
        for c in COLOURS:
            czones = [z for z in zones if z["colour"] == c]
            unplaced = sum(s.get(c, 0) for s in view["supply"])
            one = len(czones) == 1
            water = one and bool(czones[0].get("open_one"))
            if c in report:
                unplaced, one, water = report[c]["unplaced"], report[c]["one_zone"], report[c]["open_one"]
            cy = y + row_h / 2 - 4
            d.ellipse((MARGIN + 16, cy - 14, MARGIN + 44, cy + 14), fill=MEN_RGB[c], outline=(20, 20, 20), width=2)
            text(d, (MARGIN + 56, cy), names[c], size=24, bold=True, anchor="lm")
            parts = [
                (("✓ " if one else "✗ ") + _t(locale, "one_zone") + f" ({_t(locale, 'zones')}: {len(czones)})", one),
                (("✓ " if water else "✗ ") + _t(locale, "open_one"), water),
                (("✓ " if not unplaced else "✗ ") + _t(locale, "unplaced", n=unplaced), not unplaced),
            ]
            x = 260
            for label, ok in parts:
                text(d, (x, cy), label, size=21, fill="green" if ok else "fire", bold=True, anchor="lm")
                x += 300
            y += row_h - 14
        if view["over"]:
            verdict = _t(locale, "won") if winners else _t(locale, "lost")
            text(d, (WIDTH - MARGIN, y + 14), verdict, size=26, bold=True, fill="green" if winners else "fire",
                 anchor="rm")
