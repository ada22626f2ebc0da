"""Example tests of every public transition and helper of :mod:`lobby.tables`
(sans-I/O: no Redis, no sockets, no asyncio; fixed seeds and times), after
the websockets habit of testing the protocol core alone.

Each transition returns one shape, a :class:`tables.Change` or None when
there is nothing to change, raises :class:`tables.LobbyError` with the code
the client gets, and never mutates its input: every call here goes through
:func:`call` or :func:`refused`, which check that on a deep copy.

Covered elsewhere and not repeated here: absent seats and a waiting table's
expiry (test_waiting_transitions.py), merging quick tables (stranded,
merge_target, seat_moved, moved_out: test_merge_transitions.py), legal moves
in views (test_view_moves.py), stud's seniority and escapes
(test_engine_knowledge.py), coins at the start (test_coins_live.py).
Chat is not a table transition: it lives in the table's chat stream
(lobby.rooms.Rooms.chat, test_chat_live.py)."""

from __future__ import annotations

import copy
import random
from typing import Any, Callable

import pytest

import engines
from lobby import tables
from lobby.protocol import ErrorCode, packb
from lobby.tables import Change, LobbyError, Status

SEED = bytes(range(32))
SIBALA = engines.get("sibala")
STUD = engines.get("stud")
CTX: dict[str, Any] = {"balances": {}, "present": set()}


def call(fn: Callable[..., Change | None], doc: tables.TableDoc, *args: Any, **kwargs: Any) -> Change | None:
    """``fn(doc, *args, **kwargs)``, checking it left ``doc`` as it was and
    kept the contract's shape (a Change with a new doc, or None)."""
    before = copy.deepcopy(doc)
    out = fn(doc, *args, **kwargs)
    assert doc == before, f"{fn.__name__} mutated its input"
    assert out is None or (type(out) is Change and out.doc is not doc and isinstance(out.log, dict))
    if out is not None:
        assert type(out.doc["status"]) is str and out.doc["status"] in set(Status), "status is stored as a plain str"
    return out


def refused(code: ErrorCode, fn: Callable[..., Any], doc: tables.TableDoc, *args: Any) -> None:
    """``fn(doc, *args)`` raises LobbyError ``code`` and leaves ``doc`` untouched."""
    before = copy.deepcopy(doc)
    with pytest.raises(LobbyError) as exc:
        fn(doc, *args)
    assert exc.value.code == code, exc.value
    assert doc == before


def seated(game: str = "sibala", seats: int = 3, pids: str = "a", **fields: Any) -> tables.TableDoc:
    """A table with one player per letter of ``pids`` (named in capitals)."""
    doc = tables.new_table("t", game, now=0, seats=seats, turn_ms=5_000, **fields)
    rich = {"balances": {pid: 10**6 for pid in pids}}
    for pid in pids:
        doc = tables.join(doc, pid, pid.upper(), None, 0, SEED, rich).doc
    return doc


def pids_of(doc: tables.TableDoc) -> list[str | None]:
    return [s and s["pid"] for s in doc["seats"]]


def to_act(doc: tables.TableDoc) -> tuple[int, str, str]:
    """(seat, pid, turn id) of the one seat to act."""
    engine = engines.get(doc["game"])
    (seat,) = engine.to_act(doc["state"])
    return seat, doc["seats"][seat]["pid"], tables.turn_id(doc, seat)


def play_out(doc: tables.TableDoc) -> tuple[tables.TableDoc, int]:
    """Roll every sibala turn until the game is over; returns (doc, now)."""
    now = 100
    while doc["status"] == Status.PLAYING:
        now += 10
        seat, pid, turn = to_act(doc)
        doc = tables.move(doc, pid, turn, {"type": "roll"}, now).doc
    return doc, now


# -- new_table, Status ------------------------------------------------------------


def test_new_table_is_a_waiting_doc_with_every_documented_key():
    doc = tables.new_table("t1", "sibala", now=1_000, seats=2, turn_ms=5_000, waiting_ttl_ms=60_000)
    assert doc["status"] == Status.WAITING and type(doc["status"]) is str
    assert doc["seats"] == [None, None] and doc["game_no"] == 0 and doc["state"] is None
    assert doc["options"] == {"rounds": 5, "stake": 0} and doc["coins_to_sit"] == 0
    assert doc["wait_until"] == 61_000 and doc["created"] == 1_000
    assert set(doc) | {"close_at", "opener", "rated_from", "arena"} == set(tables.TableDoc.__annotations__), "every key documented"
    assert packb(doc), "msgpack-clean"
    assert tables.new_table("t2", "stud", now=0, turn_ms=5_000)["seats"] == [None] * STUD.info.default_players


@pytest.mark.parametrize(
    "game, fields, code",
    [
        ("chess", {}, ErrorCode.UNKNOWN_GAME),
        ("sibala", {"seats": 1}, ErrorCode.BAD_OPTIONS),
        ("sibala", {"seats": 7}, ErrorCode.BAD_OPTIONS),
        ("sibala", {"turn_ms": 999}, ErrorCode.BAD_OPTIONS),
        ("sibala", {"turn_ms": 4_999}, ErrorCode.BAD_OPTIONS),  # a person needs 5 s (lobby.config min_turn_ms)
        ("sibala", {"turn_ms": 300_001}, ErrorCode.BAD_OPTIONS),
        ("sibala", {"games": 0}, ErrorCode.BAD_OPTIONS),
        ("sibala", {"options": {"rounds": "many"}}, ErrorCode.BAD_OPTIONS),
        ("sibala", {"options": {"stake": 100}, "bots": True}, ErrorCode.BAD_OPTIONS),
    ],
)
def test_new_table_refuses_what_it_cannot_open(game, fields, code):
    with pytest.raises(LobbyError) as exc:
        tables.new_table("t", game, now=0, **{"turn_ms": 5_000, **fields})
    assert exc.value.code == code


def test_status_is_a_str_enum_of_the_four_states():
    assert [s.value for s in Status] == ["waiting", "playing", "finished", "closed"]
    assert Status.PLAYING == "playing" and packb(Status.CLOSED) == packb("closed")


# -- join ----------------------------------------------------------------------------


def test_join_takes_the_first_free_seat_or_the_chosen_one():
    doc = seated(pids="")
    first = call(tables.join, doc, "a", "Ann", None, 7, SEED)
    assert first.seats == {"a": 0} and first.log == {"kind": "join", "at": 7, "seat": 0, "name": "Ann"}
    assert first.doc["seats"][0] == {"pid": "a", "name": "Ann", "bot": False, "left": False, "away": False}
    assert first.doc["entered"] == ["a"] and first.doc["status"] == Status.WAITING
    chosen = call(tables.join, first.doc, "b", "Bo", 2, 8, SEED)
    assert chosen.seats == {"b": 2} and pids_of(chosen.doc) == ["a", None, "b"]


def test_join_refuses_a_taken_missing_or_last_seat():
    doc = seated(seats=2, pids="a")
    refused(ErrorCode.TABLE_FULL, tables.join, doc, "b", "Bo", 0, 1, SEED)
    refused(ErrorCode.TABLE_FULL, tables.join, doc, "b", "Bo", 5, 1, SEED)
    # a seat taken while another is free (two players reaching for one) says so, not "full"
    for seat, reason in ((0, "seat_taken"), (5, "no_such_seat")):
        with pytest.raises(LobbyError) as exc:
            tables.join(doc, "b", "Bo", seat, 1, SEED)
        assert exc.value.reason == reason
    full = seated(seats=3, pids="abc")
    assert full["status"] == Status.PLAYING
    refused(ErrorCode.TABLE_STARTED, tables.join, full, "d", "Di", None, 1, SEED)
    absent = call(tables.mark_absent, seated(seats=2, pids="a"), "a", 1_000, 1).doc
    waiting_full = tables.join(absent, "b", "Bo", None, 2, SEED).doc  # full, waiting for the grace
    assert waiting_full["status"] == Status.WAITING
    refused(ErrorCode.TABLE_FULL, tables.join, waiting_full, "c", "Cy", None, 3, SEED)


def test_joining_twice_changes_nothing():
    doc = seated(pids="a")
    assert call(tables.join, doc, "a", "Ann", None, 1, SEED) is None
    assert call(tables.join, doc, "a", "Ann", 2, 1, SEED) is None, "even naming another seat"
    assert tables.seat_of(doc, "a") == 0


def test_the_join_that_fills_the_table_starts_the_game():
    doc = seated(seats=2, pids="a")
    started = call(tables.join, doc, "b", "Bo", None, 9, SEED, CTX)
    assert started.seats == {"b": 1} and started.doc["status"] == Status.PLAYING
    log = started.log
    assert log["kind"] == "start" and log["join"] == 1 and log["at"] == 9 and log["game_no"] == 1
    assert log["seats"] == [{"name": "A", "bot": False}, {"name": "Bo", "bot": False}]
    assert log["seed_hash"] == started.doc["seed_hash"] and "seed" not in log, "the seed stays secret until the end"
    assert started.doc["events"] == [{"type": "game_started", "game_no": 1, "seed_hash": log["seed_hash"]}]
    assert started.doc["deadlines"] == {"0": ["r0.s0", 9 + 5_000]}


def test_join_refuses_a_finished_table_and_a_player_without_the_coins():
    doc, _ = play_out(seated(seats=2, pids="ab", games=1))
    assert doc["status"] == Status.FINISHED and doc["next"] is None
    refused(ErrorCode.TABLE_FINISHED, tables.join, doc, "c", "Cy", None, 1, SEED)
    coins = seated(pids="a", options={"stake": 100})
    refused(ErrorCode.INSUFFICIENT_COINS, tables.join, coins, "b", "Bo", None, 1, SEED, {"balances": {"b": coins["coins_to_sit"] - 1}})
    assert call(tables.join, coins, "b", "Bo", None, 1, SEED, {"balances": {"b": coins["coins_to_sit"]}}).seats == {"b": 1}


# -- leave, liable ---------------------------------------------------------------------


def test_leaving_a_waiting_table_empties_the_seat_and_the_last_one_closes_it():
    doc = seated(pids="ab")
    left = call(tables.leave, doc, "a", 5)
    assert left.log == {"kind": "leave", "at": 5, "seat": 0} and left.seats == {}
    assert pids_of(left.doc) == [None, "b", None] and left.doc["entered"] == ["b"] and left.doc["status"] == Status.WAITING
    last = call(tables.leave, left.doc, "b", 6)
    assert last.doc["status"] == Status.CLOSED and not tables.live(last.doc)
    refused(ErrorCode.NOT_SEATED, tables.leave, last.doc, "b", 7)


def test_leaving_mid_game_hands_the_seat_to_a_bot_and_the_coins_stay_at_stake():
    doc = seated(seats=2, pids="ab", options={"stake": 100})
    assert doc["status"] == Status.PLAYING and tables.liable(doc, "a")
    seat, pid, _ = to_act(doc)
    left = call(tables.leave, doc, pid, 5)
    assert left.doc["seats"][seat] == {"pid": pid, "name": pid.upper(), "bot": True, "left": True, "away": False}
    assert left.doc["status"] == Status.PLAYING and tables.seat_of(left.doc, pid) is None
    turn = doc["deadlines"][str(seat)][0]
    assert left.doc["deadlines"][str(seat)] == [turn, 5 + doc["bot_delay_ms"]], "the bot acts after its delay, not the rest of the turn"
    assert tables.liable(left.doc, pid), "a coin table: the game may still cost them"
    assert left.log["kind"] == "leave" and "engine_leave" not in left.log


def test_stud_leaver_escapes_and_the_game_ends():
    doc = seated("stud", seats=2, pids="ab")
    left = call(tables.leave, doc, "b", 5)
    assert left.doc["status"] == Status.FINISHED and left.log["engine_leave"] is True
    assert left.log["result"] == left.doc["result"] and left.log["seed"] == left.doc["seed"], "the final record"


def test_leaving_between_games_drops_the_seat_from_the_next():
    doc, now = play_out(seated(seats=2, pids="ab"))
    assert doc["status"] == Status.FINISHED and doc["next"]["ready"] == [False, False]
    ready = call(tables.ready, doc, "a", now, SEED, CTX).doc
    left = call(tables.leave, ready, "a", now + 1)
    assert left.doc["next"]["ready"] == [False, False] and left.doc["seats"][0]["left"]
    gone = call(tables.leave, left.doc, "b", now + 2)
    assert gone.doc["status"] == Status.CLOSED and gone.doc["next"] is None


def test_liable_while_coins_are_promised():
    waiting = seated(pids="a")
    assert tables.liable(waiting, "a") and not tables.liable(waiting, "z")
    finished, _ = play_out(seated(seats=2, pids="ab", games=1))
    assert finished["settlement"]["done"] is False and tables.liable(finished, "a"), "its payout is not done"
    paid = tables.settled(finished, finished["settlement"]["id"], {}, 1).doc
    assert not tables.liable(paid, "a"), "paid, and no next game"
    more, _ = play_out(seated(seats=2, pids="ab"))
    more = tables.settled(more, more["settlement"]["id"], {}, 1).doc
    assert tables.liable(more, "a"), "kept for the next game"
    assert not tables.liable(tables.leave(more, "a", 2).doc, "a"), "given up between games"
    closed = tables.leave(waiting, "a", 1).doc
    assert closed["status"] == Status.CLOSED and not tables.liable(closed, "a")


# -- begin, request_start, ready --------------------------------------------------------


def test_begin_starts_with_bots_or_waits_and_carries_extra_log_fields():
    doc = seated(pids="a", bots=True)
    started = call(tables.begin, doc, 10, SEED, True, CTX)
    assert started.doc["status"] == Status.PLAYING and started.log["kind"] == "start"
    assert [s["bot"] for s in started.doc["seats"]] == [False, True, True]
    assert [s["name"] for s in started.doc["seats"]] == ["A", "Ada", "Bao"]  # bare: each page marks them
    # no bot takes a seated player's name
    named = seated(pids="a", bots=True)
    named["seats"][0] = dict(named["seats"][0], name="ada")
    assert [s["name"] for s in call(tables.begin, named, 10, SEED, True, CTX).doc["seats"]] == ["ada", "Bao", "Cleo"]
    waits = call(tables.begin, seated(pids="a"), 10, SEED, False, CTX, reason="test")
    assert waits.log == {"kind": "wait", "at": 10, "reason": "test"} and waits.doc["status"] == Status.WAITING


def test_begin_stands_up_who_cannot_afford_the_table():
    doc = seated(pids="ab", options={"stake": 100})
    need = doc["coins_to_sit"]
    out = call(tables.begin, doc, 10, SEED, False, {"balances": {"a": need - 1, "b": need}})
    assert out.log["kind"] == "wait" and pids_of(out.doc) == [None, "b", None]
    assert out.doc["notices"] == [{"name": "A", "reason": "insufficient_coins"}]


def test_request_start_alone_is_too_few_players():
    doc = seated(pids="a")
    refused(ErrorCode.TOO_FEW_PLAYERS, tables.request_start, doc, "a", 1, SEED, CTX)
    refused(ErrorCode.NOT_SEATED, tables.request_start, doc, "z", 1, SEED, CTX)
    alone_with_bots = call(tables.request_start, seated(pids="a", bots=True), "a", 1, SEED, CTX)
    assert alone_with_bots.doc["status"] == Status.PLAYING and len(alone_with_bots.doc["seats"]) == 3



def test_a_seat_pressing_start_again_after_another_seat_changes_nothing():
    """Seats pressing start in turn at a table that waits for a third: only
    each seat's first press is a version (every press of two seats in turn
    was one, a delta to every viewer at each)."""
    doc = seated(seats=4, pids="abc", ready_ms=10_000)
    a = call(tables.request_start, doc, "a", 5, SEED, CTX)
    b = call(tables.request_start, a.doc, "b", 6, SEED, CTX)
    assert b.doc["start_votes"] == ["a", "b"] and b.doc["events"] == [{"type": "start_pressed", "seat": 1}]
    for pid, at in (("a", 7), ("b", 8), ("a", 9_000)):
        assert tables.request_start(b.doc, pid, at, SEED, CTX) is None, (pid, at)
    started = call(tables.request_start, b.doc, "c", 10, SEED, CTX)
    assert started.doc["status"] == Status.PLAYING


def test_too_few_players_advises_only_what_can_be():
    """Bots are no way out where coins move: the refusal says so there."""
    with pytest.raises(LobbyError, match=r"or open the table with bots"):
        tables.request_start(seated(pids="a"), "a", 1, SEED, CTX)
    with pytest.raises(LobbyError, match=r"bots cannot sit where coins move") as exc:
        tables.request_start(seated(pids="a", options={"stake": 5}), "a", 1, SEED, CTX)
    assert "open the table with bots" not in str(exc.value)


def test_request_start_waits_for_every_vote_then_starts_with_who_is_seated():
    doc = seated(pids="ab", ready_ms=10_000)
    voted = call(tables.request_start, doc, "a", 5, SEED, CTX)
    assert voted.log == {"kind": "start_vote", "at": 5, "seat": 0}
    assert voted.doc["start_votes"] == ["a"] and voted.doc["start_at"] == 10_005
    assert voted.doc["events"] == [{"type": "start_pressed", "seat": 0}]
    assert tables.request_start(voted.doc, "a", 6, SEED, CTX) is None, "a second press counts once: nothing to commit"
    started = call(tables.request_start, voted.doc, "b", 7, SEED, CTX)
    assert started.log["kind"] == "start" and started.doc["status"] == Status.PLAYING
    assert pids_of(started.doc) == ["a", "b"], "the empty seat is dropped"
    refused(ErrorCode.TABLE_STARTED, tables.request_start, started.doc, "a", 8, SEED, CTX)



def test_a_start_nobody_joined_leaves_no_timer_behind():
    """Break-it pass: A pressed start, B never did and was stood up; A alone
    (no bots) cannot start, yet the table re-armed its start every 5 s for
    its whole waiting life (a new version each time, a countdown leading
    nowhere).  An opened (not quick) table then waits with no start time,
    as before anyone pressed; a quick table keeps looking for company."""
    for quick in (False, True):
        doc = seated(pids="ab", ready_ms=10_000, quick=quick)
        voted = call(tables.request_start, doc, "a", 5, SEED, CTX).doc
        out = call(tables.due, voted, voted["start_at"], SEED, random.Random(1), CTX)
        assert out.log["kind"] == "wait" and pids_of(out.doc) == ["a", None, None]
        assert out.doc["notices"][-1] == {"name": "B", "reason": "sat_out"} and out.doc["start_votes"] == []
        if quick:
            assert out.doc["start_at"] == voted["start_at"] + 5_000
        else:
            assert out.doc["start_at"] is None
            assert call(tables.due, out.doc, voted["start_at"] + 5_000, SEED, random.Random(1), CTX) is None, "nothing to do until someone comes"

def test_ready_starts_the_next_game_when_every_person_is_ready():
    doc, now = play_out(seated(seats=2, pids="ab"))
    refused(ErrorCode.NOT_SEATED, tables.ready, doc, "z", now, SEED, CTX)
    one = call(tables.ready, doc, "b", now, SEED, CTX)
    assert one.log == {"kind": "ready", "at": now, "seat": 1} and one.doc["next"]["ready"] == [False, True]
    both = call(tables.ready, one.doc, "a", now + 1, SEED, CTX)
    assert both.log["kind"] == "start" and both.log["game_no"] == 2 and both.doc["status"] == Status.PLAYING
    refused(ErrorCode.TABLE_FINISHED, tables.ready, both.doc, "a", now + 2, SEED, CTX)
    last, _ = play_out(seated(seats=2, pids="ab", games=1))
    refused(ErrorCode.TABLE_FINISHED, tables.ready, last, "a", now, SEED, CTX)


# -- move ---------------------------------------------------------------------------


def test_a_move_advances_the_game_and_refusals_leave_the_table_untouched():
    doc = seated(seats=2, pids="ab")
    seat, pid, turn = to_act(doc)
    other = "b" if pid == "a" else "a"
    refused(ErrorCode.TURN_OVER, tables.move, doc, pid, "r9.s9", {"type": "roll"}, 10)
    refused(ErrorCode.NOT_YOUR_TURN, tables.move, doc, other, turn, {"type": "roll"}, 10)
    refused(ErrorCode.NOT_SEATED, tables.move, doc, "z", turn, {"type": "roll"}, 10)
    refused(ErrorCode.UNKNOWN_MOVE, tables.move, doc, pid, turn, {"type": "fly"}, 10)
    refused(ErrorCode.BAD_MOVE, tables.move, doc, pid, turn, {"type": "roll", "x": 1}, 10)
    refused(ErrorCode.TABLE_FINISHED, tables.move, seated(pids="a"), "a", turn, {"type": "roll"}, 10)
    moved = call(tables.move, doc, pid, turn, {"type": "roll"}, 10)
    assert moved.log["kind"] == "move" and moved.log["at"] == 10 and moved.log["moves"] == [[seat, {"type": "roll"}]]
    assert moved.log["events"] == moved.doc["events"]
    assert "state_hash" not in moved.log, "the committer digests the state where it writes the doc, not per move"
    assert list(moved.doc["deadlines"]) == [str(1 - seat)] and moved.doc["deadlines"][str(1 - seat)][1] == 10 + 5_000


def test_a_move_after_its_deadline_is_over_though_the_timer_has_not_fired():
    """A hostile pass (2026-12-03): a stud move sent 16 ms past the seat's
    deadline got ``ok`` because the timer, tens of ms late, had not played
    the fold yet.  The deadline is the rule: at or past it the move is
    refused ``turn_over`` (the clock's move is due); just before, it plays.
    A seat a bot plays (away) may act at any time: it brings its player back."""
    doc = seated(seats=2, pids="ab")
    seat, pid, turn = to_act(doc)
    due = doc["deadlines"][str(seat)][1]
    refused(ErrorCode.TURN_OVER, tables.move, doc, pid, turn, {"type": "roll"}, due)
    refused(ErrorCode.TURN_OVER, tables.move, doc, pid, turn, {"type": "roll"}, due + 16)
    assert call(tables.move, doc, pid, turn, {"type": "roll"}, due - 1).log["kind"] == "move"
    away = copy.deepcopy(doc)
    away["seats"][seat]["away"] = True
    back = call(tables.move, away, pid, turn, {"type": "roll"}, due + 16)
    assert back.log["kind"] == "move" and not back.doc["seats"][seat]["away"]


def test_an_illegal_stud_move_is_refused_with_its_code():
    doc = seated("stud", seats=2, pids="ab")
    seat, pid, turn = to_act(doc)
    assert {"type": "call"} not in STUD.legal_moves(doc["state"], seat), "nothing to call yet"
    refused(ErrorCode.ILLEGAL_MOVE, tables.move, doc, pid, turn, {"type": "call"}, 10)


def test_the_game_s_last_move_logs_seed_result_and_settlement():
    doc = seated(seats=2, pids="ab", options={"rounds": 1})
    seat, pid, turn = to_act(doc)
    doc = tables.move(doc, pid, turn, {"type": "roll"}, 10).doc
    seat, pid, turn = to_act(doc)
    last = call(tables.move, doc, pid, turn, {"type": "roll"}, 20)
    d = last.doc
    assert d["status"] == Status.FINISHED and d["deadlines"] == {} and d["next"] == {"deadline": 20 + d["ready_ms"], "ready": [False, False]}
    assert last.log["seed"] == SEED.hex() == d["seed"] and last.log["result"] == d["result"]
    assert last.log["settlement"] == d["settlement"] and d["settlement"]["id"] == "t:1" and not d["settlement"]["done"]


# -- due, back, next_due --------------------------------------------------------------


def test_due_forces_the_move_of_a_seat_whose_deadline_passed_and_marks_it_away():
    doc = seated(seats=2, pids="ab", away_after=1)
    seat, pid, turn = to_act(doc)
    deadline = doc["deadlines"][str(seat)][1]
    assert tables.next_due(doc) == deadline
    assert call(tables.due, doc, deadline - 1, SEED, random.Random(1), CTX) is None
    forced = call(tables.due, doc, deadline, SEED, random.Random(1), CTX)
    assert forced.log["kind"] == "forced" and forced.log["timeouts"] == [seat] and forced.log["moves"] == [[seat, {"type": "roll"}]]
    assert forced.doc["timeouts"][seat] == 1 and forced.doc["game_timeouts"][seat] == 1
    assert forced.doc["seats"][seat]["away"] is True, "away after one timeout at this table"
    # a stale deadline (set for another turn) forces nothing
    stale = dict(doc, deadlines={str(seat): ["r7.s0", 0]})
    assert call(tables.due, stale, deadline, SEED, random.Random(1), CTX) is None


def _whole_turns_out(doc: tables.TableDoc, seat: int, act=None) -> tables.TableDoc:
    """Let the table's clock run until seat ``seat`` is away or the game
    ends (bots and the clock play every seat; ``act(doc)``, when given, is
    a move ``seat`` makes itself at the start of each of its turns: a doc
    or None)."""
    acted = None
    for _ in range(200):
        if doc["status"] != Status.PLAYING or doc["seats"][seat]["away"]:
            return doc
        turn = tables.turn_id(doc, seat)
        if act and turn and engines.get(doc["game"]).turn_of(doc["state"], seat) != acted:
            acted = engines.get(doc["game"]).turn_of(doc["state"], seat)
            doc = act(doc) or doc
            continue
        doc = call(tables.due, doc, tables.next_due(doc), SEED, random.Random(1), CTX).doc
    raise AssertionError("the clock never stopped")


@pytest.mark.parametrize("game", ["sibala", "six_nimmt", "yahtzee", "shut_the_box"])
def test_every_game_marks_a_seat_away_after_the_same_count_of_whole_turns_timed_out(game):
    """One rule at every table (a fresh pass read Yahtzee as never going
    away): ``away_after`` turns in a row in which the clock played for the
    seat mark it away, in every game.  A move of its own (Yahtzee's roll
    before the clock scores) is acting: the count starts again, so a player
    who rolls each turn and lets the score run out is never away
    (docs/play.md).  Stud is left out: a timeout folds the seat (no bot
    plays it)."""
    doc = tables.begin(seated(game=game, seats=2, pids="a", bots=True), 10, SEED, True, CTX).doc
    away = _whole_turns_out(doc, 0)
    assert away["status"] == Status.PLAYING and away["seats"][0]["away"] and away["timeouts"][0] == 2, "away at the second whole turn timed out"
    if game != "yahtzee":
        return

    def roll(d):
        _, pid, turn = to_act(d)
        return tables.move(d, pid, turn, {"type": "roll"}, 10).doc if d["state"]["rolls"] == 0 else None

    rolled = _whole_turns_out(doc, 0, act=roll)
    assert rolled["status"] == Status.FINISHED and not rolled["seats"][0]["away"], "rolling each turn is acting: never away"
    assert rolled["game_timeouts"][0] >= 2, "every score ran out"


def test_due_plays_bots_from_their_own_view():
    doc = call(tables.request_start, seated(pids="a", bots=True, options={"rounds": 1}), "a", 0, SEED, CTX).doc
    seat, pid, turn = to_act(doc)
    assert pid == "a"
    doc = tables.move(doc, "a", turn, {"type": "roll"}, 10).doc
    bot_seat = SIBALA.to_act(doc["state"])[0]
    assert doc["seats"][bot_seat]["bot"] and doc["deadlines"][str(bot_seat)][1] == 10 + doc["bot_delay_ms"]
    played = call(tables.due, doc, tables.next_due(doc), SEED, random.Random(1), CTX)
    assert played.log["kind"] == "forced" and played.log["timeouts"] == [], "a bot's move is no timeout"
    assert played.log["moves"] == [[bot_seat, {"type": "roll"}]] and played.doc["timeouts"] == [0, 0, 0]
    next_bot = SIBALA.to_act(played.doc["state"])[0]
    assert played.doc["deadlines"] == {str(next_bot): ["r0.s2", tables.next_due(doc) + doc["bot_delay_ms"]]}, "the next bot waits its delay"


def test_due_closes_a_table_below_the_minimum_politely_when_the_ready_window_ends():
    doc, now = play_out(seated(seats=2, pids="ab"))
    doc = tables.settled(doc, doc["settlement"]["id"], {}, now).doc
    doc = tables.ready(doc, "a", now, SEED, CTX).doc
    deadline = doc["next"]["deadline"]
    assert tables.next_due(doc) == deadline and call(tables.due, doc, deadline - 1, SEED, random.Random(1), CTX) is None
    out = call(tables.due, doc, deadline, SEED, random.Random(1), CTX)
    assert out.log == {"kind": "close", "at": deadline}, "Ann alone is below the minimum"
    # Ann asked for another game: "too few stayed", not "nobody asked"
    assert out.doc["status"] == Status.CLOSED and out.doc["next"] is None and out.doc["closed_reason"] == "too_few"
    assert not out.doc["seats"][1]["left"] and out.doc["notices"] == doc["notices"], "nobody is stood up for not pressing ready"
    assert out.doc["events"] == [{"type": "closed", "reason": "too_few"}] and out.doc["result"] == doc["result"]


def test_due_starts_a_waiting_table_at_its_start_time():
    doc = seated(pids="ab", quick=True, start_at=500)
    assert tables.next_due(doc) == 500 and call(tables.due, doc, 499, SEED, random.Random(1), CTX) is None
    out = call(tables.due, doc, 500, SEED, random.Random(1), CTX)
    assert out.log["kind"] == "start" and out.doc["status"] == Status.PLAYING and len(out.doc["seats"]) == 2


def test_back_gives_an_away_seat_back_to_its_player():
    doc = seated(seats=2, pids="ab", away_after=1)
    seat, pid, _ = to_act(doc)
    assert call(tables.back, doc, pid, 1) is None, "not away"
    refused(ErrorCode.NOT_SEATED, tables.back, doc, "z", 1)
    away = tables.due(doc, doc["deadlines"][str(seat)][1], SEED, random.Random(1), CTX).doc
    back = call(tables.back, away, pid, 6_000)
    assert back.log == {"kind": "back", "at": 6_000, "seat": seat} and back.doc["events"] == [{"type": "back", "seat": seat}]
    assert back.doc["seats"][seat]["away"] is False and back.doc["timeouts"][seat] == 0



def test_back_keeps_every_seat_s_counted_turn():
    """Break-it pass: one seat's back reset every seat's counted turn, so
    another seat's next forced decision of the same turn (6 Nimmt!'s row
    after its pick) counted a second time and marked it away.  The
    returning seat's own counted turn stays too (fresh English pass: see
    the test below)."""
    doc = seated(seats=2, pids="ab", away_after=1)
    seat, pid, _ = to_act(doc)
    away = tables.due(doc, doc["deadlines"][str(seat)][1], SEED, random.Random(1), CTX).doc
    other = 1 - seat
    counted = dict(away, timeout_turns=[None, None])
    counted["timeout_turns"][seat], counted["timeout_turns"][other] = "mine", "theirs"
    back = call(tables.back, counted, pid, 6_000).doc
    assert back["timeout_turns"][seat] == "mine" and back["timeout_turns"][other] == "theirs"
    assert counted["timeout_turns"][other] == "theirs" and counted["timeout_turns"][seat] == "mine", "input untouched"

def test_next_due_is_the_earliest_thing_due():
    waiting = seated(pids="a", quick=True, start_at=900, waiting_ttl_ms=800)
    assert tables.next_due(waiting) == 800
    assert tables.next_due(tables.mark_absent(waiting, "a", 700, 1).doc) == 700
    assert tables.next_due(seated(pids="a")) is None, "nothing to wait for"
    finished, now = play_out(seated(seats=2, pids="ab"))
    assert tables.next_due(finished) == 0, "a pending settlement is due at once"
    paid = tables.settled(finished, finished["settlement"]["id"], {}, now).doc
    assert tables.next_due(paid) == paid["next"]["deadline"]
    assert tables.next_due(tables.leave(seated(pids="a"), "a", 1).doc) is None, "closed"


def test_live_while_waiting_playing_or_a_next_game_is_open():
    assert tables.live(seated(pids="a")) and tables.live(seated(seats=2, pids="ab"))
    finished, now = play_out(seated(seats=2, pids="ab"))
    assert tables.live(finished)
    last, _ = play_out(seated(seats=2, pids="ab", games=1))
    assert not tables.live(last) and not tables.live(tables.leave(seated(pids="a"), "a", 1).doc)


# -- settled ---------------------------------------------------------------------------


def test_settled_marks_the_payout_once_and_stands_up_who_is_broke():
    doc, now = play_out(seated(seats=2, pids="ab", options={"rounds": 1, "stake": 100}))
    st = doc["settlement"]
    assert [e["pid"] for e in st["players"]] == ["a", "b"] and sum(e["coins"] for e in st["players"]) == 0
    assert call(tables.settled, doc, "t:9", {}, now) is None, "another settlement"
    need = doc["coins_to_sit"]
    out = call(tables.settled, doc, st["id"], {"a": need, "b": need - 1}, now + 1)
    assert out.log == {"kind": "settled", "at": now + 1, "id": "t:1"} and out.doc["settlement"]["done"]
    assert out.doc["seats"][1]["left"] and not out.doc["seats"][0]["left"]
    assert out.doc["events"] == [{"type": "stood_up", "seat": 1, "reason": "insufficient_coins"}]
    assert call(tables.settled, out.doc, st["id"], {}, now + 2) is None, "marked already"


def test_a_game_paid_in_its_own_commit_stands_up_who_the_start_balance_and_the_game_leave_short():
    doc, now = play_out(seated(seats=2, pids="ab", options={"rounds": 1, "stake": 100}))
    st, need = doc["settlement"], doc["coins_to_sit"]
    coins = {e["pid"]: e["coins"] for e in st["players"]}
    loser = min(coins, key=coins.get)
    assert coins[loser] < 0
    seat = tables.seat_of(doc, loser)
    start = [need - coins[e["pid"]] for e in sorted(st["players"], key=lambda e: e["seat"])]  # everyone ends at the minimum
    start[seat] -= 1  # but the loser, one coin short
    ended = tables.Change(dict(doc, table_ctx=dict(doc["table_ctx"], coins=start)), {"kind": "move"}, [])
    out = tables.paid_in_commit(ended)
    assert out.doc["settlement"]["done"] and not ended.doc["settlement"]["done"], "a new doc; the input is untouched"
    assert [s["left"] for s in out.doc["seats"]] == [i == seat for i in range(2)]
    assert out.doc["events"][-1] == {"type": "stood_up", "seat": seat, "reason": "insufficient_coins"}
    assert out.log == {"kind": "move"}, "the game's own record"
    free, _ = play_out(seated(seats=2, pids="ab", options={"rounds": 1}))
    paid = tables.paid_in_commit(tables.Change(free, {}, []))
    assert paid.doc["settlement"]["done"] and not any(s["left"] for s in paid.doc["seats"]), "no coins: nobody stood up"


# -- views, summary ----------------------------------------------------------------------


def test_a_hole_card_shows_only_in_its_own_seat_s_view():
    doc = seated("stud", seats=3, pids="abc")
    views = tables.views(doc, [None, 0, 1, 2])
    holes = doc["state"]["hole"]
    for viewer, view in views.items():
        shown = [p["hole"] for p in view["state"]["players"]]
        assert shown == [holes[s] if s == viewer else None for s in range(3)], viewer
        assert view["seed"] is None, "the seed is secret while the game runs"
        assert "pid" not in str(view["seats"]) and "entered" not in view and "absent" not in view
    assert tables.view(doc, 1) == views[1]


def test_summary_is_the_table_s_line_in_the_list_and_names_its_arena():
    doc = seated(seats=2, pids="ab")
    assert tables.summary(doc, spectators=3) == {
        "id": "t",
        "name": "Amber Crane",
        "opened_by": None,
        "game": "sibala",
        "status": "playing",
        "seats": [{"name": "A", "bot": False, "left": False}, {"name": "B", "bot": False, "left": False}],
        "spectators": 3,
        "private": False,
        "created": 0,
        "turn_ms": 5_000,
        "options": {"rounds": 5, "stake": 0},
        "game_no": 1,
        "coins_to_sit": 0,
        "arena": None,
    }
    # an arena's table says its arena (the page names it, and leads back to it)
    assert tables.summary({**doc, "arena": "A1"})["arena"] == "A1"
    assert tables.view({**doc, "arena": "A1"}, 0)["arena"] == "A1"


# -- an engine's refusal at the start ---------------------------------------------------


def test_an_engine_value_error_at_the_start_is_a_bug_not_a_coin_shortage():
    """The lobby checks seats, options and coins before the engine does, so
    a ValueError from the engine's start is raised as is (the session
    answers ``internal`` and logs it), not passed off as insufficient_coins."""
    doc = seated("stud", seats=2, pids="a")
    broken = dict(doc, options={"tier": "no such tier"})  # what new_table would have refused
    with pytest.raises(ValueError):
        tables.join(broken, "b", "B", None, 1, SEED, CTX)


@pytest.mark.parametrize("fields", [{}, {"options": {"tier": "beginner"}}], ids=["casual", "coins"])
def test_a_folded_stud_player_leaves_freely(fields):
    """RULES.md 2: once folded, one may leave freely.  The view says so
    (``leave_free``, ``leave_cost`` 0), no bot takes the seat and the record
    does not count it as leaving (ratings: not absent, ranked by the result)."""
    from lobby import ratings

    doc = seated("stud", seats=3, pids="abc", **fields)
    seat, pid, turn = to_act(doc)
    assert tables.view(doc, seat)["leave_free"] == [False, False, False]
    doc = tables.move(doc, pid, turn, {"type": "fold"}, 10).doc
    assert doc["status"] == Status.PLAYING
    v = tables.view(doc, seat)
    assert v["leave_free"] == [i == seat for i in range(3)]
    if v["leave_cost"] is not None:
        assert v["leave_cost"][seat] == 0
    left = call(tables.leave, doc, pid, 20)
    assert left.doc["status"] == Status.PLAYING, "a folded seat's leaving is no escape"
    assert left.doc["seats"][seat] == {"pid": pid, "name": pid.upper(), "bot": False, "left": True, "away": False}
    assert not ratings.absent(left.doc["seats"][seat])
    # a seat still in does not leave freely
    other = next(i for i in range(3) if i != seat)
    assert not tables.view(left.doc, other)["leave_free"][other]


def test_leave_free_is_false_for_games_where_a_bot_plays_a_left_seat():
    doc = seated(seats=2, pids="ab")
    assert tables.view(doc, 0)["leave_free"] == [False, False]


def test_the_moves_played_for_people_are_the_game_s_record_in_the_view():
    """Issue #15: which moves the clock forced, and which a bot played for an
    away seat or one its player left, are the table's: the doc's ``forced``
    ([seat, kind, the engine's move_key]) in every view (a late spectator,
    a reload), and the log's ``marks`` (the replay's steps); the list is a
    new object only when such a move is played, and starts afresh each game."""
    doc = seated(seats=3, pids="abc", away_after=1)
    assert doc["status"] == Status.PLAYING and tables.views(doc, [None])[None]["forced"] == []
    seat, _, _ = to_act(doc)
    now = doc["deadlines"][str(seat)][1]
    timed = call(tables.due, doc, now, SEED, random.Random(1), CTX)
    assert timed.doc["forced"] == [[seat, "timeout", 0]] and timed.log["marks"] == [[0, "timeout", 0, 1]]
    assert tables.views(timed.doc, [None, 1])[1]["forced"] == [[seat, "timeout", 0]]
    # a person's own move adds nothing, and shares the list (the table part's diff is empty there)
    nxt, pid, turn = to_act(timed.doc)
    moved = call(tables.move, timed.doc, pid, turn, {"type": "roll"}, now + 10)
    assert moved.doc["forced"] is timed.doc["forced"] and "marks" not in moved.log
    # the last to roll this round leaves: a bot plays its seat ("left")
    last, pid, _ = to_act(moved.doc)
    left = tables.leave(moved.doc, pid, now + 20).doc
    played = call(tables.due, left, tables.next_due(left), SEED, random.Random(1), CTX)
    assert played.doc["forced"][-1] == [last, "left", 0] and played.log["marks"] == [[0, "left", 0, 1]]
    # round 2: the away seat (away after one timeout) is played by a bot for its player
    doc = played.doc
    while to_act(doc)[0] != seat:
        s, pid, turn = to_act(doc)
        doc = tables.due(doc, tables.next_due(doc), SEED, random.Random(1), CTX).doc if doc["seats"][s]["bot"] else tables.move(doc, pid, turn, {"type": "roll"}, now + 30).doc
    away = call(tables.due, doc, tables.next_due(doc), SEED, random.Random(1), CTX)
    assert away.doc["forced"][-1] == [seat, "bot", 1] and away.log["marks"][-1][1:] == ["bot", 1, 1]
    assert away.doc["forced"][:2] == [[seat, "timeout", 0], [last, "left", 0]], "kept for the whole game"
    # a new game starts its own list
    fresh = tables._start(dict(away.doc, status=Status.FINISHED.value), now + 40, SEED)
    assert fresh["forced"] == []


def test_a_replay_marks_the_steps_the_lobby_played_for_people():
    """The log's marks become the steps' fourth element, and each such step's
    frame carries its ``forced`` entry and the lobby's ``timeout`` event as
    the live table had it (none for a left seat: its seat says so)."""
    from lobby import replay

    start = {"kind": "start", "game_no": 1, "game": "sibala", "options": {"rounds": 1}, "seats": [{"name": "A", "bot": False}, {"name": "B", "bot": False}], "table": None, "seed_hash": "h"}
    records = [
        start,
        {"kind": "forced", "moves": [[0, {"type": "roll"}]], "marks": [[0, "timeout", 0, 1]]},
        {"kind": "forced", "moves": [[1, {"type": "roll"}]], "marks": [[0, "bot", 0, 1]], "seed": SEED.hex(), "result": {}},
    ]
    (game,) = replay.games(records)
    assert game["steps"] == [["move", 0, {"type": "roll"}, {"kind": "timeout", "key": 0, "moves": 1}], ["move", 1, {"type": "roll"}, {"kind": "bot", "key": 0, "moves": 1}]]
    frames = replay.frames(game, None)
    assert "forced" not in frames[0] and frames[1]["forced"] == [0, "timeout", 0] and frames[2]["forced"] == [1, "bot", 0]
    assert frames[1]["events"][-1] == {"type": "timeout", "seat": 0, "bot": False, "moves": [{"type": "roll"}]}
    assert frames[2]["events"][-1] == {"type": "timeout", "seat": 1, "bot": True, "moves": [{"type": "roll"}]}
    assert replay.rerun(game)["winners"], "a marked step re-runs as any other"


@pytest.mark.parametrize("game", sorted(engines.REGISTRY))
def test_back_on_your_own_turn_gives_the_table_s_turn_time_from_then(game):
    """Issue #15: "I'm back" while a bot plays your turn hands you the
    turn, with the table's whole turn time from that moment, in every game
    (the seat as due() leaves it away: the bot's delay on its clock)."""
    doc = seated(game, seats=3, pids="abc")
    engine = engines.get(game)
    seat = engine.to_act(doc["state"])[0]
    turn = engine.turn_id(doc["state"], seat)
    doc["seats"][seat]["away"] = True
    doc["deadlines"] = {**doc["deadlines"], str(seat): [turn, 700 + doc["bot_delay_ms"]]}
    back = call(tables.back, doc, doc["seats"][seat]["pid"], 1_000)
    assert back.doc["deadlines"][str(seat)] == [turn, 1_000 + doc["turn_ms"]]


def test_back_in_the_turn_that_made_the_seat_away_counts_that_turn_no_more():
    """Fresh English pass at 390x844 (6 Nimmt!, 2 bots, 5 s turns): the
    second timeout in a row was a pick below every row, so the seat went
    away with its row choice to make; "I'm back" then, that row choice ran
    out, and one missed turn later a bot played turns 4, 5 and 6: back had
    forgotten the turn was counted, so its forced row choice counted again.
    Back starts the count afresh for the turns after it: the rest of the
    turn it came in does not count, the next timed-out turn is one, the
    second in a row marks the seat away (RULES.md: twice in a row)."""
    doc = seated("six_nimmt", seats=2, pids="ab", away_after=2)
    engine = engines.get("six_nimmt")
    a = doc["seats"].index(next(s for s in doc["seats"] if s["pid"] == "a"))
    b = 1 - a
    hands = [None, None]
    hands[a], hands[b] = [1, 2, 3, 4, 12, 16, 19, 29, 40, 44], doc["state"]["hands"][b]
    state = dict(doc["state"], hands=hands)  # Ann's lowest card is below every row
    timeouts = [0, 0]
    timeouts[a] = 1
    turns = [None, None]
    turns[a] = "earlier"
    doc = dict(doc, state=state, timeouts=timeouts, timeout_turns=turns)  # one turn timed out already
    now = 0

    def b_plays(doc, now):
        """Bea picks her highest card, or takes the cheapest row."""
        s = doc["state"]
        if b not in engine.to_act(s):
            return doc
        mv = {"type": "pick", "card": max(s["hands"][b])} if s["phase"] == "pick" else {"type": "choose_row", "row": engines.six_nimmt.cheapest_row(s["rows"])}
        return tables.move(doc, "b", tables.turn_id(doc, b), mv, now).doc

    def a_times_out(doc, now):
        """Bea plays, then Ann's deadline passes: the clock's move for her."""
        doc = b_plays(doc, now)
        at = doc["deadlines"][str(a)][1]
        return tables.due(doc, at, SEED, random.Random(1), CTX).doc, at

    doc, now = a_times_out(doc, now)
    assert doc["seats"][a]["away"] and doc["timeouts"][a] == 2, "the second timeout in a row: away"
    assert doc["state"]["phase"] == "choose" and a in engine.to_act(doc["state"]), "card 1 is below every row"
    doc = call(tables.back, doc, "a", now + 10).doc
    doc, now = a_times_out(doc, now + 10)
    assert not doc["seats"][a]["away"] and doc["timeouts"][a] == 0, "the row choice of the turn already counted"
    while a not in engine.to_act(doc["state"]) or doc["state"]["phase"] != "pick":
        doc = b_plays(doc, now)
        doc = tables.due(doc, tables.next_due(doc), SEED, random.Random(1), CTX).doc
    doc, now = a_times_out(doc, now)
    assert not doc["seats"][a]["away"] and doc["timeouts"][a] == 1, "one timed-out turn after back: not away"
    while a not in engine.to_act(doc["state"]) or doc["state"]["phase"] != "pick":
        doc = b_plays(doc, now)
        doc = tables.due(doc, tables.next_due(doc), SEED, random.Random(1), CTX).doc
    doc, now = a_times_out(doc, now)
    assert doc["seats"][a]["away"] and doc["timeouts"][a] == 2, "the second in a row: away"


def test_the_last_unready_player_leaving_between_games_starts_the_next_game():
    doc, now = play_out(seated(seats=3, pids="abc", options={"rounds": 1}))
    for pid in "bc":
        doc = tables.ready(doc, pid, now, SEED, {"balances": {}}).doc
    assert doc["status"] == Status.FINISHED, "a is not ready yet"
    out = tables.leave(doc, "a", now + 1, SEED, {"balances": {}})
    assert out.doc["status"] == Status.PLAYING and out.doc["game_no"] == 2
    assert [s["pid"] for s in out.doc["seats"]] == ["b", "c"] and out.log["kind"] == "start" and out.log["left"] == 0
    assert tables.leave(doc, "a", now + 1).doc["status"] == Status.FINISHED, "without a seed (a pure caller) the table only marks it"


def test_ready_marks_keep_a_seat_nobody_holds_apart():
    doc, now = play_out(seated(seats=3, pids="abc", options={"rounds": 1}))
    doc = tables.ready(doc, "b", now, SEED, {"balances": {}}).doc
    gone = tables.leave(doc, "c", now).doc
    assert tables.ready_marks(gone) == f"{gone['game_no']}:01-"
    assert tables.with_marks(gone, f"{gone['game_no']}:11-")["next"]["ready"] == [True, True, False]


def test_a_seat_makes_at_most_its_moves_per_second_and_redo_keeps_the_count():
    """Every move is a delta to every viewer, so a seat's pace is bounded
    in the doc, whatever sockets or processes the moves come through: the
    7th move within :data:`tables.MOVE_WINDOW_MS` of the seat's first is refused
    ``rate_limited`` (reason ``moves``) and changes nothing; a moment later
    it is taken; a record re-applied counts its move alike."""
    doc = seated("yahtzee", seats=1, pids="a")
    engine = engines.get("yahtzee")
    rng = random.Random(7)
    now = 1_000
    for _ in range(6):
        seat, pid, turn = to_act(doc)
        mv = rng.choice(engine.legal_moves(doc["state"], seat))
        out = call(tables.move, doc, pid, turn, mv, now, 6)
        assert tables.redo(doc, out.log) == out.doc, "a record re-applied counts its move alike"
        doc, now = out.doc, now + 100
    seat, pid, turn = to_act(doc)
    mv = engine.legal_moves(doc["state"], seat)[0]
    before = copy.deepcopy(doc)
    with pytest.raises(LobbyError) as exc:
        tables.move(doc, pid, turn, mv, now, 6)
    assert (exc.value.code, exc.value.reason) == (ErrorCode.RATE_LIMITED, "moves") and doc == before
    assert call(tables.move, doc, pid, turn, mv, now, 0) is not None, "0: no limit"
    assert call(tables.move, doc, pid, turn, mv, 1_000 + tables.MOVE_WINDOW_MS, 6) is not None, "the first move left the window"
    assert doc["moved"] == {str(seat): [1_000, 6]}, "the window's first move's time and its count"
