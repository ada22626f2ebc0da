"""A table's chat, kept beside its doc (a Redis stream, never the doc):
the chat half of :class:`lobby.store.Store` (a mixin it inherits), and the
form of a chat line sent to clients.  Uses what ``Store`` sets up
(``run``, ``room_key``, ``room_channel``, ``sharded``, the chat script)."""

from __future__ import annotations

from typing import Any

from .redis_values import pack, unpack

#: the chat of a table with no expiry of its own (a live one) expires this
#: long after its last line (s); a table that ends gives its chat its own expiry
CHAT_IDLE_TTL_S = 24 * 3600


#: the chat lines a page keeps of a table (static/net.js MAX_CHAT_LINES):
#: a table's chat stream keeps at least these, so the names they show are
#: known to whoever marks a new name apart (:meth:`ChatStore.chat_speakers`)
CHAT_SHOWN = 50


#: a table's two chat rooms: its players' and its spectators'
PLAYERS_ROOM = "players"
SPECTATORS_ROOM = "spectators"


def chat_room(spectator: bool) -> str:
    """The room a line goes to: a spectator's to the spectators' room, a
    player's to the players'."""
    return SPECTATORS_ROOM if spectator else PLAYERS_ROOM


def chat_line(line_id: bytes | str, packed: bytes) -> dict[str, Any]:
    """A chat line as sent to clients: the stored msgpack line with its
    stream ``id`` (and its ``room`` by its ``spectator`` mark where a line
    kept from before rooms has none), without its speaker's player id."""
    line = unpack(packed)
    line.pop("pid", None)
    line["id"] = line_id.decode() if isinstance(line_id, bytes) else line_id
    line.setdefault("room", chat_room(bool(line.get("spectator"))))
    return line


def chat_order(line: dict[str, Any]) -> tuple[int, int]:
    """The sort key of a chat line: its stream id ``"<ms>-<seq>"`` as numbers."""
    ms, _, seq = line["id"].partition("-")
    return int(ms), int(seq or 0)


def _packed(fields: Any) -> bytes:
    """The packed line of a stream entry's fields (a cluster pipeline parses
    them into a dict; the batcher leaves them flat)."""
    return fields[b"m"] if isinstance(fields, dict) else dict(zip(fields[::2], fields[1::2]))[b"m"]


class ChatStore:
    """The chat stream of a table: its key, a line added, the last lines read."""

    def chat_key(self, room_id: str) -> str:
        return self.room_key(room_id) + ":chat"

    async def add_chat(self, room_id: str, line: dict[str, Any], keep: int, lines: int, window_ms: int) -> str | int:
        """Append a chat line (``{"at", "name", "text", "spectator", "pid"}``:
        ``pid``, its speaker's, is kept but never sent, :func:`chat_line`; its
        ``room`` is set by its ``spectator`` mark, :func:`chat_room`) to the
        table's chat stream, trimmed to ``max(keep, lines, CHAT_SHOWN)`` entries,
        expiring with the table (:data:`CHAT_IDLE_TTL_S` while the table has
        no expiry), and publish it on the table's channel, in one script on
        the table's slot, unless the table took ``lines`` lines in the last
        ``window_ms`` ms.  The table doc is not touched.

        Returns the line's id (the stream id, ``"<ms>-<seq>"``), 0 if there
        is no such table, -1 if the table's window is full (nothing written)."""
        key = self.room_key(room_id)
        line = {**line, "room": chat_room(bool(line.get("spectator")))}
        (reply,) = await self.run([(
            "EVALSHA", self._chat.sha, 2, key, self.chat_key(room_id),
            pack(line), self.room_channel(room_id), "SPUBLISH" if self.sharded else "PUBLISH",
            max(keep, lines, CHAT_SHOWN), lines, window_ms, CHAT_IDLE_TTL_S,
        )])
        return reply.decode() if isinstance(reply, bytes) else int(reply)

    async def chat_names(self, room_id: str) -> tuple[dict[str, tuple[str, str]], str]:
        """The names the table's spectators chat under: player id →
        ``(name, shown)``, and the version they were read at (to pass to
        :meth:`keep_chat_name`)."""
        (raw,) = await self.run([("HGETALL", self.chat_key(room_id) + ":names")])
        pairs = raw.items() if isinstance(raw, dict) else zip(raw[::2], raw[1::2])
        out, version = {}, "0"
        for pid, value in pairs:
            value = value.decode() if isinstance(value, bytes) else value
            pid = pid.decode() if isinstance(pid, bytes) else pid
            if not pid:
                version = value
                continue
            name, _, shown = value.partition("\0")
            out[pid] = (name, shown)
        return out, version

    async def keep_chat_name(self, room_id: str, pid: str, name: str, shown: str, version: str) -> bool:
        """Keep that spectator ``pid`` named ``name`` chats under ``shown``
        at the table (its mark included), as long as its chat lives
        (:data:`CHAT_IDLE_TTL_S` after the last name kept), only if no name
        was kept since :meth:`chat_names` read ``version`` (one script: two
        look-alikes choosing at once cannot both go unmarked).  Returns
        whether it was kept; False means read the names again."""
        key = self.chat_key(room_id) + ":names"
        (kept,) = await self.run([("EVALSHA", self._chat_name.sha, 1, key, version, pid, f"{name}\0{shown}", CHAT_IDLE_TTL_S)])
        return bool(kept)

    async def chat_speakers(self, room_id: str) -> list[tuple[str | None, str]]:
        """``(pid, name)`` of the table's last :data:`CHAT_SHOWN` chat lines
        (the names a page may still show; ``pid`` None for a line kept from
        before lines held it), newest first."""
        (entries,) = await self.run([("XREVRANGE", self.chat_key(room_id), "+", "-", "COUNT", CHAT_SHOWN)])
        out = []
        for _, fields in entries:
            line = unpack(_packed(fields))
            out.append((line.get("pid"), line["name"]))
        return out

    async def chat_lines(self, room_id: str, count: int) -> list[dict[str, Any]]:
        """The table's last ``count`` chat lines, oldest first, each with its ``id``."""
        (entries,) = await self.run([("XREVRANGE", self.chat_key(room_id), "+", "-", "COUNT", count)])
        out = []
        for entry_id, fields in reversed(entries):
            out.append(chat_line(entry_id, _packed(fields)))
        return out

    def chat_expire_cmd(self, room_id: str, ttl_s: int) -> tuple[Any, ...]:
        """The command that makes a table's chat expire in ``ttl_s`` s (with the table)."""
        return ("EXPIRE", self.chat_key(room_id), ttl_s)
