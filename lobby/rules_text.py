"""The games' rules as the page shows them (``GET /api/rules/{game}``).

The page shows the players' text, ``docs/play.md`` and its Simplified-Chinese
translation ``docs/play.zh.md`` (seats counted from 1, what a timeout plays
for you, coins and tiers); ``docs/rules.md`` and ``docs/rules.zh.md`` are the
implementers' reference, in the same layout (tests hold both pairs).  A file
is cut into its common part (the list that ends the preamble, with the line
that heads it) and one ``## N. title`` section per game (a `` — source`` tail
of the heading and its number dropped); a game's page is its section and then the common part,
rendered to HTML by markdown-it-py with raw HTML off (markup in the markdown
comes out escaped, so the HTML can go into the page as it is).  Each file is
read and parsed once per process, each page rendered once.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt

DOCS = Path(__file__).resolve().parent.parent / "docs"
#: language -> the players' rules file in that language (what the page shows)
FILES = {"en": "play.md", "zh": "play.zh.md"}
#: language -> the implementers' reference in that language (not served)
REFERENCE = {"en": "rules.md", "zh": "rules.zh.md"}
#: engine id -> its section number in the rules files (the one place that maps them)
SECTIONS = {"sibala": 1, "stud": 2, "six_nimmt": 3, "yahtzee": 4, "shut_the_box": 5}

_HEADING = re.compile(r"^## (\d+)\. (.+?)\s*$", re.M)
#: a heading's " — seed-….txt": where the section's text came from, not part of its title
_SOURCE = re.compile(r"\s+—\s+seed-\S+$")
# CommonMark with GFM tables (the stud tiers); "html": False escapes raw HTML
_MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")


@dataclass(frozen=True)
class Section:
    """One game's section: ``title`` (the heading without its number and
    source) and ``markdown`` (from its ``##`` heading to the next one, the
    heading reduced to the title: the dialog shows one game, unnumbered)."""

    title: str
    markdown: str


@dataclass(frozen=True)
class RulesText:
    """A rules file cut up: ``common`` (markdown of the part common to all
    games) and ``sections`` (section number -> :class:`Section`, in file order)."""

    common: str
    sections: dict[int, Section]


def split(text: str) -> RulesText:
    """Cut a rules file's markdown into its common part and numbered sections.

    The common part is the preamble's first list and the line just before
    it.  Raises ``ValueError`` when the file has no such list or no
    ``## N. ...`` section."""
    headings = list(_HEADING.finditer(text))
    if not headings:
        raise ValueError("no '## N. title' section")
    preamble = text[: headings[0].start()].splitlines()
    first_item = next((i for i, line in enumerate(preamble) if line.startswith("- ")), 0)
    if first_item == 0:
        raise ValueError("no common part (a headed list) before the first section")
    common = "\n".join(preamble[first_item - 1 :]).strip() + "\n"
    sections = {}
    for heading, following in zip(headings, headings[1:] + [None]):
        body = text[heading.end() : following.start() if following else len(text)]
        title = _SOURCE.sub("", heading.group(2))
        # the player reads the heading without the seed file it came from, and
        # without the number it has among the five games in the full document
        sections[int(heading.group(1))] = Section(title, f"## {title}\n{body.rstrip()}\n")
    return RulesText(common, sections)


@functools.cache
def parsed(lang: str, reference: bool = False) -> RulesText:
    """The players' rules file of ``lang`` (a key of :data:`FILES`; with
    ``reference``, the implementers' of :data:`REFERENCE`), read and cut up
    once.  Raises ``KeyError`` for another language, ``OSError`` when the
    file cannot be read, ``ValueError`` as :func:`split`."""
    return split((DOCS / (REFERENCE if reference else FILES)[lang]).read_text(encoding="utf-8"))


def render(markdown: str) -> str:
    """Markdown to HTML that is safe to put into the page: raw HTML in the
    markdown is escaped, links with a script scheme are not made links."""
    return _MARKDOWN.render(markdown)


@functools.cache
def page(game: str, lang: str) -> dict[str, Any]:
    """A game's rules page ``{"game", "lang", "title", "html"}``: the game's
    section (its heading is ``title``, the dialog's: not repeated in
    ``html``), then the part common to every table (a player opens Rules for
    the game's own rules first), as HTML; built once per (game, lang), so
    read-only.
    Raises ``KeyError`` for a game not in :data:`SECTIONS` or a language not
    in :data:`FILES` (the caller checks both first)."""
    text = parsed(lang)
    section = text.sections[SECTIONS[game]]
    # the dialog's title is the section's heading: the body starts under it, not with it again
    body = section.markdown.split("\n", 1)[1]
    return {"game": game, "lang": lang, "title": section.title, "html": render(body) + render("### " + text.common)}  # the common part's line heads it
