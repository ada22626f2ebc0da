"""Replays and provable fairness: the published record re-runs exactly, and
any tampering is caught by `lobby.client verify`."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from lobby import replay

ROOT = Path(__file__).resolve().parents[2]

#: (game, players, options); a one-seat table starts its game as it opens
#: (its first log record is the game's start: no replay had it)
GAMES = [("sibala", 3, []), ("yahtzee", 2, []), ("shut_the_box", 2, ["--option", "rounds=1"]), ("shut_the_box", 1, ["--option", "rounds=1"]), ("six_nimmt", 3, ["--option", "end_threshold=5"]), ("stud", 3, [])]


def _play(lobby, game, players, extra):
    out = subprocess.run(
        [sys.executable, "-m", "lobby.client", "--url", lobby.ws, "play", "--game", game, "--players", str(players), "--tables", "1", "--turn-ms", "5000", *extra],
        cwd=ROOT, capture_output=True, text=True, timeout=180,
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.splitlines()[0])


def _verify(lobby, table):
    return subprocess.run([sys.executable, "-m", "lobby.client", "--url", lobby.ws, "verify", "--table", table], cwd=ROOT, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("game,players,extra", GAMES)
def test_finished_games_replay_and_verify(lobby, game, players, extra):
    record = _play(lobby, game, players, extra)
    out = _verify(lobby, record["table"])
    assert out.returncode == 0, out.stdout + out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(lines) == 1 and lines[0]["ok"] and lines[0]["seed_ok"] and lines[0]["result_ok"]
    data = json.loads(urllib.request.urlopen(f"{lobby.http}/api/tables/{record['table']}/replay").read())
    published = data["games"][0]
    assert published["result"] == record["result"]
    assert published["checks"], "intermediate states are checked too"
    # public step-through, and a seat's point of view after the end
    frames = json.loads(urllib.request.urlopen(f"{lobby.http}/api/tables/{record['table']}/replay/1").read())
    assert frames["frames_total"] == len(published["steps"]) + 1 and frames["page"] == 0
    assert [f["step"] for f in frames["frames"]] == list(range(len(frames["frames"])))
    # a seat's point of view is its player's (tests/security/test_mucked_cards.py)
    with pytest.raises(urllib.error.HTTPError) as exc:
        urllib.request.urlopen(f"{lobby.http}/api/tables/{record['table']}/replay/1?seat=0")
    assert exc.value.code == 403


def test_tampered_replays_fail(lobby):
    record = _play(lobby, "sibala", 2, [])
    data = json.loads(urllib.request.urlopen(f"{lobby.http}/api/tables/{record['table']}/replay").read())
    good = data["games"][0]
    assert replay.verify_game(replay.from_public(good))["result_ok"]
    # another seed: its hash no longer matches, and the dice differ
    other_seed = copy.deepcopy(good)
    other_seed["seed"] = ("0" if good["seed"][0] != "0" else "1") + good["seed"][1:]
    check = replay.verify_game(replay.from_public(other_seed))
    assert not check["seed_ok"] and not check["result_ok"]
    # one die changed in a logged state: the state hash after that step no longer matches
    one_die = copy.deepcopy(good)
    at, digest = one_die["checks"][0]
    one_die["checks"][0] = [at, ("f" if digest[0] != "f" else "e") + digest[1:]]
    check = replay.verify_game(replay.from_public(one_die))
    assert check["seed_ok"] and not check["result_ok"] and "differs" in check["error"]
    # a result claiming another winner
    wrong = copy.deepcopy(good)
    wrong["result"]["winners"] = [1 - good["result"]["winners"][0]] if len(good["result"]["winners"]) == 1 else [0]
    assert not replay.verify_game(replay.from_public(wrong))["result_ok"]


def test_no_replay_before_the_end(lobby):
    with pytest.raises(urllib.error.HTTPError) as exc:
        urllib.request.urlopen(f"{lobby.http}/api/tables/doesnotexist/replay")
    assert exc.value.code == 404
    with pytest.raises(urllib.error.HTTPError) as exc:
        urllib.request.urlopen(f"{lobby.http}/api/tables/bad%7Bid%7D/replay")
    assert exc.value.code == 404


def test_a_result_logged_before_detail_existed_still_verifies():
    rerun = {"winners": [0], "scores": [2, 1], "coins": [0, 0], "summary": "most rounds won: 2", "detail": {"kind": "most_rounds_won", "wins": 2}}
    old = {k: v for k, v in rerun.items() if k != "detail"}
    assert replay.same_result(rerun, old) and replay.same_result(rerun, rerun)
    assert not replay.same_result(rerun, dict(old, coins=[5, -5])), "every logged field must match"
    assert not replay.same_result(rerun, {"summary": "most rounds won: 2"}), "winners, scores and coins always"


async def test_a_replay_of_an_unknown_table_says_so_and_of_a_live_one_says_none_finished_yet(lobby):
    """Both are 404 no_such_table; the words tell them apart (``lobby.client
    verify`` of an unknown id said "no finished game at that table")."""
    from .support import api, connected

    status, body = await api(lobby.http, "GET", "/api/tables/nosuchtable0/replay")
    assert (status, body["code"], body["error"]) == (404, "no_such_table", "no such table")
    async with connected(lobby.ws, ["Ann"]) as (ann,):
        table = (await ann.open("sibala", seats=2, turn_ms=60_000)).table_id
        status, body = await api(lobby.http, "GET", f"/api/tables/{table}/replay")
    assert (status, body["code"], body["error"]) == (404, "no_such_table", "no finished game at that table yet")
