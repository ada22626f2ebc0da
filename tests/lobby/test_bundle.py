"""The page's script is one bundled file (lobby/bundle.py): built by the
real esbuild from static/-like sources, served only while no source is
newer, named by its content and cached for good; ``?modules`` and the
``lobby_page=modules`` cookie give the unbundled page."""

from __future__ import annotations

import os
import re
import urllib.error
import urllib.request

import pytest

from lobby import bundle

INDEX = '<!doctype html><html><head><script type="module" src="/static/app.js"></script></head><body></body></html>\n'


@pytest.fixture
def sources(tmp_path):
    """A static/ with an index.html, app.js and one module it imports; the build dir beside it."""
    static = tmp_path / "static"
    (static / "games").mkdir(parents=True)
    (static / "index.html").write_text(INDEX)
    (static / "app.js").write_text('import { said } from "./games/word.js";\ndocument.title = said("first");\n')
    (static / "games" / "word.js").write_text("export function said(w) { return `word: ${w}`; }\n")
    return static, tmp_path / "build"


def _touch_later(path, than):
    """Give ``path`` an mtime 1 s after ``than``'s (file systems with coarse clocks)."""
    later = than.stat().st_mtime_ns + 1_000_000_000
    os.utime(path, ns=(later, later))


def test_a_build_bundles_every_imported_module_into_one_file_the_index_loads(sources):
    static, build = sources
    assert bundle.index_path(static, build) == static / "index.html"  # nothing built yet
    assert bundle.build_if_stale(static, build)
    assert bundle.index_path(static, build) == build / "index.html"
    [script] = build.glob("app-*.js")
    assert re.fullmatch(r"app-[0-9a-f]{16}\.js", script.name)
    body = script.read_text()
    assert "word: " in body and "first" in body and "import " not in body  # the module is inside, no import left
    page = (build / "index.html").read_text()
    assert f'<script type="module" src="/bundle/{script.name}"></script>' in page and "/static/app.js" not in page


def test_an_edited_module_is_served_unbundled_until_the_next_build_which_replaces_the_old_bundle(sources):
    static, build = sources
    bundle.build_if_stale(static, build)
    [old] = build.glob("app-*.js")
    module = static / "games" / "word.js"
    module.write_text("export function said(w) { return `edited: ${w}`; }\n")
    _touch_later(module, build / "index.html")
    assert bundle.index_path(static, build) == static / "index.html"
    assert bundle.build_if_stale(static, build)
    [new] = build.glob("app-*.js")
    assert new.name != old.name and "edited: " in new.read_text()
    assert bundle.index_path(static, build) == build / "index.html"


def test_a_fresh_bundle_is_not_built_again(sources):
    static, build = sources
    bundle.build_if_stale(static, build)
    stamp = (build / "index.html").stat().st_mtime_ns
    assert bundle.build_if_stale(static, build, esbuild=build / "no-esbuild-here")  # fresh: esbuild is not even needed
    assert (build / "index.html").stat().st_mtime_ns == stamp


def test_without_esbuild_or_with_a_broken_module_the_page_stays_unbundled(sources):
    static, build = sources
    assert not bundle.build_if_stale(static, build, esbuild=static / "no-esbuild-here")
    (static / "games" / "word.js").write_text("export function said(w) { return (; }\n")
    assert not bundle.build_if_stale(static, build)
    assert bundle.index_path(static, build) == static / "index.html"
    assert not list(build.glob("app-*.js"))


def _get(url, headers=None):
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=10) as r:
            return r.status, r.headers, r.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers, exc.read().decode()


def test_the_lobby_serves_the_bundled_page_and_the_modules_on_request(lobby):
    status, _, page = _get(f"{lobby.http}/")
    assert status == 200
    [name] = re.findall(r'src="/bundle/(app-[0-9a-f]{16}\.js)"', page)  # the lobby built it at its start
    status, headers, body = _get(f"{lobby.http}/bundle/{name}")
    assert status == 200 and headers["cache-control"] == "max-age=31536000, immutable"
    assert "javascript" in headers["content-type"] and "TableView=class" in body
    for unbundled in (_get(f"{lobby.http}/?modules"), _get(f"{lobby.http}/", {"Cookie": "lobby_page=modules"})):
        assert unbundled[0] == 200 and '<script type="module" src="/static/app.js"></script>' in unbundled[2]
    for bad in ("app-0000000000000000.js", "index.html", "..%2Fpyproject.toml", f"{name}.map"):
        assert _get(f"{lobby.http}/bundle/{bad}")[0] == 404
