"""Fire Rescue board: the 8×10 grid (building + outside ring), walls, doors, fire/smoke, POIs face down,
victims, firefighters, and the counters (damage x/24, rescued x/7, lost x/4, supplies, last fire roll).

Reads only the view dict of engines/rescue (`view(state, seat)`). Face-down POIs are drawn as one identical
"?" token: the view does not know what they are, and neither does this picture.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render.kit import canvas, colour, fit_text, flatten, header, localised, rounded_box, text, text_width

CELL = 98
ROWS, COLS = 8, 10
LEFT = 46  # room for the row labels (red die)
TOP = 64 + 44  # header + column labels (black die)
BOARD_W = COLS * CELL
BOARD_H = ROWS * CELL
PANEL_X = LEFT + BOARD_W + 22
WIDTH = PANEL_X + 318
HEIGHT = TOP + BOARD_H + 22

FLOOR = (244, 232, 206)
FLOOR_ALT = (236, 222, 192)
LAWN = (190, 214, 170)
LAWN_ALT = (180, 206, 160)
AMBULANCE = (214, 228, 246)
WALL_INK = (46, 40, 36)
DAMAGED_INK = (150, 84, 40)
DOOR_WOOD = (150, 96, 44)
DOOR_DARK = (96, 58, 24)
SMOKE = (128, 128, 132)
SMOKE_LIGHT = (186, 186, 190)
POI_BACK = (92, 62, 150)
VICTIM = (255, 255, 255)
CUBE = (30, 30, 30)
FIGHTER = {
    "red": (210, 50, 45),
    "blue": (45, 100, 200),
    "green": (50, 150, 70),
    "yellow": (236, 196, 30),
    "orange": (236, 128, 30),
    "white": (250, 250, 250),
}
DARK_LABEL = {"yellow", "white", "orange"}

TEXTS = {
    "en": {
        "title": "Fire Rescue",
        "family": "family game",
        "front": "front",
        "back": "back",
        "turn": "Turn {turn}",
        "placing": "{who}: place your firefighter on an outside cell",
        "acting": "{who} to play · {ap} AP",
        "over": "Game over",
        "rescued": "Rescued",
        "lost": "Lost",
        "damage": "Damage",
        "threats": "Fire/smoke markers left: {n}",
        "pool": "POI pool: {n}",
        "unrevealed": "Unrevealed: {v} victims, {f} false alarms",
        "last_fire": "Last fire roll",
        "roll": "red {red} · black {black} → {cell}",
        "result.smoke": "smoke appears",
        "result.fire": "fire (next to fire)",
        "result.ignite": "smoke ignites",
        "result.explosion": "EXPLOSION",
        "result.nothing": "no marker left",
        "team": "Firefighters",
        "ap": "{ap} AP",
        "saved": "saved {n}",
        "not_placed": "not placed",
        "victory": "VICTORY",
        "defeat": "DEFEAT",
        "reason.rescued7": "7 victims rescued",
        "reason.all_victims_resolved": "every victim rescued or lost",
        "reason.collapse": "the building collapsed",
        "reason.lost4": "4 victims lost",
        "reason.turn_limit": "turn limit reached",
        "score": "{r} rescued · {l} lost · turns: {t}",
        "commands": "? POI face down · V victim\nmove e · move s carry\next n · ext w all · ext here\nopen e · close e · chop s · end",
        "amb": "AMB",
        "advanced": "advanced · {level}",
        "level.recruit": "Recruit",
        "level.veteran": "Veteran",
        "level.heroic": "Heroic",
        "eng": "ENGINE",
        "choosing": "{who}: choose a specialist (spec <name>)",
        "parking": "{who}: park engine and ambulance (park engine top…)",
        "gun_pending": "{who}: deck gun on {cell} · reroll red / reroll black / accept",
        "adv_counts": "Hot spot reserve: {h}\nHazmat: {z} · heal markers: {m}/3",
        "free": "+{n} {kind}",
        "kind.cmd": "command",
        "kind.ext": "extinguish",
        "kind.move": "move",
        "cards": "Cards left:{cards}",
        "last_gun": "Deck gun → {cell}",
        "spec.": "firefighter",
        "spec.paramedic": "Paramedic",
        "spec.captain": "Fire Captain",
        "spec.imaging": "Imaging Tech.",
        "spec.cafs": "CAFS",
        "spec.hazmat": "Hazmat Tech.",
        "spec.generalist": "Generalist",
        "spec.rescue": "Rescue Spec.",
        "spec.driver": "Driver/Operator",
        "adv_commands": "? POI · V victim · + treated · H hazmat\norange disc: hot spot\ndrive amb cw · gun · cmd blue move e",
    },
    "fr": {
        "title": "18 Soldats du feu",
        "family": "version famille",
        "front": "recto",
        "back": "verso",
        "turn": "Tour {turn}",
        "placing": "{who} : placez votre pion sur une case extérieure",
        "acting": "À {who} · {ap} PA",
        "over": "Partie terminée",
        "rescued": "Sauvés",
        "lost": "Perdus",
        "damage": "Dégâts",
        "threats": "Marqueurs menace en réserve : {n}",
        "pool": "Réserve HaS : {n}",
        "unrevealed": "Non révélés : {v} habitants, {f} fausses alertes",
        "last_fire": "Dernière propagation",
        "roll": "rouge {red} · noir {black} → {cell}",
        "result.smoke": "fumée",
        "result.fire": "feu (à côté d'un feu)",
        "result.ignite": "la fumée s'enflamme",
        "result.explosion": "EXPLOSION",
        "result.nothing": "plus de marqueur",
        "team": "Soldats du feu",
        "ap": "{ap} PA",
        "saved": "gardés {n}",
        "not_placed": "pas encore placé",
        "victory": "VICTOIRE",
        "defeat": "DÉFAITE",
        "reason.rescued7": "7 habitants sauvés",
        "reason.all_victims_resolved": "tous les habitants sauvés ou perdus",
        "reason.collapse": "le bâtiment s'est effondré",
        "reason.lost4": "4 habitants perdus",
        "reason.turn_limit": "limite de tours atteinte",
        "score": "{r} sauvés · {l} perdus · tours : {t}",
        "commands": "? HaS face cachée · V habitant\nmove e · move s carry\next n · ext w all · ext here\nopen e · close e · chop s · end",
        "amb": "AMB",
        "advanced": "version avancée · {level}",
        "level.recruit": "Piaf",
        "level.veteran": "Soldat du feu",
        "level.heroic": "Sarce",
        "eng": "CAMION",
        "choosing": "{who} : choisissez un spécialiste (spec <nom>)",
        "parking": "{who} : garez camion et ambulance (park engine top…)",
        "gun_pending": "{who} : lance sur {cell} · reroll red / reroll black / accept",
        "adv_counts": "Réserve de points chauds : {h}\nProduits : {z} · soins libres : {m}/3",
        "free": "+{n} {kind}",
        "kind.cmd": "ordre",
        "kind.ext": "extinction",
        "kind.move": "déplacement",
        "cards": "Cartes libres :{cards}",
        "last_gun": "Lance du camion → {cell}",
        "spec.": "pompier",
        "spec.paramedic": "Médecin",
        "spec.captain": "COS",
        "spec.imaging": "Imagerie",
        "spec.cafs": "CAFS",
        "spec.hazmat": "NRBC",
        "spec.generalist": "Généraliste",
        "spec.rescue": "Secours victimes",
        "spec.driver": "Conducteur",
        "adv_commands": "? HaS · V habitant · + soigné · H produits\ndisque orange : point chaud\ndrive amb cw · gun · cmd blue move e",
    },
}


def _t(locale: str, key: str, **params: Any) -> str:
    return localised(TEXTS, locale, key, **params)


def _cell_box(cell: str) -> tuple[int, int, int, int]:
    row, col = int(cell[0]), int(cell[1])
    x, y = LEFT + col * CELL, TOP + row * CELL
    return x, y, x + CELL, y + CELL


def _is_outside(row: int, col: int) -> bool:
    return row in (0, 7) or col in (0, 9)


COLOUR_WORDS = {"fr": {"red": "rouge", "blue": "bleu", "green": "vert", "yellow": "jaune", "orange": "orange",
                        "white": "blanc"}}


def _name(view: dict, seat: int, locale: str = "en") -> str:
    names = view.get("names") or {}
    name = names.get(str(seat)) or names.get(seat)
    label = view["seats"][seat]
    label = COLOUR_WORDS.get(locale, {}).get(label, label)
    return f"{name} ({label})" if name else label


def _edge_line(edge: str) -> tuple[tuple[int, int], tuple[int, int]]:
    """The segment between the two cells of an edge id "AB-CD"."""
    a, b = edge.split("-")
    ra, ca, rb, cb = int(a[0]), int(a[1]), int(b[0]), int(b[1])
    if ra == rb:  # east-west neighbours: vertical segment
        x = LEFT + max(ca, cb) * CELL
        y = TOP + ra * CELL
        return (x, y), (x, y + CELL)
    y = TOP + max(ra, rb) * CELL
    x = LEFT + ca * CELL
    return (x, y), (x + CELL, y)


def _draw_cells(draw: ImageDraw.ImageDraw, view: dict, locale: str) -> None:
    ambulance = set(view.get("ambulance_cells", []))
    target = (view.get("last_fire") or {}).get("cell")
    for row in range(ROWS):
        for col in range(COLS):
            cell = f"{row}{col}"
            x0, y0, x1, y1 = _cell_box(cell)
            if _is_outside(row, col):
                fill = AMBULANCE if cell in ambulance else (LAWN if (row + col) % 2 else LAWN_ALT)
            else:
                fill = FLOOR if (row + col) % 2 else FLOOR_ALT
            draw.rectangle((x0, y0, x1, y1), fill=fill)
            if cell in ambulance:
                text(draw, (x1 - 6, y0 + 5), _t(locale, "amb"), size=16, fill=(60, 90, 150), bold=True, anchor="ra")
            if cell == target:
                draw.rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), outline=colour("highlight"), width=6)
    # thin grid
    for row in range(ROWS + 1):
        y = TOP + row * CELL
        draw.line((LEFT, y, LEFT + BOARD_W, y), fill=(200, 188, 168), width=1)
    for col in range(COLS + 1):
        x = LEFT + col * CELL
        draw.line((x, TOP, x, TOP + BOARD_H), fill=(200, 188, 168), width=1)
    # dice labels: rows (red die) on the left, columns (black die) on top
    for row in range(ROWS):
        y = TOP + row * CELL + CELL // 2
        text(draw, (LEFT - 12, y), str(row), size=24, fill="red" if 1 <= row <= 6 else "muted", bold=True,
             anchor="rm")
    for col in range(COLS):
        x = LEFT + col * CELL + CELL // 2
        text(draw, (x, TOP - 10), str(col), size=24, fill="ink" if 1 <= col <= 8 else "muted", bold=True,
             anchor="md")


ENGINE_TINT = (246, 206, 200)
ENGINE_INK = (170, 30, 30)
AMB_INK = (40, 80, 160)
HOT = (240, 110, 20)
HAZMAT = (250, 210, 40)
TREATED = (210, 242, 214)
QUADRANT_INK = (210, 60, 50)


def _span(cells: list[str]) -> tuple[int, int, int, int]:
    boxes = [_cell_box(c) for c in cells]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _dashed_rect(draw: ImageDraw.ImageDraw, box, fill, dash: int = 10, width: int = 3) -> None:
    x0, y0, x1, y1 = box
    for x in range(int(x0), int(x1), 2 * dash):
        draw.line((x, y0, min(x + dash, x1), y0), fill=fill, width=width)
        draw.line((x, y1, min(x + dash, x1), y1), fill=fill, width=width)
    for y in range(int(y0), int(y1), 2 * dash):
        draw.line((x0, y, x0, min(y + dash, y1)), fill=fill, width=width)
        draw.line((x1, y, x1, min(y + dash, y1)), fill=fill, width=width)


def _draw_advanced_ground(draw: ImageDraw.ImageDraw, view: dict, locale: str) -> None:
    """Parking spots (dashed), the engine and the ambulance on theirs, quadrant lines, the deck gun's target."""
    spots = view.get("spots") or {}
    vehicles = view.get("vehicles") or {}
    for kind, ink in (("engine", ENGINE_INK), ("amb", AMB_INK)):
        for cells in spots.get(kind, []):
            x0, y0, x1, y1 = _span(cells)
            _dashed_rect(draw, (x0 + 4, y0 + 4, x1 - 4, y1 - 4), ink, dash=8, width=2)
    engine = vehicles.get("engine")
    if engine:
        x0, y0, x1, y1 = _span(engine["cells"])
        draw.rounded_rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), radius=14, fill=ENGINE_TINT, outline=ENGINE_INK,
                               width=5)
    amb = vehicles.get("amb")
    if amb:
        x0, y0, x1, y1 = _span(amb["cells"])
        draw.rounded_rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), radius=14, outline=AMB_INK, width=5)
    # quadrants (R3.7): red dashed lines between rows 3/4 and columns 4/5 inside the building
    y = TOP + 4 * CELL
    for x in range(LEFT + CELL, LEFT + 9 * CELL, 24):
        draw.line((x, y, min(x + 12, LEFT + 9 * CELL), y), fill=QUADRANT_INK, width=3)
    x = LEFT + 5 * CELL
    for y in range(TOP + CELL, TOP + 7 * CELL, 24):
        draw.line((x, y, x, min(y + 12, TOP + 7 * CELL)), fill=QUADRANT_INK, width=3)


def _draw_advanced_top(draw: ImageDraw.ImageDraw, view: dict, locale: str) -> None:
    """Over the contents: the engine's label (with its quadrant) and the deck gun's crosshair."""
    engine = (view.get("vehicles") or {}).get("engine")
    if engine:
        x0, y0, x1, y1 = _span(engine["cells"])
        word, arrow = _t(locale, "eng"), "→ " + engine.get("quadrant", "")
        cx = (x0 + x1) / 2
        if x1 - x0 > y1 - y0:
            text(draw, (cx, y0 + 34), f"{word} {arrow}", size=18, fill=ENGINE_INK, bold=True, anchor="mm",
                 outline="white")
        else:  # one cell wide: the word in the upper cell, the quadrant in the lower one (above any pawn)
            text(draw, (cx, y0 + 36), word, size=fit_text(word, CELL - 16, 17, bold=True, minimum=12),
                 fill=ENGINE_INK, bold=True, anchor="mm", outline="white")
            text(draw, (cx, y0 + CELL + 38), arrow, size=17, fill=ENGINE_INK, bold=True, anchor="mm",
                 outline="white")
    gun = view.get("gun") or None
    target = gun["cell"] if gun else (view.get("last_gun") or {}).get("cell")
    if target:
        x0, y0, x1, y1 = _cell_box(target)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        ink = (30, 110, 220)
        draw.ellipse((cx - 34, cy - 34, cx + 34, cy + 34), outline=ink, width=4)
        draw.line((cx - 44, cy, cx + 44, cy), fill=ink, width=3)
        draw.line((cx, cy - 44, cx, cy + 44), fill=ink, width=3)


def _fire(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A flame: a teardrop of fire colour with a bright core."""
    def flame(scale: float, fill) -> None:
        rr = r * scale
        draw.ellipse((cx - rr, cy - rr * 0.55, cx + rr, cy + rr * 1.15), fill=fill)
        draw.polygon([(cx - rr * 0.92, cy + rr * 0.05), (cx, cy - rr * 1.45), (cx + rr * 0.92, cy + rr * 0.05)],
                     fill=fill)
    flame(1.0, colour("fire"))
    flame(0.62, colour("fire_light"))
    flame(0.3, (255, 236, 150))


def _smoke(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    for dx, dy, k in ((-0.45, 0.2, 0.62), (0.45, 0.2, 0.62), (0.0, -0.25, 0.7), (0.0, 0.35, 0.55)):
        rr = r * k
        x, y = cx + dx * r, cy + dy * r
        draw.ellipse((x - rr, y - rr, x + rr, y + rr), fill=SMOKE, outline=(96, 96, 100), width=2)
    for dx, dy, k in ((-0.35, 0.1, 0.28), (0.2, -0.3, 0.3)):
        rr = r * k
        x, y = cx + dx * r, cy + dy * r
        draw.ellipse((x - rr, y - rr, x + rr, y + rr), fill=SMOKE_LIGHT)


def _draw_contents(draw: ImageDraw.ImageDraw, view: dict) -> None:
    threats = view.get("threats", {})
    facedown = set(view.get("facedown", []))
    victims = view.get("victims", {})
    treated = view.get("treated", {})
    hazmat = view.get("hazmat", {})
    hotspots = set(view.get("hotspots", []))
    fighters: dict[str, list[dict]] = {}
    for f in view.get("firefighters", []):
        if f.get("cell") is not None:
            fighters.setdefault(f["cell"], []).append(f)
    active = view.get("active")
    for row in range(ROWS):
        for col in range(COLS):
            cell = f"{row}{col}"
            x0, y0, x1, y1 = _cell_box(cell)
            cx, cy = x0 + CELL / 2, y0 + CELL / 2 - 8
            threat = threats.get(cell)
            if cell in hotspots:  # a hot spot lies under everything: an orange disc on the floor
                draw.ellipse((cx - 36, cy - 30, cx + 36, cy + 42), fill=(252, 196, 150), outline=HOT, width=3)
            if threat == "fire":
                _fire(draw, cx, cy + 4, 27)
            elif threat == "smoke":
                _smoke(draw, cx, cy, 30)
            # POIs and victims sit in the top-right corner
            items_x = x1 - 22
            if cell in facedown:
                box = (items_x - 17, y0 + 6, items_x + 17, y0 + 40)
                draw.rounded_rectangle(box, radius=6, fill=POI_BACK, outline=(255, 255, 255), width=2)
                text(draw, (items_x, y0 + 23), "?", size=26, fill="white", bold=True, anchor="mm")
            count = victims.get(cell, 0)
            if count:
                vx = items_x - (40 if cell in facedown else 0)
                box = (vx - 17, y0 + 6, vx + 17, y0 + 40)
                draw.rounded_rectangle(box, radius=6, fill=VICTIM, outline=colour("green"), width=3)
                label = "V" if count == 1 else f"{count}V"
                text(draw, (vx, y0 + 23), label, size=20 if count == 1 else 16, fill="green", bold=True,
                     anchor="mm")
            extra = treated.get(cell, 0)
            if extra:  # treated victims: a pale green token with a cross, left of the others
                vx = items_x - 40 * ((cell in facedown) + (count > 0))
                box = (vx - 17, y0 + 6, vx + 17, y0 + 40)
                draw.rounded_rectangle(box, radius=6, fill=TREATED, outline=colour("green"), width=3)
                text(draw, (vx, y0 + 23), "+" if extra == 1 else f"{extra}+", size=22 if extra == 1 else 16,
                     fill="green", bold=True, anchor="mm")
            z = hazmat.get(cell, 0)
            if z:  # hazmat: a yellow diamond on the right edge
                hx, hy = x1 - 18, cy + 12
                draw.polygon([(hx, hy - 16), (hx + 15, hy), (hx, hy + 16), (hx - 15, hy)], fill=HAZMAT,
                             outline=(20, 20, 20))
                text(draw, (hx, hy), "H" if z == 1 else str(z), size=16, fill="ink", bold=True, anchor="mm")
            # cell id, top-left, exactly as players type it
            text(draw, (x0 + 6, y0 + 4), cell, size=18, fill="ink", bold=True, outline="white")
            here = fighters.get(cell, [])
            if here:
                _draw_fighters(draw, here, x0, y1, active)


def _draw_fighters(draw: ImageDraw.ImageDraw, here: list[dict], x0: int, y1: int, active) -> None:
    n = len(here)
    radius = 17 if n <= 3 else 13
    step = (CELL - 8) / max(n, 1) if n > 3 else 2 * radius + 6
    total = step * (n - 1)
    start = x0 + CELL / 2 - total / 2
    y = y1 - radius - 6
    for i, f in enumerate(here):
        x = start + i * step
        fill = FIGHTER.get(f["colour"], (120, 120, 120))
        if f["seat"] == active:
            draw.ellipse((x - radius - 5, y - radius - 5, x + radius + 5, y + radius + 5), fill=colour("highlight"))
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill, outline=(20, 20, 20), width=2)
        label_fill = "ink" if f["colour"] in DARK_LABEL else "white"
        text(draw, (x, y), str(f["seat"] + 1), size=int(radius * 1.15), fill=label_fill, bold=True, anchor="mm")


def _draw_open_leaves(draw: ImageDraw.ImageDraw, view: dict) -> None:
    """Open doors: the leaf swung 90° into the cell after the doorway, with its swing arc. Drawn under the
    cell contents so that ids and tokens stay readable."""
    stub, leaf = 18, 46
    for edge, state in sorted(view.get("doors", {}).items()):
        if state != "open":
            continue
        (x0, y0), (x1, y1) = _edge_line(edge)
        if x0 == x1:  # vertical doorway, hinge at its bottom end, leaf into the east cell
            hx, hy = x0, y1 - stub
            draw.arc((hx - leaf, hy - leaf, hx + leaf, hy + leaf), 270, 360, fill=DOOR_DARK, width=2)
            draw.rectangle((hx, hy - 4, hx + leaf, hy + 3), fill=DOOR_WOOD, outline=DOOR_DARK)
        else:  # horizontal doorway, hinge at its right end, leaf into the south cell
            hx, hy = x1 - stub, y0
            draw.arc((hx - leaf, hy - leaf, hx + leaf, hy + leaf), 90, 180, fill=DOOR_DARK, width=2)
            draw.rectangle((hx - 4, hy, hx + 3, hy + leaf), fill=DOOR_WOOD, outline=DOOR_DARK)


def _cube(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    draw.rectangle((x - 7, y - 7, x + 7, y + 7), fill=CUBE, outline=(255, 255, 255), width=2)


def _draw_edges(draw: ImageDraw.ImageDraw, view: dict) -> None:
    for edge, damage in sorted(view.get("walls", {}).items()):
        (x0, y0), (x1, y1) = _edge_line(edge)
        vertical = x0 == x1
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        if damage == 0:
            draw.line((x0, y0, x1, y1), fill=WALL_INK, width=9)
        elif damage == 1:
            draw.line((x0, y0, x1, y1), fill=DAMAGED_INK, width=9)
            _cube(draw, mx, my)
        else:
            # destroyed: a dashed ghost of the wall and its two cubes
            for k in range(0, CELL, 14):
                if vertical:
                    draw.line((x0, y0 + k, x0, y0 + min(k + 7, CELL)), fill=DAMAGED_INK, width=3)
                else:
                    draw.line((x0 + k, y0, x0 + min(k + 7, CELL), y0), fill=DAMAGED_INK, width=3)
            off = 12
            if vertical:
                _cube(draw, mx, my - off)
                _cube(draw, mx, my + off)
            else:
                _cube(draw, mx - off, my)
                _cube(draw, mx + off, my)
    for edge, state in sorted(view.get("doors", {}).items()):
        (x0, y0), (x1, y1) = _edge_line(edge)
        vertical = x0 == x1
        if state == "destroyed":
            for k in range(0, CELL, 14):
                if vertical:
                    draw.line((x0, y0 + k, x0, y0 + min(k + 6, CELL)), fill=(170, 150, 130), width=2)
                else:
                    draw.line((x0 + k, y0, x0 + min(k + 6, CELL), y0), fill=(170, 150, 130), width=2)
            continue
        # the wall stubs on both sides of the doorway
        stub = 18
        if vertical:
            draw.line((x0, y0, x0, y0 + stub), fill=WALL_INK, width=9)
            draw.line((x0, y1 - stub, x0, y1), fill=WALL_INK, width=9)
        else:
            draw.line((x0, y0, x0 + stub, y0), fill=WALL_INK, width=9)
            draw.line((x1 - stub, y0, x1, y0), fill=WALL_INK, width=9)
        if state == "closed":
            if vertical:
                box = (x0 - 7, y0 + stub, x0 + 7, y1 - stub)
            else:
                box = (x0 + stub, y0 - 7, x1 - stub, y0 + 7)
            draw.rectangle(box, fill=DOOR_WOOD, outline=DOOR_DARK, width=2)
            text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), "D", size=16 if vertical else 14,
                 fill="white", bold=True, anchor="mm")
    for edge in view.get("entrances", []):
        (x0, y0), (x1, y1) = _edge_line(edge)
        # a doormat in the gap
        if x0 == x1:
            draw.rectangle((x0 - 4, y0 + 24, x0 + 4, y1 - 24), fill=(120, 170, 110))
        else:
            draw.rectangle((x0 + 24, y0 - 4, x1 - 24, y0 + 4), fill=(120, 170, 110))


def _track(draw: ImageDraw.ImageDraw, x: int, y: int, label: str, value: int, total: int, fill, width: int,
           per_row: int | None = None) -> int:
    """A labelled row of boxes, `value` of them filled. Returns the y below it."""
    text(draw, (x, y), f"{label}: {value}/{total}", size=20, bold=True)
    y += 28
    per_row = per_row or total
    gap = 4
    size = min(34, (width - gap * (per_row - 1)) // per_row)
    for i in range(total):
        r, c = divmod(i, per_row)
        bx, by = x + c * (size + gap), y + r * (size + gap)
        done = i < value
        draw.rounded_rectangle((bx, by, bx + size, by + size), radius=4,
                               fill=colour(fill) if done else (250, 246, 238), outline=colour("grid"), width=2)
    rows = (total + per_row - 1) // per_row
    return y + rows * (size + gap) + 10


def _draw_panel(draw: ImageDraw.ImageDraw, view: dict, locale: str) -> None:
    x = PANEL_X
    w = WIDTH - PANEL_X - 16
    y = TOP - 30
    rounded_box(draw, (x - 10, y - 8, x + w + 6, HEIGHT - 14), fill="panel")
    y = _track(draw, x, y, _t(locale, "rescued"), view.get("rescued", 0), 7, "green", w)
    y = _track(draw, x, y, _t(locale, "lost"), view.get("lost", 0), 4, "black", w // 7 * 4 + 12)
    y = _track(draw, x, y, _t(locale, "damage"), view.get("damage", 0), view.get("damage_max", 24), "burnt", w,
               per_row=12)
    text(draw, (x, y), _t(locale, "threats", n=view.get("threat_supply", 0)), size=17)
    y += 24
    text(draw, (x, y), _t(locale, "pool", n=view.get("pool", 0)), size=17)
    y += 24
    unrevealed = view.get("unrevealed", {})
    line = _t(locale, "unrevealed", v=unrevealed.get("victims", 0), f=unrevealed.get("false_alarms", 0))
    text(draw, (x, y), line, size=fit_text(line, w, 17, minimum=14))
    y += 34
    last = view.get("last_fire")
    text(draw, (x, y), _t(locale, "last_fire"), size=20, bold=True)
    y += 28
    if last:
        text(draw, (x, y), _t(locale, "roll", **last), size=19)
        y += 25
        result = _t(locale, "result." + last.get("result", "smoke"))
        text(draw, (x, y), result, size=19, bold=last.get("result") == "explosion",
             fill="fire" if last.get("result") in ("explosion", "fire", "ignite") else "ink")
    else:
        text(draw, (x, y), "—", size=19)
    y += 36 if view.get("mode") != "advanced" else 28
    if view.get("mode") == "advanced":
        line = _t(locale, "adv_counts", h=view.get("hot_reserve", 0), z=view.get("hazmat_on_board", 0),
                  m=view.get("heal_free", 0))
        for part in line.split("\n"):
            text(draw, (x, y), part, size=fit_text(part, w, 17, minimum=14), fill="ink")
            y += 23
        y += 3
        if view.get("phase") == "spec":  # the keys exactly as typed after `spec`, wrapped
            words = [_t(locale, "cards", cards="").strip()] + list(view.get("specialists_free", []))
            lines = [""]
            for word in words:
                trial = (lines[-1] + " " + word).strip()
                if lines[-1] and text_width(trial, 17) > w:
                    lines.append(word)
                else:
                    lines[-1] = trial
            for line in lines:
                text(draw, (x, y), line, size=17, fill="ink")
                y += 23
            y += 4
        elif view.get("last_gun"):
            text(draw, (x, y), _t(locale, "last_gun", cell=view["last_gun"]["cell"]), size=17, fill=(30, 110, 220))
            y += 26
    text(draw, (x, y), _t(locale, "team"), size=20, bold=True)
    y += 30
    active = view.get("active")
    for f in view.get("firefighters", []):
        seat = f["seat"]
        fill = FIGHTER.get(f["colour"], (120, 120, 120))
        if seat == active:
            draw.rounded_rectangle((x - 6, y - 4, x + w, y + 48), radius=8, fill=colour("highlight"))
        draw.ellipse((x, y, x + 26, y + 26), fill=fill, outline=(20, 20, 20), width=2)
        text(draw, (x + 13, y + 13), str(seat + 1), size=16, bold=True,
             fill="ink" if f["colour"] in DARK_LABEL else "white", anchor="mm")
        name = _name(view, seat, locale)
        if "spec" in f:  # advanced: the specialist card next to the name
            name = f"{name} · {_t(locale, 'spec.' + f['spec'])}" if f["spec"] or view.get("phase") != "spec" \
                else name
        text(draw, (x + 34, y + 1), name, size=fit_text(name, w - 40, 18, bold=True, minimum=12), bold=True)
        if f.get("cell") is None:
            detail = _t(locale, "not_placed")
        else:
            ap = f["ap"] if seat == active else 0
            detail = f"{f['cell']} · " + (_t(locale, "ap", ap=ap) + " · " if seat == active else "")
            if seat == active and f.get("free"):
                detail = detail[:-3] + " " + _t(locale, "free", n=f["free"],
                                                 kind=_t(locale, "kind." + str(f.get("free_kind")))) + " · "
            detail += _t(locale, "saved", n=f["saved"])
        text(draw, (x + 34, y + 24), detail, size=fit_text(detail, w - 40, 17, minimum=12), fill="ink")
        y += 54
    hints = _t(locale, "adv_commands" if view.get("mode") == "advanced" else "commands").split("\n")
    hint_y = HEIGHT - 30 - 26 * len(hints)
    if hint_y > y:
        size = min(fit_text(line, w, 17, minimum=11) for line in hints)  # one size, the widest line fits
        for i, line in enumerate(hints):
            text(draw, (x, hint_y + 26 * i), line, size=size, fill="muted")


def _status(view: dict, locale: str) -> str:
    if view.get("over"):
        return _t(locale, "over")
    to_move = view.get("to_move") or []
    if not to_move:
        return ""
    seat = to_move[0]
    if view.get("phase") == "place":
        return _t(locale, "placing", who=_name(view, seat, locale))
    if view.get("phase") == "spec":
        return _t(locale, "choosing", who=_name(view, seat, locale))
    if view.get("phase") == "park":
        return _t(locale, "parking", who=_name(view, seat, locale))
    if view.get("gun"):
        return _t(locale, "gun_pending", who=_name(view, seat, locale), cell=view["gun"]["cell"])
    f = view["firefighters"][seat]
    return _t(locale, "turn", turn=view.get("turn", 0)) + " · " + _t(locale, "acting", who=_name(view, seat, locale),
                                                                     ap=f["ap"])


def _draw_outcome(image: Image.Image, view: dict, locale: str) -> None:
    outcome = view.get("outcome")
    if not outcome:
        return
    params = outcome.get("params", {})
    victory = bool(outcome.get("winners"))
    overlay = Image.new("RGBA", image.size, (0, 0, 0, 0))
    od = ImageDraw.Draw(overlay)
    bx0, by0 = LEFT + CELL, TOP + 3 * CELL - 20
    bx1, by1 = LEFT + BOARD_W - CELL, TOP + 5 * CELL + 20
    od.rounded_rectangle((bx0, by0, bx1, by1), radius=18,
                         fill=(36, 120, 60, 225) if victory else (120, 30, 26, 225), outline=(255, 255, 255, 255),
                         width=4)
    image.paste(Image.alpha_composite(image.convert("RGBA"), overlay).convert("RGB"))
    draw = ImageDraw.Draw(image)
    cx = (bx0 + bx1) / 2
    title = _t(locale, "victory" if victory else "defeat")
    text(draw, (cx, by0 + 52), title, size=54, fill="white", bold=True, anchor="mm")
    reason = _t(locale, "reason." + str(params.get("reason", "")))
    text(draw, (cx, by0 + 112), reason, size=fit_text(reason, bx1 - bx0 - 40, 30), fill="white", anchor="mm")
    score = _t(locale, "score", r=params.get("rescued", 0), l=params.get("lost", 0), t=params.get("turns", 0))
    text(draw, (cx, by0 + 160), score, size=24, fill="highlight", anchor="mm")


def title_size(title: str, status: str) -> int:
    """The header title's font size: it shrinks to leave room for the status drawn on its right (the kit's
    header gives the status up to half the width; the French titles are long)."""
    room = WIDTH - 60 - (text_width(status, fit_text(status, WIDTH / 2 - 30, 22)) if status else 0)
    return fit_text(title, room, 28, bold=True, minimum=16)


def draw(view: dict, locale: str = "en") -> Image.Image:
    image, draw_ = canvas(WIDTH, HEIGHT)
    board = _t(locale, view.get("board", "front"))
    advanced = view.get("mode") == "advanced"
    if advanced:
        rule = _t(locale, "advanced", level=_t(locale, "level." + str(view.get("level", "recruit"))))
    else:
        rule = _t(locale, "family")
    title = f"{_t(locale, 'title')} · {rule} · {board}"
    status = _status(view, locale)
    header(draw_, WIDTH, "", status)
    text(draw_, (20, 32), title, size=title_size(title, status), fill="white", bold=True, anchor="lm")
    _draw_cells(draw_, view, locale)
    if advanced:
        _draw_advanced_ground(draw_, view, locale)
    _draw_open_leaves(draw_, view)
    _draw_contents(draw_, view)
    _draw_edges(draw_, view)
    if advanced:
        _draw_advanced_top(draw_, view, locale)
    _draw_panel(draw_, view, locale)
    _draw_outcome(image, view, locale)
    return flatten(image)
