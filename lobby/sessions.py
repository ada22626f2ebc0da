"""Guest accounts: a name, a player id and a bearer token kept by the browser.

Tokens are 192 random bits (``secrets.token_urlsafe(24)``), stored in Redis
with a sliding expiry (``Settings.token_ttl_s``).  Presenting a token resumes
its player on any connection; the player id never leaves the server, so
knowing another player's id gives nothing.
"""

from __future__ import annotations

import secrets
from typing import Any

from .config import Settings
from .protocol import ErrorCode, clean_name
from .store import Store
from .tables import LobbyError


async def sign_in(store: Store, settings: Settings, name: Any, token: str | None) -> tuple[str, str, dict[str, Any]]:
    """Resume the player of ``token``, or create a guest named ``name``.

    Returns ``(player id, token, player record)``.  A given ``name``
    renames a resumed player.  Raises :class:`LobbyError` ``BAD_TOKEN``
    for an unknown or expired token with no name to start afresh, and
    ``BAD_NAME`` (from :func:`clean_name`) for a bad name.
    """
    if token:
        pid = await store.session_player(token, settings.token_ttl_s)
        if pid is not None:
            if name is not None:
                await store.set_player_name(pid, _name(name))
            return pid, token, await store.player(pid)
        if name is None:
            raise LobbyError(ErrorCode.BAD_TOKEN, "unknown or expired token; sign in again with a name")
    if name is None:
        raise LobbyError(ErrorCode.BAD_NAME, "a name is needed to sign in")
    clean = _name(name)
    pid = secrets.token_hex(8)
    token = secrets.token_urlsafe(24)
    await store.create_player(pid, token, clean, settings.grant_coins, settings.token_ttl_s)
    return pid, token, await store.player(pid)


def _name(raw: Any) -> str:
    from .protocol import ProtocolError

    try:
        return clean_name(raw)
    except ProtocolError as exc:
        raise LobbyError(ErrorCode.BAD_NAME, str(exc)) from None
