"""Steps every browser test takes against a real lobby: sign in, open a
table through the Open table form, press Start, wait for a table status,
and (for Sibala) roll until the match is over.

Every wait is Playwright's auto-waiting ``expect`` (no sleeps); its timeout
is ``WAIT``, set for every browser test in tests/browser/conftest.py.
``intercept`` puts a proxy between a page and the lobby's websocket.
"""

from __future__ import annotations

import re

import msgpack
import pytest
from playwright.sync_api import expect

WAIT = 15_000

#: ``pytestmark = SINGLE_REDIS``: a module whose tests check the client (the
#: browser view does not depend on the Redis backend) runs them against the
#: single-redis lobby only.
SINGLE_REDIS = pytest.mark.parametrize("lobby", ["redis"], indirect=True)

#: A Sibala round's result line in English, with player names: the kata's
#: figures (RULES.md section 1) in the page's words.
#: A shared round says that it counts for each who shares it (RULES.md 1).
_HAND = r"(normal point: ([3-9]|1[0-2])|all of a kind: [1-6])"
RESULT_RE = re.compile(rf"^(Everyone ties — the round counts for every player|.+ wins with {_HAND}|.+ tie with {_HAND} — the round counts for each)$")
#: The same in Chinese ("小明 胜，点数 12", "Ada（机器人）胜，点数 4", "全体平局——每位玩家各算赢一局").
_HAND_ZH = r"(点数 ([3-9]|1[0-2])|一色 [1-6])"
RESULT_ZH_RE = re.compile(rf"^(全体平局——每位玩家各算赢一局|.+ ?胜，{_HAND_ZH}|.+ ?平手，{_HAND_ZH}——各算赢一局)$")
#: The kata's own line (the English result line's tooltip).
KATA_RE = re.compile(r"^(Tie\.|.+ (win|tie)\. - with (normal point: ([3-9]|1[0-2])|all of a kind: [1-6]))$")


def text_name(page, seat: int) -> str:
    """Seat ``seat``'s name as an English page's running text gives it (log,
    results): its seat's bare name, a bot's with " (bot)" (the seat shows a
    badge instead)."""
    bot = page.get_by_test_id(f"seat-{seat}").locator(".badge-bot").count()
    return page.get_by_test_id(f"seat-name-{seat}").text_content() + (" (bot)" if bot else "")


def sign_in(page, lobby, name: str, hash_: str = "") -> None:
    page.goto(f"{lobby.http}/{hash_}")
    page.get_by_test_id("name-input").fill(name)
    page.get_by_test_id("sign-in").click()
    expect(page.get_by_test_id("player-name")).to_have_text(name)


def game_lobby(page, lobby, name: str, game: str) -> None:
    """Sign in as ``name`` and go to ``game``'s lobby page (its forms)."""
    sign_in(page, lobby, name)
    page.get_by_test_id(f"game-{game}").click()


def open_table(
    page,
    game: str,
    *,
    seats: int,
    turn_s: int = 60,
    options: dict | None = None,
    bots: bool = True,
    private: bool = False,
    from_home: bool = True,
) -> str:
    """From the home screen's game list (or, with ``from_home=False``, from
    the game's lobby page): fill in the Open table form and open the table;
    returns its id once the table screen shows it waiting.  ``options`` are
    the game's own fields (``open-opt-<name>``: typed in, or chosen in a
    select)."""
    if from_home:
        page.get_by_test_id(f"game-{game}").click()
    page.get_by_test_id("open-seats").fill(str(seats))
    page.get_by_test_id("open-turn").fill(str(turn_s))
    for name, value in (options or {}).items():
        field = page.get_by_test_id(f"open-opt-{name}")
        if field.evaluate("el => el.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))
    page.get_by_test_id("open-bots").set_checked(bots)
    page.get_by_test_id("open-private").set_checked(private)
    page.get_by_test_id("open-table").click()
    expect_status(page, "waiting")
    table_id = page.get_by_test_id("table-screen").get_attribute("data-table")
    assert table_id and page.url.endswith(f"#table={table_id}")
    return table_id


def started_table(page, lobby, name: str, game: str, **form) -> str:
    """Sign in as ``name``, open a table of ``game`` (``form``: the keyword
    arguments of ``open_table``) and press Start; the table id."""
    sign_in(page, lobby, name)
    table_id = open_table(page, game, **form)
    start(page)
    return table_id


#: The head of an `async ([id, game]) => {…}` page function that draws a
#: board afresh: VIEWS (the games' view classes), tableContext, `net`, and
#: `v`, table `id`'s live view (its entry `e`), for the body to change and
#: draw with a new view of `game`.
REDRAW_HEAD = """async ([id, game]) => {
  const { VIEWS } = await import('/static/games/index.js');
  const { tableContext } = await import('/static/games/common.js');
  const net = window.lobby.net;
  const e = net.tables.get(id);
  const v = e.view;
"""


def two_at_sibala(ann, bo, lobby, turn_s: int = 1, rounds: int = 1) -> str:
    """Ann opens a two-seat Sibala table without bots (``turn_s`` s turns,
    ``rounds`` rounds) and Bo joins it: full, it starts; the table id."""
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "sibala", seats=2, turn_s=turn_s, options={"rounds": rounds}, bots=False)
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    bo.get_by_test_id("join-table").click()
    return table_id


def expect_status(page, status: str) -> None:
    """Wait until the table screen shows the table in ``status``."""
    expect(page.get_by_test_id("table-status")).to_have_attribute("data-status", status)


def finished(page):
    """The table status, once it says the game has finished."""
    return page.locator('[data-testid="table-status"][data-status="finished"]')


def start(page) -> None:
    """Press Start; the game is playing."""
    page.get_by_test_id("start").click()
    expect_status(page, "playing")


def leave_running(page) -> None:
    """Press Leave at a running game and agree in the page's confirm (it
    asks first: a bot plays the seat to the end)."""
    page.get_by_test_id("leave").click()
    expect(page.get_by_test_id("confirm")).to_be_visible()
    page.get_by_test_id("confirm-yes").click()


def play_to_end(page, max_turns: int = 60) -> int:
    """Click Roll whenever it is enabled until the game has finished;
    returns how many times we rolled."""
    roll = page.locator('[data-testid="roll"]:enabled')
    done = finished(page)
    rolls = 0
    for _ in range(max_turns):
        expect(roll.or_(done)).to_be_visible()
        if done.count():
            return rolls
        roll.click()
        rolls += 1
    raise AssertionError("the game did not finish")


def stud_turns(page, enough, max_turns: int = 40):
    """Play stud hands from my seat: yield at each of my turns (the page as
    it stands when the turn comes), then check or call; at a hand's end stop
    if ``enough()`` is true, else press Play again.  Raises AssertionError
    after ``max_turns`` turns and hand ends."""
    act = page.locator(".stud-actions button.act:enabled")
    done = finished(page)
    for _ in range(max_turns):
        expect(act.first.or_(done)).to_be_visible()
        if done.count():
            if enough():
                return
            page.get_by_test_id("play-again").click()
            expect_status(page, "playing")
            continue
        yield
        offered = [b.get_attribute("data-action") for b in act.all()]
        page.get_by_test_id("act-check" if "check" in offered else "act-call").click()
    raise AssertionError(f"not enough after {max_turns} turns and hand ends")


def intercept(page, types: set[str], handle) -> None:
    """Proxy the page's websocket: each frame the page sends whose type is
    in ``types`` goes first to ``handle(ws, msg)`` (``ws``: the page's side,
    to answer on; ``msg``: the decoded frame), which keeps it from the
    server by returning True; every other frame passes both ways.  Call
    before the page connects."""

    def proxy(ws):
        server = ws.connect_to_server()

        def from_page(message):
            msg = msgpack.unpackb(message)
            if msg.get("t") in types and handle(ws, msg):
                return
            server.send(message)

        ws.on_message(from_page)
        server.on_message(ws.send)

    page.route_web_socket(re.compile(r".*/ws$"), proxy)


def refuse(ws, msg: dict, code: str, text: str) -> None:
    """Answer the page's request ``msg`` with an error frame, as the lobby would."""
    ws.send(msgpack.packb({"t": "error", "code": code, "msg": text, "ref": msg["ref"]}))
