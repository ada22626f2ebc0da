"""What is published on a table's and a player's channel: one typed
vocabulary, the single definition of these bytes.

A table's channel (``P:room:{id}``) carries

* :class:`TableVersion`: a committed version (8-byte big-endian version,
  then the msgpack doc), built by ``lobby/lua/commit.lua``;
* :class:`TableRecord`: a committed version written as its record alone
  (8-byte version, :data:`RECORD_MARK`, which no msgpack doc starts with,
  then the msgpack record: :func:`lobby.tables.redo` makes its doc from the
  version before), built by ``lobby/lua/commit.lua``;
* :class:`ChatLine`: a chat line (:data:`CHAT_MARK`, 8 zero bytes, which no
  version is, then ``<stream id>|<msgpack line>``), built by
  ``lobby/lua/chat.lua``;
* :class:`ReadyMarks`: a finished table's ready marks (:data:`READY_MARK`,
  8 bytes 0xff, which no version is, then ``<game_no>:<0|1 per seat>``),
  built by ``lobby/lua/ready.lua``.

A player's channel (``P:balance:{pid}``) carries

* :class:`Balance`: the balance after a change (decimal coins), built by
  ``lobby/lua/settle.lua`` and ``lobby/lua/commit.lua``'s payout;
* :class:`Revoked`: signed-out session ids (:data:`REVOKED_MARK`, then
  msgpack ``{"sids", "ack"}``), built by :meth:`Store.publish_revoked`;
* :class:`ArenaPaired`: the player was seated at an arena's table
  (:data:`PAIRED_MARK`, then msgpack ``{"arena", "table", "seat"}``), built by
  :mod:`lobby.arenas`.

:func:`decode_table` and :func:`decode_player` turn received bytes into
these; each class's ``encode`` gives the bytes (the Lua scripts build the
same bytes themselves: keep them in step with this module).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

import msgpack

from .protocol import packb

#: the first 8 bytes of a chat line published on a table's channel (no version is 0)
CHAT_MARK = bytes(8)
#: the first 8 bytes of a table's ready marks published on its channel (no version is 2**64 - 1)
READY_MARK = b"\xff" * 8
#: the byte after the version of a version published as its record (a doc is a msgpack map: 0x80-0x8f, 0xde, 0xdf)
RECORD_MARK = b"+"
#: the first byte of a revocation published on a player's channel (a balance is decimal digits)
REVOKED_MARK = b"R"
#: the first byte of an arena pairing published on a player's channel
PAIRED_MARK = b"A"


@dataclass(frozen=True, slots=True)
class TableVersion:
    """A committed version of a table: ``version`` (>= 1) and ``packed``, the
    doc still msgpack (unpacked only when delivered: :meth:`doc`)."""

    version: int
    packed: bytes

    def encode(self) -> bytes:
        """The bytes published."""
        return self.version.to_bytes(8, "big") + self.packed

    def doc(self) -> dict[str, Any]:
        """The doc, unpacked."""
        return msgpack.unpackb(self.packed, raw=False, strict_map_key=False)


@dataclass(frozen=True, slots=True)
class TableRecord:
    """A committed version of a table written as its record alone (an
    appended move): ``version`` and ``packed``, the record still msgpack."""

    version: int
    packed: bytes

    def encode(self) -> bytes:
        """The bytes published."""
        return self.version.to_bytes(8, "big") + RECORD_MARK + self.packed

    def payload(self) -> bytes:
        """What follows the version (what :meth:`lobby.store.Store.echo` compares)."""
        return RECORD_MARK + self.packed

    def record(self) -> dict[str, Any]:
        """The record, unpacked."""
        return msgpack.unpackb(self.packed, raw=False, strict_map_key=False)


@dataclass(frozen=True, slots=True)
class ChatLine:
    """A chat line of a table: its stream id (``b"<ms>-<seq>"``) and the
    line still msgpack (``Store.chat_line`` makes the client's form)."""

    line_id: bytes
    packed: bytes

    def encode(self) -> bytes:
        """The bytes published."""
        return CHAT_MARK + self.line_id + b"|" + self.packed


@dataclass(frozen=True, slots=True)
class ReadyMarks:
    """A finished table's ready marks, ``b"<game_no>:<0|1 per seat>"``
    (:func:`lobby.tables.ready_marks`' form)."""

    marks: bytes

    def encode(self) -> bytes:
        """The bytes published."""
        return READY_MARK + self.marks


@dataclass(frozen=True, slots=True)
class Balance:
    """A player's balance after a change (coins)."""

    coins: int

    def encode(self) -> bytes:
        """The bytes published."""
        return str(self.coins).encode()


@dataclass(frozen=True, slots=True)
class Revoked:
    """Sessions of a player were signed out: their ids, and the nonce of the
    ack list (``P:ack:<ack>``) every process pushes to once it closed them."""

    sids: tuple[str, ...]
    ack: str

    def encode(self) -> bytes:
        """The bytes published."""
        return REVOKED_MARK + packb({"sids": list(self.sids), "ack": self.ack})


@dataclass(frozen=True, slots=True)
class ArenaPaired:
    """The player was seated at ``table`` (seat ``seat``) by ``arena``'s pairing."""

    arena: str
    table: str
    seat: int

    def encode(self) -> bytes:
        """The bytes published."""
        return PAIRED_MARK + packb({"arena": self.arena, "table": self.table, "seat": self.seat})


TableMessage = Union[TableVersion, TableRecord, ChatLine, ReadyMarks]
PlayerMessage = Union[Balance, Revoked, ArenaPaired]


def decode_table(data: bytes) -> TableMessage:
    """The message of bytes received on a table's channel.  Raises
    ValueError on a chat line without its ``|``."""
    head, rest = data[:8], data[8:]
    if head == READY_MARK:
        return ReadyMarks(rest)
    if head == CHAT_MARK:
        line_id, sep, packed = rest.partition(b"|")
        if not sep:
            raise ValueError("chat line without a stream id")
        return ChatLine(line_id, packed)
    if rest[:1] == RECORD_MARK:
        return TableRecord(int.from_bytes(head, "big"), rest[1:])
    return TableVersion(int.from_bytes(head, "big"), rest)


def decode_player(data: bytes) -> PlayerMessage:
    """The message of bytes received on a player's channel.  Raises
    ValueError on bytes that are neither."""
    if data[:1] == REVOKED_MARK:
        msg = msgpack.unpackb(data[1:], raw=False, strict_map_key=False)
        return Revoked(tuple(msg.get("sids") or ()), str(msg.get("ack")))
    if data[:1] == PAIRED_MARK:
        msg = msgpack.unpackb(data[1:], raw=False, strict_map_key=False)
        return ArenaPaired(str(msg["arena"]), str(msg["table"]), int(msg["seat"]))
    return Balance(int(data))
