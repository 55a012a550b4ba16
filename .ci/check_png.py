#!/usr/bin/env python3
"""Fails unless a PNG screenshot shows a real picture: the right size and many colours,
and, when the app wrote what it should show beside it (FILE.json: the report and its
"picture"), the board the game has: each point sampled where the geometry puts it.

Usage: check_png.py FILE WIDTH HEIGHT
Reads 8-bit RGB/RGBA non-interlaced PNGs (what Bevy's screenshot writes) with the
standard library only.
"""
import json
import math
import os
import struct
import sys
import zlib


def pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        sys.exit(f"{path}: unexpected PNG format {header}")
    bpp = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def main():
    path, want_w, want_h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    width, height, bpp, rows = pixels(path)
    if (width, height) != (want_w, want_h):
        sys.exit(f"{path}: {width}x{height}, expected {want_w}x{want_h}")
    colours = set()
    for row in rows[:: max(1, height // 200)]:
        for x in range(0, width * bpp, bpp * max(1, width // 200)):
            colours.add(row[x:x + 3])
    if len(colours) < 50:
        sys.exit(f"{path}: only {len(colours)} colours; the screen looks blank")
    print(f"{path}: {width}x{height}, {len(colours)} colours sampled: ok")
    if os.path.exists(path + ".json"):
        check_board(path, json.load(open(path + ".json")), width, height, bpp, rows)


def board_of(fen):
    """What stands on each point of a position string: {"a1": "r", ...}."""
    placement = fen.split()[0]
    board = {}
    for i, row in enumerate(placement.split("/")):
        rank, file = 6 - i, 0
        for ch in row:
            if ch.isdigit():
                file += int(ch)
            else:
                board[f"{'abcdef'[file]}{rank}"] = ch
                file += 1
    return board


def check_board(path, report, width, height, bpp, rows):
    """Samples the picture where the report's geometry puts things, against the theme's
    colours the app reported: a stone's body (beside its centre, clear of its highlight)
    in its side's colour, an empty point's corner in the board's, and for the selected
    stone a dot on each step's point, a ring round each capture's target and, with the
    route preview on, each capture's route along its straight legs."""
    pic = report["picture"]
    scale, points = pic["scale"], report["points"]
    names = ("red", "black", "background")
    theme = {k: tuple(pic["colours"][k]) for k in names}

    def at(x, y):
        px, py = round(x * scale), round(y * scale)
        if not (0 <= px < width and 0 <= py < height):
            sys.exit(f"{path}: ({x:.0f}, {y:.0f}) is off the picture")
        row = rows[py]
        return tuple(row[px * bpp:px * bpp + 3])

    def distance(a, b):
        return math.dist(a, b)

    def nearest(rgb):
        return min(names, key=lambda n: distance(rgb, theme[n]))

    a1, b1 = points["a1"], points["b1"]
    spacing = math.dist(a1, b1)
    radius = spacing * pic["stone_to_spacing"] / 2
    board = board_of(report["position"])
    # Empty points a step's disc or a previewed route covers are checked for those below.
    covered_points = set(pic["steps"]) | {p for r in pic["routes"] for p in r["points"]}
    wrong = []
    for square, (x, y) in points.items():
        want = {"r": "red", "b": "black"}.get(board.get(square), "background")
        if want == "background" and square in covered_points:
            continue
        # Down-left and down-right of the centre, three quarters of the way out: the
        # stone's body, clear of its highlight (up-left), its ring and the lines. An empty
        # safe corner has a quiet ring (a fifth to a quarter of the spacing out): sampled
        # beyond it.
        corner = square in ("a1", "a6", "f1", "f6")
        out = 0.34 * spacing if want == "background" and corner else 0.76 * radius
        d = out / math.sqrt(2)
        for dx in (-d, d):
            rgb = at(x + dx, y + d)
            seen = nearest(rgb)
            if seen != want or distance(rgb, theme[want]) > 70:
                wrong.append(f"{square} ({want}): {rgb} at ({x + dx:.0f}, {y + d:.0f}) looks {seen}")
    highlight, ink = tuple(pic["highlight"]), tuple(pic["ink"])
    for square in pic["steps"]:
        x, y = points[square]
        rgb = at(x, y)
        if distance(rgb, ink) > 70:
            wrong.append(f"step to {square}: no dot, {rgb} at its point")
    for square in pic["captures"]:
        x, y = points[square]
        # The ring runs 0.42-0.52 of the spacing from the target's centre.
        r = 0.47 * spacing / math.sqrt(2)
        for dx, dy in ((-r, r), (r, r), (-r, -r), (r, -r)):
            rgb = at(x + dx, y + dy)
            if distance(rgb, highlight) > 70:
                wrong.append(f"capture of {square}: no ring, {rgb} at ({x + dx:.0f}, {y + dy:.0f})")
    def covered(x, y):
        """Under a stone, the ring round a capture's target or a step's disc: not the
        route's band."""
        for square, (px, py) in points.items():
            if square in pic["captures"]:
                reach = 0.55 * spacing
            elif square in board:
                reach = radius + 0.05 * spacing
            elif square in pic["steps"]:
                reach = 0.35 * spacing
            else:
                continue
            if math.dist((x, y), (px, py)) < reach:
                return True
        return False

    for route in pic["routes"]:
        # Along each straight leg between neighbouring points, a little to the side of the
        # line: inside the route's band (a fifth of the spacing wide), outside the
        # circuit's own thinner line. Arrowheads sit on the band here and there, so most
        # samples, not all, must have the route's colour.
        colour, sampled, matched = tuple(route["colour"]), 0, 0
        legs = zip(route["points"], route["points"][1:])
        for a, b in legs:
            (ax, ay), (bx, by) = points[a], points[b]
            if abs(math.dist((ax, ay), (bx, by)) - spacing) > spacing * 0.05:
                continue  # round a loop, or not neighbours
            ux, uy = (bx - ax) / spacing, (by - ay) / spacing
            side = 0.07 * spacing
            for t in (0.25, 0.4, 0.5, 0.6, 0.75):
                x, y = ax + (bx - ax) * t - uy * side, ay + (by - ay) * t + ux * side
                if covered(x, y):
                    continue
                sampled += 1
                # Drawn over a pale casing and blended, the band is lighter than its
                # colour: nearer to it than to the board and the lines' ink is enough.
                rgb = at(x, y)
                matched += distance(rgb, colour) < min(
                    distance(rgb, theme["background"]), distance(rgb, ink))
        if sampled == 0 or matched < 0.6 * sampled:
            wrong.append(f"route {'-'.join(route['points'])}: {matched} of {sampled} samples "
                         f"in its colour {colour}")
    if wrong:
        sys.exit(f"{path}: the picture is not the game:\n  " + "\n  ".join(wrong))
    print(f"{path}: {len(points)} points, {len(pic['steps'])} steps, "
          f"{len(pic['captures'])} captures, {len(pic['routes'])} routes "
          "where the game has them: ok")


main()
