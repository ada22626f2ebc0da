"""A table's document and its pure transitions (sans-I/O, no Redis, no asyncio).

A *table doc* (:class:`TableDoc`: every key is documented there) is the
msgpack-clean dict stored at ``P:room:{id}``; its ``status`` is a
:class:`Status` value.  Chat is not game state: its lines live in the
table's chat stream (:meth:`lobby.store.Store.add_chat`), never in the doc,
so this package has no chat transition.

The contract, the same for every transition (:func:`join`, :func:`leave`,
:func:`begin`, :func:`request_start`, :func:`ready`, :func:`back`,
:func:`move`, :func:`mark_absent`, :func:`due`, :func:`settled`,
:func:`seat_moved`, :func:`moved_out`):

- it takes a doc and returns a :class:`Change` (the new doc, its log
  record, the seats it gave or took), or None when there is nothing to
  change: None is never an error, and the caller commits nothing;
- a request it refuses raises :class:`LobbyError`, whose ``code`` is the
  :class:`ErrorCode` the client gets (docs/protocol.md);
- it never mutates its input: the new doc is a new dict that shares what it
  did not change (the engine state included; nothing mutates a doc or a
  state once made), so a refused request leaves the table untouched.

:mod:`lobby.rooms` loads a doc, calls one of these and commits
``Change.doc`` with compare-and-set.  The lobby checks seat counts, options
and coins before the engine sees them, so an engine ``ValueError`` from a
game's start is a bug here: it is not turned into a code but raised as is
(the session answers ``internal`` and logs it).
"""

from __future__ import annotations

import engines

from ..protocol import ErrorCode
from .doc import BOT_NAMES, MAX_FORCED, MAX_TURN_MS, MIN_TURN_MS, NAME_WORDS, Change, LobbyError, NextGame, Notice, Seat, Settlement, SettlementEntry, Status, TableDoc, _copy, filled, generated_name, humans, known_game, liable, names_in_sight, new_table, seat_index, seat_of, table_name
from .merging import merge_target, moved_out, seat_moved, stranded
from .play import MOVE_WINDOW_MS, SNAPSHOT_EVERY, appends, move, paid_in_commit, redo, settled, state_digest, turn_id
from .seating import _start, all_ready, back, begin, join, leave, ready, ready_marks, ready_seat, request_start, start_record, with_marks
from .timers import due, live, mark_absent, next_due
from .views import View, summary, view, views
