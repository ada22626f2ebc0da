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
#: the latest time a client may name (ms since the Unix epoch): the most a
#: JavaScript Date holds (ECMAScript's time value range, 8.64e15 ms)
MAX_TIME_MS = 8_640_000_000_000_000
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
    stacked combining marks), ``reserved`` (ends in "(bot)",
    or, folded, holds a bot word, "bot" or "机器人", as a word of its own:
    between punctuation, symbols, spaces or the ends, "Ann (bot).", "Ann
    «bot", "Bot Rick"; not inside a word, "Robot", "Abbott"),
    ``bracket`` (ends in a closing bracket or a look-alike, punctuation
    after it aside: where pages write their markers, "(away)", "（托管）",
    "(left)", "Ann (away).", "Ann (awayↄ", "Ann ‹away›": :func:`_closes`), ``page_word``
    (folded, it is one of the pages' own words beside a seat in either
    language, :data:`PAGE_WORDS`: "empty", "Seat 2", "bot", "Bot 1", "you",
    "away", "left", "time's up", "folded", "空位", "座位 2", "机器人", "你",
    "托管中", "已离开", "超时", "已弃牌", ...).  Both word checks fold
    look-alikes first (:func:`_check_keys`: enclosed letters, traditional
    forms, radicals and look-alikes, "机器亻", mirrored capitals, small capitals,
    any Unicode number or CJK numeral, "No"/"№" before one), and split words also at letters
    drawn as punctuation and at a change between CJK and another script;
    a page word in small letters anywhere in the name is ``page_word`` too
    ("Ann ᴀᴡᴀʏ", "Ann ᵃʷᵃʸ": :func:`_small_page_word`), and angle brackets at the end
    around anything but an HTML tag, or their look-alikes around anything,
    ``bracket`` ("Ann <away>", "Ann ˂away˃": :func:`_angle_marker`).
    Markup is kept as text; the browser renders names with ``textContent``,
    never as HTML.
    """

    def bad(reason: str, message: str) -> ProtocolError:
        return ProtocolError(ErrorCode.BAD_NAME, message, reason=reason)

    name = _trimmed(raw, MAX_NAME, "name", bad)
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
        raise bad("page_word", "names may not be the page's own words beside a seat: empty, seat N, bot, you, away, left, time's up, folded, ...")
    if _bot_word(name):
        raise bad("reserved", "the word bot on its own is for bots' names")
    if _small_page_word(name):
        raise bad("page_word", "names may not hold the page's own words in small letters, which read as a badge: Ann ᴀᴡᴀʏ")
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
#: data leaves apart (small capitals, Cyrillic, Greek and Coptic forms, other brackets)
_BOT_FOLD = str.maketrans({"ʙ": "b", "в": "b", "ь": "b", "т": "t", "τ": "t", "ᴛ": "t", "ᴏ": "o", "ⲃ": "b", "ⲧ": "t", "⦅": "(", "⦆": ")", "❨": "(", "❩": ")", "﴾": "(", "﴿": ")", "⸨": "(", "⸩": ")", "⁽": "(", "⁾": ")", "₍": "(", "₎": ")"})


def _bot_like(name: str) -> bool:
    """Whether ``name`` ends in "(bot)" or a look-alike of it (other
    brackets' widths, Cyrillic letters, marks on it, spaces, punctuation
    after it: :func:`_end`): the name keys of accounts, without their marks
    and spaces."""
    bot = _bot_keys()
    for key in name_keys(name):
        bare = _end("".join(ch for ch in key if not unicodedata.combining(ch)).replace(" ", "").translate(_BOT_FOLD))
        if any(bare.endswith(b) for b in bot):
            return True
    return False


#: letters drawn as a closing parenthesis (reversed c, open o: "Ann
#: (awayↄ"; a name's skeleton makes them "ɔ").  One counts as a bracket
#: after an opening one ("Kwadwɔ" is a name).  "<" and ">" are left to
#: markup, which names keep as text ("<img src=x onerror=f(1)>")
_CLOSING_LOOKALIKES = frozenset("ↄↃɔƆϽͻᴐᵓ")
#: quote marks that are not Pi or Pf ("Ann 'away'", "Ann "away"")
_QUOTES = frozenset("'\"`\u02bc\u02bb\u02ee\u2032\u2033\u05f3\u05f4")


def _quote(ch: str) -> bool:
    return unicodedata.category(ch) in ("Pi", "Pf") or ch in _QUOTES


def _opening(ch: str) -> bool:
    return unicodedata.category(ch) == "Ps" or _quote(ch)


def _trailing(ch: str) -> bool:
    """Whether ``ch`` may stand after a page's marker and still leave it
    read as one: punctuation, symbols, spaces, marks, modifier letters and
    the letters drawn as punctuation ("Ann (away).", "Ann（托管）。",
    "Ann (away)ʼ")."""
    cat = unicodedata.category(ch)
    return cat[0] in "PSZMC" or cat == "Lm" or ch in _SEPARATOR_LETTERS


def _end(text: str) -> str:
    """``text`` without what trails its last closing bracket: every
    :func:`_trailing` character at its end but a closing bracket, a
    look-alike after an opening one, a quote mark closing a quoted part
    (:func:`_closes`), or a ">" closing a "<" (markup: "<i>x</i>", "f(1)>")."""
    end = len(text)
    while end and _trailing(text[end - 1]) and not _closes(text, end - 1) and not (text[end - 1] == ">" and "<" in text[: end - 1]):
        end -= 1
    return text[:end]


def _closes(text: str, i: int) -> bool:
    """Whether ``text[i]`` closes a marker: a closing bracket (")",
    "）", "】": Unicode's Pe), or, after an opening bracket or quote, a
    letter or symbol drawn as one (:data:`_CLOSING_LOOKALIKES`), or, after
    another quote mark, a quote mark ("Ann ‹away›", "Ann «托管»")."""
    ch = text[i]
    if ch == ")" or unicodedata.category(ch) == "Pe":
        return True
    if ch in _CLOSING_LOOKALIKES:
        return any(_opening(c) for c in text[:i])
    if not _quote(ch):
        return False
    while i and _quote(text[i - 1]):  # one mark may be two in a skeleton ("”" -> "''")
        i -= 1
    return any(_quote(c) for c in text[:i])


#: the elements of HTML (WHATWG), SVG's and MathML's roots: a name ending
#: in one of their tags ("<b>Ann</b>", "<img src=x onerror=f(1)>") is markup,
#: kept as text; any other angle-bracketed end is a marker ("Ann <away>")
_HTML_ELEMENTS = frozenset(
    "a abbr address area article aside audio b base bdi bdo blockquote body br button canvas caption cite code col colgroup "
    "data datalist dd del details dfn dialog div dl dt em embed fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 "
    "head header hgroup hr html i iframe img input ins kbd label legend li link main map mark menu meta meter nav noscript "
    "object ol optgroup option output p picture pre progress q rp rt ruby s samp script search section select slot small "
    "source span strong style sub summary sup table tbody td template textarea tfoot th thead time title tr track u ul var "
    "video wbr svg math marquee blink font center".split()
)
_TAG_RE = re.compile(r"/?([a-z][a-z0-9]*)(?:[\s/][^<>]*)?")


#: look-alikes of angle brackets, (opening, closing) pairs, that Unicode
#: calls no bracket: modifier arrowheads, math relations, Canadian syllabics
#: ("Ann ˂away˃", "Ann ≺away≻", "Ann ᐸ托管ᐳ"); no markup is written in them
_ANGLE_LOOKALIKES = (
    ("\u02c2", "\u02c3"), ("\u02f1", "\u02f2"), ("\u1438", "\u1433"), ("\u1455", "\u1450"), ("\u22d6", "\u22d7"),
    ("\u227a", "\u227b"), ("\u2282", "\u2283"), ("\u228f", "\u2290"), ("\u226a", "\u226b"), ("\u22d8", "\u22d9"),
)


def _angle_marker(name: str) -> bool:
    """Whether ``name`` (or it folded, :func:`_lookalikes_folded`, marks
    dropped) ends in an angle-bracketed part that is no HTML tag (:data:`_HTML_ELEMENTS`),
    or in a part between a pair of :data:`_ANGLE_LOOKALIKES` (a letter pair,
    "ᐸ…ᐳ", around letters of another script), punctuation after it aside:
    "Ann <away>", "Ann ＜托管＞", "Ann <Paris>", "Ann ˂away˃", "Ann ᐸ托管ᐳ" are
    brackets where the page writes its markers; "<i>x</i>" is markup."""
    for key in (name, _lookalikes_folded(name).casefold()):  # (not a skeleton: it makes "<i>" "<l>")
        bare = "".join(ch for ch in key if not unicodedata.combining(ch))
        for opening, closing in _ANGLE_LOOKALIKES:
            end = _end(bare.replace(closing, ")"))  # a closing bracket, so _end stops there
            if end.endswith(")") and opening in end[:-1] and not _same_script_word(end[end.rindex(opening) : -1], closing):
                return True
        bare = _end(bare)
        if bare.endswith(">") and "<" in bare[:-1]:
            tag = _TAG_RE.fullmatch(bare[bare.rindex("<") + 1 : -1].casefold())
            if not (tag and tag.group(1) in _HTML_ELEMENTS):
                return True
    return False


def _same_script_word(part: str, bracket: str) -> bool:
    """Whether ``part`` (from a look-alike opening bracket on) holds letters
    of the script of the letter ``bracket`` ("ᐸᓂᐳ" is a word of syllabics,
    "ᐸawayᐳ" a marker); False when ``bracket`` is no letter."""
    if unicodedata.category(bracket)[0] != "L":
        return False
    script = unicodedata.name(bracket).split()[:2]
    return any(unicodedata.name(ch, "").split()[:2] == script for ch in part[1:] if unicodedata.category(ch)[0] == "L")


def _ends_in_bracket(name: str) -> bool:
    """Whether ``name`` ends in a closing bracket of any kind or a look-alike
    (:func:`_closes`, in the name and its check keys without marks and
    spaces), punctuation and the like after it aside (:func:`_end`): each
    page writes its markers in brackets after a name ("Ada (bot)",
    "Ann（托管）", "Bo (left)"), so a name ending in one could pass for a
    marked one in any language ("Ann (away).", "Ann ‹away›")."""
    for key in (name, *_check_keys(name)):
        bare = _end("".join(ch for ch in key if not unicodedata.combining(ch)).replace(" ", "").translate(_BOT_FOLD))
        if bare and _closes(bare, len(bare) - 1):
            return True
    return _angle_marker(name)


#: the pages' own words beside a seat's name, en and zh (static/i18n.js: a
#: free seat, ourselves, the seat badges of games/common.js seatBadges; the
#: tags and last actions of games/stud.js): a name equal to one reads as a
#: badge.  tests/lobby/test_names.py reads every badge text from static/
#: and checks that it is refused
PAGE_WORDS = (
    "empty", "you", "bot", "away", "left", "time's up", "folded", "all-in", "escaped", "winner", "checked",
    "空位", "你", "机器人", "托管", "托管中", "已离开", "超时", "弃牌", "已弃牌", "全压", "逃跑", "赢家", "不下注",
)
#: the words that take a seat number after them ("Seat 2", "机器人 1")
_NUMBERED_WORDS = ("seat", "bot", "座位", "机器人")


def _bare(key: str) -> str:
    """A name key without its spaces, punctuation, symbols and combining
    marks ("time's up" -> "timesup", "away~" -> "away", "awa\u0335y" -> "away")."""
    return "".join(ch for ch in key if unicodedata.category(ch)[0] not in "PZSM")


def _ends_stripped(text: str) -> str:
    """``text`` without its marks, and without punctuation, symbols and
    spaces at its ends ("#2." -> "2"; "2-3" stays)."""
    text = "".join(ch for ch in text if not unicodedata.category(ch).startswith("M"))
    start, end = 0, len(text)
    while start < end and unicodedata.category(text[start])[0] in "PZS":
        start += 1
    while end > start and unicodedata.category(text[end - 1])[0] in "PZS":
        end -= 1
    return text[start:end]


def _number(ch: str) -> float | None:
    """The value of ``ch`` as a number: any Unicode number (N*) or a CJK
    numeral ("二", "十", "貳", "〇"), else None."""
    if unicodedata.category(ch)[0] == "N" or _cjk(ch):
        return unicodedata.numeric(ch, None)
    return None


def _numbers_folded(text: str) -> str:
    """``text`` with every whole-valued number (:func:`_number`: "②", "²",
    "Ⅱ", "⒉", "٢", "二") written in ASCII digits ("Seat Ⅱ" -> "Seat 2",
    "座位二" -> "座位2")."""
    out = []
    for ch in text:
        value = _number(ch)
        out.append(str(int(value)) if value is not None and value == int(value) else ch)
    return "".join(out)


def _page_word(name: str) -> bool:
    """Whether ``name``'s check keys (:func:`_check_keys`), without spaces,
    punctuation, symbols and marks, are a page word (or a look-alike of
    one), or, without spaces, a numbered one followed by a number only,
    punctuation around it dropped ("Seat #2", "Seat-2", "座位②", "Seat Ⅱ",
    "座位二": any Unicode number or CJK numeral, also in ASCII digits;
    "Seat 2-3" is no seat number).  The keys fold "1" and "l" together: the name must hold a
    number then, so "Boto" stays a name, as does "bot0-1"."""
    words, numbered, digits = _page_word_keys()
    has_number = any(_number(ch) is not None for ch in name)
    keys = _check_keys(name) + (_check_keys(_numbers_folded(name)) if has_number else [])
    for key in keys:
        if _bare(key) in words:
            return True
        bare = _ends_stripped(key.replace(" ", ""))
        for word in numbered:
            if not bare.startswith(word):
                continue
            rest = _ends_stripped(bare[len(word):])
            if rest[:2] in _NUMERO:  # "Seat No. 2", "Seat №2" (NFKC: "No2")
                rest = _ends_stripped(rest[2:]) or "-"
            if not rest or has_number and all(ch in digits for ch in rest):
                return True
    return False


#: the keys of the words written before a seat number ("Seat No. 2",
#: "Seat Nr 2", "Seat n°2"; "№" is "No" after NFKC, as is "nº", "#" is
#: punctuation already); each two characters long
_NUMERO = ("no", "nr", "n\u00b0")


def _small_page_word(name: str) -> bool:
    """Whether words of ``name`` written in small letters (a small capital
    or a superscript or subscript letter in them: "Ann ᴀᴡᴀʏ", "Ann ᵃʷᵃʸ")
    are a page word (:func:`_page_word`): drawn small after a name, they
    read as its badge.  Words are the runs between punctuation, symbols and
    spaces; every run of whole words is tried ("Ann ᴛɪᴍᴇ's ᴜᴘ")."""
    text = "".join(ch for ch in name if not unicodedata.combining(ch))
    cuts = [i for i, ch in enumerate(text) if unicodedata.category(ch)[0] in "PSZ"]
    starts = [i for i in range(len(text)) if i not in cuts and (i == 0 or i - 1 in cuts)]
    ends = [i + 1 for i in range(len(text)) if i not in cuts and (i + 1 == len(text) or i + 1 in cuts)]
    for a in starts:
        for b in ends:
            if b > a and any(_small_letter(ch) for ch in text[a:b]) and _page_word(text[a:b]):
                return True
    return False


def _small_letter(ch: str) -> bool:
    """A small capital (:data:`_SMALL_CAPITALS`) or a superscript or
    subscript letter (:func:`_script_letter`)."""
    return ord(ch) in _SMALL_CAPITALS or _script_letter(ch)


def _script_letter(ch: str) -> bool:
    """Whether ``ch`` is a letter NFKC writes as a superscript or subscript
    form of another ("ᵃ" -> "a", the modifier letters "ʷ", "ˡ" -> "w", "l")."""
    return unicodedata.category(ch)[0] == "L" and unicodedata.decomposition(ch).startswith(("<super>", "<sub>"))


@functools.cache
def _page_word_keys() -> tuple[frozenset[str], tuple[str, ...], frozenset[str]]:
    """(the check keys of PAGE_WORDS, :func:`_bare`; of _NUMBERED_WORDS and the
    characters of the digits' keys, without spaces)."""
    keys = lambda words: {k.replace(" ", "") for w in words for k in _check_keys(w)}  # noqa: E731
    return frozenset(_bare(k) for k in keys(PAGE_WORDS)), tuple(sorted(keys(_NUMBERED_WORDS))), frozenset("".join(keys("0123456789")))


#: the words bots' names are marked with, in each page language ("Ada (bot)", "Ada（机器人）")
_BOT_WORDS = ("bot", "机器人")


#: letters and modifiers that draw as punctuation between two words
#: ("Annㆍbot", "Annǀbot", "Annˑbot"): the Hangul araea, the click letters,
#: the spacing modifier letters, modifier tone letters, the sinological
#: dot, Lisu tone letters, Arabic tatweel, NKo lajanyalan, the vertical
#: tilde, the katakana-hiragana prolonged sound marks (full and half width),
#: the Canadian syllabics finals ("ᐟ", "ᐧ"); but the superscript letters
#: among them ("ʰ", "ʷ", "ˡ", "ˢ": U+02B0..02B8, U+02E0..02E4), which are
#: letters (:func:`_script_letter`: "Ann ᵃʷᵃʸ" is "away" drawn small, "Kʷame" a name)
_SEPARATOR_LETTERS = frozenset(
    "\u318d\u0640\u07fa\u2e2f\u30fc\uff70\ua78f"
    + "".join(
        chr(cp)
        for lo, hi in ((0x01C0, 0x01C3), (0x02B0, 0x02FF), (0xA700, 0xA721), (0xA788, 0xA78A), (0xA4F8, 0xA4FF), (0x141F, 0x142A))
        for cp in range(lo, hi + 1)
        if not _script_letter(chr(cp))
    )
)
#: scripts written without spaces between words and names (Han, kana, Hangul,
#: bopomofo, their radicals and compatibility forms): a change between one
#: of them and a letter of another script is a word break ("小明bot")
_CJK_RANGES = (
    (0x1100, 0x11FF), (0x2E80, 0x2FDF), (0x3040, 0x30FF), (0x3100, 0x318F), (0x31A0, 0x31FF), (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF), (0xA960, 0xA97F), (0xAC00, 0xD7FF), (0xF900, 0xFAFF), (0xFF66, 0xFFDC), (0x20000, 0x3FFFF),
)


def _cjk(ch: str) -> bool:
    cp = ord(ch)
    return cp >= 0x1100 and any(lo <= cp <= hi for lo, hi in _CJK_RANGES)


def _words(text: str) -> list[str]:
    """The runs of letters and digits of ``text``: every other character
    (punctuation, symbols, spaces of any script: Unicode's P*, S*, Z*, C*;
    the letters that draw as punctuation, :data:`_SEPARATOR_LETTERS`)
    separates words, as does a change of script between a CJK letter and
    another letter (digits belong to neither: "小明1bot" -> "小明1", "bot")."""
    out: list[str] = []
    last: bool | None = None  # whether the last letter of this word was CJK
    for ch in text:
        cat = unicodedata.category(ch)[0]
        if cat not in "LN" or ch in _SEPARATOR_LETTERS:
            out.append(" ")
            last = None
            continue
        if cat == "L":
            cjk = _cjk(ch)
            if last is not None and cjk != last:
                out.append(" ")
            last = cjk
        out.append(ch)
    return "".join(out).split()


def _bot_word(name: str) -> bool:
    """Whether a word of ``name`` is a bot word (:data:`_BOT_WORDS`), marks
    dropped, before and after the skeleton (which adds some: Cherokee "Ꮎ"
    is "o" and a stroke, "Ann ᏴᎾᎢ"): split both before and after folding
    (:func:`_check_keys`, NFKC, case folded, the bots' look-alike letters
    folded), since a fold turns some symbols into letters ("ⓑⓞⓣ" -> "bot",
    "₨" -> "Rs") and some letters into punctuation."""
    bots = _bot_word_keys()
    text = "".join(ch for ch in unicodedata.normalize("NFD", name) if not unicodedata.category(ch).startswith("M"))
    for raw in (text, *_words(text)):
        for word in _words(_lookalikes_folded(raw).casefold().translate(_BOT_FOLD)):
            for key in _check_keys(word):
                key = "".join(ch for ch in key if not unicodedata.category(ch).startswith("M"))
                if any(part in bots for part in _words(key.translate(_BOT_FOLD))):
                    return True
    return False


@functools.cache
def _bot_word_keys() -> frozenset[str]:
    """The check keys of :data:`_BOT_WORDS`."""
    return frozenset(k for w in _BOT_WORDS for k in _check_keys(w))


@functools.cache
def _bot_keys() -> frozenset[str]:
    """The name keys of "(bot)", without spaces."""
    return frozenset(key.replace(" ", "") for key in name_keys("(bot)"))


#: before NFKC, the enclosed letters NFKC leaves apart or brackets
#: ("⒝" -> "(b)"): parenthesised small letters (U+249C), and the Enclosed
#: Alphanumeric Supplement's letter blocks: parenthesised, squared, negative
#: circled, negative squared capitals and regional indicators (U+1F110,
#: U+1F130, U+1F150, U+1F170, U+1F1E6); the separator letters -> a space
_ENCLOSED_FOLD = {
    **{base + i: chr(first + i) for base, first in ((0x249C, 0x61), (0x1F110, 0x41), (0x1F130, 0x41), (0x1F150, 0x41), (0x1F170, 0x41), (0x1F1E6, 0x41)) for i in range(26)},
    **{ord(ch): " " for ch in _SEPARATOR_LETTERS},
}
#: after NFKC (which maps the Kangxi radicals, "⼈" -> "人"), the other forms
#: of the characters of the zh page words (PAGE_WORDS, _NUMBERED_WORDS,
#: _BOT_WORDS): traditional forms (OpenCC's TSCharacters for those
#: characters), look-alikes (己, 巳 for 已; 入 for 人; 嬴 for 赢) and the CJK
#: Radicals Supplement's forms of them (U+2E85 ⺅ for 人); tests/lobby/test_names.py
#: checks every key is a character of those words
_CJK_FOLD = str.maketrans({
    "離": "离", "開": "开", "時": "时", "託": "托", "讬": "托", "棄": "弃", "壓": "压", "贏": "赢", "嬴": "赢",
    "機": "机", "註": "注", "己": "已", "巳": "已", "入": "人", "\u2e85": "人", "妳": "你", "伱": "你",
    "亻": "人", "\U000201a2": "人", "イ": "人", "噐": "器",
})
#: the Latin small capitals ("ᴀᴡᴀʏ", "ʟᴇꜰᴛ"), which NFKC leaves apart: each
#: folded to its letter (their modifier forms, "ᶦ", are small capitals after
#: NFKC).  Every "LATIN LETTER SMALL CAPITAL <letter>" of Unicode
_SMALL_CAPITALS = {
    cp: name[-1].lower()
    for cp in range(0x250, 0xA800)
    if (name := unicodedata.name(chr(cp), "")).startswith("LATIN LETTER SMALL CAPITAL ") and len(name) == len("LATIN LETTER SMALL CAPITAL X")
}


#: mirrored and reversed Latin capitals the confusables data leaves apart
#: (Cyrillic И, Я; "WIИNER"), and their small forms
_MIRROR_FOLD = str.maketrans({"И": "N", "и": "n", "ᴎ": "n", "Я": "R", "я": "r", "ᴙ": "r", "Ǝ": "E", "ꟻ": "F"})


def _lookalikes_folded(text: str) -> str:
    """``text`` NFKC, with the enclosed letters, separator letters, mirrored
    capitals, small capitals and the zh page words' other forms folded
    (:data:`_ENCLOSED_FOLD`, :data:`_MIRROR_FOLD`, :data:`_SMALL_CAPITALS`,
    :data:`_CJK_FOLD`)."""
    return unicodedata.normalize("NFKC", text.translate(_ENCLOSED_FOLD)).translate(_MIRROR_FOLD).translate(_SMALL_CAPITALS).translate(_CJK_FOLD)


def _check_keys(name: str) -> list[str]:
    """The keys the bot-word and page-word checks compare: :func:`name_keys`
    of :func:`_lookalikes_folded` ``name``.  Accounts keep their plain
    :func:`name_keys` (stored in Redis; these folds only refuse names)."""
    return name_keys(_lookalikes_folded(name))


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


def case_folded(text: str) -> str:
    """``text`` NFKC in one lower case whatever its letters' case: upper-cased,
    then case-folded, until nothing changes (NFD first, so a mark keeps its
    letter), so that every casing of a name folds alike ("ı", "I" and "i";
    "ſ", "S" and "s"; "ᾷ" and "ᾼ͂")."""
    text = unicodedata.normalize("NFKC", text)
    for _ in range(4):
        folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFD", unicodedata.normalize("NFD", text).upper()).casefold())
        if folded == text:
            break
        text = folded
    return text


def _key(form: str) -> str:
    return unicodedata.normalize("NFKC", skeleton(form)).casefold()


def name_keys(name: str) -> list[str]:
    """The keys a claimed name holds (lobby.accounts): the skeletons of its
    lower- and its upper-case form (:func:`case_folded`), case-folded; one
    or two strings, the lower-case one first.  Two names clash when they
    share a key.  The keys do not depend on the name's letter case: "Tom",
    "TOM" and "ТОМ" (Cyrillic) share "tom", which the skeleton of the small
    letters alone would miss (it maps "m" to "rn", "м" to "ʍ")."""
    low = case_folded(" ".join(unicodedata.normalize("NFKC", name).split()))
    up = unicodedata.normalize("NFKC", unicodedata.normalize("NFD", low).upper())
    return list(dict.fromkeys((_key(low), _key(up))))


def name_keys_v1(name: str) -> list[str]:
    """The keys :func:`name_keys` gave before the upper-case form (accounts
    claimed then hold these until :meth:`lobby.accounts.Accounts.upgrade_names`
    adds the new ones): the skeleton of the name case-folded and as typed."""
    base = " ".join(unicodedata.normalize("NFKC", name).split())
    return sorted({_key(form) for form in (base.casefold(), base)})


def lookup_keys(name: str) -> list[str]:
    """The keys to look an account up by for ``name``: :func:`name_keys`,
    then the older :func:`name_keys_v1` ones it lacks."""
    keys = name_keys(name)
    return keys + [k for k in name_keys_v1(name) if k not in keys]


def _too_many_marks(text: str) -> bool:
    """Whether more than :data:`MAX_MARKS` combining marks stack on one
    character, counted after NFD: a letter that carries marks of its own
    ("ᾯ", "Ź") counts them too."""
    run = 0
    for ch in unicodedata.normalize("NFD", text):
        run = run + 1 if unicodedata.category(ch).startswith("M") else 0
        if run > MAX_MARKS:
            return True
    return False


def clean_text(raw: Any, max_len: int) -> str:
    """A line of text from a player (chat): stripped, 1..``max_len``
    characters, no control, format, private-use or unassigned characters,
    something visible.

    Raises :class:`ProtocolError` ``BAD_TEXT`` with a ``reason``:
    ``not_text``, ``empty``, ``length`` (over ``max_len`` characters; the
    frame's ``max`` says ``max_len``), ``control``, ``marks``,
    ``invisible`` (as :func:`clean_name`'s); markup is kept as text."""

    def bad(reason: str, message: str) -> ProtocolError:
        return ProtocolError(ErrorCode.BAD_TEXT, message, reason=reason, figures={"max": max_len})

    text = _trimmed(raw, max_len, "text", bad)
    if _too_many_marks(text):
        raise bad("marks", "text stacks too many combining marks")
    if not _visible(text):
        raise bad("invisible", "text has nothing visible")
    return text


def _trimmed(raw: Any, max_len: int, what: str, bad: Any) -> str:
    """``raw`` NFC-normalized and stripped, checked in this order: raises
    ``bad(reason, message)`` for ``not_text``, ``empty``, ``length`` (over
    ``max_len`` characters) and ``control`` (a character of
    :data:`_HIDDEN_CATEGORIES`); ``what`` names the field in the message."""
    if not isinstance(raw, str):
        raise bad("not_text", f"{what} must be a string")
    text = unicodedata.normalize("NFC", raw).strip()
    if not text:
        raise bad("empty", f"{what} is empty")
    if len(text) > max_len:
        raise bad("length", f"{what} must be 1..{max_len} characters")
    if any(unicodedata.category(ch) in _HIDDEN_CATEGORIES for ch in text):
        raise bad("control", f"{what} has control characters")
    return text


def shown(value: str, limit: int = 32) -> str:
    """``value``'s first ``limit`` characters quoted (``repr``), "…" after
    when cut: a client's string named in an error message."""
    return repr(value[:limit]) + ("…" if len(value) > limit else "")


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
