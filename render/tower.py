"""Tower Fire pictures: the building side view (spec R3.10) and a player's hand of action cards.

Reads only the view dict. `draw(view, locale)` is the board; `draw_hand(view, locale)` the private hand
(the view of one seat, with its "hand").
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.kit import (
    PALETTE,
    canvas,
    colour,
    fit_text,
    flatten,
    header,
    rounded_box,
    text,
    text_width,
    token,
)

WIDTH = 1280
MARGIN = 65
OFFICE_W, CELL_W, SHAFT_W = 170, 110, 150
LANDING_H, STAIR_H = 92, 46
FLOOR_H = LANDING_H + 3 * STAIR_H
TOP = 84
STREET_H = 84

COLX: list[int] = []
_x = MARGIN
for _w in (OFFICE_W, CELL_W, CELL_W, CELL_W, SHAFT_W, CELL_W, CELL_W, CELL_W, OFFICE_W):
    COLX.append(_x)
    _x += _w
COLW = [OFFICE_W, CELL_W, CELL_W, CELL_W, SHAFT_W, CELL_W, CELL_W, CELL_W, OFFICE_W]

FIRE = PALETTE["fire"]
FIRE_LIGHT = PALETTE["fire_light"]
WALL = (205, 196, 182)
LANDING_FILL = (246, 238, 222)
STAIR_FILL = (226, 218, 204)
SHAFT_FILL = (92, 100, 112)
CAR_FILL = (200, 210, 222)
BRICK = (176, 92, 62)
FIRE_CARD = (214, 84, 30)

WORDS = {
    "en": {"turn": "Turn", "to_play": "to play", "actions": "actions left", "event": "draws the event",
           "pompier": "Pompier: remove a fire token", "truck": "Fire engine: save, remove or keep",
           "over": "Game over", "street": "STREET  (G)  —  saved", "saved": "saved", "amb": "ambulance",
           "inside": "inside", "hand": "cards", "trucks": "trucks", "events": "Event pile",
           "pack": "pack", "timer": "timer", "reserve": "Reserve", "first_token": "1st player's token",
           "present": "in place", "gone": "placed!", "last_pile": "LAST PILE", "last_event": "Last event",
           "last_card": "Last card", "actions_deck": "Action deck", "discard": "discard", "first": "1st",
           "dealer": "dealer", "wins": "wins", "shared": "shared win", "elevator": "ELEVATOR",
           "your_hand": "Your hand", "ends": "ends after this turn", "round_ends": "ends after this round"},
    "fr": {"turn": "Tour", "to_play": "joue", "actions": "actions restantes", "event": "pioche l'événement",
           "pompier": "Pompier : retirer un jeton", "truck": "Camion : sauver, retirer ou garder",
           "over": "Partie terminée", "street": "RUE  (G)  —  sauvés", "saved": "sauvés", "amb": "ambulance",
           "inside": "dedans", "hand": "cartes", "trucks": "camions", "events": "Pioche Événement",
           "pack": "paquet", "timer": "jetons", "reserve": "Réserve", "first_token": "Jeton du 1er joueur",
           "present": "en place", "gone": "posé !", "last_pile": "DERNIÈRE PIOCHE", "last_event": "Dernier événement",
           "last_card": "Dernière carte", "actions_deck": "Pioche Action", "discard": "défausse", "first": "1er",
           "dealer": "donneur", "wins": "gagne", "shared": "victoire partagée", "elevator": "ASCENSEUR",
           "your_hand": "Votre main", "ends": "fin après ce tour", "round_ends": "fin après ce tour complet"},
}

CARDS = {
    # code: (English name, French name, one-line effect en, fr, brick?)
    "exit1": ("Leave an office", "Sortir d'un bureau", "1 of yours: office -> its landing",
              "1 employé : bureau -> palier", True),
    "exit2": ("Leave an office ×2", "Sortir d'un bureau ×2", "1-2 of yours: offices -> landings",
              "1-2 employés : bureaux -> paliers", True),
    "elevator": ("Elevator", "Ascenseur", "call it to your 1 cell, or ride it anywhere",
                 "l'appeler (case 1) ou le déplacer", True),
    "enter1": ("Enter the elevator", "Entrer dans l'ascenseur", "1 of yours on a 1 cell steps in",
               "1 employé d'une case 1 y entre", True),
    "enter2": ("Enter the elevator ×2", "Entrer dans l'ascenseur ×2", "1-2 of yours on 1 cells step in",
               "1-2 employés des cases 1 y entrent", True),
    "jump": ("Jump down the stairs", "Sauter dans l'escalier", "leap over occupied cells to the next free one",
             "sauter les cases occupées", True),
    "push": ("Push down the stairs", "Pousser dans l'escalier", "step down, everyone below moves down one",
             "descendre d'une case en poussant", False),
    "expel": ("Expel from the elevator", "Expulser de l'ascenseur", "throw a rival out of the car",
              "sortir un adversaire de la cabine", False),
    "shove": ("Shove into an office", "Repousser dans un bureau", "send a rival on your landing into an office",
              "renvoyer un adversaire au bureau", False),
    "swap": ("Swap two employees", "Intervertir deux employés", "yours and a rival's neighbour trade places",
             "échanger un des vôtres et un voisin", False),
}


USAGE = {
    "exit1": "play exit1 O3A", "exit2": "play exit2 O3A O1B", "elevator": "play elevator 0",
    "enter1": "play enter1 L3A1", "enter2": "play enter2 L3A1 L3B1", "jump": "play jump SA41",
    "push": "play push SA12", "expel": "play expel blue", "shove": "play shove L2B1 O2A",
    "swap": "play swap L2A1 SA21",
}


def _w(locale: str) -> dict:
    return WORDS.get(locale, WORDS["en"])


def _name(view: dict, seat: int) -> str:
    names = view.get("names") or {}
    return str(names.get(str(seat), view["seats"][seat]))


def _rgb(name: str):
    return colour(name) if name in PALETTE else colour("muted")


def _row_y(f: int) -> int:
    """Top y of floor f's landing row (f = 4 at the top, 0 = the street)."""
    return TOP + (4 - f) * FLOOR_H


def _stair_y(f: int, k: int) -> int:
    return _row_y(f) + LANDING_H + (k - 1) * STAIR_H


def _flames(draw: ImageDraw.ImageDraw, x: float, y: float, count: int, r: int = 11) -> None:
    for i in range(count):
        cx = x + i * (2 * r + 6)
        draw.polygon([(cx, y - r - 4), (cx + r, y + r), (cx - r, y + r)], fill=FIRE, outline=colour("ink"))
        draw.ellipse((cx - r / 2, y, cx + r / 2, y + r), fill=FIRE_LIGHT)


def _person(draw: ImageDraw.ImageDraw, centre, name: str, radius: int = 20, label: str = "") -> None:
    fill = _rgb(name)
    token(draw, centre, radius, fill, label, label_fill="ink" if name == "yellow" else "white",
          size=max(14, int(radius * 0.95)))


def _burning_box(draw, box) -> None:
    x0, y0, x1, y1 = box
    draw.rectangle(box, fill=(250, 196, 150))
    step = 14
    for i in range(int(x0) - int(y1 - y0), int(x1), step):  # hatching
        draw.line((max(i, x0), y0 + max(0, x0 - i), min(i + (y1 - y0), x1), y1 - max(0, i + (y1 - y0) - x1)),
                  fill=FIRE_LIGHT, width=4)


@lru_cache(maxsize=8)
def _building(height: int, locale: str) -> Image.Image:
    """What every board shares (drawn once per height and language): the background, the walls, the
    shaft, the floor numbers, the empty flights, the shaft labels and the street. Nothing drawn later
    overlaps these except the pieces that sit on them, so a copy of this is the first layer of a board."""
    w = _w(locale)
    image, d = canvas(WIDTH, height)
    d.rectangle((MARGIN - 10, TOP - 12, WIDTH - MARGIN + 10, _row_y(0)), fill=WALL)
    sx = COLX[4]
    d.rectangle((sx + 12, TOP - 4, sx + SHAFT_W - 12, _row_y(0) + STREET_H - 6), fill=SHAFT_FILL)
    for f in (4, 3, 2, 1):
        y = _row_y(f)
        text(d, (MARGIN - 36, y + LANDING_H / 2), str(f), size=30, bold=True, fill="ink", anchor="mm")
        for side, col in (("A", 1), ("B", 7)):
            for k in (1, 2, 3):
                box = _stair_box(col, f, k)
                d.rectangle(box, fill=STAIR_FILL, outline=colour("grid"), width=2)
                for j in range(1, 4):  # steps
                    d.line((box[0] + j * 23, box[3] - 2, box[0] + j * 23, box[3] - 8), fill=colour("muted"))
                text(d, (box[0] + 5, (box[1] + box[3]) / 2), f"S{side}{f}{k}", size=16, bold=True, fill="ink",
                     anchor="lm")
        text(d, (sx + SHAFT_W / 2, y + 14), f"E{f}", size=16, bold=True, fill="white", anchor="mm")
    y0 = _row_y(0)
    d.rectangle((MARGIN - 10, y0, WIDTH - MARGIN + 10, y0 + STREET_H - 6), fill=(150, 150, 150))
    text(d, (MARGIN + 10, y0 + 16), w["street"], size=20, bold=True, fill="white")
    text(d, (MARGIN - 36, y0 + STREET_H / 2), "0", size=30, bold=True, fill="ink", anchor="mm")
    text(d, (sx + SHAFT_W / 2, y0 + 14), "E0", size=16, bold=True, fill="white", anchor="mm")
    return image


def _stair_box(col: int, f: int, k: int) -> tuple[int, int, int, int]:
    yy = _stair_y(f, k)
    return (COLX[col] + 8, yy + 2, COLX[col] + CELL_W - 8, yy + STAIR_H - 2)


def draw(view: dict, locale: str = "en") -> Image.Image:
    w = _w(locale)
    seats = view["seats"]
    panel_top = _row_y(0) + STREET_H + 16
    rows = len(seats)
    height = panel_top + 60 + rows * 52 + 190
    image = _building(height, locale).copy()
    d = ImageDraw.Draw(image)
    # header
    if view.get("over"):
        status = w["over"]
    else:
        active = view["active"]
        who = _name(view, active)
        if view["phase"] == "event":
            status = f"{who} {w['to_play']} · {w['event']}"
        elif view["phase"] in ("pompier", "truck"):
            status = f"{who}: {w[view['phase']]}"
        else:
            status = f"{who} {w['to_play']} · {view['actions_left']} {w['actions']}"
    header(d, WIDTH, f"Tower Fire · {w['turn']} {view['turn']}", status)

    cells = view["cells"]
    burning = set(view["burning"])
    sx = COLX[4]
    for f in (4, 3, 2, 1):
        y = _row_y(f)
        # offices span the whole floor block
        for side, col in (("A", 0), ("B", 8)):
            oid = f"O{f}{side}"
            office = view["offices"][oid]
            box = (COLX[col] + 4, y + 2, COLX[col] + OFFICE_W - 4, y + FLOOR_H - 10)
            fire = office["fire"]
            fill = (250, 222, 200) if fire < 4 else (120, 70, 60)
            rounded_box(d, box, fill, outline="ink", radius=8, width=3)
            text(d, (box[0] + 10, box[1] + 8), oid, size=24, bold=True,
                 fill="white" if fire == 4 else "ink")
            _flames(d, box[0] + 22, box[1] + 58, fire)
            if fire == 0:
                text(d, (box[0] + 12, box[1] + 50), "—", size=18, fill="muted")
            people = [(c, office.get(c, 0)) for c in seats if office.get(c, 0)]
            for i, (c, k) in enumerate(people):
                cx = box[0] + 36 + (i % 2) * 72
                cy = box[1] + 108 + (i // 2) * 50
                _person(d, (cx, cy), c, 20, str(k))
        # landing cells
        for side, cols in (("A", (3, 2, 1)), ("B", (5, 6, 7))):
            for n, col in zip((1, 2, 3), cols, strict=False):
                cid = f"L{f}{side}{n}"
                section = f"L{f}{side}3" if n == 3 else f"L{f}{side}12"
                box = (COLX[col] + 3, y + 3, COLX[col] + CELL_W - 3, y + LANDING_H - 3)
                if section in burning:
                    _burning_box(d, box)
                    d.rectangle(box, outline=FIRE, width=4)
                    _flames(d, (box[0] + box[2]) / 2, box[3] - 22, 1, r=12)
                else:
                    d.rectangle(box, fill=LANDING_FILL, outline=colour("grid"), width=2)
                text(d, (box[0] + 6, box[1] + 4), cid, size=17, bold=True, fill="ink")
                if cid in cells:
                    _person(d, ((box[0] + box[2]) / 2, box[1] + 56), cells[cid], 22)
        # door marks and the employees on the flights
        for col in (3, 5):
            x = COLX[col] + (CELL_W - 6 if col == 3 else 6)
            d.line((x, y + 10, x, y + LANDING_H - 10), fill=colour("water"), width=5)
        for side, col in (("A", 1), ("B", 7)):
            for k in (1, 2, 3):
                cid = f"S{side}{f}{k}"
                if cid in cells:
                    box = _stair_box(col, f, k)
                    _person(d, (box[2] - 20, (box[1] + box[3]) / 2), cells[cid], 17)
    # the street's saved counts
    y0 = _row_y(0)
    for i, c in enumerate(seats):
        x = MARGIN + 30 + i * 90
        _person(d, (x, y0 + 58), c, 17, str(view["saved"][c]))
    # the car
    car = view["car"]
    cy = _row_y(car["floor"]) if car["floor"] else y0
    cbox = (sx + 18, cy + 26, sx + SHAFT_W - 18, cy + (LANDING_H if car["floor"] else STREET_H) - 8)
    rounded_box(d, cbox, CAR_FILL, outline="ink", radius=6, width=3)
    riders = [(c, car.get(c, 0)) for c in seats if car.get(c, 0)]
    if not riders:
        text(d, ((cbox[0] + cbox[2]) / 2, (cbox[1] + cbox[3]) / 2), "0/4", size=18, fill="muted", anchor="mm")
    for i, (c, k) in enumerate(riders):
        cx = cbox[0] + 24 + (i % 3) * 38
        _person(d, (cx, (cbox[1] + cbox[3]) / 2), c, 16, str(k))
    _panel(d, view, w, panel_top)
    if view.get("viewer") is not None and "hand" in view:
        # A seat's own view (DM, /hand): its hand of cards under the building.
        hand = draw_hand(view, locale).convert("RGB")
        both = Image.new("RGB", (WIDTH, image.height + hand.height), image.getpixel((0, 0)))
        both.paste(image, (0, 0))
        both.paste(hand, (0, image.height))
        image = both
    return _compact_colours(image)


def _panel(d: ImageDraw.ImageDraw, view: dict, w: dict, top: int) -> None:
    seats = view["seats"]
    outcome = view.get("outcome")
    winners = set(outcome["winners"]) if outcome else set()
    # players table
    cols = [(MARGIN + 60, ""), (MARGIN + 330, w["saved"]), (MARGIN + 450, w["amb"]), (MARGIN + 580, w["inside"]),
            (MARGIN + 690, w["hand"]), (MARGIN + 790, w["trucks"])]
    for x, label in cols[1:]:
        text(d, (x, top + 10), label, size=18, bold=True, fill="muted", anchor="mt")
    for i, c in enumerate(seats):
        y = top + 56 + i * 52
        if not view.get("over") and view["active"] == i:
            d.rounded_rectangle((MARGIN - 10, y - 24, MARGIN + 850, y + 24), radius=10, fill=colour("highlight"))
        if i in winners:
            d.rounded_rectangle((MARGIN - 10, y - 24, MARGIN + 850, y + 24), radius=10, outline=FIRE, width=4)
        _person(d, (MARGIN + 20, y), c, 18)
        label = _name(view, i)
        tags = []
        if view["first"] == i:
            tags.append(w["first"])
        if view["dealer"] == i:
            tags.append(w["dealer"])
        name = label + (f"  ({', '.join(tags)})" if tags else "")
        text(d, (cols[0][0] - 10, y), name, size=fit_text(name, 250, 22, bold=True), bold=True, anchor="lm")
        values = [view["saved"][c], view["ambulance"][c], view["in_building"][c], view["hand_sizes"][c],
                  view["kept_trucks"][c]]
        for (x, _), value in zip(cols[1:], values, strict=False):
            text(d, (x, y), str(value), size=24, bold=True, anchor="mm")
    # piles and tokens (right column)
    x = MARGIN + 880
    y = top + 8
    lines = [
        (f"{w['events']}: {view['event_pile_size']}", "ink"),
        (w["last_pile"] if view["last_pile"] else f"{w['pack']}: {view['pack_size']} · {w['timer']}: "
         f"{view['timer']}", FIRE if view["last_pile"] else "ink"),
        (f"{w['reserve']}: {view['reserve']}", "ink"),
        (f"{w['first_token']}: {w['present'] if view['first_token'] else w['gone']}",
         "ink" if view["first_token"] else FIRE),
        (f"{w['actions_deck']}: {view['action_pile_size']} · {w['discard']}: {view['discard_size']}", "ink"),
    ]
    for line, fill in lines:
        text(d, (x, y), line, size=fit_text(line, WIDTH - x - 20, 20, bold=True), fill=fill, bold=True)
        y += 32
    for i in range(view["timer"]):
        token(d, (WIDTH - 40 - i * 30, top + 54), 11, FIRE)
    # last event / last card / outcome
    y = top + 70 + len(seats) * 52
    notes = []
    if view.get("last_event"):
        notes.append(f"{w['last_event']}: {view['last_event']}")
    if view.get("last_action"):
        notes.append(f"{w['last_card']}: {view['last_action']}")
    if view.get("over"):
        pass
    elif view.get("end_now"):
        notes.append(f"⚠ {w['ends']}")
    elif view.get("end_round"):
        notes.append(f"⚠ {w['round_ends']}")
    if outcome:
        names = ", ".join(_name(view, s) for s in outcome["winners"])
        notes.append(f"{names} {w['wins'] if len(outcome['winners']) == 1 else w['shared']}!")
    for note in notes:
        text(d, (MARGIN, y), note, size=fit_text(note, WIDTH - 2 * MARGIN, 24, bold=True), bold=True)
        y += 36


def draw_hand(view: dict, locale: str = "en") -> Image.Image:
    """The private hand of the viewing seat: one card per action card held."""
    hand = view.get("hand") or []
    w = _w(locale)
    fr = locale == "fr"
    card_w, card_h, gap = 228, 300, 14
    image, d = canvas(WIDTH, 110 + card_h + 40)
    seat = view.get("viewer")
    who = _name(view, seat) if seat is not None else ""
    kept = view["kept_trucks"].get(view["seats"][seat], 0) if seat is not None else 0
    subtitle = f"{who}" + (f" · {w['trucks']}: {kept}" if kept else "")
    header(d, WIDTH, f"Tower Fire · {w['your_hand']}", subtitle)
    x0 = (WIDTH - (len(hand) * card_w + max(0, len(hand) - 1) * gap)) / 2 if hand else MARGIN
    for i, code in enumerate(hand):
        en_name, fr_name, en_fx, fr_fx, brick = CARDS.get(code, (code, code, "", "", True))
        x = x0 + i * (card_w + gap)
        box = (x, 90, x + card_w, 90 + card_h)
        rounded_box(d, box, BRICK if brick else FIRE_CARD, outline="ink", radius=16, width=3)
        inner = (box[0] + 12, box[1] + 64, box[2] - 12, box[3] - 12)
        rounded_box(d, inner, "white", outline="ink", radius=10, width=2)
        text(d, ((box[0] + box[2]) / 2, box[1] + 32), code, size=30, bold=True, fill="white", anchor="mm",
             outline="ink")
        name = fr_name if fr else en_name
        _wrapped(d, name, (inner[0] + 10, inner[1] + 12), inner[2] - inner[0] - 20, 22, bold=True)
        _wrapped(d, fr_fx if fr else en_fx, (inner[0] + 10, inner[1] + 86), inner[2] - inner[0] - 20, 19)
        usage = USAGE.get(code, "")
        text(d, ((inner[0] + inner[2]) / 2, inner[3] - 22), usage, size=fit_text(usage, inner[2] - inner[0] - 12, 18),
             bold=True, fill="fire", anchor="mm")
    if not hand:
        text(d, (MARGIN, 200), "—", size=30)
    return _compact_colours(image)


def _compact_colours(image: Image.Image) -> Image.Image:
    """A 128-colour palette image: flat colours, a third of the PNG size and much faster to encode."""
    return flatten(image, 128)


def _wrapped(d: ImageDraw.ImageDraw, value: str, xy, width: float, size: int, bold: bool = False) -> None:
    words = value.split()
    lines, line = [], ""
    for word in words:
        trial = (line + " " + word).strip()
        if text_width(trial, size, bold) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    x, y = xy
    for i, ln in enumerate(lines):
        text(d, (x, y + i * (size + 6)), ln, size=size, bold=bold)
