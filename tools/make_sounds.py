"""Synthesise the game's sound effects and write them as OGG Vorbis.

Run once after changing a sound:  python tools/make_sounds.py
Needs numpy and soundfile (pip install numpy soundfile); the game itself
only loads the .ogg files this writes to assets/sounds/.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import soundfile

RATE = 44100
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"


def seconds(length: float) -> np.ndarray:
    return np.arange(int(RATE * length)) / RATE


def knock(pitch: float, length: float = 0.09, noise: float = 0.35, seed: int = 1) -> np.ndarray:
    """A wooden knock: a quickly decaying tone with a burst of noise at the start."""
    t = seconds(length)
    rng = np.random.default_rng(seed)
    tone = np.sin(2 * np.pi * pitch * t) + 0.4 * np.sin(2 * np.pi * pitch * 2.7 * t)
    burst = rng.standard_normal(t.size) * np.exp(-t * 180) * noise
    return (tone * np.exp(-t * 45) + burst) * 0.5


def bell(pitch: float, length: float) -> np.ndarray:
    t = seconds(length)
    partials = sum(a * np.sin(2 * np.pi * pitch * f * t)
                   for f, a in ((1, 1.0), (2.01, 0.35), (3.02, 0.15)))
    attack = np.minimum(1.0, t * 200)
    return partials * attack * np.exp(-t * 5) * 0.35


def sequence(parts: list[np.ndarray], gap: float) -> np.ndarray:
    step = int(RATE * gap)
    total = step * (len(parts) - 1) + max(p.size for p in parts)
    out = np.zeros(total)
    for i, part in enumerate(parts):
        out[i * step:i * step + part.size] += part
    return out


def sounds() -> dict[str, np.ndarray]:
    return {
        "move": knock(520),
        "capture": sequence([knock(420, seed=2), knock(300, 0.14, 0.5, seed=3)], 0.06),
        "illegal": sequence([bell(220, 0.12) * 0.8, bell(196, 0.16) * 0.8], 0.09),
        "win": sequence([bell(f, 0.6) for f in (523.3, 659.3, 784.0, 1046.5)], 0.11),
        "lose": sequence([bell(f, 0.7) for f in (392.0, 311.1, 261.6)], 0.18),
    }


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, samples in sounds().items():
        fade = np.minimum(1.0, (samples.size - np.arange(samples.size)) / (RATE * 0.01))
        data = np.clip(samples * fade, -1.0, 1.0).astype(np.float32)
        soundfile.write(OUT / f"{name}.ogg", data, RATE, format="OGG", subtype="VORBIS")
        print(name, f"{data.size / RATE:.2f} s")


if __name__ == "__main__":
    main()
