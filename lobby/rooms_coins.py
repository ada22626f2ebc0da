"""A lobby process's coin commands, one mixin :class:`lobby.rooms.Rooms`
inherits: a game's payout settled with its players' balances and ratings,
the coins a seat needs checked and claimed, a claim released.  Uses what
``Rooms`` sets up (``store``, ``settings``, ``update``)."""

from __future__ import annotations

from typing import Any

from . import failpoints, ratings, tables
from .protocol import ErrorCode
from .store import Payout, now_ms
from .tables import LobbyError

#: how often a command retries a lost compare-and-set race (every room command)
MAX_RETRIES = 16
#: how long a player's applied-settlement ids are kept (s): far longer than
#: any retry of a settlement can take
SETTLED_KEEP_S = 30 * 24 * 3600
#: a claim of a player's coins younger than this is never taken over (a join
#: may still be committing); an older one only if its table no longer holds them
COIN_CLAIM_GRACE_MS = 30_000


class Coins:
    """Payouts and the coins seats promise (see the module doc)."""

    def _payout(self, doc: dict[str, Any]) -> Payout:
        """The payout and history of ``doc``'s settlement, for the commit
        that ends its game (:meth:`Store.commit`)."""
        st = doc["settlement"]
        players = [(e["pid"], e["coins"], e["stats"]) for e in st["players"]]
        return Payout(
            st["id"], doc["game"], players, SETTLED_KEEP_S, ratings.history_cmds(self.store, doc),
            ratings.rated_pids(doc), ratings.fields(doc["game"]), ratings.STORED_BASE,
        )

    async def settle(self, table_id: str, doc: dict[str, Any] | None = None) -> None:
        """Apply the table's pending settlement to every player's balance
        (once per settlement id, whoever calls), then mark it done, standing
        up players who can no longer afford the table.  A rated game's
        rating changes, recorded in the settlement by the commit that ended
        it (an unrated one is rated first: :func:`ratings.rate`), are
        applied with the coins.  ``doc``: the table as just committed or
        read (else it is read)."""
        if doc is None:
            loaded = await self.store.load_room(table_id)
            if loaded is None:
                return
            doc = loaded[1]
        st = doc.get("settlement")
        if not st or st["done"]:
            return
        if ratings.pending(doc):
            await ratings.rate(self, table_id, doc)  # its commit's side effects settle
            return
        failpoints.hit("before_payout")
        applied = await self.store.apply_settlements(
            st["id"], [(e["pid"], e["coins"], e["stats"]) for e in st["players"]], doc["game"], SETTLED_KEEP_S
        )
        await ratings.settled(self.store, doc)
        balances = {e["pid"]: balance for e, (_, balance) in zip(st["players"], applied)}
        out = await self.update(table_id, lambda d, now, ctx: tables.settled(d, st["id"], balances, now))
        lease = self._payout_leases.pop(table_id, None)
        if lease is not None and out is not None and self.store.cluster:
            # the fallback timer of the payout is not needed now: the next due time
            await self.store.reschedule_timer(table_id, lease, tables.next_due(out[1]))

    async def _check_coins(self, pid: str, coins_to_sit: int, table_id: str) -> None:
        """A player may sit at a coin table only with enough coins and while
        their coins are promised at no other table (a seat there, even one
        they left mid-game, until its payout): the player's coin-table key
        is claimed with compare-and-set, so two joins at once cannot both
        pass.  Raises :class:`LobbyError` ``INSUFFICIENT_COINS`` or
        ``ALREADY_SEATED``."""
        if coins_to_sit <= 0:
            return
        balance = (await self.store.balances([pid]))[pid]
        if balance < coins_to_sit:
            raise LobbyError(ErrorCode.INSUFFICIENT_COINS, f"this table needs {coins_to_sit} coins; you have {balance}", figures={"need": coins_to_sit, "have": balance})
        for _ in range(MAX_RETRIES):
            current = await self.store.coin_table(pid)
            if current is not None and current[0] != table_id:
                other, claimed_at, _ = current
                # a fresh claim may be a join still in flight: never take it over
                if now_ms() - claimed_at < COIN_CLAIM_GRACE_MS:
                    raise LobbyError(ErrorCode.ALREADY_SEATED, f"your coins are at stake at table {other}")
                loaded = await self.store.load_room(other)
                if loaded is not None and tables.liable(loaded[1], pid):
                    raise LobbyError(ErrorCode.ALREADY_SEATED, f"your coins are at stake at table {other}")
            if await self.store.claim_coin_table(pid, table_id, current[2] if current else None):
                return
        raise LobbyError(ErrorCode.BUSY, "try again")

    async def _release_coins(self, pid: str, table_id: str) -> None:
        """Free the player's coin-table key if they are no longer liable there."""
        loaded = await self.store.load_room(table_id)
        if loaded is None or not tables.liable(loaded[1], pid):
            await self.store.release_coin_table(pid, table_id)
