"""The page's files are answered from memory as Starlette's StaticFiles
would answer them (lobby/static_files.py): its headers, 304 to a client
that has the version, 404 outside the directory, and an edited file at once."""

from __future__ import annotations

import asyncio
import os
from types import SimpleNamespace

import pytest

from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from lobby.static_files import KeptStaticFiles


class _Client:
    """Requests straight to an ASGI app (no socket): ``.get``, ``.head``,
    ``.post`` give ``status_code``, ``headers``, ``content``, ``text``."""

    def __init__(self, app, loop):
        self.app = app
        self.loop = loop  # one loop: the library's worker threads belong to it

    def request(self, method, path, headers=None):
        async def run():
            sent = []
            scope = {
                "type": "http", "method": method, "path": path, "raw_path": path.encode(), "root_path": "", "query_string": b"",
                "headers": [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()], "http_version": "1.1",
                "scheme": "http", "server": ("127.0.0.1", 80), "client": ("127.0.0.1", 1),
            }

            asked, done = [], asyncio.Event()

            async def receive():  # the request, then (once answered) the client gone
                if not asked:
                    asked.append(1)
                    return {"type": "http.request", "body": b"", "more_body": False}
                await done.wait()
                return {"type": "http.disconnect"}

            async def send(message):
                sent.append(message)
                if message["type"] == "http.response.body" and not message.get("more_body"):
                    done.set()

            await self.app(scope, receive, send)
            start = next(m for m in sent if m["type"] == "http.response.start")
            body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
            head = {k.decode(): v.decode() for k, v in start["headers"]}
            return SimpleNamespace(status_code=start["status"], headers=head, content=body, text=body.decode())

        return self.loop.run_until_complete(run())

    def get(self, path, headers=None):
        return self.request("GET", path, headers)

    def head(self, path):
        return self.request("HEAD", path)

    def post(self, path):
        return self.request("POST", path)


@pytest.fixture
def loop():
    loop = asyncio.new_event_loop()
    yield loop
    loop.close()


def _clients(tmp_path, loop):
    (tmp_path / "files").mkdir()
    (tmp_path / "files" / "app.js").write_text("export const a = 1;\n")
    (tmp_path / "secret.txt").write_text("not served")
    kept = Starlette(routes=[Mount("/static", KeptStaticFiles(directory=tmp_path / "files"))])
    plain = Starlette(routes=[Mount("/static", StaticFiles(directory=tmp_path / "files"))])
    return _Client(kept, loop), _Client(plain, loop)


def test_a_file_is_answered_with_the_library_s_headers_and_304_to_a_client_that_has_it(tmp_path, loop):
    kept, plain = _clients(tmp_path, loop)
    for _ in range(2):  # the first answer reads the file, the second is from memory
        got, want = kept.get("/static/app.js"), plain.get("/static/app.js")
        assert (got.status_code, got.content) == (200, b"export const a = 1;\n")
        assert {k: got.headers[k] for k in ("content-type", "etag", "last-modified", "content-length")} == {
            k: want.headers[k] for k in ("content-type", "etag", "last-modified", "content-length")
        }
    again = kept.get("/static/app.js", headers={"If-None-Match": got.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    head = kept.head("/static/app.js")
    assert head.status_code == 200 and head.headers["content-length"] == "20" and head.content == b""


def test_nothing_outside_the_directory_or_missing_is_served(tmp_path, loop):
    kept, _ = _clients(tmp_path, loop)
    for path in ("/static/../secret.txt", "/static/nope.js", "/static/app.js/x", "/static/a\x00b.js", "/static/" + "x" * 300 + ".js"):
        assert kept.get(path).status_code == 404, path
    assert kept.post("/static/app.js").status_code == 405


def test_an_edited_file_is_served_at_once_and_a_removed_one_is_gone(tmp_path, loop):
    kept, _ = _clients(tmp_path, loop)
    assert kept.get("/static/app.js").text == "export const a = 1;\n"
    path = tmp_path / "files" / "app.js"
    path.write_text("export const a = 22;\n")
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 1_000_000))
    assert kept.get("/static/app.js").text == "export const a = 22;\n"
    path.unlink()
    assert kept.get("/static/app.js").status_code == 404
