"""The HTTP endpoints of players: accounts (claim, sign in, sessions, sign
out), leaderboards and profiles.

Accounts are HTTP, not websocket frames: a password is sent once, in a
request body a password manager and a form understand, to get a token
before any websocket is opened (the token then signs the websocket in
with ``hello`` as a guest's does), and a sign-in from a new device needs
no socket.  Bodies are JSON objects of at most :data:`MAX_BODY` bytes;
answers are JSON, errors ``{"error", "code"}`` as in :mod:`lobby.endpoints`.
``ROUTES`` goes before :data:`lobby.endpoints.ROUTES` in the app.
"""

from __future__ import annotations

import json
import logging
import math
from typing import TYPE_CHECKING, Any

import redis.exceptions
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from . import accounts, protocol, quota, ratings
from .endpoints import http_error
from .protocol import ErrorCode
from .sessions import TOKEN_RE
from .tables import LobbyError

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from .app import Lobby

#: largest request body accepted (bytes)
MAX_BODY = 4_096

#: HTTP status of each refusal
STATUS = {
    ErrorCode.BAD_CREDENTIALS: 401,
    ErrorCode.BAD_TOKEN: 401,
    ErrorCode.RATE_LIMITED: 429,
    ErrorCode.NAME_TAKEN: 409,
    ErrorCode.ALREADY_CLAIMED: 409,
    ErrorCode.NOT_CLAIMED: 409,
    ErrorCode.NO_SUCH_SESSION: 404,
    ErrorCode.NO_SUCH_PLAYER: 404,
    ErrorCode.UNKNOWN_GAME: 404,
}


def _lobby(request: Request) -> Lobby:
    return request.app.state.lobby


async def _bearer(request: Request) -> tuple[str, str]:
    """``(player id, token)`` of the request's ``Authorization: Bearer``
    header.  Raises :class:`LobbyError` ``BAD_TOKEN``."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    token = token.strip()
    lobby = _lobby(request)
    pid = await lobby.store.session_player(token, lobby.settings.token_ttl_s) if scheme.lower() == "bearer" and TOKEN_RE.fullmatch(token) else None
    if pid is None:
        raise LobbyError(ErrorCode.BAD_TOKEN, "unknown or expired token (Authorization: Bearer <token>)")
    return pid, token


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object body.  Raises ``BAD_MESSAGE``."""
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise LobbyError(ErrorCode.BAD_MESSAGE, f"a body of at most {MAX_BODY} bytes")
        chunks.append(chunk)
    try:
        body = json.loads(b"".join(chunks) or b"{}")
    except (ValueError, RecursionError):  # RecursionError: nested deeper than the parser goes
        raise LobbyError(ErrorCode.BAD_MESSAGE, "the body must be a JSON object") from None
    if not isinstance(body, dict):
        raise LobbyError(ErrorCode.BAD_MESSAGE, "the body must be a JSON object")
    return body


def route(handler: Any) -> Any:
    """A player route: ``handler(request)`` returns the JSON answer; its
    :class:`LobbyError` becomes an HTTP error (:data:`STATUS`, else 400),
    an unreachable Redis 503 ``busy``."""

    async def endpoint(request: Request) -> Response:
        try:
            return JSONResponse(await handler(request))
        except LobbyError as exc:
            status = STATUS.get(exc.code, 400)
            headers = {"Retry-After": str(max(1, math.ceil(_lobby(request).settings.signin_window_s)))} if status == 429 else None
            return http_error(status, exc.code, str(exc), headers, exc.reason)
        except (redis.exceptions.RedisError, OSError) as exc:
            log.warning("%s %s: storage unavailable: %r", request.method, request.url.path, exc)
            return http_error(503, ErrorCode.BUSY, "storage unavailable; retry shortly", {"Retry-After": "1"})
        except ClientDisconnect:  # the client went (or its request deadline closed it) mid-body: nobody to answer
            return Response(status_code=400)

    return endpoint


def _me(player: dict[str, Any]) -> dict[str, Any]:
    return {"name": player.get("name"), "coins": player.get("coins", 0), "claimed": bool(player.get("claimed"))}


@route
async def claim(request: Request) -> dict[str, Any]:
    """``POST /api/account/claim`` ``{"password", "name"?}`` with the guest's bearer token."""
    pid, token = await _bearer(request)
    body = await _body(request)
    lobby = _lobby(request)
    addr = quota.client_address(request.scope, lobby.trusted)
    user_agent = request.headers.get("user-agent")
    player = await lobby.accounts.claim(pid, token, body.get("password"), body.get("name"), addr, user_agent)
    return {"player": _me(player), "device": await lobby.accounts.remember_device(pid, body.get("device"))}


@route
async def sign_in(request: Request) -> dict[str, Any]:
    """``POST /api/account/signin`` ``{"name", "password", "device"?}``: a
    new token of that account, and the device key to send next time."""
    body = await _body(request)
    lobby = _lobby(request)
    addr = quota.client_address(request.scope, lobby.trusted)
    token, player, device = await lobby.accounts.sign_in(
        body.get("name"), body.get("password"), addr, request.headers.get("user-agent"), body.get("device")
    )
    return {"token": token, "player": _me(player), "device": device}


@route
async def policy(request: Request) -> dict[str, Any]:
    """``GET /api/account/policy``: the password policy (:func:`accounts.password_policy`), to state before a claim,
    a name's length (characters: :data:`protocol.MAX_NAME`), for the name inputs' limit,
    and what becomes of a player's seats with no session connected, to state before signing out everywhere:
    ``{"password": {...}, "name": {"min": 1, "max": MAX_NAME}, "seats": {"grace_ms": LOBBY_ABSENT_GRACE_MS (ms), "away_after": LOBBY_AWAY_AFTER (timed-out turns in a row)}}``."""
    settings = _lobby(request).settings
    return {
        "password": accounts.password_policy(settings.password_min),
        "name": {"min": 1, "max": protocol.MAX_NAME},
        "seats": {"grace_ms": settings.absent_grace_ms, "away_after": settings.away_after},
    }


@route
async def sessions(request: Request) -> dict[str, Any]:
    """``GET /api/account/sessions``: the account's live sessions."""
    pid, token = await _bearer(request)
    return {"sessions": await _lobby(request).accounts.sessions(pid, token)}


@route
async def sign_out(request: Request) -> dict[str, Any]:
    """``POST /api/account/signout`` ``{"session"?: id | "*"}``: end this session, another, or all."""
    pid, token = await _bearer(request)
    which = (await _body(request)).get("session")
    if which is not None and not isinstance(which, str):
        raise LobbyError(ErrorCode.BAD_MESSAGE, "session: a session id or \"*\"")
    return {"ended": await _lobby(request).accounts.sign_out(pid, token, which)}


@route
async def leaderboard(request: Request) -> dict[str, Any]:
    """``GET /api/leaderboard/{game}[?page=P]`` (see :func:`ratings.leaderboard`)."""
    page = request.query_params.get("page", "0")
    if not (page.isascii() and page.isdigit() and len(page) <= 6):
        raise LobbyError(ErrorCode.BAD_MESSAGE, "page: a non-negative integer")
    lobby = _lobby(request)
    scheme, _, _ = request.headers.get("authorization", "").partition(" ")
    # only a bearer token says who asks; another scheme (a proxy's Basic) is not ours
    me = await _bearer(request) if scheme.lower() == "bearer" else None
    return await ratings.leaderboard(lobby.store, request.path_params["game"], int(page), me[0] if me else None)


@route
async def profile(request: Request) -> dict[str, Any]:
    """``GET /api/players/{ref}``: an account's name or a public player id (see :func:`ratings.profile`)."""
    return await ratings.profile(_lobby(request).store, request.path_params["ref"])


ROUTES = [
    Route("/api/account/claim", claim, methods=["POST"]),
    Route("/api/account/signin", sign_in, methods=["POST"]),
    Route("/api/account/policy", policy, methods=["GET"]),
    Route("/api/account/sessions", sessions, methods=["GET"]),
    Route("/api/account/signout", sign_out, methods=["POST"]),
    Route("/api/leaderboard/{game:str}", leaderboard, methods=["GET"]),
    Route("/api/players/{ref:str}", profile, methods=["GET"]),
]
