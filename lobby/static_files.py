"""The page's files (``static/``, the browser libraries, ``index.html``)
answered from memory.

Starlette's ``StaticFiles`` and ``FileResponse`` look a file up, open it and
stream it through a worker thread at every request: ~1.7 ms of the lobby's
CPU per file, and a page load fetches 42 files (every visitor with an empty
cache: 70 ms). Here the library still finds the file (its path checks:
nothing outside the directory) and makes the headers (type, ``etag``,
``last-modified``, 304 to a matching ``If-None-Match``); the bytes are read
once per version of the file (its size and mtime, checked with one
``stat`` per request, so an edited file is served at once) and answered as
they are. Memory: one copy of each file served (the page's ~0.5 MB); only
files that exist are kept, so no request grows it.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

from starlette.datastructures import Headers
from starlette.responses import FileResponse, Response
from starlette.staticfiles import NotModifiedResponse, StaticFiles
from starlette.types import Scope

#: full path -> ((size, mtime ns), body, headers)
_KEPT: dict[str, tuple[tuple[int, int], bytes, dict[str, str]]] = {}


def file_response(full_path: str | Path, scope: Scope, headers: dict[str, str] | None = None, st: os.stat_result | None = None) -> Response:
    """The file at ``full_path`` (which exists) as ``FileResponse`` would
    answer it (its headers and ``headers``; a 304 where the client's
    ``If-None-Match`` or ``If-Modified-Since`` matches), from memory.
    Raises ``OSError`` when the file cannot be read."""
    full = str(full_path)
    st = st or os.stat(full)
    version = (st.st_size, st.st_mtime_ns)
    kept = _KEPT.get(full)
    if kept is None or kept[0] != version:
        shape = FileResponse(full, stat_result=st, headers=headers)  # the headers only: nothing is read
        with open(full, "rb") as f:
            body = f.read()
        kept = _KEPT[full] = (version, body, {k.decode(): v.decode() for k, v in shape.raw_headers if k not in (b"content-length", b"accept-ranges")})  # a Range is not served: no accept-ranges
    _, body, kept_headers = kept
    if StaticFiles.is_not_modified(None, Headers(headers=kept_headers), Headers(scope=scope)):  # type: ignore[arg-type]
        return NotModifiedResponse(Headers(headers=kept_headers))
    if scope.get("method") == "HEAD":
        return Response(b"", headers={**kept_headers, "content-length": str(len(body))})
    return Response(body, headers=kept_headers)


class KeptStaticFiles(StaticFiles):
    """``StaticFiles`` whose files are answered by :func:`file_response`;
    a path the library's lookup found to be a file is not looked up in a
    thread again (only paths of files that exist are remembered; any other
    goes through the library, its 404s and refusals included)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._found: dict[str, str] = {}

    async def get_response(self, path: str, scope: Scope) -> Response:
        full = self._found.get(path)
        if full is not None and scope["method"] in ("GET", "HEAD"):
            try:
                st = os.stat(full)
            except OSError:
                self._found.pop(path, None)
            else:
                if stat.S_ISREG(st.st_mode):
                    return file_response(full, scope, st=st)
        return await super().get_response(path, scope)

    def lookup_path(self, path: str) -> tuple[str, os.stat_result | None]:
        """The library's lookup (in its worker thread), remembering a path
        that names a file."""
        full, st = super().lookup_path(path)
        if st is not None and stat.S_ISREG(st.st_mode):
            self._found[path] = full
        return full, st

    def file_response(self, full_path: Any, stat_result: os.stat_result, scope: Scope, status_code: int = 200) -> Response:
        return file_response(full_path, scope, st=stat_result)
