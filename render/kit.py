"""The shared drawing kit: palette, bundled fonts, text and token helpers, PNG output.

Fonts ship inside the package (DejaVu Sans, free licence in fonts/LICENSE-DejaVu.txt) so accents render
and output is the same on every machine with the pinned Pillow.
"""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONTS = Path(__file__).resolve().parent / "fonts"

# A warm, high-contrast palette that reads on Discord's dark and light themes (boards have their own
# light background, so they look the same on both).
PALETTE = {
    "background": (250, 246, 238),
    "panel": (238, 230, 216),
    "ink": (40, 34, 30),
    "muted": (120, 110, 100),
    "grid": (90, 80, 70),
    "forest": (126, 178, 104),
    "forest_dark": (70, 120, 62),
    "fire": (226, 72, 38),
    "fire_light": (250, 160, 60),
    "burnt": (60, 56, 54),
    "ash": (150, 144, 140),
    "water": (52, 120, 210),
    "water_light": (170, 205, 245),
    "town": (214, 196, 160),
    "highlight": (255, 215, 0),
    "white": (255, 255, 255),
    "red": (210, 50, 45),
    "blue": (45, 100, 200),
    "green": (50, 150, 70),
    "yellow": (230, 190, 30),
    "purple": (130, 70, 170),
    "orange": (235, 130, 30),
    "black": (20, 20, 20),
}

# Seat colours in seat order, for games that colour players.
SEAT_COLOURS = ["red", "blue", "green", "yellow", "purple", "orange"]


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONTS / name), size)


def colour(name_or_rgb) -> tuple[int, int, int]:
    if isinstance(name_or_rgb, str):
        return PALETTE[name_or_rgb]
    return tuple(name_or_rgb)


def canvas(width: int, height: int, background: str = "background") -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), colour(background))
    return image, ImageDraw.Draw(image)


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    value: str,
    size: int = 20,
    fill="ink",
    bold: bool = False,
    anchor: str = "la",
    outline=None,
) -> None:
    """Draw text; `anchor` as in Pillow ("mm" centres). `outline` adds a 2-px halo for contrast."""
    kwargs = {}
    if outline is not None:
        kwargs = {"stroke_width": 2, "stroke_fill": colour(outline)}
    draw.text(xy, value, font=font(size, bold), fill=colour(fill), anchor=anchor, **kwargs)


def text_width(value: str, size: int = 20, bold: bool = False) -> float:
    return font(size, bold).getlength(value)


def fit_text(value: str, max_width: float, size: int, bold: bool = False, minimum: int = 10) -> int:
    """The largest font size <= size at which `value` fits in max_width."""
    while size > minimum and text_width(value, size, bold) > max_width:
        size -= 1
    return size


def token(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, fill, label: str = "",
          label_fill="white", outline="ink", size: int | None = None) -> None:
    """A round counter with an optional centred label."""
    x, y = centre
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour(fill), outline=colour(outline),
                 width=2)
    if label:
        text(draw, (x, y), label, size=size or int(radius * 1.1), fill=label_fill, bold=True, anchor="mm")


def rounded_box(draw: ImageDraw.ImageDraw, box, fill, outline="grid", radius: int = 10, width: int = 2) -> None:
    draw.rounded_rectangle(box, radius=radius, fill=colour(fill), outline=colour(outline), width=width)


def header(draw: ImageDraw.ImageDraw, width: int, title: str, subtitle: str = "", height: int = 64) -> int:
    """A title bar across the top; returns its height."""
    draw.rectangle((0, 0, width, height), fill=colour("ink"))
    text(draw, (20, height // 2), title, size=28, fill="white", bold=True, anchor="lm")
    if subtitle:
        size = fit_text(subtitle, width / 2 - 30, 22)
        text(draw, (width - 20, height // 2), subtitle, size=size, fill="highlight", anchor="rm")
    return height


def localised(texts: dict[str, dict[str, str]], locale: str, key: str, **params) -> str:
    """A renderer's label in `locale` (falling back to English, then to the key), filled with params."""
    table = texts.get(locale, texts["en"])
    return table.get(key, texts["en"].get(key, key)).format(**params)


def flatten(image: Image.Image, colours: int = 256) -> Image.Image:
    """A palette image of flat colours: boards have few colours, so it looks the same, the PNG is about a
    third of the size and encodes several times faster."""
    return image.quantize(colors=colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def to_png(image: Image.Image) -> bytes:
    """Encode as PNG (deterministic for the pinned Pillow). zlib level 6 without `optimize`: the optimiser
    tries every filter and costs ten times the encoding time for files only a few % smaller."""
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=6)
    return out.getvalue()
