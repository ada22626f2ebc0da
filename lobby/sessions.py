"""Guest accounts: a name, a player id and a bearer token kept by the browser.

Tokens are 192 random bits from the OS CSPRNG (``secrets.token_urlsafe(24)``:
32 URL-safe base64 characters), stored in Redis with a sliding expiry
(``Settings.token_ttl_s``).  Presenting a token resumes its player on any
connection; the player id never leaves the server, so knowing another
player's id gives nothing.  A token that is not of that form is unknown
without asking Redis.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from typing import Any

from .config import Settings
from .protocol import ErrorCode, ProtocolError, clean_name, lookup_keys
from .store import Store
from .tables import LobbyError

#: random bytes per token (192 bits)
TOKEN_BYTES = 24
#: what a token looks like: URL-safe base64 of TOKEN_BYTES bytes
TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{%d}" % len(secrets.token_urlsafe(TOKEN_BYTES)))


def new_token() -> str:
    """A fresh bearer token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def session_id(token: str) -> str:
    """The public id of a session (shown in the sessions list, published
    when it is signed out; never the token)."""
    return hashlib.sha256(token.encode()).hexdigest()[:16]


#: the window new guests from one address are counted in (s; ``Settings.guests_per_addr``)
GUEST_WINDOW_S = 3600


async def sign_in(store: Store, settings: Settings, name: Any, token: str | None, addr: str | None = None) -> tuple[str, str, dict[str, Any]]:
    """Resume the player of ``token``, or create a guest named ``name``
    (one of ``settings.guests_per_addr`` per :data:`GUEST_WINDOW_S` from the
    client address ``addr``; None: not counted).

    Returns ``(player id, token, player record)``.  A given ``name``
    renames a resumed guest (a claimed account keeps its name).  Raises :class:`LobbyError` ``BAD_TOKEN``
    for an unknown, malformed or expired token with no name to start
    afresh, ``BAD_NAME`` for a bad name (from :func:`clean_name`) or
    one an account holds (reason ``taken``), and ``RATE_LIMITED`` for a
    guest past its address's count; all before anything is written.
    """
    try:
        clean = None if name is None else _name(name)
    except LobbyError:
        if not (token and await _kept_name(store, settings, token, name)):
            raise
        clean = None
    if token:
        pid = await store.session_player(token, settings.token_ttl_s) if TOKEN_RE.fullmatch(token) else None
        if pid is not None:
            player = await store.player(pid)
            # a claimed account keeps its name (unique: lobby.accounts)
            if clean is not None and clean != player.get("name") and not player.get("claimed"):
                await _not_an_accounts(store, clean)
                if await store.set_player_name(pid, clean):
                    player["name"] = clean
            return pid, token, player
        if clean is None:
            raise LobbyError(ErrorCode.BAD_TOKEN, "unknown or expired token; sign in again with a name")
    if clean is None:
        raise LobbyError(ErrorCode.BAD_NAME, "a name is needed to sign in", reason="missing")
    await _not_an_accounts(store, clean)
    if addr is not None and await store.count_attempt("guest", addr, GUEST_WINDOW_S) > settings.guests_per_addr:
        raise LobbyError(ErrorCode.RATE_LIMITED, f"too many new players from your address; try again within the hour (at most {settings.guests_per_addr} an hour)")
    pid = secrets.token_hex(8)
    token = new_token()
    await store.create_player(pid, token, clean, settings.grant_coins, settings.token_ttl_s)
    return pid, token, await store.player(pid)


async def _kept_name(store: Store, settings: Settings, token: str, name: Any) -> bool:
    """Whether ``token`` names a player who already has the name ``name``:
    a name taken before a rule refused it (a newer script rule) is kept
    by its player, who may resume with it but no one may take it anew."""
    pid = await store.session_player(token, settings.token_ttl_s) if TOKEN_RE.fullmatch(token) else None
    return pid is not None and (await store.player(pid)).get("name") == name


async def _not_an_accounts(store: Store, clean: str) -> None:
    """Raise ``BAD_NAME`` (reason ``taken``) when an account holds any of
    the name keys of ``clean`` (:func:`protocol.lookup_keys`: the name in
    another case or a look-alike, and the keys of older versions): a guest
    may not take it.  One round trip, on a new guest's or a rename's
    ``hello`` only."""
    if any(owner is not None for owner in await store.name_owners(lookup_keys(clean))):
        raise LobbyError(ErrorCode.BAD_NAME, "that name (or one that looks the same) belongs to an account: sign in to it, or pick another", reason="taken")


def _name(raw: Any) -> str:
    try:
        return clean_name(raw)
    except ProtocolError as exc:
        raise LobbyError(ErrorCode.BAD_NAME, str(exc), exc.reason) from None
