"""Skill-matched quick play: which waiting quick table a request joins, and
when a table opened apart starts.

A request's rating is its player's μ in that game (:mod:`lobby.ratings`;
25 for a newcomer); a waiting quick table's is the mean μ of the people
seated there.  A request joins, of the waiting quick tables of its game
and options with a free seat (its own first: the same player is at
distance 0), the nearest in rating among those whose *band* holds it,
ties to the older.  The band widens with the table's age (since it
opened), in steps of the quick wait W (``Settings.quick_wait_ms``):

==============  ==========================
table's age     band (μ points either side)
==============  ==========================
< W/4           2 (a quarter of a newcomer's σ)
< W/2           4
< 3W/4          8
≥ 3W/4          anyone
==============  ==========================

A request no table's band holds opens a table of its own, as a request
with no table to join always did.  That table starts, as every quick
table, at most W after it opened, and earlier: :func:`start_at` brings
its start to W/8 (:func:`lead_ms`) before the earliest start of the tables
it passed over.  If it is still below its game's minimum then, it is
stranded and its players are moved into the older table they passed over
(``Rooms.merge``), which still waits and starts at its own time.  So
nobody waits longer for a start than the quick wait; matching only
chooses who sits together within it.
"""

from __future__ import annotations

import asyncio
import math
from typing import Any

from . import ratings, tables
from .store import Store

#: (fraction of the quick wait, band in μ points) while a table is younger
BANDS = ((0.25, 2.0), (0.5, 4.0), (0.75, 8.0))


def band(age_ms: int, wait_ms: int) -> float:
    """The band of a waiting quick table ``age_ms`` old (μ points; ``inf``:
    anyone), for a quick wait of ``wait_ms``."""
    for fraction, width in BANDS:
        if age_ms < fraction * wait_ms:
            return width
    return math.inf


def lead_ms(wait_ms: int) -> int:
    """How long before a passed-over table's start a table opened apart starts (ms)."""
    return wait_ms // 8


def _open_to(doc: tables.TableDoc, pid: str, wanted: dict[str, Any]) -> bool:
    """Whether ``pid``'s quick request may take a seat at ``doc``."""
    if not doc.get("quick") or doc["status"] != tables.Status.WAITING or doc["private"] or doc["options"] != wanted:
        return False
    return tables.seat_of(doc, pid) is not None or any(s is None for s in doc["seats"])


async def candidates(
    store: Store, game: str, wanted: dict[str, Any], pid: str, ids: list[str], now: int, wait_ms: int
) -> tuple[list[str], list[tables.TableDoc]]:
    """The waiting quick tables of ``ids`` (read here) that ``pid``'s quick
    request may join: ``(ids of those whose band holds the player, nearest
    rating first, then oldest; docs of those passed over)``.  Tables that
    are gone or not open to the request are in neither."""
    # read together: one pipelined round trip (Store.run batches a turn's commands)
    loaded = await asyncio.gather(*(store.load_room(table_id) for table_id in dict.fromkeys(ids)))
    docs = [x[1] for x in loaded if x is not None]
    docs = [d for d in docs if _open_to(d, pid, wanted)]
    seated = {p for d in docs for p in tables.seat_index(d)} | {pid}
    mu = {p: r[0] for p, r in (await ratings.current(store, game, sorted(seated))).items()}
    near: list[tuple[float, int, str]] = []
    passed: list[tables.TableDoc] = []
    for d in docs:
        people = list(tables.seat_index(d))
        distance = abs(sum(mu[p] for p in people) / len(people) - mu[pid]) if people else 0.0
        if tables.seat_of(d, pid) is not None or distance <= band(now - d["created"], wait_ms):
            near.append((distance, d["created"], d["id"]))
        else:
            passed.append(d)
    return [table_id for _, _, table_id in sorted(near)], passed


def start_at(default: int, passed: list[tables.TableDoc], now: int, wait_ms: int) -> int:
    """When a quick table opened after passing over ``passed`` starts (ms):
    ``default`` (its open plus the quick wait), or :func:`lead_ms` before
    the earliest start of a passed-over table, if sooner (never before ``now``)."""
    starts = [d["start_at"] for d in passed if d.get("start_at")]
    if not starts:
        return default
    return max(now, min(default, min(starts) - lead_ms(wait_ms)))
