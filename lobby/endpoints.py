"""The HTTP endpoints: the page, health, metrics, the table list, the games,
their rules, replays and the browser libraries.

Each endpoint is a plain Starlette function of the request; the process's
:class:`lobby.app.Lobby` is ``request.app.state.lobby``.  ``ROUTES`` is the
route table ``create_app`` gives Starlette (``/ws`` never gets here: the
ASGI app hands it to the session first).
"""

from __future__ import annotations

import functools

import gzip
import math
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import redis.exceptions
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route

import engines

from . import bundle, metrics, quota, replay, rules_text
from .protocol import PROTOCOL_VERSION, ErrorCode
from .reads import Busy
from .static_files import KeptStaticFiles, file_response
from .tables import LobbyError

if TYPE_CHECKING:
    from .app import Lobby

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "static"
NODE_MODULES = ROOT / "node_modules"
#: browser libraries served from node_modules (installed by npm, not copied)
VENDOR = {
    "msgpack.min.js": "@msgpack/msgpack/dist.umd/msgpack.min.js",
    "fast-json-patch.min.js": "fast-json-patch/dist/fast-json-patch.min.js",
    "morphdom-umd.min.js": "morphdom/dist/morphdom-umd.min.js",
}


def missing_vendor(node_modules: Path | None = None) -> list[str]:
    """The browser libraries of ``VENDOR`` that are not installed under
    ``node_modules`` (default ``NODE_MODULES``; paths relative to it); empty
    when the page can load."""
    node_modules = NODE_MODULES if node_modules is None else node_modules
    return [rel for rel in VENDOR.values() if not (node_modules / rel).is_file()]


#: answers that change only with a deploy (browser libraries, rules)
STATIC_ISH = {"Cache-Control": "max-age=3600"}


@functools.cache
def games_info() -> list[dict[str, Any]]:
    """Every registered game's metadata, JSON-clean (``/api/games`` and the
    ``welcome`` frame's ``games``; :meth:`engines.base.GameInfo.to_dict`),
    built once: read-only, like a doc."""
    return [engine.info.to_dict() for engine in engines.REGISTRY.values()]


def http_error(status: int, code: ErrorCode, message: str, headers: dict[str, str] | None = None, reason: str | None = None) -> Response:
    """A JSON error answer ``{"error": message, "code": code}``, with
    ``"reason"`` (which check refused it) when given."""
    body = {"error": message, "code": code.value}
    if reason:
        body["reason"] = reason
    return JSONResponse(body, status_code=status, headers=headers)


async def gzipped(request: Request, body: bytes) -> Response:
    """A stored gzipped JSON body: as it is to a client that accepts gzip,
    else inflated in a thread (zlib lets go of the GIL)."""
    if "gzip" in _encodings(request):
        return Response(body, media_type="application/json", headers={"Content-Encoding": "gzip", "Vary": "Accept-Encoding"})
    return Response(await run_in_threadpool(gzip.decompress, body), media_type="application/json", headers={"Vary": "Accept-Encoding"})


def _lobby(request: Request) -> Lobby:
    return request.app.state.lobby


async def index(request: Request) -> Response:
    """The page: the one that loads the bundle while it is fresh, else (or
    with ``?modules``, or the cookie ``lobby_page=modules`` that keeps it
    across navigations) the one that loads static/'s modules (:mod:`lobby.bundle`)."""
    modules = "modules" in request.query_params or request.cookies.get("lobby_page") == "modules"
    page = STATIC / "index.html" if modules else bundle.served_index()
    return file_response(page, request.scope, headers={"Cache-Control": "no-cache"})


async def bundled_script(request: Request) -> Response:
    """``/bundle/app-<sha>.js``: the page's script bundled (:mod:`lobby.bundle`),
    gzipped to a client that accepts it; its name is its content's, so it
    is cached for good. 404 for another name."""
    name = request.path_params["name"]
    if not bundle.SCRIPT_NAME.fullmatch(name) or not (bundle.BUILD / name).is_file():
        return Response("not found", status_code=404)
    headers = {"Cache-Control": "max-age=31536000, immutable", "Vary": "Accept-Encoding"}
    packed = bundle.BUILD / f"{name}.gz"
    if "gzip" in _encodings(request) and packed.is_file():
        return file_response(packed, request.scope, headers={**headers, "Content-Encoding": "gzip"})
    return file_response(bundle.BUILD / name, request.scope, headers=headers)


def _encodings(request: Request) -> set[str]:
    """The content codings the client accepts (``Accept-Encoding``, lower case, q=0 left out)."""
    accepted = set()
    for part in request.headers.get("accept-encoding", "").split(","):
        coding, _, params = part.strip().lower().partition(";")
        q = params.replace(" ", "").partition("q=")[2]
        try:
            refused = bool(q) and float(q) == 0
        except ValueError:
            refused = False
        if coding and not refused:
            accepted.add(coding)
    return accepted


async def healthz(request: Request) -> Response:
    """200 ``{"ok": true, "redis": true, "proto", "pid"}`` while Redis answers, else 503."""
    try:
        await _lobby(request).redis.ping()
    except (redis.exceptions.RedisError, OSError):
        return JSONResponse({"ok": False, "redis": False}, status_code=503)
    return JSONResponse({"ok": True, "redis": True, "proto": PROTOCOL_VERSION, "pid": os.getpid()})


async def api_tables(request: Request) -> Response:
    """The table list (``?game=`` one registered game's); 400 ``unknown_game`` for another."""
    try:
        return JSONResponse(await _lobby(request).table_list.get(request.query_params.get("game")))
    except LobbyError as exc:
        return http_error(400, exc.code, str(exc))


async def api_games(request: Request) -> Response:
    return JSONResponse(games_info())


async def api_rules(request: Request) -> Response:
    """``{"game", "lang", "title", "html"}``: a game's rules section (and the
    part common to all games) from the players' docs/play.md or its translation, as
    HTML (:func:`lobby.rules_text.page`); ``?lang=en|zh``, default en.
    404 ``unknown_game``, 400 ``bad_message`` for another language."""
    game = request.path_params["game"]
    lang = request.query_params.get("lang", "en")
    if game not in rules_text.SECTIONS:
        return http_error(404, ErrorCode.UNKNOWN_GAME, "no such game")
    if lang not in rules_text.FILES:
        return http_error(400, ErrorCode.BAD_MESSAGE, f"lang: one of {', '.join(rules_text.FILES)}")
    return JSONResponse(rules_text.page(game, lang), headers=STATIC_ISH)


async def bearer_player(request: Request) -> str | None:
    """The player id of an ``Authorization: Bearer <token>`` header, or None."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not 0 < len(token) <= 128:
        return None
    lobby = _lobby(request)
    return await lobby.store.session_player(token.strip(), lobby.settings.token_ttl_s)


def bad_table_id(table_id: str) -> bool:
    return not (0 < len(table_id) <= 64 and all(c.isascii() and (c.isalnum() or c in "_-") for c in table_id))


def replay_read(handler: Any) -> Any:
    """A replay route: the client address's read quota first (429), then
    a well-formed table id (404), then ``handler(request, table_id)``;
    the cache's refusals become HTTP errors (503 busy, 500 a log that
    does not replay)."""

    async def route(request: Request) -> Response:
        lobby = _lobby(request)
        wait = lobby.read_limits.retry_after(quota.client_address(request.scope, lobby.trusted))
        if wait:
            metrics.READS_LIMITED.inc()
            return http_error(429, ErrorCode.RATE_LIMITED, "too many replay reads; slow down", {"Retry-After": str(max(1, math.ceil(wait)))})
        table_id = request.path_params["table_id"]
        if bad_table_id(table_id):
            return http_error(404, ErrorCode.NO_SUCH_TABLE, "no such table")
        try:
            return await handler(request, table_id)
        except Busy:
            return http_error(503, ErrorCode.BUSY, "replays are being built; retry shortly", {"Retry-After": "1"})
        except (redis.exceptions.RedisError, OSError):
            return http_error(503, ErrorCode.BUSY, "storage unavailable; retry shortly", {"Retry-After": "1"})
        except ValueError as exc:
            return http_error(500, ErrorCode.INTERNAL, f"the log does not replay: {exc}")

    return route


@replay_read
async def api_replay(request: Request, table_id: str) -> Response:
    lobby = _lobby(request)
    first = request.query_params.get("from", "1")
    if not (first.isascii() and first.isdigit() and len(first) <= 9):
        return http_error(400, ErrorCode.BAD_MESSAGE, "from: a game number")
    done = await lobby.replays.finished(table_id)
    if not done:
        live = await lobby.store.room_version(table_id) is not None
        return http_error(404, ErrorCode.NO_SUCH_TABLE, "no finished game at that table yet" if live else "no such table")
    later = [n for n in done if n >= int(first)]
    shown, rest = later[: lobby.settings.replay_list_page], later[lobby.settings.replay_list_page :]
    records = await lobby.replays.records(table_id, shown)
    yours: dict[str, int] = {}
    pid = await bearer_player(request)
    if pid is not None:
        for n in shown:
            entry = await lobby.replays.game(table_id, n) or {"owners": {}}
            yours.update({str(n): int(seat) for seat, owner in entry["owners"].items() if owner == pid})
    head = b'{"table":' + replay.json_bytes(table_id) + b',"next":' + replay.json_bytes(rest[0] if rest else None)
    body = head + b',"yours":' + replay.json_bytes(yours) + b',"games":[' + b",".join(records) + b"]}"
    return Response(body, media_type="application/json")


@replay_read
async def api_replay_frames(request: Request, table_id: str) -> Response:
    lobby = _lobby(request)
    game_no = request.path_params["game_no"]
    seat_param = request.query_params.get("seat", "")
    page_param = request.query_params.get("page", "0")
    if not all(p.isascii() and p.isdigit() and len(p) <= 9 for p in (page_param, *([seat_param] if seat_param else []))):
        return http_error(400, ErrorCode.BAD_MESSAGE, "seat and page: non-negative integers")
    entry = await lobby.replays.game(table_id, game_no)
    if entry is None:
        return http_error(404, ErrorCode.NO_SUCH_TABLE, "no such finished game")
    seat = int(seat_param) if seat_param else None
    if seat is not None and seat >= entry["seats"]:
        return http_error(400, ErrorCode.BAD_MESSAGE, "bad seat")
    owner = entry["owners"].get(str(seat)) if seat is not None else None
    if seat is not None and (owner is None or owner != await bearer_player(request)):
        # a bot's seat has no owner, nor has a request without a valid token: never a match
        # a seat's view shows what only its owner saw (a mucked hole card)
        return http_error(403, ErrorCode.NOT_YOUR_SEAT, "a seat's point of view is only for the player who held it (Authorization: Bearer <token>)")
    body = await lobby.replays.page(table_id, entry, game_no, seat, int(page_param))
    if body is None:
        return http_error(404, ErrorCode.NO_SUCH_TABLE, "no such page")
    return await gzipped(request, body)


async def metrics_endpoint(request: Request) -> Response:
    """Prometheus' text format, to clients in ``LOBBY_METRICS_ALLOW`` only
    (loopback by default: operators scrape from the host or a sidecar);
    a plain 403 for others (no client of the game reads it)."""
    lobby = _lobby(request)
    if not quota.allowed(request.scope, lobby.trusted, lobby.metrics_allow):
        return Response("metrics are for the operator's addresses (LOBBY_METRICS_ALLOW)\n", status_code=403, media_type="text/plain")
    return Response(generate_latest(metrics.REGISTRY), media_type=CONTENT_TYPE_LATEST)


async def vendor(request: Request) -> Response:
    rel = VENDOR.get(request.path_params["name"])
    if rel is None or not (NODE_MODULES / rel).is_file():
        return Response("not found (run npm install)", status_code=404)
    return file_response(NODE_MODULES / rel, request.scope, headers=STATIC_ISH)


ROUTES = [
    Route("/", index),
    Route("/healthz", healthz),
    Route("/metrics", metrics_endpoint),
    Route("/api/tables", api_tables),
    Route("/api/games", api_games),
    Route("/api/rules/{game:str}", api_rules),
    Route("/api/tables/{table_id:str}/replay", api_replay),
    Route("/api/tables/{table_id:str}/replay/{game_no:int}", api_replay_frames),
    Route("/vendor/{name}", vendor),
    Route("/bundle/{name}", bundled_script),
    Mount("/static", KeptStaticFiles(directory=STATIC), name="static"),
]
