"""The wire protocol: message types and their validation (:func:`parse`).

The only place that knows the wire format (with the modules it
re-exports: :mod:`lobby.wire`, the msgpack codec, error and close codes;
:mod:`lobby.text`, names and chat cleaned; :mod:`lobby.name_keys`); docs/protocol.md documents
every message and code listed here.  Frames are binary websocket messages,
each one msgpack map with a str ``t`` (type).  Sans-I/O: nothing here
touches sockets.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

# re-exported: every name the lobby, its tests and tools import from here
from .name_keys import _prototypes, case_folded, clashes, distinct_mark, ignorable, letter_keys, lookup_keys, mark_text, name_keys, name_keys_v1, separators_folded, shown_name, skeleton  # noqa: F401
from .text import _BOT_WORDS, _CJK_FOLD, _NUMBERED_WORDS, MAX_CHAT, MAX_NAME, PAGE_WORDS, clean_name, clean_text, shown  # noqa: F401
from .wire import MAX_DEPTH, CloseCode, ErrorCode, ProtocolError, _is_int, _valid_ref, decode, encode, error, packb, peek_ref  # noqa: F401

#: Bumped on any incompatible change; the browser reloads when it differs.
PROTOCOL_VERSION = 1

MAX_ID = 64
MAX_TURN = 64
#: the latest time a client may name (ms since the Unix epoch): the most a
#: JavaScript Date holds (ECMAScript's time value range, 8.64e15 ms)
MAX_TIME_MS = 8_640_000_000_000_000


# -- client messages -----------------------------------------------------------

_ID_RE = re.compile(r"[A-Za-z0-9_-]{1,64}")


@dataclass(frozen=True)
class Message:
    """A validated client message: ``type`` plus its fields; ``ref`` is the
    client's optional request id, echoed in the reply or error."""

    type: str
    fields: dict[str, Any]
    ref: Any = None

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)


def _check_id(v: Any, what: str) -> str:
    if not isinstance(v, str) or not _ID_RE.fullmatch(v):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"{what} must be an id string")
    return v


def _check_json_value(v: Any, depth: int = 0) -> None:
    if depth > 4:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "value nested too deeply")
    if v is None or isinstance(v, (bool, str)) or _is_int(v):
        if isinstance(v, str) and len(v) > 64:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, "string too long")
        if _is_int(v) and not -(2**53) <= v <= 2**53:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, "integer out of range")
        return
    if isinstance(v, list):
        if len(v) > 32:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, "list too long")
        for item in v:
            _check_json_value(item, depth + 1)
        return
    if isinstance(v, dict):
        if len(v) > 16:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, "map too big")
        for k, item in v.items():
            if not isinstance(k, str) or len(k) > 32:
                raise ProtocolError(ErrorCode.BAD_MESSAGE, "map keys are short strings")
            _check_json_value(item, depth + 1)
        return
    raise ProtocolError(ErrorCode.BAD_MESSAGE, f"unsupported value type {type(v).__name__}")


def _time_ms(v: Any) -> bool:
    """Whether ``v`` is a time a client may name: an int of ms since the
    Unix epoch, 0..:data:`MAX_TIME_MS`."""
    return _is_int(v) and 0 <= v <= MAX_TIME_MS


#: what a field's check wants, said in its refusal ("ping: now must be ...")
_WANTS = {_time_ms: f"an int of ms since the Unix epoch, 0..{MAX_TIME_MS}"}

# field name -> (required, checker)
_SCHEMAS: dict[str, dict[str, tuple[bool, Any]]] = {
    "hello": {
        "proto": (True, _is_int),
        # text fields of any length (the frame's size bounds them): their
        # own checks refuse them with their own codes and reasons
        "name": (False, lambda v: isinstance(v, str)),
        "token": (False, lambda v: isinstance(v, str) and 0 < len(v) <= 128),
    },
    "ping": {"now": (False, _time_ms)},
    "tables": {"game": (False, lambda v: isinstance(v, str) and len(v) <= MAX_ID), "sub": (False, lambda v: isinstance(v, bool))},
    "quick": {
        "game": (True, lambda v: isinstance(v, str) and len(v) <= MAX_ID),
        "bots": (False, lambda v: isinstance(v, bool)),
        "options": (False, lambda v: isinstance(v, dict) and len(v) <= 16),
    },
    "open": {
        "game": (True, lambda v: isinstance(v, str) and len(v) <= MAX_ID),
        "seats": (False, lambda v: _is_int(v) and 1 <= v <= 16),
        "turn_ms": (False, _is_int),  # its range is the table's rule: bad_options with the bounds
        "bots": (False, lambda v: isinstance(v, bool)),
        "private": (False, lambda v: isinstance(v, bool)),
        "games": (False, lambda v: _is_int(v) and 1 <= v <= 1000),
        "options": (False, lambda v: isinstance(v, dict) and len(v) <= 16),
    },
    "join": {"table": (True, str), "seat": (False, lambda v: _is_int(v) and 0 <= v < 16)},
    "watch": {"table": (True, str)},
    "unwatch": {"table": (True, str)},
    "leave": {"table": (True, str)},
    "start": {"table": (True, str)},
    "ready": {"table": (True, str)},
    "back": {"table": (True, str)},
    "chat": {"table": (True, str), "text": (True, lambda v: isinstance(v, str))},
    "me": {},
    "arenas": {"game": (False, lambda v: isinstance(v, str) and len(v) <= MAX_ID)},
    "arena": {"arena": (True, str), "sub": (False, lambda v: isinstance(v, bool))},
    "arena_create": {
        "game": (True, lambda v: isinstance(v, str) and len(v) <= MAX_ID),
        "minutes": (True, lambda v: _is_int(v) and 1 <= v <= 1440),  # its range is the arena's rule: bad_options with the bounds
        "start": (False, _time_ms),
        "seats": (False, lambda v: _is_int(v) and 1 <= v <= 16),
        "turn_ms": (False, _is_int),
        "private": (False, lambda v: isinstance(v, bool)),
        "options": (False, lambda v: isinstance(v, dict) and len(v) <= 16),
    },
    "arena_join": {"arena": (True, str)},
    "arena_pause": {"arena": (True, str)},
    "sync": {"table": (True, str)},
    "move": {
        "table": (True, str),
        "turn": (True, lambda v: isinstance(v, str) and 0 < len(v) <= MAX_TURN),
        "move": (True, lambda v: isinstance(v, dict) and 0 < len(v) <= 8),
    },
}

#: Client message types, for documentation and the fuzzer.
CLIENT_TYPES = tuple(_SCHEMAS)


def parse(raw: dict[str, Any]) -> Message:
    """Validate a decoded frame against the schema of its ``t``.

    Raises :class:`ProtocolError` ``BAD_MESSAGE`` for an unknown type
    (reason ``unknown_type``, the type named), a missing or unknown field,
    a field of the wrong type or range, or a ``ref`` that is not an int
    0..2^31-1 (refused like any bad field, with no ref to echo);
    ``BAD_TEXT`` for a chat line :func:`clean_text` refuses; ``BAD_MOVE``
    for a move without a str ``type``, ``UNKNOWN_MOVE`` for one whose type
    starts with ``_`` (the server's own, never a client's).  Move
    payloads are checked for shape here (JSON-like, small) and for meaning by
    the engine.  Every refusal carries the message's ``ref`` when it had a
    valid one.
    """
    ref = raw.get("ref")
    if "ref" in raw and _valid_ref(ref) is None:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "ref must be an int 0..2^31-1")
    try:
        return _parse(raw, ref)
    except ProtocolError as exc:
        exc.ref = ref
        raise


def _parse(raw: dict[str, Any], ref: Any) -> Message:
    kind = raw.get("t")
    if not isinstance(kind, str) or kind not in _SCHEMAS:
        named = shown(kind) if isinstance(kind, str) else f"of {type(kind).__name__}"
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"unknown message type {named}", reason="unknown_type")
    schema = _SCHEMAS[kind]
    fields: dict[str, Any] = {}
    for key, value in raw.items():
        if key in ("t", "ref"):
            continue
        if key not in schema:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, f"{kind}: unknown field {key!r}")
        _, check = schema[key]
        if check is str:
            _check_id(value, key)
        elif not check(value):
            wants = _WANTS.get(check)
            raise ProtocolError(ErrorCode.BAD_MESSAGE, f"{kind}: {key} must be {wants}" if wants else f"{kind}: bad {key}")
        fields[key] = value
    for key, (required, _) in schema.items():
        if required and key not in fields:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, f"{kind}: missing {key}")
    if kind == "move":
        _check_json_value(fields["move"])
        mtype = fields["move"].get("type")
        if not isinstance(mtype, str):
            raise ProtocolError(ErrorCode.BAD_MOVE, "a move needs a type (a string)")
        if mtype.startswith("_"):
            raise ProtocolError(ErrorCode.UNKNOWN_MOVE, f"unknown move {shown(mtype)}")
    if kind in ("open", "quick", "arena_create") and "options" in fields:
        _check_json_value(fields["options"])
    if kind == "chat":
        clean_text(fields["text"], MAX_CHAT)
    return Message(kind, fields, ref)
