"""Au feu les dinosaures ! — the 15×15 board with its coordinates, fires, pieces and a status panel.

Reads only the view dict (engines/dinofire view): `map`, `fire`, `burnt`, `pieces`, `dinos`, `players`,
`territories`, `round`, `phase`, `active`, `pending`, `last_wind`, `outcome`, optional `names`.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.kit import PALETTE, canvas, colour, fit_text, rounded_box, text

CELL = 64
MARGIN = 40
BOARD = 15 * CELL
HEADER = 64
PANEL = 330
WIDTH = MARGIN * 2 + BOARD + PANEL
HEIGHT = HEADER + MARGIN * 2 + BOARD
COLUMNS = "abcdefghijklmno"
ORDER = ("nw", "ne", "se", "sw")

TRIBE_RGB = {"red": (205, 50, 45), "blue": (40, 95, 200), "yellow": (226, 172, 20), "green": (40, 140, 60)}
LABEL_ON = {"red": "white", "blue": "white", "yellow": "ink", "green": "white"}
FLAME_RGB = {1: (255, 214, 110), 2: (250, 150, 50), 3: (214, 44, 30)}

TEXTS = {
    "en": {
        "round": "Round {round}/{limit}", "round_open": "Round {round}", "phase1": "phase 1 · fire-makers",
        "phase2": "phase 2 · guardians", "phase3": "phase 3 · dinosaur & water",
        "to_play": "To play", "wind": "Last wind: {roll} · wind rises", "calm": "Last wind: {roll} · calm",
        "no_wind": "Last wind: —", "burnt": "burnt {burnt}/36 · flames {flames}",
        "guards": "guardians awake", "guards_off": "guardians asleep", "water": "water active",
        "water_off": "water waiting", "cave": "cave", "lost": "out", "riders": "dino",
        "push": "{who}: push {piece} → {cells}", "retreat": "{who}: retreat {piece} → {cells}",
        "over": "Game over", "winner": "Winner", "winners": "Winners", "unowned": "unowned",
        "legend": ("fire-maker", "guardian", "full", "empty"), "stun": "KO {n}", "colon": ": ",
    },
    "fr": {
        "round": "Tour {round}/{limit}", "round_open": "Tour {round}", "phase1": "phase 1 · faiseurs de feu",
        "phase2": "phase 2 · gardiens", "phase3": "phase 3 · dinosaure et eau",
        "to_play": "À jouer", "wind": "Dernier vent : {roll} · le vent se lève",
        "calm": "Dernier vent : {roll} · calme", "no_wind": "Dernier vent : —",
        "burnt": "brûlées {burnt}/36 · flammes {flames}", "guards": "gardiens éveillés",
        "guards_off": "gardiens endormis", "water": "eau active", "water_off": "eau en attente",
        "cave": "caverne", "lost": "hors jeu", "riders": "dino",
        "push": "{who} : faire reculer {piece} → {cells}", "retreat": "{who} : {piece} recule → {cells}",
        "over": "Partie terminée", "winner": "Vainqueur", "winners": "Vainqueurs", "unowned": "sans tribu",
        "legend": ("faiseur", "gardien", "plein", "vide"), "stun": "KO {n}", "colon": " : ",
    },
}


UNOWNED_RGB = (150, 150, 150)


def _territory_rgb(quad: str, terr_colour: dict, owned: dict):
    """A territory's tint: its tribe colour, or grey when nobody owns it (R4.4)."""
    if quad in owned and owned[quad] is None:
        return UNOWNED_RGB
    return TRIBE_RGB[terr_colour.get(quad, "green")]


def _mix(a, b, t: float):
    return tuple(int(a[i] * (1 - t) + b[i] * t) for i in range(3))


def _cell_xy(name: str) -> tuple[int, int]:
    """Top-left pixel of a cell id."""
    x = COLUMNS.index(name[0])
    y = int(name[1:]) - 1
    return MARGIN + x * CELL, HEADER + MARGIN + y * CELL


def _quadrant(x: int, y: int) -> str | None:
    if x == 7 or y == 7:
        return None
    if y < 7:
        return "nw" if x < 7 else "ne"
    return "sw" if x < 7 else "se"


def _flame(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, count: int) -> None:
    """A flame glyph with the flame count on it."""
    s = size
    outer = [(cx, cy - s), (cx + s * 0.45, cy - s * 0.2), (cx + s * 0.55, cy + s * 0.35),
             (cx + s * 0.3, cy + s * 0.7), (cx, cy + s * 0.8), (cx - s * 0.3, cy + s * 0.7),
             (cx - s * 0.55, cy + s * 0.35), (cx - s * 0.45, cy - s * 0.2)]
    draw.polygon(outer, fill=colour("fire") if count < 3 else (120, 20, 10), outline=colour("ink"), width=2)
    text(draw, (cx, cy + s * 0.25), str(count), size=int(s * 1.05), fill="white", bold=True, anchor="mm")


def _character(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, piece: dict, tribe: str) -> None:
    fill = TRIBE_RGB[tribe]
    label = piece["piece"][-1]
    on = LABEL_ON[tribe]
    if piece["kind"] == "fire_maker":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=colour("ink"), width=2)
    elif piece["kind"] == "guardian":
        draw.rounded_rectangle((cx - r, cy - r, cx + r, cy + r), radius=4, fill=fill, outline=colour("ink"), width=2)
    else:  # water carrier: a diamond in the tribe colour, its middle blue (full) or white (empty)
        d = r * 1.18
        draw.polygon([(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)], fill=fill, outline=colour("ink"))
        inner = r * 0.72
        draw.polygon([(cx, cy - inner), (cx + inner, cy), (cx, cy + inner), (cx - inner, cy)],
                     fill=colour("water") if piece.get("full") else colour("white"))
        on = "white" if piece.get("full") else "ink"
    text(draw, (cx, cy + 1), label, size=max(16, int(r * 1.25)), fill=on, bold=True, anchor="mm")


def _dino(draw: ImageDraw.ImageDraw, x: int, y: int, dino: dict, tribe: str, offset: int) -> None:
    """The dinosaur across the top of its cell: 'D' and one dot per rider (blue full, white empty)."""
    top = y + 3 + offset
    box = (x + 3, top, x + CELL - 3, top + 26)
    draw.rounded_rectangle(box, radius=10, fill=TRIBE_RGB[tribe], outline=colour("ink"), width=2)
    text(draw, (x + 13, top + 13), "D", size=18, fill=LABEL_ON[tribe], bold=True, anchor="mm")
    dots = ["full"] * dino["riders_full"] + ["empty"] * dino["riders_empty"]
    for i, kind in enumerate(dots):
        col, row = i % 3, i // 3
        cx, cy = x + 29 + col * 11, top + 8 + row * 10
        draw.ellipse((cx - 4, cy - 4, cx + 4, cy + 4), fill=colour("water" if kind == "full" else "white"),
                     outline=colour("ink"))


def draw(view: dict, locale: str = "en") -> Image.Image:
    t = TEXTS.get(locale, TEXTS["en"])
    image, d = canvas(WIDTH, HEIGHT)
    players = view.get("players", [])
    names = view.get("names") or {}
    terr_colour = {name: info["colour"] for name, info in view.get("territories", {}).items()}
    owned = {name: info.get("owner") for name, info in view.get("territories", {}).items()}
    seat_tribe = {p["seat"]: p["colour"] for p in players}

    def who(seat: int) -> str:
        label = view["seats"][seat]
        return f"{names[str(seat)]} ({label.split(' ')[0]})" if str(seat) in names else label

    # header
    d.rectangle((0, 0, WIDTH, HEADER), fill=colour("ink"))
    text(d, (20, HEADER // 2), "Au feu les dinosaures !", size=28, fill="white", bold=True, anchor="lm")
    limit = view.get("round_limit") or 0
    rnd = t["round"].format(round=view.get("round", 1), limit=limit) if limit else \
        t["round_open"].format(round=view.get("round", 1))
    wind = view.get("last_wind")
    wind_text = t["no_wind"] if not wind else t["wind" if wind["wind"] else "calm"].format(roll=wind["roll"])
    sub = f"{rnd} · {wind_text}"
    text(d, (WIDTH - 20, HEADER // 2), sub, size=fit_text(sub, WIDTH / 2, 22), fill="highlight", anchor="rm")

    # cells
    grid = view["map"]
    fire = view.get("fire", {})
    burnt = set(view.get("burnt", []))
    forest = PALETTE["forest"]
    for y in range(15):
        for x in range(15):
            kind = grid[y][x]
            name = f"{COLUMNS[x]}{y + 1}"
            px, py = MARGIN + x * CELL, HEADER + MARGIN + y * CELL
            quad = _quadrant(x, y)
            tint = _territory_rgb(quad, terr_colour, owned) if quad else (0, 0, 0)
            if kind == "M":
                fill = (214, 190, 140)
            elif kind == "S":
                fill = _mix((236, 220, 180), tint, 0.18)
            elif kind == "C":
                fill = (92, 70, 52)
            elif name in burnt:
                fill = PALETTE["burnt"]
            elif name in fire:
                fill = FLAME_RGB[min(3, fire[name])]
            else:
                fill = _mix(forest, tint, 0.22)
            d.rectangle((px, py, px + CELL, py + CELL), fill=fill, outline=colour("grid"))
            if kind == "C":
                d.rectangle((px + 3, py + 3, px + CELL - 3, py + CELL - 3), outline=tint, width=4)
                text(d, (px + CELL / 2, py + CELL / 2), "C", size=30, fill="white", bold=True, anchor="mm")
            elif name in burnt:
                ash = colour("ash")
                d.line((px + 12, py + 12, px + CELL - 12, py + CELL - 12), fill=ash, width=4)
                d.line((px + CELL - 12, py + 12, px + 12, py + CELL - 12), fill=ash, width=4)
            elif name in fire:
                _flame(d, px + 21, py + 26, 22, fire[name])

    # territory borders in the tribe colours (grey when unowned); the active tribe's is the thick one.
    # (Not gold: gold would read as the yellow Grous.)
    active_territory = None
    if not view.get("over") and players:
        active = view.get("active", 0)
        active_territory = next((p["territory"] for p in players if p["seat"] == active), None)
    for quad, (x0, y0) in {"nw": (0, 0), "ne": (8, 0), "se": (8, 8), "sw": (0, 8)}.items():
        box = (MARGIN + x0 * CELL, HEADER + MARGIN + y0 * CELL,
               MARGIN + (x0 + 7) * CELL, HEADER + MARGIN + (y0 + 7) * CELL)
        rgb = _territory_rgb(quad, terr_colour, owned)
        if quad == active_territory:
            d.rectangle(box, outline=rgb, width=8)
            inner = (box[0] + 8, box[1] + 8, box[2] - 8, box[3] - 8)
            d.rectangle(inner, outline=colour("ink"), width=2)
        else:
            d.rectangle(box, outline=rgb, width=3)

    # dinosaurs
    per_cell: dict[str, int] = {}
    for dino in view.get("dinos", []):
        x, y = _cell_xy(dino["cell"])
        k = per_cell.get(dino["cell"], 0)
        per_cell[dino["cell"]] = k + 1
        _dino(d, x, y, dino, seat_tribe[dino["seat"]], min(k, 1) * 14)

    # characters on the board (riders and cave pieces are shown with the dinosaur / in the panel)
    on_cell: dict[str, list[dict]] = {}
    for piece in view.get("pieces", []):
        cell = piece.get("cell")
        if cell is None or piece.get("rider"):
            continue
        x, y = COLUMNS.index(cell[0]), int(cell[1:]) - 1
        if grid[y][x] == "C":
            continue
        on_cell.setdefault(cell, []).append(piece)
    dino_cells = {dino["cell"] for dino in view.get("dinos", [])}
    for cell, pieces in on_cell.items():
        px, py = _cell_xy(cell)
        n = len(pieces)
        if n == 1 and cell not in fire and cell not in dino_cells:
            spots, r = [(px + 32, py + 33)], 20
        elif n == 1:
            spots, r = [(px + 44, py + 45)], 16
        elif n == 2:
            spots, r = [(px + 17, py + 47), (px + 47, py + 47)], 15
        else:
            spots = [(px + 17, py + 17), (px + 47, py + 17), (px + 17, py + 47), (px + 47, py + 47)]
            r = 13
        for piece, (cx, cy) in zip(pieces, spots, strict=False):
            _character(d, cx, cy, r, piece, seat_tribe[piece["seat"]])

    # coordinates, exactly as typed
    for i in range(15):
        cx = MARGIN + i * CELL + CELL / 2
        for yy in (HEADER + MARGIN / 2, HEADER + MARGIN + BOARD + MARGIN / 2):
            text(d, (cx, yy), COLUMNS[i], size=22, fill="ink", bold=True, anchor="mm")
        cy = HEADER + MARGIN + i * CELL + CELL / 2
        for xx in (MARGIN / 2, MARGIN + BOARD + MARGIN / 2):
            text(d, (xx, cy), str(i + 1), size=20, fill="ink", bold=True, anchor="mm")

    _panel(d, view, t, who, owned)
    return image


def _panel(d: ImageDraw.ImageDraw, view: dict, t: dict, who, owned: dict) -> None:
    x0 = MARGIN * 2 + BOARD + 4
    x1 = WIDTH - 12
    y = HEADER + 14
    players = view.get("players", [])
    pieces = view.get("pieces", [])
    outcome = view.get("outcome")
    # status
    rounded_box(d, (x0, y, x1, y + 104), fill="panel")
    if view.get("over"):
        text(d, (x0 + 14, y + 12), t["over"], size=24, bold=True)
        winners = (outcome or {}).get("winners", [])
        label = t["winner"] if len(winners) == 1 else t["winners"]
        line = f"{label}{t['colon']}" + ", ".join(who(w) for w in winners)
        text(d, (x0 + 14, y + 50), line, size=fit_text(line, x1 - x0 - 28, 20, True), bold=True, fill="fire")
    else:
        active = view.get("active", 0)
        text(d, (x0 + 14, y + 10), t["to_play"], size=18, fill="muted")
        line = who(active)
        text(d, (x0 + 14, y + 32), line, size=fit_text(line, x1 - x0 - 28, 24, True), bold=True)
        text(d, (x0 + 14, y + 66), t[f"phase{view.get('phase', 1)}"], size=18)
    y += 116
    pending = view.get("pending")
    if pending and not view.get("over"):
        line = t[pending["kind"]].format(who=who(pending["seat"]), piece=pending["piece"],
                                         cells=", ".join(pending["cells"]))
        rounded_box(d, (x0, y, x1, y + 56), fill="highlight")
        text(d, (x0 + 10, y + 28), line, size=fit_text(line, x1 - x0 - 20, 18, True), bold=True, anchor="lm")
        y += 66
    # one card per tribe
    for p in sorted(players, key=lambda p: ORDER.index(p["territory"])):
        seat, tribe = p["seat"], p["colour"]
        mine = [q for q in pieces if q["seat"] == seat]
        card_h = 150
        rounded_box(d, (x0, y, x1, y + card_h), fill="panel", outline=TRIBE_RGB[tribe], width=4)
        d.rectangle((x0 + 10, y + 12, x0 + 30, y + 32), fill=TRIBE_RGB[tribe])
        line = who(seat)
        text(d, (x0 + 40, y + 22), line, size=fit_text(line, x1 - x0 - 60, 21, True), bold=True, anchor="lm")
        text(d, (x0 + 12, y + 46), t["burnt"].format(burnt=p["burnt"], flames=p["flames"]), size=18)
        flags = f"{t['guards'] if p['guardians_active'] else t['guards_off']} · " \
                f"{t['water'] if p['phase3_active'] else t['water_off']}"
        text(d, (x0 + 12, y + 70), flags, size=fit_text(flags, x1 - x0 - 24, 17), fill="muted")
        cave = [q for q in mine if q["kind"] in ("fire_maker", "guardian") and q["cell"] is not None
                and _is_cave(view, q["cell"])]
        # a knocked-out fire-maker shows how many of its owner's Phase 1s it still misses (R7.5)
        cave_text = " ".join(q["piece"] + (f" ({t['stun'].format(n=q['stun'])})" if q.get("stun") else "")
                             for q in cave)
        line = f"{t['cave']}{t['colon']}{cave_text or '—'}"
        text(d, (x0 + 12, y + 96), line, size=fit_text(line, x1 - x0 - 24, 18), fill="ink")
        lost = [q["piece"] for q in mine if q["cell"] is None]
        line = f"{t['lost']}{t['colon']}{' '.join(lost) if lost else '—'}"
        text(d, (x0 + 12, y + 122), line, size=fit_text(line, x1 - x0 - 24, 18), fill="muted")
        y += card_h + 10
    # unowned territories
    spare = [name for name, owner in owned.items() if owner is None]
    if spare:
        line = f"{t['unowned']}{t['colon']}" + ", ".join(s.upper() for s in spare)
        text(d, (x0 + 4, y + 6), line, size=18, fill="muted")
        y += 32
    # legend
    if y + 70 < HEIGHT:
        _legend(d, x0 + 4, y + 10, x1, t["legend"])


def _legend(d: ImageDraw.ImageDraw, x: int, y: int, x1: int, words) -> None:
    """The piece shapes with what they are: fire-maker ●, guardian ■, carrier ◆ with a full / empty bucket."""
    sample = "red"
    samples = ({"kind": "fire_maker", "piece": "fm1"}, {"kind": "guardian", "piece": "g1"},
               {"kind": "water_carrier", "piece": "w1", "full": True},
               {"kind": "water_carrier", "piece": "w2", "full": False})
    for i, (piece, word) in enumerate(zip(samples, words, strict=True)):
        px = x + (i % 2) * ((x1 - x) // 2)
        py = y + (i // 2) * 30
        _character(d, px + 14, py + 14, 12, piece, sample)
        text(d, (px + 34, py + 14), word, size=17, anchor="lm")


def _is_cave(view: dict, cell: str) -> bool:
    x, y = COLUMNS.index(cell[0]), int(cell[1:]) - 1
    return view["map"][y][x] == "C"
