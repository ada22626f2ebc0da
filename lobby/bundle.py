"""The page's script as one file: ``static/app.js`` and every module it
imports, bundled by esbuild (npm, ``node_modules/.bin/esbuild``) into
``build/``, with the ``index.html`` that loads it.

Unbundled, a first visit fetches ~40 modules in four rounds of imports
(``app.js`` → screens → games → helpers): on a phone's network that is four
round trips before the page can draw, and each file costs the browser its
own request. The bundle is one request, named by its content
(``app-<sha>.js``, with a gzipped copy beside it) so it is cached for good
and a new version is a new name.

The sources' fingerprint (each script's and index.html's path, size and
mtime, this file's, esbuild's) is written into ``build/index.html``.
:func:`build_if_stale` bundles at the server's start (``python -m lobby``)
when the fingerprint differs; :func:`index_path` gives the page the bundle
only while the fingerprint is the sources' and its script is there, so an
edited, rolled-back or deleted module is served at once (unbundled) until
the next start builds again. ``/?modules`` (or the cookie
``lobby_page=modules``) asks for the unbundled page on purpose: to debug a
module in the browser, or for a test that imports one of the page's own
modules (in a bundled page it would get a second copy).  Without esbuild
(no ``npm ci``), or when a build fails, the page is the unbundled one and
the log says why.
"""

from __future__ import annotations

import gzip
import hashlib
import logging
import os
import re
import shutil
import stat
import subprocess
import tempfile
import time
from pathlib import Path

log = logging.getLogger("lobby.bundle")

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "static"
BUILD = ROOT / "build"
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
#: the line of static/index.html that loads the page's modules
MODULES_TAG = '<script type="module" src="/static/app.js"></script>'
#: a bundle's file name (``app-`` and 16 hex digits of its content's sha256)
SCRIPT_NAME = re.compile(r"app-[0-9a-f]{16}\.js")
#: how many bundles a build keeps (the newest): a page fetched just before
#: another process's build still finds its script
KEPT_BUNDLES = 3
_STAMP = re.compile(r"<!-- sources ([0-9a-f]{64}) script (app-[0-9a-f]{16}\.js) -->\n")


def fingerprint(static: Path = STATIC, esbuild: Path = ESBUILD) -> str:
    """A sha256 (hex) of what the bundle is made from: the path, size and
    mtime of ``static``'s index.html and every script under it (hidden
    names, such as an editor's lock files, and anything not a regular file
    left out), of this module and of esbuild. Any edit, a rollback to an
    older file included, changes it. Raises ``OSError`` when ``static``
    cannot be listed."""
    lines = []
    for path in sorted([static / "index.html", *static.rglob("*.js")]):
        rel = path.relative_to(static)
        if any(part.startswith(".") for part in rel.parts):
            continue
        lines.append(f"{rel}\t{_stat_line(path)}")
    lines += [f"recipe\t{_stat_line(Path(__file__))}", f"esbuild\t{_stat_line(esbuild)}"]
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def _stat_line(path: Path) -> str:
    try:
        st = path.stat()
    except OSError:
        return "-"
    return f"{st.st_size}\t{st.st_mtime_ns}" if stat.S_ISREG(st.st_mode) else "-"


def index_path(static: Path = STATIC, build: Path = BUILD, esbuild: Path = ESBUILD) -> Path:
    """The index.html to serve: ``build``'s (it loads the bundle) when its
    fingerprint is the sources' (:func:`fingerprint`) and its script is
    there, else ``static``'s own (it loads the modules). Raises nothing."""
    stamp = _stamp(build)
    try:
        fresh = stamp is not None and stamp[1] == fingerprint(static, esbuild) and (build / stamp[2]).is_file()
    except OSError:
        fresh = False
    return build / "index.html" if fresh else static / "index.html"


def _stamp(build: Path) -> re.Match | None:
    """The stamp at the head of ``build``'s index.html (group 1 its
    sources' fingerprint, group 2 its script's name), or None."""
    try:
        return _STAMP.match((build / "index.html").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return None


_checked: dict[tuple[Path, Path], tuple[float, Path]] = {}


def served_index(static: Path = STATIC, build: Path = BUILD, max_age_s: float = 1.0) -> Path:
    """:func:`index_path`, looked at once a second at most (it stats every
    source): an edit is served within ``max_age_s`` seconds."""
    now = time.monotonic()
    seen = _checked.get((static, build))
    if seen is None or now - seen[0] >= max_age_s:
        seen = _checked[(static, build)] = (now, index_path(static, build))
    return seen[1]


def build_if_stale(static: Path = STATIC, build: Path = BUILD, esbuild: Path = ESBUILD) -> bool:
    """Bundle ``static/app.js`` into ``build/app-<sha>.js`` (and a gzipped
    ``.js.gz``) and write ``build/index.html`` loading it, unless the build
    is fresh (:func:`index_path`). True when the page has a fresh bundle
    after the call. Raises nothing: a build that cannot be made (no
    esbuild, a module that does not compile, ``build/`` not writable) is
    logged and leaves the unbundled page. Several processes building at
    once each write whole files (a rename), so a request never reads half
    of one; the newest :data:`KEPT_BUNDLES` bundles stay."""
    try:
        if index_path(static, build, esbuild) != static / "index.html":
            log.info("the page's script: %s (fresh)", build / _stamp(build)[2])
            return True
        if not esbuild.exists():
            log.warning("the page is served unbundled: no esbuild at %s (npm ci installs it)", esbuild)
            return False
        index = (static / "index.html").read_text(encoding="utf-8")
        if MODULES_TAG not in index:
            log.warning("the page is served unbundled: static/index.html has no %s", MODULES_TAG)
            return False
        sources = fingerprint(static, esbuild)  # before the build: a source edited meanwhile makes it stale
        build.mkdir(exist_ok=True)
        with tempfile.TemporaryDirectory(dir=build) as tmp:
            out = Path(tmp) / "app.js"
            # whitespace and syntax minified, names kept: a page error's stack still reads
            cmd = [str(esbuild), str(static / "app.js"), "--bundle", "--format=esm", "--target=es2020", "--minify-whitespace", "--minify-syntax", "--charset=utf8", f"--outfile={out}", "--log-level=error"]
            done = subprocess.run(cmd, capture_output=True, timeout=60)
            if done.returncode != 0:
                log.warning("the page is served unbundled: esbuild failed: %s", done.stderr.decode(errors="replace").strip())
                return False
            body = out.read_bytes()
            name = f"app-{hashlib.sha256(body).hexdigest()[:16]}.js"
            (Path(tmp) / "app.js.gz").write_bytes(gzip.compress(body, 9, mtime=0))
            os.replace(Path(tmp) / "app.js.gz", build / f"{name}.gz")
            os.replace(out, build / name)
            page = Path(tmp) / "index.html"
            page.write_text(f"<!-- sources {sources} script {name} -->\n" + index.replace(MODULES_TAG, f'<script type="module" src="/bundle/{name}"></script>'), encoding="utf-8")
            os.replace(page, build / "index.html")
    except (OSError, subprocess.SubprocessError) as exc:
        log.warning("the page is served unbundled: the build failed: %s", exc)
        return False
    _prune(build, name)
    log.info("the page's script: bundled into %s", build / name)
    return True


def _prune(build: Path, current: str) -> None:
    """Remove all but the newest :data:`KEPT_BUNDLES` bundles (``current``
    always stays) and what a build killed midway left (a temporary
    directory older than ten minutes). Another process pruning at once is
    no error; nothing is raised."""
    bundles = []
    for p in build.glob("app-*.js"):
        try:
            if SCRIPT_NAME.fullmatch(p.name) and p.name != current:
                bundles.append((p.stat().st_mtime_ns, p))
        except OSError:
            continue
    for _, old in sorted(bundles, reverse=True)[KEPT_BUNDLES - 1 :]:
        for gone in (old, Path(f"{old}.gz")):
            try:
                gone.unlink(missing_ok=True)
            except OSError:
                pass
    for left in build.glob("tmp*"):
        try:
            if left.is_dir() and time.time() - left.stat().st_mtime > 600:
                shutil.rmtree(left, ignore_errors=True)
        except OSError:
            continue
