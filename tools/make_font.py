"""Cut DejaVu Sans down to the characters the game needs, for a small download.

Run after adding text in a new script or symbol:  python tools/make_font.py
Needs fonttools (pip install fonttools) and the DejaVu fonts (Debian:
fonts-dejavu-core).  Writes assets/fonts/DejaVuSans*.ttf; the licence that
must travel with them is assets/fonts/LICENSE-DejaVu.txt.
"""

from __future__ import annotations

from pathlib import Path

from fontTools import subset

SOURCE = Path("/usr/share/fonts/truetype/dejavu")
OUT = Path(__file__).resolve().parent.parent / "assets" / "fonts"
FACES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")

# Basic Latin, Latin-1 and Latin Extended-A (English, Irish, Danish and more),
# general punctuation, arrows, geometric shapes, chess and game symbols.
RANGES = [(0x20, 0x7E), (0xA0, 0x17F), (0x2010, 0x2027), (0x2030, 0x205E),
          (0x2190, 0x21FF), (0x2212, 0x2212), (0x25A0, 0x25FF), (0x2600, 0x26FF),
          (0x2700, 0x27BF), (0x27E6, 0x27E7)]


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    unicodes = [c for low, high in RANGES for c in range(low, high + 1)]
    for face in FACES:
        options = subset.Options()
        options.layout_features = ["kern", "liga"]
        options.hinting = False
        font = subset.load_font(str(SOURCE / face), options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=unicodes)
        subsetter.subset(font)
        subset.save_font(font, str(OUT / face), options)
        print(face, (OUT / face).stat().st_size, "bytes")


if __name__ == "__main__":
    main()
