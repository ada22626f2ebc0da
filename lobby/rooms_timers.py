"""What time does to tables, one mixin :class:`lobby.rooms.Rooms` inherits:
a table's due work run (turn timeouts, bots, absences), the timer index
claimed and fired, and the sweep of live tables whose timer hint was lost.
Uses what ``Rooms`` sets up (``store``, ``settings``, ``update``)."""

from __future__ import annotations

import contextlib
import secrets
from typing import Any

from . import metrics, tables
from .protocol import ErrorCode
from .store import now_ms
from .tables import LobbyError


class Timers:
    """Due work, timers and the sweep (see the module doc)."""

    async def run_due(self, table_id: str) -> tuple[int, dict[str, Any]] | None:
        """Apply whatever is due at this table now (start, bots, timeouts).
        Nothing due on this process's newest doc is taken as is (the timer
        pass checks the version afterwards)."""
        return await self.update(
            table_id,
            lambda doc, now, ctx: tables.due(doc, now, secrets.token_bytes(32), self._bot_rng, ctx),
            recheck_noop=False,
            timing=metrics.TIMER_COMMIT,
        )

    async def sweep(self) -> int:
        """Make sure every live table has a timer hint no later than its next
        due time (a process that died between a commit and its hint would
        otherwise leave the table waiting for the next change), and that a
        seat at a waiting table whose player has no live connection anywhere
        (a process died with it) is marked absent.  Returns how many tables
        were looked at."""
        ids = await self.store.live_tables()
        for table_id in ids:
            loaded = await self.store.load_room(table_id)
            if loaded is None or not tables.live(loaded[1]) and not (loaded[1].get("settlement") and not loaded[1]["settlement"]["done"]):
                await self.store.set_live(table_id, 0, False)
                continue
            if loaded[1]["status"] == tables.Status.WAITING:
                unmarked = [pid for pid in tables.seat_index(loaded[1]) if pid not in (loaded[1].get("absent") or {})]
                gone = set(unmarked) - await self.store.present(unmarked, now_ms()) if unmarked else set()
                for pid in gone:
                    with contextlib.suppress(LobbyError):
                        out = await self.update(table_id, lambda doc, now, ctx, pid=pid: tables.mark_absent(doc, pid, now + self.settings.absent_grace_ms, now))
                        loaded = out or loaded
            due = tables.next_due(loaded[1])
            if due is not None:
                await self.store.schedule(table_id, due)
        return len(ids)

    async def fire_timer(self, table_id: str) -> None:
        """Handle one claimed timer: finish a pending settlement, run what is
        due, then move the timer hint to the table's next due time (or drop it)."""
        now = now_ms()
        lease = now + self.settings.timer_lease_ms
        if not await self.store.claim_timer(table_id, now, lease):
            return
        loaded = await self.store.load_room(table_id)
        if loaded is not None:
            due = tables.next_due(loaded[1])
            if due and due <= now:  # not a payout (due 0), nor an early hint
                metrics.TIMER_LATENESS.observe((now - due) / 1000)
        try:
            if loaded is not None:
                await self.settle(table_id, loaded[1])
                out = await self.run_due(table_id)
                if out is not None and tables.stranded(out[1]):
                    out = await self.merge(table_id, out) or out
                base = self._base(table_id)
                newest = max([x for x in (out, base and base[:2], loaded) if x], key=lambda x: x[0])
                loaded = (newest[0], newest[1])
        except LobbyError as exc:
            if exc.code != ErrorCode.NO_SUCH_TABLE:
                raise
        due = tables.next_due(loaded[1]) if loaded else None
        if await self.store.reschedule_timer(table_id, lease, due) and loaded is not None:
            # A commit after our load may have scheduled an earlier time that
            # the reschedule just replaced: look again at once if so.
            if await self.store.room_version(table_id) != loaded[0]:
                await self.store.schedule(table_id, now_ms())
