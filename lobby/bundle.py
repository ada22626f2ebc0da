"""The page's script as one file: ``static/app.js`` and every module it
imports, bundled by esbuild (npm, ``node_modules/.bin/esbuild``) into
``build/``, with the ``index.html`` that loads it.

Unbundled, a first visit fetches ~40 modules in four rounds of imports
(``app.js`` → screens → games → helpers): on a phone's network that is four
round trips before the page can draw, and each file costs the browser its
own request. The bundle is one request, named by its content
(``app-<sha>.js``) so it is cached for good and a new version is a new name.

:func:`build_if_stale` makes it at the server's start (``python -m lobby``)
when a source is newer than the bundle; :func:`index_path` gives the page
the bundle only while it is as new as every source, so an edited module is
served at once (unbundled) until the next start builds again. ``/?modules``
(or the cookie ``lobby_page=modules``) asks for the unbundled page on purpose:
to debug a module in the browser, or for a test that imports one of the
page's own modules (in a bundled page it would get a second copy).  Without esbuild
(no ``npm ci``) the page is the unbundled one.
"""

from __future__ import annotations

import hashlib
import logging
import os
import subprocess
import tempfile
from pathlib import Path

log = logging.getLogger("lobby.bundle")

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "static"
BUILD = ROOT / "build"
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
#: the line of static/index.html that loads the page's modules
MODULES_TAG = '<script type="module" src="/static/app.js"></script>'


def _newest_source(static: Path) -> int:
    """The newest mtime (ns) of ``static``'s scripts and index.html, and of
    this file (the recipe)."""
    return max(p.stat().st_mtime_ns for p in [static / "index.html", *static.rglob("*.js"), Path(__file__)])


def index_path(static: Path = STATIC, build: Path = BUILD) -> Path:
    """The index.html to serve: ``build``'s (it loads the bundle) when it
    exists and no source under ``static`` is newer, else ``static``'s own
    (it loads the modules)."""
    built = build / "index.html"
    try:
        fresh = built.stat().st_mtime_ns >= _newest_source(static)
    except OSError:
        return static / "index.html"
    return built if fresh else static / "index.html"


def build_if_stale(static: Path = STATIC, build: Path = BUILD, esbuild: Path = ESBUILD) -> bool:
    """Bundle ``static/app.js`` into ``build/app-<sha>.js`` and write
    ``build/index.html`` loading it, unless it is fresh (:func:`index_path`)
    or esbuild is not installed. True when the page has a fresh bundle after
    the call. A failed build is logged and leaves the unbundled page; several
    processes building at once each write whole files (a rename), so a
    request never reads half of one. Raises nothing."""
    if index_path(static, build) != static / "index.html":
        return True
    if not esbuild.exists():
        return False
    build.mkdir(exist_ok=True)
    started = _newest_source(static)
    with tempfile.TemporaryDirectory(dir=build) as tmp:
        out = Path(tmp) / "app.js"
        # whitespace and syntax minified, names kept: a page error's stack still reads
        cmd = [str(esbuild), str(static / "app.js"), "--bundle", "--format=esm", "--target=es2020", "--minify-whitespace", "--minify-syntax", "--charset=utf8", f"--outfile={out}", "--log-level=error"]
        try:
            subprocess.run(cmd, check=True, capture_output=True, timeout=60)
        except (OSError, subprocess.SubprocessError) as exc:
            log.warning("the page is served unbundled: esbuild failed: %s", getattr(exc, "stderr", b"").decode(errors="replace").strip() or exc)
            return False
        body = out.read_bytes()
        name = f"app-{hashlib.sha256(body).hexdigest()[:16]}.js"
        index = (static / "index.html").read_text(encoding="utf-8")
        if MODULES_TAG not in index:
            log.warning("the page is served unbundled: static/index.html has no %s", MODULES_TAG)
            return False
        os.replace(out, build / name)
        page = Path(tmp) / "index.html"
        page.write_text(index.replace(MODULES_TAG, f'<script type="module" src="/bundle/{name}"></script>'), encoding="utf-8")
        # stamped with the sources' time as read before the build: a source
        # edited during it is newer, so the page stays unbundled until a rebuild
        os.utime(page, ns=(started, started))
        os.replace(page, build / "index.html")
    for old in build.glob("app-*.js"):
        if old.name != name:
            old.unlink(missing_ok=True)
    return True
