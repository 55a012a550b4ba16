#!/usr/bin/env python3
"""Fails unless a PNG screenshot shows a real picture: the right size and many colours.

Usage: check_png.py FILE WIDTH HEIGHT
Reads 8-bit RGB/RGBA non-interlaced PNGs (what Bevy's screenshot writes) with the
standard library only.
"""
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


main()
