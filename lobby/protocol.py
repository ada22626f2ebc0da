"""The wire protocol: message types, validation and the msgpack codec.

The only module that knows the wire format; docs/protocol.md documents every
message and code listed here.  Frames are binary websocket messages, each one
msgpack map with a str ``t`` (type).  Sans-I/O: nothing here touches sockets.
"""

from __future__ import annotations

import enum
import re
import threading
import unicodedata
from dataclasses import dataclass
from typing import Any

import functools

import msgpack
from confusable_homoglyphs import confusables

#: Bumped on any incompatible change; the browser reloads when it differs.
PROTOCOL_VERSION = 1

MAX_NAME = 24
MAX_ID = 64
MAX_TURN = 64
MAX_DEPTH = 6
#: longest chat line (characters, after trimming)
MAX_CHAT = 200
#: Unicode categories refused in names and chat: control, format (zero-width,
#: bidi overrides), surrogates, private use, unassigned
_HIDDEN_CATEGORIES = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")
#: letters that render as blank space (Hangul fillers, the braille blank)
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
#: Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt,
#: Unicode 15.1): characters that draw nothing; UTS #39 drops them from
#: skeletons, and a name may not hold them (but variation selectors 15 and
#: 16 after a symbol: the text and emoji forms of "❤️")
_IGNORABLE_RANGES = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F),
    (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)
_EMOJI_FORMS = frozenset("\ufe0e\ufe0f")


def ignorable(ch: str) -> bool:
    """Whether ``ch`` is a Default_Ignorable_Code_Point (draws nothing)."""
    cp = ord(ch)
    return any(lo <= cp <= hi for lo, hi in _IGNORABLE_RANGES) if cp >= 0xAD else False
#: combining marks allowed on one character (more stacks over other lines)
MAX_MARKS = 4


class ErrorCode(str, enum.Enum):
    """Codes of ``error`` frames (docs/protocol.md has the table)."""

    BAD_FRAME = "bad_frame"  # not a msgpack map
    BAD_MESSAGE = "bad_message"  # unknown type or wrong field types/ranges
    PROTOCOL_VERSION = "protocol_version"  # the client speaks another version
    NOT_SIGNED_IN = "not_signed_in"  # hello first
    BAD_NAME = "bad_name"
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
    NOT_CLAIMED = "not_claimed"  # HTTP: sessions of a guest
    NO_SUCH_SESSION = "no_such_session"  # HTTP: signing out a session that is not the account's
    NO_SUCH_PLAYER = "no_such_player"  # HTTP: a profile of nobody
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
    (``bad_name``: see :func:`clean_name`), sent as the error frame's ``reason``."""

    def __init__(self, code: ErrorCode, message: str, ref: Any = None, reason: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.ref = ref
        self.reason = reason


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
        raise ProtocolError(ErrorCode.BAD_FRAME, "frame nested too deeply")
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
    ref = value.get("ref") if isinstance(value, dict) else None
    return ref if _is_int(ref) and 0 <= ref < 2**31 else None


def _depth(value: Any, level: int = 1) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(value, dict):
        return max([level, *(_depth(v, level + 1) for v in value.values())])
    if isinstance(value, list):
        return max([level, *(_depth(v, level + 1) for v in value)])
    return level


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


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def clean_name(raw: Any) -> str:
    """A player name: stripped, 1..24 characters, no control characters.

    Raises :class:`ProtocolError` ``BAD_NAME`` with a ``reason`` the client
    words in its language (docs/protocol.md, error codes): ``not_text``,
    ``empty`` (nothing but spaces), ``length`` (over 24 characters), ``control`` (control or format
    characters), ``hidden`` (a character that draws nothing: Unicode's
    default ignorables such as U+034F or variation selectors, or a blank
    letter such as U+3164), ``invisible`` (nothing visible), ``marks`` (too many
    stacked combining marks), ``reserved`` (ends in "(bot)": bots' names),
    ``bracket`` (ends in a closing bracket or a look-alike: where pages
    write their markers, "(away)", "（托管）", "(left)"), ``page_word``
    (folded, it is one of the pages' own seat words in either language:
    "empty", "Seat 2", "bot", "Bot 1", "you", "空位", "座位 2", "机器人", "你").
    Markup is kept as text; the browser renders names with ``textContent``,
    never as HTML.
    """

    def bad(reason: str, message: str) -> ProtocolError:
        return ProtocolError(ErrorCode.BAD_NAME, message, reason=reason)

    if not isinstance(raw, str):
        raise bad("not_text", "name must be a string")
    name = unicodedata.normalize("NFC", raw).strip()
    if not name:
        raise bad("empty", "name is empty")
    if len(name) > MAX_NAME:
        raise bad("length", f"name must be 1..{MAX_NAME} characters")
    if any(unicodedata.category(ch) in _HIDDEN_CATEGORIES for ch in name):
        raise bad("control", "name has control characters")
    if not _visible(name):
        raise bad("invisible", "name has nothing visible")
    if any(_hidden_in_name(name, i) for i in range(len(name))):
        raise bad("hidden", "name has characters that draw nothing")
    if _too_many_marks(name):
        raise bad("marks", "name stacks too many combining marks")
    if _bot_like(name):
        raise bad("reserved", "names ending in (bot) are for bots")
    if _ends_in_bracket(name):
        raise bad("bracket", "names may not end in a bracket: the page writes (bot), (away), (left) there")
    if _page_word(name):
        raise bad("page_word", "names may not be the page's own seat words: empty, seat N, bot, bot N, you")
    return name


def _visible(text: str) -> bool:
    """Whether ``text`` has a character that draws something."""
    return any(unicodedata.category(ch)[0] in "LNPS" and ch not in _BLANK_LETTERS and not ignorable(ch) for ch in text)


def _hidden_in_name(name: str, i: int) -> bool:
    """Whether ``name[i]`` draws nothing: a default ignorable (but an emoji
    form selector after a symbol) or a blank letter."""
    ch = name[i]
    if ch in _BLANK_LETTERS:
        return True
    if not ignorable(ch):
        return False
    return not (ch in _EMOJI_FORMS and i > 0 and unicodedata.category(name[i - 1]) == "So")


#: look-alikes of the letters and brackets of "(bot)" that the confusables
#: data leaves apart (small capitals, Cyrillic and Greek forms, other brackets)
_BOT_FOLD = str.maketrans({"ʙ": "b", "в": "b", "ь": "b", "т": "t", "τ": "t", "ᴛ": "t", "ᴏ": "o", "⦅": "(", "⦆": ")", "❨": "(", "❩": ")", "﴾": "(", "﴿": ")", "⸨": "(", "⸩": ")", "⁽": "(", "⁾": ")", "₍": "(", "₎": ")"})


def _bot_like(name: str) -> bool:
    """Whether ``name`` ends in "(bot)" or a look-alike of it (other
    brackets' widths, Cyrillic letters, marks on it, spaces): the name keys
    of accounts, without their marks and spaces."""
    bot = _bot_keys()
    for key in name_keys(name):
        bare = "".join(ch for ch in key if not unicodedata.combining(ch)).replace(" ", "").translate(_BOT_FOLD)
        if any(bare.endswith(b) for b in bot):
            return True
    return False


def _ends_in_bracket(name: str) -> bool:
    """Whether ``name`` ends in a closing bracket of any kind or a look-alike
    (")", "）", "】", "⦆", ...: Unicode's close punctuation, in the name
    keys without marks and spaces): each page writes its markers in brackets
    after a name ("Ada (bot)", "Ann（托管）", "Bo (left)"), so a name ending
    in one could pass for a marked one in any language."""
    for key in (name, *name_keys(name)):
        bare = "".join(ch for ch in key if not unicodedata.combining(ch)).replace(" ", "").translate(_BOT_FOLD)
        if bare and (bare[-1] == ")" or unicodedata.category(bare[-1]) == "Pe"):
            return True
    return False


#: the pages' own words for a seat (static/i18n.js, en and zh): a name equal
#: to one reads as a free seat, a seat's label, a bot or ourselves
_PAGE_WORDS = ("empty", "you", "空位", "你")
#: the same words that take a seat number after them ("Seat 2", "机器人 1")
_NUMBERED_WORDS = ("seat", "bot", "座位", "机器人")


def _page_word(name: str) -> bool:
    """Whether ``name``'s keys, without spaces, are a page word (or a
    look-alike of one), or a numbered one followed by a number only (the
    keys fold "1" and "l" together: the name must hold a digit then, so
    "Boto" stays a name)."""
    words, numbered, digits = _page_word_keys()
    has_digit = any(unicodedata.category(ch) == "Nd" for ch in name)
    for key in name_keys(name):
        bare = key.replace(" ", "")
        if bare in words:
            return True
        for word in numbered:
            rest = bare[len(word):]
            if bare.startswith(word) and (not rest or has_digit and all(ch in digits for ch in rest)):
                return True
    return False


@functools.cache
def _page_word_keys() -> tuple[frozenset[str], tuple[str, ...], frozenset[str]]:
    """(the keys of _PAGE_WORDS, of _NUMBERED_WORDS, the characters of the
    digits' keys), all without spaces."""
    keys = lambda words: {k.replace(" ", "") for w in words for k in name_keys(w)}  # noqa: E731
    return frozenset(keys(_PAGE_WORDS)), tuple(sorted(keys(_NUMBERED_WORDS))), frozenset("".join(keys("0123456789")))


@functools.cache
def _bot_keys() -> frozenset[str]:
    """The name keys of "(bot)", without spaces."""
    return frozenset(key.replace(" ", "") for key in name_keys("(bot)"))


#: bidi marks that confusables.txt writes into some prototypes
_MARKS = str.maketrans("", "", "\u200e\u200f")


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character -> the string it is mapped to in a
    skeleton.  The data lists, for every source character of Unicode's
    confusables.txt, its prototype, and for every prototype its sources; a
    prototype is never a source, so a character with one entry is a source
    unless that entry names it back as its only one (a pair: both go to
    the smaller), and a character with several is a prototype (kept)."""
    data = confusables.confusables_data
    out: dict[str, str] = {}
    for ch, entries in data.items():
        if len(ch) != 1 or len(entries) != 1:
            continue
        other = entries[0]["c"].translate(_MARKS)
        back = data.get(entries[0]["c"], [])
        if len(other) == 1 and len(back) == 1:
            out[ch] = min(ch, other)
        else:
            out[ch] = other
    return out


def skeleton(text: str) -> str:
    """The UTS #39 skeleton of ``text``: NFD, default ignorables dropped,
    each confusable character replaced by its prototype, NFD again."""
    table = _prototypes()
    return unicodedata.normalize("NFD", "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFD", text) if not ignorable(ch)))


def name_keys(name: str) -> list[str]:
    """The keys a claimed name holds (see the module docstring): two
    strings, equal for most names.  Two names clash when they share a key."""
    base = " ".join(unicodedata.normalize("NFKC", name).split())
    return sorted({unicodedata.normalize("NFKC", skeleton(form)).casefold() for form in (base.casefold(), base)})




def _too_many_marks(text: str) -> bool:
    run = 0
    for ch in text:
        run = run + 1 if unicodedata.category(ch).startswith("M") else 0
        if run > MAX_MARKS:
            return True
    return False


def clean_text(raw: Any, max_len: int) -> str:
    """A line of text from a player (chat): stripped, 1..``max_len``
    characters, no control, format, private-use or unassigned characters,
    something visible.

    Raises :class:`ProtocolError` ``BAD_MESSAGE``; markup is kept as text."""
    if not isinstance(raw, str):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "text must be a string")
    text = unicodedata.normalize("NFC", raw).strip()
    if not 1 <= len(text) <= max_len or any(unicodedata.category(ch) in _HIDDEN_CATEGORIES for ch in text) or _too_many_marks(text) or not _visible(text):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"text must be 1..{max_len} printable characters")
    return text


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


# field name -> (required, checker)
_SCHEMAS: dict[str, dict[str, tuple[bool, Any]]] = {
    "hello": {
        "proto": (True, _is_int),
        "name": (False, lambda v: isinstance(v, str) and len(v) <= 200),
        "token": (False, lambda v: isinstance(v, str) and 0 < len(v) <= 128),
    },
    "ping": {"now": (False, _is_int)},
    "tables": {"game": (False, lambda v: isinstance(v, str) and len(v) <= MAX_ID), "sub": (False, lambda v: isinstance(v, bool))},
    "quick": {
        "game": (True, lambda v: isinstance(v, str) and len(v) <= MAX_ID),
        "bots": (False, lambda v: isinstance(v, bool)),
        "options": (False, lambda v: isinstance(v, dict) and len(v) <= 16),
    },
    "open": {
        "game": (True, lambda v: isinstance(v, str) and len(v) <= MAX_ID),
        "seats": (False, lambda v: _is_int(v) and 1 <= v <= 16),
        "turn_ms": (False, lambda v: _is_int(v) and 0 <= v <= 600_000),
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
    "chat": {"table": (True, str), "text": (True, lambda v: isinstance(v, str) and 0 < len(v) <= 800)},
    "me": {},
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

    Raises :class:`ProtocolError` ``BAD_MESSAGE`` for an unknown type, a
    missing or unknown field, a field of the wrong type or range, or a
    ``ref`` that is not an int 0..2^31-1 (refused like any bad field, with
    no ref to echo).  Move
    payloads are checked for shape here (JSON-like, small) and for meaning by
    the engine.  Every refusal carries the message's ``ref`` when it had a
    valid one.
    """
    ref = raw.get("ref")
    if "ref" in raw and not (_is_int(ref) and 0 <= ref < 2**31):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "ref must be an int 0..2^31-1")
    try:
        return _parse(raw, ref)
    except ProtocolError as exc:
        exc.ref = ref
        raise


def _parse(raw: dict[str, Any], ref: Any) -> Message:
    kind = raw.get("t")
    if not isinstance(kind, str) or kind not in _SCHEMAS:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "unknown message type")
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
            raise ProtocolError(ErrorCode.BAD_MESSAGE, f"{kind}: bad {key}")
        fields[key] = value
    for key, (required, _) in schema.items():
        if required and key not in fields:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, f"{kind}: missing {key}")
    if kind == "move":
        _check_json_value(fields["move"])
        mtype = fields["move"].get("type")
        if not isinstance(mtype, str) or mtype.startswith("_"):
            raise ProtocolError(ErrorCode.BAD_MOVE, "move needs a type")
    if kind in ("open", "quick") and "options" in fields:
        _check_json_value(fields["options"])
    if kind == "chat":
        clean_text(fields["text"], MAX_CHAT)
    return Message(kind, fields, ref)


def error(code: ErrorCode, message: str, ref: Any = None, **extra: Any) -> dict[str, Any]:
    """An ``error`` frame's message dict."""
    frame = {"t": "error", "code": code.value, "msg": message}
    if ref is not None:
        frame["ref"] = ref
    frame.update(extra)
    return frame
