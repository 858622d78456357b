"""Hex and square grid arithmetic on plain integer pairs (Red Blob Games' formulas).

Hexes are pointy-top in axial coordinates (q, r): r is the row, and moving down a row shifts
half a hex left, so the odd-r offset column of (q, r) is q + (r - (r & 1)) // 2. Screen y grows
downwards, so "clockwise" below means clockwise as drawn.
"""

from __future__ import annotations

import math

Coord = tuple[int, int]

# Clockwise from east, as drawn: E, SE, SW, W, NW, NE.
HEX_DIRECTIONS: tuple[Coord, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
HEX_DIRECTION_NAMES = ("E", "SE", "SW", "W", "NW", "NE")
# Square grids: orthogonal first (E, S, W, N), then diagonals (SE, SW, NW, NE).
SQUARE_DIRECTIONS: tuple[Coord, ...] = (
    (1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (-1, -1), (1, -1))
SQUARE_DIRECTION_NAMES = ("E", "S", "W", "N", "SE", "SW", "NW", "NE")

SQRT3 = math.sqrt(3.0)
# The nudge that moves a line off hexsides and square corners. Its two components are in an
# irrational-looking ratio so that no line between cell centres runs parallel to it.
EPSILON = (1e-6, 1.618034e-6)


def offset_to_axial(col: int, row: int) -> Coord:
    return col - (row - (row & 1)) // 2, row


def axial_to_offset(q: int, r: int) -> Coord:
    return q + (r - (r & 1)) // 2, r


def hex_distance(a: Coord, b: Coord) -> int:
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate_clockwise(offset: Coord, times: int) -> Coord:
    """An axial offset turned 60° clockwise `times` times about the origin."""
    q, r = offset
    for _ in range(times % 6):
        q, r = -r, q + r
    return q, r


def hex_centre(q: int, r: int) -> tuple[float, float]:
    """The centre in units of the hex's inner radius doubled: neighbours are 1 apart."""
    return q + r / 2.0, r * SQRT3 / 2.0


def _cube_round(x: float, z: float) -> Coord:
    y = -x - z
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy <= dz:
        rz = -rx - ry
    return int(rx), int(rz)


def hex_line(a: Coord, b: Coord, sign: int) -> list[Coord]:
    """The hexes from a to b (both included), nudged by sign * EPSILON so that a point on a
    hexside falls on one side. The same nudge moves both ends, so the line from b to a is this
    line reversed: whatever sight decides on it is symmetric."""
    n = hex_distance(a, b)
    if n == 0:
        return [a]
    # Nudge in cube space (x, z) with y following, as Red Blob does.
    ex, ez = sign * EPSILON[0], sign * EPSILON[1]
    ax, az = a[0] + ex, a[1] + ez
    dx, dz = b[0] - a[0], b[1] - a[1]
    return [_cube_round(ax + dx * i / n, az + dz * i / n) for i in range(n + 1)]


def square_line(a: Coord, b: Coord, sign: int) -> list[Coord]:
    """The squares a centre-to-centre segment from a to b passes through, in order (every
    square it enters, so consecutive squares share a side). The segment is nudged by
    sign * EPSILON: where it runs exactly through a corner, each sign goes round one side."""
    x0, y0 = a[0] + sign * EPSILON[0], a[1] + sign * EPSILON[1]
    dx, dy = b[0] - a[0], b[1] - a[1]
    x, y = a
    cells = [a]
    step_x = 1 if dx > 0 else -1
    step_y = 1 if dy > 0 else -1
    # t at which the segment crosses the next vertical / horizontal grid line
    t_x = ((x + 0.5 * step_x) - x0) / dx if dx else math.inf
    t_y = ((y + 0.5 * step_y) - y0) / dy if dy else math.inf
    d_x = abs(1.0 / dx) if dx else math.inf
    d_y = abs(1.0 / dy) if dy else math.inf
    for _ in range(abs(dx) + abs(dy)):
        if t_x < t_y:
            x += step_x
            t_x += d_x
        else:
            y += step_y
            t_y += d_y
        cells.append((x, y))
    return cells


def square_distance(a: Coord, b: Coord, adjacency: int) -> int:
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return max(dx, dy) if adjacency == 8 else dx + dy
