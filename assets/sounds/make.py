#!/usr/bin/env python3
"""Makes the app's sounds from scratch (no samples, no recordings): a wooden tap for a
step, a deeper knock with the taken stone swept away for a capture, a short rising chime for
the end of a game. Written by the Surakarta authors; the WAV files it writes are part
of the project under its own licence.

    python3 assets/sounds/make.py      # writes move.wav, capture.wav, game_over.wav

22,050 Hz, mono, 16-bit PCM: small files every platform's decoder reads.
"""
import math
import os
import random
import struct
import wave

RATE = 22050
HERE = os.path.dirname(os.path.abspath(__file__))


def knock(t, pitch, decay):
    """A struck wooden body: a few inharmonic partials dying away fast."""
    partials = [(1.0, 1.0), (2.76, 0.45), (5.4, 0.18)]
    return sum(
        a * math.sin(2 * math.pi * pitch * f * t) * math.exp(-t * decay * f ** 0.5)
        for f, a in partials
    )


def move(n):
    rng = random.Random(1)
    out = []
    for i in range(n):
        t = i / RATE
        click = rng.uniform(-1, 1) * math.exp(-t * 900)
        out.append(0.55 * knock(t, 820, 38) + 0.25 * click)
    return out


def capture(n):
    """Played as the capturing stone lands: a deeper knock, then the taken stone swept
    away (noise through a one-pole filter closing down as it fades)."""
    rng = random.Random(2)
    out = []
    low = 0.0
    for i in range(n):
        t = i / RATE
        s = 0.6 * knock(t, 520, 26) + 0.2 * rng.uniform(-1, 1) * math.exp(-t * 700)
        if t > 0.02:
            u = t - 0.02
            k = 0.5 * math.exp(-u * 12) + 0.02
            low += k * (rng.uniform(-1, 1) - low)
            s += 0.7 * low * math.exp(-u * 9) * min(1.0, u * 60)
        out.append(s)
    return out


def game_over(n):
    notes = [(523.25, 0.0), (659.25, 0.12), (783.99, 0.24), (1046.5, 0.36)]
    out = []
    for i in range(n):
        t = i / RATE
        s = 0.0
        for f, start in notes:
            if t >= start:
                u = t - start
                bell = math.sin(2 * math.pi * f * u) + 0.3 * math.sin(2 * math.pi * 2 * f * u)
                s += 0.22 * bell * math.exp(-u * 3.2) * min(1.0, u * 200)
        out.append(s)
    return out


def write(name, samples):
    peak = max(abs(s) for s in samples) or 1.0
    fade = int(0.01 * RATE)
    data = bytearray()
    for i, s in enumerate(samples):
        g = min(1.0, (len(samples) - i) / fade)
        data += struct.pack("<h", int(s / peak * 0.8 * g * 32767))
    with wave.open(os.path.join(HERE, name), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(data))


write("move.wav", move(int(0.12 * RATE)))
write("capture.wav", capture(int(0.42 * RATE)))
write("game_over.wav", game_over(int(1.3 * RATE)))
