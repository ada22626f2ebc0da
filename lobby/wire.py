"""The wire's codec and errors: the msgpack codec of frames (:func:`encode`,
:func:`decode`, :func:`packb`), the error and close codes, and the
``error`` frame.  Sans-I/O; :mod:`lobby.protocol` re-exports every name.
"""

from __future__ import annotations

import enum
import threading
from typing import Any

import msgpack

#: deepest nesting a client frame may have
MAX_DEPTH = 6


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class ErrorCode(str, enum.Enum):
    """Codes of ``error`` frames (docs/protocol.md has the table)."""

    BAD_FRAME = "bad_frame"  # not a msgpack map
    BAD_MESSAGE = "bad_message"  # unknown type or wrong field types/ranges
    PROTOCOL_VERSION = "protocol_version"  # the client speaks another version
    NOT_SIGNED_IN = "not_signed_in"  # hello first
    BAD_NAME = "bad_name"
    BAD_TEXT = "bad_text"  # a chat line refused; ``reason`` says why
    BAD_TOKEN = "bad_token"  # unknown or expired token
    SIGNED_OUT = "signed_out"  # this socket's session was signed out (then close 4001)
    UNKNOWN_GAME = "unknown_game"
    BAD_OPTIONS = "bad_options"
    NO_SUCH_TABLE = "no_such_table"
    TABLE_FULL = "table_full"
    TABLE_STARTED = "table_started"  # seats are taken only before the game starts
    TABLE_FINISHED = "table_finished"
    TOO_FEW_PLAYERS = "too_few_players"  # start pressed with fewer seated than the game's minimum
    ALREADY_SEATED = "already_seated"
    NOT_SEATED = "not_seated"
    NOT_YOUR_TURN = "not_your_turn"
    TURN_OVER = "turn_over"  # the move names a turn that is no longer current
    BAD_MOVE = "bad_move"  # the engine cannot parse the move
    UNKNOWN_MOVE = "unknown_move"  # no such move type in the game (or the server's own, "_...")
    ILLEGAL_MOVE = "illegal_move"  # against the rules now
    INSUFFICIENT_COINS = "insufficient_coins"
    RATE_LIMITED = "rate_limited"
    CHAT_BUSY = "chat_busy"  # the table's chat took its lines for now; retry
    TOO_MANY_TABLES = "too_many_tables"  # a player's cap on live tables
    NOT_YOUR_SEAT = "not_your_seat"  # HTTP: a replay of a seat, asked by another player
    WEAK_PASSWORD = "weak_password"  # HTTP: the password policy (lobby.accounts)
    BAD_CREDENTIALS = "bad_credentials"  # HTTP: wrong name or password (never says which)
    NAME_TAKEN = "name_taken"  # HTTP: another account holds that name or a look-alike
    ALREADY_CLAIMED = "already_claimed"  # HTTP: the player is an account already
    NOT_CLAIMED = "not_claimed"  # HTTP: sessions of a guest; an arena created by a guest
    NO_SUCH_SESSION = "no_such_session"  # HTTP: signing out a session that is not the account's
    NO_SUCH_PLAYER = "no_such_player"  # HTTP: a profile of nobody
    NO_SUCH_ARENA = "no_such_arena"
    ARENA_OVER = "arena_over"  # joining an arena whose end has passed
    TOO_MANY_ARENAS = "too_many_arenas"  # an account's cap on arenas not over yet
    BUSY = "busy"  # too many concurrent writers on one table; retry
    INTERNAL = "internal"


class CloseCode(enum.IntEnum):
    """Websocket close codes the server uses (RFC 6455 numbers)."""

    WS_1000_NORMAL = 1000
    WS_1001_GOING_AWAY = 1001  # server shutting down: reconnect elsewhere
    WS_1008_POLICY_VIOLATION = 1008  # rate limit exceeded, bad origin
    WS_1009_MESSAGE_TOO_BIG = 1009
    WS_1011_INTERNAL_ERROR = 1011
    WS_1013_TRY_AGAIN_LATER = 1013  # slow reader dropped; reconnect and resync
    SIGNED_OUT = 4001  # the session was signed out: do not reconnect with its token


class ProtocolError(ValueError):
    """A client frame that cannot be accepted; ``code`` is an :class:`ErrorCode`;
    ``reason`` (or None) says which check failed where one code covers several
    (``bad_name``: see :func:`clean_name`), sent as the error frame's ``reason``;
    ``figures`` (or None) the frame's figures (``bad_text``'s ``max``)."""

    def __init__(self, code: ErrorCode, message: str, ref: Any = None, reason: str | None = None, figures: dict[str, int] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.ref = ref
        self.reason = reason
        self.figures = figures


# -- codec ---------------------------------------------------------------------


_packers = threading.local()


def packb(value: Any) -> bytes:
    """``msgpack.packb(value, use_bin_type=True)`` with one packer per
    thread: ``packb`` makes a packer, and with it a 256 KiB buffer, per
    call, whose malloc and page faults cost more than packing a table's doc
    once the heap is busy (a tenth of the lobby's CPU at 1000 moves/s).
    Raises ``TypeError``/``OverflowError`` as ``packb`` does (the packer
    resets itself)."""
    try:
        return _packers.packer.pack(value)
    except AttributeError:
        _packers.packer = msgpack.Packer(use_bin_type=True)
        return _packers.packer.pack(value)


def encode(message: dict[str, Any]) -> bytes:
    """One frame's bytes for a message dict."""
    return packb(message)


def decode(frame: bytes | str | None, max_size: int = 1 << 20) -> dict[str, Any]:
    """The message dict of a client frame.

    Raises :class:`ProtocolError` ``BAD_FRAME`` for text frames, invalid or
    truncated msgpack, trailing bytes, non-map roots, or nesting deeper than
    :data:`MAX_DEPTH`.
    """
    if not isinstance(frame, (bytes, bytearray)):
        raise ProtocolError(ErrorCode.BAD_FRAME, "frames are binary msgpack")
    if len(frame) > max_size:
        raise ProtocolError(ErrorCode.BAD_FRAME, "frame too big")
    try:
        value = msgpack.unpackb(
            frame,
            raw=False,
            strict_map_key=True,
            max_str_len=max_size,
            max_bin_len=max_size,
            max_array_len=256,
            max_map_len=64,
            max_ext_len=0,
        )
    except Exception as exc:  # msgpack raises several unrelated types
        raise ProtocolError(ErrorCode.BAD_FRAME, f"not msgpack: {type(exc).__name__}") from None
    if not isinstance(value, dict):
        raise ProtocolError(ErrorCode.BAD_FRAME, "a frame is a msgpack map")
    if _depth(value) > MAX_DEPTH:
        raise ProtocolError(ErrorCode.BAD_FRAME, "frame nested too deeply", _valid_ref(value.get("ref")))
    return value


def peek_ref(frame: Any) -> int | None:
    """The valid ``ref`` of a frame, or None: for refusing a frame without
    handling it (rate limit) while still echoing its request id."""
    if not isinstance(frame, (bytes, bytearray)):
        return None
    try:
        value = msgpack.unpackb(frame, raw=False, max_array_len=256, max_map_len=64, max_ext_len=0)
    except Exception:
        return None
    return _valid_ref(value.get("ref")) if isinstance(value, dict) else None


def _valid_ref(ref: Any) -> int | None:
    """``ref`` if it is a valid request id (int 0..2^31-1), else None."""
    return ref if _is_int(ref) and 0 <= ref < 2**31 else None


def _depth(value: Any, level: int = 1) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(value, dict):
        return max([level, *(_depth(v, level + 1) for v in value.values())])
    if isinstance(value, list):
        return max([level, *(_depth(v, level + 1) for v in value)])
    return level


def error(code: ErrorCode, message: str, ref: Any = None, **extra: Any) -> dict[str, Any]:
    """An ``error`` frame's message dict."""
    frame = {"t": "error", "code": code.value, "msg": message}
    if ref is not None:
        frame["ref"] = ref
    frame.update(extra)
    return frame
