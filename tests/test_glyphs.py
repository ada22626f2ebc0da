"""Every symbol the client draws is in a font a plain Debian chromium has
(DejaVu Sans; WenQuanYi for Chinese): the table list's spectator count was
prefixed with an eye emoji (U+1F441) that drew as a missing-glyph box where
no emoji font is installed (issue #15).  Letters, CJK and common punctuation
aside, each non-ASCII character in static/ is one of DRAWN, and none is
outside the Basic Multilingual Plane (emoji)."""

from __future__ import annotations

import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[1] / "static"

#: symbols the client uses, each in DejaVu Sans: arrows, triangles, the dice
#: faces (Sibala's log), the card suits, check marks, the pause bars, signs
DRAWN = set("←→▶◀▸▾▮✓✗⚀⚁⚂⚃⚄⚅♠♥♦♣±×−")


def _symbols() -> dict[str, str]:
    """Each symbol character of static/'s scripts, styles and page -> where first seen."""
    seen: dict[str, str] = {}
    for path in sorted(STATIC.rglob("*")):
        if path.suffix not in {".js", ".css", ".html"}:
            continue
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for ch in line:
                cat = unicodedata.category(ch)
                if ord(ch) > 0xFFFF or (ord(ch) > 0x7F and cat[0] == "S" and cat != "Sc"):
                    seen.setdefault(ch, f"{path.relative_to(STATIC)}:{no}")
    return seen


def test_the_client_draws_no_emoji_or_symbol_outside_common_fonts():
    odd = {f"U+{ord(ch):04X} {unicodedata.name(ch, '?')} at {where}" for ch, where in _symbols().items() if ch not in DRAWN}
    assert not odd, sorted(odd)


@pytest.mark.skipif(not shutil.which("fc-list"), reason="fontconfig is not installed")
def test_dejavu_sans_draws_every_allowed_symbol():
    """DRAWN is true: each of its characters is in DejaVu Sans (where it is installed)."""
    if not subprocess.run(["fc-list", "DejaVu Sans"], capture_output=True, text=True).stdout.strip():
        pytest.skip("DejaVu Sans is not installed")
    missing = [ch for ch in DRAWN if "DejaVu Sans" not in subprocess.run(["fc-list", f":charset={ord(ch):x}", "family"], capture_output=True, text=True).stdout]
    assert not missing, missing
