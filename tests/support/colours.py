"""Colours as the themes' tests measure them (issue 44): WCAG 2.2's contrast ratio, colour
vision deficiency simulated by Machado, Oliveira and Fernandes' matrices (2009, severity 1:
protanopia, deuteranopia, tritanopia, applied to linear sRGB), and the CIEDE2000 colour
difference (Sharma, Wu and Dalal 2005) in CIE Lab (D65).

>>> round(contrast("#000000", "#ffffff"), 1), round(contrast("#777777", "#ffffff"), 2)
(21.0, 4.48)
>>> parse("rgb(29, 29, 27)"), parse("rgba(0, 0, 0, 0)")
((29, 29, 27, 1.0), (0, 0, 0, 0.0))
>>> round(ciede2000(lab("#ffffff"), lab("#ffffff")), 6)
0.0
"""

from __future__ import annotations

import math
import re
from typing import Final

RGB = tuple[float, float, float]
Lab = tuple[float, float, float]

#: Machado et al. (2009), table at severity 1.0, on linear RGB.
MACHADO: Final[dict[str, tuple[RGB, RGB, RGB]]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}

_RGB = re.compile(r"rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:[,/\s]+([\d.]+%?))?\s*\)")


def parse(colour: str) -> tuple[int, int, int, float]:
    """A CSS colour as the browser computes it (``rgb()``, ``rgba()``) or ``#rrggbb``: red,
    green, blue (0 to 255) and alpha (0 to 1)."""
    text = colour.strip()
    if text.startswith("#") and len(text) == 7:
        return int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16), 1.0
    found = _RGB.fullmatch(text)
    if found is None:
        raise ValueError(f"not a colour this test reads: {colour!r}")
    red, green, blue, alpha = found.groups()
    opacity = 1.0 if alpha is None else (
        float(alpha[:-1]) / 100 if alpha.endswith("%") else float(alpha))
    return round(float(red)), round(float(green)), round(float(blue)), opacity


def linear(colour: str) -> RGB:
    """A colour's linear sRGB components, 0 to 1."""
    def one(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    red, green, blue, _ = parse(colour)
    return one(red), one(green), one(blue)


def luminance(colour: str) -> float:
    """WCAG's relative luminance."""
    red, green, blue = linear(colour)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(a: str, b: str) -> float:
    """WCAG's contrast ratio of two opaque colours, 1 to 21."""
    dark, light = sorted((luminance(a), luminance(b)))
    return (light + 0.05) / (dark + 0.05)


def simulate(colour: str, deficiency: str) -> RGB:
    """How a colour looks with ``deficiency`` (a key of :data:`MACHADO`), in linear sRGB;
    ``"normal"`` is the colour itself."""
    rgb = linear(colour)
    if deficiency == "normal":
        return rgb
    rows = MACHADO[deficiency]
    seen = (sum(k * c for k, c in zip(row, rgb, strict=True)) for row in rows)
    red, green, blue = (min(1.0, max(0.0, c)) for c in seen)
    return red, green, blue


def lab(colour: str | RGB) -> Lab:
    """CIE Lab (D65) of a colour (``#rrggbb``, or linear sRGB)."""
    red, green, blue = linear(colour) if isinstance(colour, str) else colour
    x = (0.4124564 * red + 0.3575761 * green + 0.1804375 * blue) / 0.95047
    y = 0.2126729 * red + 0.7151522 * green + 0.0721750 * blue
    z = (0.0193339 * red + 0.1191920 * green + 0.9503041 * blue) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def ciede2000(one: Lab, two: Lab) -> float:
    """The CIEDE2000 difference of two Lab colours (about 2.3 is a just-noticeable
    difference)."""
    l1, a1, b1 = one
    l2, a2, b2 = two
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360
    h2 = math.degrees(math.atan2(b2, a2)) % 360
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    d_l, d_c = l2 - l1, c2 - c1
    d_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6))
         - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    rotation = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_t = -math.sin(math.radians(2 * rotation)) * r_c
    return math.sqrt((d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_h / s_h) ** 2
                     + r_t * (d_c / s_c) * (d_h / s_h))
