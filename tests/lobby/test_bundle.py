"""The page's script is one bundled file (lobby/bundle.py): built by the
real esbuild from static/-like sources, served only while the sources are
the ones it was built from and its script is there, named by its content,
gzipped, cached for good; a build that cannot be made leaves the
unbundled page and never stops the server; ``?modules`` and the
``lobby_page=modules`` cookie give the unbundled page."""

from __future__ import annotations

import gzip
import os
import re
import time
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


def _script(build):
    [name] = re.findall(r'src="/bundle/(app-[0-9a-f]{16}\.js)"', (build / "index.html").read_text())
    return build / name


def test_a_build_bundles_every_imported_module_into_one_file_the_index_loads(sources):
    static, build = sources
    assert bundle.index_path(static, build) == static / "index.html"  # nothing built yet
    assert bundle.build_if_stale(static, build)
    assert bundle.index_path(static, build) == build / "index.html"
    script = _script(build)
    assert bundle.SCRIPT_NAME.fullmatch(script.name)
    body = script.read_text()
    assert "word: " in body and "first" in body and "import " not in body  # the module is inside, no import left
    assert gzip.decompress((build / f"{script.name}.gz").read_bytes()) == script.read_bytes()
    assert "/static/app.js" not in (build / "index.html").read_text()


def test_an_edited_or_rolled_back_module_is_served_unbundled_until_the_next_build(sources):
    static, build = sources
    module = static / "games" / "word.js"
    original, st = module.read_text(), module.stat()
    bundle.build_if_stale(static, build)
    first = _script(build)
    module.write_text("export function said(w) { return `edited: ${w}`; }\n")
    assert bundle.index_path(static, build) == static / "index.html"  # edited: at once
    assert bundle.build_if_stale(static, build)
    assert "edited: " in _script(build).read_text() and _script(build) != first
    module.write_text(original)
    os.utime(module, ns=(st.st_atime_ns, st.st_mtime_ns))  # rolled back as `cp -p` does: its old time, older than the build
    assert bundle.index_path(static, build) == static / "index.html"
    assert bundle.build_if_stale(static, build)
    assert "word: " in _script(build).read_text()


def test_a_fresh_bundle_is_not_built_again_and_a_rebuilt_index_is_a_new_version(sources):
    static, build = sources
    bundle.build_if_stale(static, build)
    index = build / "index.html"
    before = index.stat()
    assert bundle.build_if_stale(static, build)
    assert index.stat().st_mtime_ns == before.st_mtime_ns and index.stat().st_ino == before.st_ino
    (static / "app.js").write_text((static / "app.js").read_text() + "// more\n")
    bundle.build_if_stale(static, build)
    # the answer's etag and a server's kept copy follow (size, mtime): a new build must change them
    assert (index.stat().st_size, index.stat().st_mtime_ns) != (before.st_size, before.st_mtime_ns)


def test_a_missing_script_makes_the_page_unbundled_and_the_next_build_makes_it_again(sources):
    static, build = sources
    bundle.build_if_stale(static, build)
    script = _script(build)
    script.unlink()
    assert bundle.index_path(static, build) == static / "index.html"
    assert bundle.build_if_stale(static, build) and script.is_file()


def test_a_hidden_file_or_a_dangling_link_among_the_sources_changes_nothing(sources):
    static, build = sources
    bundle.build_if_stale(static, build)
    (static / ".#word.js").symlink_to("root@box.12345:1700000000")  # an editor's lock file: a link to nothing
    (static / "games" / "gone.js").symlink_to(static / "nowhere.js")
    assert bundle.index_path(static, build) == static / "index.html"  # gone.js is a source that is not there
    (static / "games" / "gone.js").unlink()
    assert bundle.index_path(static, build) == build / "index.html"  # the lock file is no source


def test_a_build_that_cannot_be_made_leaves_the_unbundled_page_and_raises_nothing(sources, tmp_path, caplog):
    static, build = sources
    assert not bundle.build_if_stale(static, build, esbuild=tmp_path / "no-esbuild-here")
    assert "no esbuild" in caplog.text
    blocked = tmp_path / "a-file"
    blocked.write_text("not a directory")
    assert not bundle.build_if_stale(static, blocked)  # build/ cannot be made
    quiet = tmp_path / "quiet-esbuild"
    quiet.write_text("#!/bin/sh\nexit 0\n")  # says it built, wrote nothing
    quiet.chmod(0o755)
    assert not bundle.build_if_stale(static, build, esbuild=quiet)
    (static / "games" / "word.js").write_text("export function said(w) { return (; }\n")
    assert not bundle.build_if_stale(static, build)
    assert "esbuild failed" in caplog.text
    assert bundle.index_path(static, build) == static / "index.html"
    assert not list(build.glob("app-*.js"))


def test_a_build_keeps_the_newest_bundles_for_pages_fetched_before_it(sources):
    static, build = sources
    names = []
    for i in range(bundle.KEPT_BUNDLES + 2):
        (static / "app.js").write_text(f'import {{ said }} from "./games/word.js";\ndocument.title = said("{i}");\n')
        bundle.build_if_stale(static, build)
        names.append(_script(build).name)
        time.sleep(0.01)  # distinct mtimes
    kept = sorted(p.name for p in build.glob("app-*.js"))
    assert kept == sorted(names[-bundle.KEPT_BUNDLES :])
    assert sorted(p.name for p in build.glob("app-*.js.gz")) == [f"{n}.gz" for n in kept]


def test_the_served_page_is_looked_at_once_a_second_at_most(sources):
    static, build = sources
    bundle.build_if_stale(static, build)
    assert bundle.served_index(static, build) == build / "index.html"
    (static / "app.js").write_text((static / "app.js").read_text() + "// edited\n")
    assert bundle.served_index(static, build) == build / "index.html"  # within the second: as it was
    assert bundle.served_index(static, build, max_age_s=0) == static / "index.html"


def _get(url, headers=None):
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=10) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers, exc.read()


def test_the_lobby_serves_the_bundled_page_gzipped_and_the_modules_on_request(lobby):
    status, _, page = _get(f"{lobby.http}/")
    assert status == 200
    [name] = re.findall(r'src="/bundle/(app-[0-9a-f]{16}\.js)"', page.decode())  # the lobby built it at its start
    status, headers, body = _get(f"{lobby.http}/bundle/{name}")
    assert status == 200 and headers["cache-control"] == "max-age=31536000, immutable" and "content-encoding" not in headers
    assert "javascript" in headers["content-type"] and b"TableView=class" in body
    status, headers, packed = _get(f"{lobby.http}/bundle/{name}", {"Accept-Encoding": "br, gzip"})
    assert status == 200 and headers["content-encoding"] == "gzip" and headers["vary"] == "Accept-Encoding"
    assert "javascript" in headers["content-type"] and gzip.decompress(packed) == body and len(packed) < len(body) / 2
    assert "content-encoding" not in _get(f"{lobby.http}/bundle/{name}", {"Accept-Encoding": "gzip;q=0"})[1]
    for unbundled in (_get(f"{lobby.http}/?modules"), _get(f"{lobby.http}/", {"Cookie": "lobby_page=modules"})):
        assert unbundled[0] == 200 and b'<script type="module" src="/static/app.js"></script>' in unbundled[2]
    for bad in ("app-0000000000000000.js", "index.html", "..%2Fpyproject.toml", f"{name}.map", f"{name}.gz", name.upper()):
        assert _get(f"{lobby.http}/bundle/{bad}")[0] == 404
