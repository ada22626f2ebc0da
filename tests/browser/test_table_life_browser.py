"""A table's life, common to every game: chat, play again, ending politely, a
waiting table's countdown, the last game's board and names, table names,
quick tables merging, the move gate, and what a spectator or a stale link
sees.
"""

from __future__ import annotations

import asyncio
import re
import secrets
import threading

import pytest
from lobby import tables
from lobby.client import LobbyClient
from playwright.sync_api import expect

from .helpers import PHONE, REDRAW_HEAD, RESULT_RE, SINGLE_REDIS, WAIT, each_language, expect_status, finished, intercept, js, leave_running, notice_texts, open_table, play_to_end, refuse, sign_in, start, started_table, switch_language, two_at_sibala, watch_notice


# ---------------------------------------------------------------------------
# Chat, play again, replay, language switch at a table
#
# The browser client's table life, common to every game, against a real
# lobby: chat (markup stays text, for players and spectators, lines kept for
# late viewers), play again at the same table, the replay viewer stepping a
# finished game to its end, and a language switch that draws the table again
# without letting go of it.
# ---------------------------------------------------------------------------


#: chat markup that must stay text: no <b>, no <img>, no handler runs
MARKUP = "<b>x</b><img src=y onerror=z()>"


@SINGLE_REDIS
def test_chat_markup_is_text_for_players_and_spectators(new_page, lobby):
    host = new_page()
    sign_in(host, lobby, "Host")
    table_id = open_table(host, "sibala", seats=3, options={"rounds": 1})
    viewer = new_page()
    sign_in(viewer, lobby, "Rail", f"#table={table_id}")
    expect(viewer.get_by_test_id("spectating")).to_be_visible()

    expect(host.get_by_test_id("chat-input")).not_to_have_attribute("maxlength", re.compile(".*"))  # too long is said, not cut
    host.get_by_test_id("chat-input").fill(MARKUP)
    host.get_by_test_id("chat-input").press("Enter")  # Enter sends
    expect(host.get_by_test_id("chat-input")).to_have_value("")
    viewer.get_by_test_id("chat-tab-players").click()  # a spectator starts in the spectators' room
    for page in (host, viewer):
        line = page.get_by_test_id("chat-line").last
        expect(line.get_by_test_id("chat-text")).to_have_text(MARKUP)
        expect(line).to_contain_text("Host")
        expect(line.get_by_test_id("chat-spectator")).to_have_count(0)

    # a spectator may chat too, in the spectators' room; the line is marked as a spectator's
    viewer.get_by_test_id("chat-tab-spectators").click()
    viewer.get_by_test_id("chat-input").fill("watching <i>you</i>")
    viewer.get_by_test_id("chat-send").click()
    host.get_by_test_id("chat-tab-spectators").click()
    for page in (host, viewer):
        expect(page.get_by_test_id("chat-line")).to_have_count(1)
        line = page.get_by_test_id("chat-line").last
        expect(line.get_by_test_id("chat-text")).to_have_text("watching <i>you</i>")
        expect(line.get_by_test_id("chat-spectator")).to_be_visible()
        # nothing of the markup became elements, and no handler was set
        assert page.get_by_test_id("chat-lines").locator("b, i, img").count() == 0
        assert page.evaluate("document.querySelectorAll('img, [onerror]').length") == 0

    # the lines are no part of the table's versions: a page that opens the
    # table later gets them with its snapshot, and so does a reload
    late = new_page()
    sign_in(late, lobby, "Late", f"#table={table_id}")
    viewer.reload()
    for page in (late, viewer):
        expect(page.get_by_test_id("chat-text")).to_have_text(["watching <i>you</i>"])
        expect(page.get_by_test_id("chat-spectator")).to_have_count(1)
        page.get_by_test_id("chat-tab-players").click()
        expect(page.get_by_test_id("chat-text")).to_have_text([MARKUP])


def test_spectators_chat_in_their_own_room_which_players_may_hide(new_page, lobby):
    """A table's chat has two rooms: a spectator's line lands in the
    spectators' room, never among the players' lines; a player sees it in
    the spectators' tab and may hide that tab (kept over a reload); a
    spectator who takes a seat is shown the players' room, where they now
    write (it stayed on the spectators' tab, with no box to type in)."""
    host = new_page()
    sign_in(host, lobby, "Host")
    table_id = open_table(host, "sibala", seats=2, options={"rounds": 1})
    viewer = new_page()
    sign_in(viewer, lobby, "Rail", f"#table={table_id}")
    expect(viewer.get_by_test_id("chat-tab-spectators")).to_have_attribute("aria-selected", "true")
    expect(viewer.get_by_test_id("chat-hide-spectators")).to_be_hidden()  # only players hide it
    viewer.get_by_test_id("chat-input").fill("go Host")
    viewer.get_by_test_id("chat-input").press("Enter")
    host.get_by_test_id("chat-input").fill("thanks")
    host.get_by_test_id("chat-input").press("Enter")
    expect(host.get_by_test_id("chat-tab-spectators")).to_have_text("Spectators (1)")
    expect(host.get_by_test_id("chat-tab-players")).to_have_attribute("aria-selected", "true")
    expect(host.get_by_test_id("chat-text")).to_have_text(["thanks"])  # the players' room: no spectator's line
    host.get_by_test_id("chat-tab-spectators").click()
    expect(host.get_by_test_id("chat-text")).to_have_text(["go Host"])
    expect(host.get_by_test_id("chat-input")).to_be_hidden()  # a player writes in the players' room only
    host.get_by_test_id("chat-hide-spectators").click()
    expect(host.get_by_test_id("chat-tab-spectators")).to_be_hidden()
    expect(host.get_by_test_id("chat-text")).to_have_text(["thanks"])
    host.reload()
    expect(host.get_by_test_id("chat-text")).to_have_text(["thanks"])
    expect(host.get_by_test_id("chat-tab-spectators")).to_be_hidden()
    host.get_by_test_id("chat-hide-spectators").click()  # shown again
    expect(host.get_by_test_id("chat-tab-spectators")).to_be_visible()
    viewer.get_by_test_id("join-table").click()  # the spectator takes the free seat: the table starts
    expect(viewer.get_by_test_id("chat-tab-players")).to_have_attribute("aria-selected", "true")  # and writes with the players
    expect(viewer.get_by_test_id("chat-input")).to_be_visible()
    expect(viewer.get_by_test_id("chat-text")).to_have_text(["thanks"])


@SINGLE_REDIS
def test_play_again_starts_the_next_game_at_the_same_table(new_page, lobby):
    page = new_page()
    table_id = started_table(page, lobby, "Ann", "sibala", seats=3, options={"rounds": 1})
    expect(page.get_by_test_id("game-no")).to_have_text("Game 1")
    # the seed's hash is published while playing (folded in the fair-play check); the seed itself is not
    expect(page.get_by_test_id("fair-summary")).to_have_text("Fair play check — the dice and cards of this game are sealed")
    expect(page.get_by_test_id("seed-hash")).to_be_hidden()
    page.get_by_test_id("fair-summary").click()
    expect(page.get_by_test_id("seed-hash")).to_have_text(re.compile(r"^[0-9a-f]{64}$"))
    expect(page.get_by_test_id("seed")).to_be_hidden()
    names = [page.get_by_test_id(f"seat-name-{i}").text_content() for i in range(3)]
    assert names[0] == "Ann" and all(n in tables.BOT_NAMES for n in names[1:]), names
    expect(page.get_by_test_id("seats").locator(".badge-bot")).to_have_count(2)

    play_to_end(page, max_turns=40)
    panel = page.get_by_test_id("next-panel")
    expect(panel).to_be_visible()
    expect(page.get_by_test_id("ready-0")).to_have_attribute("data-ready", "0")
    expect(page.get_by_test_id("ready-1")).to_have_attribute("data-ready", "1")  # bots are always ready
    expect(page.get_by_test_id("next-countdown")).to_have_text(re.compile(r"^\d+ s to decide$"))
    expect(page.get_by_test_id("seed")).to_have_text(re.compile(r"^[0-9a-f]{64}$"))
    expect(page.get_by_test_id("seed")).to_be_visible()  # the check stays open as the player left it
    expect(page.get_by_test_id("seed-check")).to_have_attribute("data-ok", "1")
    expect(page.get_by_test_id("seed-check")).to_have_text("✓ nothing was changed")

    page.get_by_test_id("play-again").click()
    # everyone is ready: the next game starts at once, same table, same seats
    expect(page.get_by_test_id("game-no")).to_have_text("Game 2")
    expect_status(page, "playing")
    expect(panel).to_be_hidden()
    assert page.get_by_test_id("table-screen").get_attribute("data-table") == table_id
    for i, name in enumerate(names):
        expect(page.get_by_test_id(f"seat-name-{i}")).to_have_text(name)
    expect(page.get_by_test_id("seed")).to_be_hidden()
    expect(page.get_by_test_id("replay")).to_have_text("Replay game 1")  # the game before
    expect(page.get_by_test_id("replay")).to_have_attribute("href", f"#replay={table_id}&game=1")
    play_to_end(page, max_turns=40)  # our seat is still ours: our rolls count
    expect(page.get_by_test_id("final-result")).to_be_visible()


@SINGLE_REDIS
def test_replay_steps_to_the_same_result(new_page, lobby):
    """The replay viewer opens in the table's page, draws the board of each
    step with the game's own view and tells each step in the words of the
    live log (not as a move's fields); Back returns to the table."""
    page = new_page()
    table_id = started_table(page, lobby, "Rex", "sibala", seats=3, options={"rounds": 2})
    expect(page.get_by_test_id("my-seat")).to_have_text("Your seat: 1")  # seats count from 1 on screen
    expect(page.locator(".seat-no")).to_have_text(["#1", "#2", "#3"])
    expect(page.get_by_test_id("table-name")).to_have_text("Rex's table")
    expect(page.get_by_test_id("replay")).to_be_hidden()  # not before the end
    play_to_end(page, max_turns=40)
    own_line = page.get_by_test_id("result-line").text_content()
    assert RESULT_RE.match(own_line), own_line
    # the replay names every seat (no one is "you" there): a spectator's words of the live table
    watcher = new_page()
    sign_in(watcher, lobby, "Wes", f"#table={table_id}")
    expect(watcher.get_by_test_id("spectating")).to_be_visible()
    expect(watcher.get_by_test_id("log").locator("li")).to_have_count(page.get_by_test_id("log").locator("li").count())
    line = watcher.get_by_test_id("result-line").text_content()
    assert RESULT_RE.match(line) and "You" not in line, line
    winners = watcher.get_by_test_id("winners").text_content()
    live_log = watcher.get_by_test_id("log").locator("li").all_text_contents()

    # the replay opens in this page, not in a new one
    pages = len(page.context.pages)
    page.get_by_test_id("replay").click()
    expect(page.get_by_test_id("replay-screen")).to_have_attribute("data-table", table_id)
    assert page.url.endswith(f"#replay={table_id}&game=1")
    assert len(page.context.pages) == pages
    replay = page
    expect(replay.get_by_test_id("replay-sub")).to_have_text("Rex's table · game 1")
    steps = 3 * 2  # three seats roll in each of two rounds
    expect(replay.get_by_test_id("replay-step")).to_have_text(f"Start · {steps} steps")
    expect(replay.get_by_test_id("replay-action")).to_have_text("Start: before the first move")
    replay.get_by_test_id("replay-next").click()
    expect(replay.get_by_test_id("replay-step")).to_have_text(f"Step 1 / {steps}")
    # the live log's words: round, who, the dice, the hand
    rolled = re.compile(r"^Round 1: Rex rolled [⚀⚁⚂⚃⚄⚅]{4} \((normal point: \d+|all of a kind: [1-6]|no point)\)$")
    expect(replay.get_by_test_id("replay-action")).to_have_text(rolled)
    expect(replay.get_by_test_id("dice-0").locator(".die")).to_have_count(4)
    expect(replay.get_by_test_id("log").locator("li")).to_have_count(1)
    expect(replay.get_by_test_id("log").locator("li")).to_have_text([rolled])

    replay.get_by_test_id("replay-last").click()
    expect(replay.get_by_test_id("replay-step")).to_have_text(f"Step {steps} / {steps}")
    expect(replay.get_by_test_id("replay-action")).to_have_text(re.compile(r"^Round 2: .+ rolled [⚀⚁⚂⚃⚄⚅]{4} \(.+\) · Round 2: .+$"))
    expect(replay.get_by_test_id("result-line")).to_have_text(line)
    expect(replay.get_by_test_id("winners")).to_have_text(winners)
    expect(replay.get_by_test_id("log").locator("li")).to_have_text(live_log)  # the board as it was at the end
    expect(replay.get_by_test_id("replay-next")).to_be_disabled()
    # stepping back shows that step's board again, its log with it
    replay.get_by_test_id("replay-first").click()
    replay.get_by_test_id("replay-next").click()
    expect(replay.get_by_test_id("log").locator("li")).to_have_count(1)
    replay.get_by_test_id("replay-last").click()
    # our own seat's point of view ends the same way; other seats' are their players'
    expect(replay.get_by_test_id("replay-seat").locator("option")).to_have_count(2)
    expect(replay.get_by_test_id("replay-seat").locator("option").last).to_have_text("Seat 1: Rex")
    replay.get_by_test_id("replay-seat").select_option("0")
    expect(replay.get_by_test_id("replay-seat")).to_be_enabled()
    expect(replay.get_by_test_id("replay-step")).to_have_text(f"Step {steps} / {steps}")
    expect(replay.get_by_test_id("result-line")).to_have_text(line)
    # fairness: the seed matches its hash, and how to verify the whole game
    expect(replay.get_by_test_id("replay-seed-check")).to_have_attribute("data-ok", "1")
    expect(replay.get_by_test_id("replay-seed-check")).to_have_text("✓ nothing was changed")
    # in the table page's words ("Fair play check", "Fingerprint"), not a debugger's
    fair = replay.get_by_test_id("replay-fair")
    expect(fair).to_contain_text("Fair play check")
    expect(fair).to_contain_text("Fingerprint (SHA-256)")
    assert "seed hash" not in fair.inner_text().lower()
    # the command line is there for who opens it
    expect(replay.get_by_test_id("verify-command")).to_be_hidden()
    replay.get_by_test_id("verify-details").locator("summary").click()
    # introduced in plain words first, for the curious (a Sibala table: its dice)
    expect(replay.get_by_test_id("verify-intro")).to_have_text("For the curious: anyone can re-check this table's dice from its published seed, on their own computer, with the command below.")
    expect(replay.get_by_test_id("verify-command")).to_have_text(f"python -m lobby.client --url {lobby.ws} verify --table {table_id}")

    # back at the table, its game over (the ready window may have closed it meanwhile)
    replay.get_by_test_id("replay-back").click()
    expect(page.get_by_test_id("table-screen")).to_have_attribute("data-table", table_id)
    expect(page.get_by_test_id("table-status")).to_have_attribute("data-status", re.compile(r"^(finished|closed)$"))
    expect(page.get_by_test_id("result-line")).to_have_text(own_line)


@SINGLE_REDIS
def test_language_switch_redraws_the_table_and_keeps_following_it(new_page, lobby):
    """The switch makes the table screen (and the game's view) again in the
    other language; a spectator's page keeps its table meanwhile: no unwatch,
    no second watch (it once sent both and fetched the table again)."""
    host = new_page()
    sign_in(host, lobby, "Host")
    table_id = open_table(host, "sibala", seats=2, options={"rounds": 1})
    viewer = new_page()
    sent: list[str] = []
    intercept(viewer, {"watch", "unwatch"}, lambda ws, msg: sent.append(msg["t"]))
    sign_in(viewer, lobby, "Rail", f"#table={table_id}")
    expect(viewer.get_by_test_id("spectating")).to_have_text("Spectating")
    expect(viewer.get_by_test_id("seat-name-0")).to_have_text("Host")
    assert sent == ["watch"], sent

    viewer.get_by_test_id("lang-switch").click()
    expect(viewer.get_by_test_id("spectating")).to_have_text("观战中")
    expect(viewer.get_by_test_id("back")).to_have_text("返回大厅")
    expect(viewer.get_by_test_id("seat-name-0")).to_have_text("Host")
    # the table goes on, drawn in Chinese, from the same watch
    start(host)
    expect_status(viewer, "playing")
    expect(viewer.get_by_test_id("table-status")).to_have_text("进行中")
    expect(viewer.get_by_test_id("countdown")).to_have_text(re.compile(r"^Host：\d+\.\d 秒$"))
    assert sent == ["watch"], sent


# ---------------------------------------------------------------------------
# Ending a game politely
#
# Ending a game politely, against a lobby with a short ready window: staying
# at the table to look at the result is normal — the next-game panel says
# so, not pressing Play again closes the table with thanks (the result stays
# on show, my seat is not marked left, nobody is "stood up", Back to lobby
# is at hand), and a player who sits the next game out is named neutrally,
# in English and in Chinese.
# ---------------------------------------------------------------------------


READY_MS = 2500


@pytest.mark.lobby_settings("short_windows")
def test_not_pressing_play_again_closes_the_table_kindly(new_page, lobby):
    """In English, then the closed table's page switched to 中文 (the
    language button): the bots' seats said ready, and the closing words say
    why that started no game in both."""
    page = new_page()
    sign_in(page, lobby, "Ann")
    open_table(page, "sibala", seats=2, options={"rounds": 1})
    start(page)
    play_to_end(page)
    panel = page.get_by_test_id("next-panel")
    expect(panel).to_contain_text("No need to: stay and look at the result as long as you like")
    assert "stood up" not in panel.text_content()

    # the bot's seat says ready; that alone starts no game
    expect(page.get_by_test_id("ready-1")).to_have_attribute("data-ready", "1")
    # I do not press Play again: the window ends, the table closes with thanks,
    # in words that are true with the bot ready
    expect_status(page, "closed")
    over = page.get_by_test_id("table-over")
    expect(over).to_have_attribute("data-reason", "no_next_game")
    expect(page.get_by_test_id("table-over-title")).to_have_text("Thanks for playing!")
    expect(page.get_by_test_id("table-over-text")).to_have_text(re.compile(r"^No player asked for another game \(bots do not play alone\), so this table has closed\."))
    expect(panel).to_be_hidden()
    # the result stays; my seat is mine, not "left"; no notice of anyone stood up
    expect(page.get_by_test_id("final-result")).to_be_visible()
    expect(page.get_by_test_id("result-line")).not_to_be_empty()
    expect(page.get_by_test_id("seat-0").locator(".badge-left")).to_have_count(0)
    expect(page.get_by_test_id("seat-0").locator(".badge-you")).to_be_visible()
    expect(page.get_by_test_id("notices")).to_be_hidden()
    switch_language(page, "zh-CN")  # the table is closed: nothing is on its way
    expect(page.get_by_test_id("table-over-text")).to_have_text(re.compile(r"^没有玩家要再来一场（机器人不会自己开始新的一场），本桌已关闭。"))
    page.get_by_test_id("over-back").click()
    expect(page.get_by_test_id("quick-match")).to_be_visible()


@pytest.mark.lobby_settings("short_windows")
def test_who_sits_the_next_game_out_is_named_neutrally(new_page, lobby):
    ann, bo = new_page(), new_page(locale="zh-CN")
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "sibala", seats=3, turn_s=2, options={"rounds": 1})
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    bo.get_by_test_id("join-table").click()
    expect(bo.get_by_test_id("my-seat")).to_have_text("你的座位：2")
    bo.get_by_test_id("start").click()
    start(ann)
    play_to_end(ann)  # Bo's turn times out: rolled for him
    expect(finished(bo)).to_be_visible()
    expect(bo.get_by_test_id("next-panel")).to_contain_text("不按也没关系")

    ann.get_by_test_id("play-again").click()  # Bo does not: the next game starts without him
    expect(ann.get_by_test_id("game-no")).to_have_text("Game 2")
    expect(ann.get_by_test_id("notice")).to_have_text("Bo sat this game out")
    expect(bo.get_by_test_id("notice")).to_have_text("Bo 没有参加这一场")
    for page in (ann, bo):
        assert "stood up" not in page.get_by_test_id("notices").text_content()
        assert "请离" not in page.get_by_test_id("notices").text_content()


# ---------------------------------------------------------------------------
# A waiting table counts down to its close
#
# A waiting table says when it will close: a table opened and left waiting
# closed after ``LOBBY_WAITING_TTL_MS`` (15 min) with no warning, and its
# closing said "没有其他人来" once per seated player. Now the table view carries
# ``wait_until`` (ms since the epoch, server clock), the waiting card counts
# it down in its last two minutes ("Closes in 0:09 unless someone joins"), a
# join starts the wait again, and the closed table says why once, in the
# page's language.
# ---------------------------------------------------------------------------


#: the wait of this module's lobby (ms): all of it within the countdown's last two minutes
TTL_MS = 12_000


WORDS = {
    "en-US": {
        "countdown": r"^Closes in 0:(0\d|1[0-2]) unless someone joins$",
        "title": "This table closed",
        "text": "No one joined for 12 s while it waited for players.",
        "once": "joined",
    },
    "zh-CN": {
        "countdown": r"^0:(0\d|1[0-2]) 后关闭，除非有人加入$",
        "title": "本桌已关闭",
        "text": "等待玩家期间，12 秒内没有人加入。",
        "once": "加入",
    },
}


def _until(page) -> int:
    return int(page.get_by_test_id("closes-in").get_attribute("data-until"))


@pytest.mark.lobby_settings("short_windows")
def test_a_waiting_table_counts_down_to_its_close_and_says_why_once(new_page, lobby):
    """Ann's page in Chinese, Bo's in English: one wait, both languages."""
    locale = "zh-CN"
    ann, bo = new_page(locale=locale), new_page()
    words = WORDS[locale]
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "sibala", seats=3, bots=False, options={"rounds": 1})
    closes = ann.get_by_test_id("closes-in")
    expect(closes).to_have_text(re.compile(words["countdown"]))
    expect(closes).to_have_attribute("data-until", re.compile(r"^\d{13}$"))  # the server's deadline, ms since the epoch
    first = _until(ann)

    # a join starts the wait again: a later deadline, for everyone at the table
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    bo.get_by_test_id("join-table").click()
    expect(bo.get_by_test_id("my-seat")).to_be_visible()
    expect(bo.get_by_test_id("closes-in")).to_have_text(re.compile(WORDS["en-US"]["countdown"]))
    ann.wait_for_function("(first) => Number(document.querySelector('[data-testid=closes-in]').dataset.until) > first", arg=first)
    assert _until(bo) == _until(ann) > first

    # nobody else comes: it closes, saying why once (not once per seated player)
    for page, w in ((ann, words), (bo, WORDS["en-US"])):
        expect_status(page, "closed")
        expect(page.get_by_test_id("closes-in")).to_be_hidden()
        expect(page.get_by_test_id("table-over-title")).to_have_text(w["title"])
        expect(page.get_by_test_id("table-over-text")).to_have_text(w["text"])
        said = page.get_by_test_id("table-screen").inner_text()
        assert said.count(w["once"]) == 1, said


# ---------------------------------------------------------------------------
# The last game's board names its players
#
# While the last game is on show (finished, or the table back to waiting
# under its board), every game's board names that game's players in its
# seats (the table view's `players`), not who sits there now: a leaver's
# seat says "Ann" and "left", not "empty".
# ---------------------------------------------------------------------------


#: The live view of table `id` drawn again by a fresh view of `game` as the
#: table looks back at waiting: seat 0 empty now, its game player "Zed
#: Quill" who left; seat 1 mine.  Seat 0's name, its badges and the row's text.
LAST_GAME = REDRAW_HEAD + js("table_life/last_game")


@pytest.mark.page_modules
@SINGLE_REDIS
@pytest.mark.parametrize("game", ["sibala", "stud", "yahtzee", "shut_the_box", "six_nimmt"])
def test_every_board_names_the_last_game_s_players(new_page, lobby, game):
    page = new_page()
    sign_in(page, lobby, "Ann")
    table_id = open_table(page, game, seats=2)
    start(page)
    expect(page.get_by_test_id("seat-name-1")).to_be_visible()
    got = page.evaluate(LAST_GAME, [table_id, game])
    assert got == {"name": "Zed Quill", "title": "Zed Quill", "left": True, "you": False}, got


@SINGLE_REDIS
def test_a_leaver_s_seat_keeps_their_name_after_play_again(new_page, lobby):
    """Ann leaves mid-game; Bo presses Play again: the table waits, the last
    game stays on show, and seat 1 still names Ann, left (for Bo and a
    spectator); Bo's own seat says "you"."""
    ann, bo, cy = new_page(), new_page(), new_page()
    # turns long enough that no clock ends the one round before Ann leaves
    # (1 s turns did, on a loaded box); Bo rolls his own turn to the end
    table_id = two_at_sibala(ann, bo, lobby, turn_s=30)
    sign_in(cy, lobby, "Cy", f"#table={table_id}")
    expect_status(ann, "playing")  # full: it starts
    leave_running(ann)
    play_to_end(bo)
    expect(finished(bo)).to_be_visible()
    bo.get_by_test_id("play-again").click()
    for page in (bo, cy):
        expect_status(page, "waiting")
        expect(page.get_by_test_id("seat-name-0")).to_have_text("Ann")
        expect(page.get_by_test_id("seat-0").locator(".badge-left")).to_have_count(1)
    expect(bo.get_by_test_id("seat-1").locator(".badge-you")).to_have_count(1)


# ---------------------------------------------------------------------------
# A finished game names who sat in it
#
# A finished game names who sat in it: after a stud escape the table goes
# back to waiting when the one who stayed presses Play again, which empties
# the leaver's seat; the old result, its rating lines and the log still name
# the leaver, for that player, after a reload, and for a 中文 spectator who
# arrives later (the table view's `players`). And after the game the pot bar
# is no longer pinned over the page: it scrolls with it.
# ---------------------------------------------------------------------------


def pot_scrolls_with_the_page(page) -> None:
    """The pot's place in the page is the same scrolled to the top and to the bottom."""
    where = []
    for y in ("0", "document.scrollingElement.scrollHeight"):
        page.evaluate(f"window.scrollTo(0, {y})")
        where.append(page.evaluate("() => document.querySelector('[data-testid=pot]').getBoundingClientRect().top + window.scrollY"))
    assert page.evaluate("document.scrollingElement.scrollHeight > innerHeight + 100"), "the page does not scroll: nothing to see"
    assert abs(where[0] - where[1]) < 1, f"the pot is pinned: at {where} in the page"


@SINGLE_REDIS
@pytest.mark.viewport(PHONE)
def test_the_old_result_names_the_leaver_after_the_table_waits_again(new_page, lobby):
    ann, bo = new_page(), new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "stud", seats=2, options={"tier": "beginner"}, bots=False)
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    bo.get_by_test_id("join-table").click()
    for page in (ann, bo):
        expect_status(page, "playing")
    ann.get_by_test_id("leave").click()
    ann.get_by_test_id("confirm-yes").click()  # the escape
    expect_status(bo, "finished")
    expect(bo.get_by_test_id("rating-change-0")).to_contain_text("Ann")
    pot_scrolls_with_the_page(bo)
    bo.get_by_test_id("play-again").click()
    expect_status(bo, "waiting")  # only Bo is left: the table waits for players, Ann's seat is empty
    # but the board still shows the last game: its seat names Ann, left
    expect(bo.get_by_test_id("seat-name-0")).to_have_text("Ann")
    expect(bo.get_by_test_id("seat-0").locator(".badge-left")).to_have_count(1)
    pot_scrolls_with_the_page(bo)

    def names_ann(page, empty: str) -> None:
        final, log = page.get_by_test_id("final-result"), page.get_by_test_id("log")
        expect(final).to_contain_text("Ann")
        expect(page.get_by_test_id("rating-change-0")).to_contain_text("Ann")
        expect(log).to_contain_text("Ann")
        assert empty not in final.text_content(), final.text_content()
        assert empty not in log.text_content(), log.text_content()

    names_ann(bo, "empty")
    bo.reload()
    expect_status(bo, "waiting")
    names_ann(bo, "empty")

    cy = new_page(locale="zh-CN")  # a spectator who comes later, in Chinese
    sign_in(cy, lobby, "Cy", f"#table={table_id}")
    expect_status(cy, "waiting")
    expect(cy.get_by_test_id("final-result")).to_contain_text("Ann")
    assert "空位" not in cy.get_by_test_id("final-result").text_content()
    expect(cy.get_by_test_id("rating-change-0")).to_contain_text("Ann")


@SINGLE_REDIS
@pytest.mark.viewport(PHONE)
def test_sibala_s_round_result_names_its_round(new_page, lobby):
    """"本局结果" (this round's result) headed the last round's
    result while the next round was played: it names its round."""
    ann, bo = new_page(locale="zh-CN"), new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "sibala", seats=2, options={"rounds": 3})
    sign_in(bo, lobby, "Bo", f"#table={table_id}")  # an English spectator
    start(ann)
    ann.locator('[data-testid="roll"]:enabled').click()  # round 1; the bot rolls after me
    expect(ann.get_by_test_id("round")).to_contain_text("2")
    expect(ann.get_by_test_id("result-box").locator(".label")).to_have_text("第 1 局结果")
    expect(bo.get_by_test_id("result-box").locator(".label")).to_have_text("Round 1 result")


# ---------------------------------------------------------------------------
# Notices, plurals and a link to no table
#
# At the table, against a real lobby: a time's-up notice belongs to the turn that ran out (over my
# next turn it says so, the log keeps it); a spectator is not told to press
# a Play again button it does not have; counts are worded with the right
# plural; a link to a table that does not exist shows a clean "no such
# table" screen with a way back, nothing half-loaded.
# ---------------------------------------------------------------------------


#: My seat's status-bar notice, time's-up badge and Roll as one reading.
MY_TURN = js("table_life/my_turn")


@SINGLE_REDIS
def test_a_time_s_up_notice_is_the_last_turn_s_when_my_next_turn_starts(new_page, lobby):
    """On the turn after the one that ran out, the
    bar read "Time's up — your dice were rolled for you · Hurry — …" and
    the seat still had its time's-up badge: now the notice stays until I act
    (worded "Time's up — …", no "last turn") but shows one
    message at a time (Sibala's notice line): a 3 s turn
    is all hurry, whose warning shows alone; my seat has no badge over my
    turn; once I have rolled, the note never shows again."""
    page = new_page()
    sign_in(page, lobby, "Ann")
    open_table(page, "sibala", seats=2, turn_s=3, options={"rounds": 3})
    start(page)
    # seat 0 (mine) rolls first; I let the time run out: the log says so
    expect(page.get_by_test_id("log").locator("li.log-timeout")).to_have_count(1, timeout=10_000)
    # the bot rolls, and round 2 is my turn again
    expect(page.get_by_test_id("round")).to_have_text("Round 2 of 3")
    expect(page.locator('[data-testid="roll"]:enabled')).to_be_visible()
    now = page.evaluate(MY_TURN)
    assert now["roll"], now
    assert now["notice"] == "Hurry — at 0 your dice are rolled for you", now
    assert not now["badge"], now
    page.get_by_test_id("roll").click()
    # my roll ended it: to the match's end (the bot's turns: no hurry) the bar never brings it back
    watch_notice(page)
    play_to_end(page)
    assert not [s for s in notice_texts(page) if s.startswith("Time's up")], notice_texts(page)
    # the log keeps it
    expect(page.get_by_test_id("log").locator("li.log-timeout")).to_have_count(1)


#: The Play again button's name as the next-game panel's help would quote it.
PLAY_AGAIN = {"en-US": "Play again", "zh-CN": "“再来一场”"}


@SINGLE_REDIS
def test_a_spectator_is_not_told_to_press_play_again(new_page, lobby):
    """In English, then the spectator's page switched to 中文 (the language button)."""
    host = new_page()
    sign_in(host, lobby, "Host")
    table_id = open_table(host, "sibala", seats=2, options={"rounds": 1}, private=True)
    start(host)
    viewer = new_page()
    sign_in(viewer, lobby, "Watcher", f"#table={table_id}")
    expect(viewer.get_by_test_id("spectating")).to_be_visible()
    play_to_end(host, max_turns=5)
    panel = viewer.get_by_test_id("next-panel")
    for locale in each_language(viewer):  # the game is over: the panel waits, nothing is on its way
        expect(panel).to_be_visible()
        expect(viewer.get_by_test_id("play-again")).to_be_hidden()
        help_ = panel.locator("p")
        expect(help_).not_to_be_empty()
        assert PLAY_AGAIN[locale] not in help_.text_content(), (locale, help_.text_content())
    # the player is told to press it
    expect(host.get_by_test_id("next-panel").locator("p")).to_contain_text("Play again")


#: Every text worded with a count {n}: key -> (its English for 1, for 2).
COUNTS = {
    "coins": ("1 coin", "2 coins"),
    "play_chips_n": ("1 play chip", "2 play chips"),
    "start_help_people": ("with at least 1 player.", "with at least 2 players."),
    "start_needs": ("Start needs at least 1 player seated", "Start needs at least 2 players seated"),
    "over_games_played": ("The table's game is played.", "All 2 games are played."),
    "acct_pw_distinct": ("at least 1 different character.", "at least 2 different characters."),
}


@pytest.mark.page_modules
@SINGLE_REDIS
def test_counts_are_worded_with_the_right_plural(new_page, lobby):
    """"…with at least 1 players." : one player, two players."""
    page = new_page()
    sign_in(page, lobby, "Ann")
    open_table(page, "shut_the_box", seats=2, bots=False)  # Shut the Box starts with 1 player
    expect(page.get_by_test_id("start-help")).to_contain_text("with at least 1 player.")
    got = page.evaluate(
        """async (keys) => { const { t, setLang } = await import('/static/i18n.js');
        const out = {};
        for (const key of keys) out[key] = [t(key, { n: 1, k: 0, after: 0 }), t(key, { n: 2, k: 0, after: 0 })];
        setLang('zh');
        for (const key of keys) out[key].push(t(key, { n: 1, k: 0, after: 0 }));
        setLang('en');
        return out; }""",
        list(COUNTS),
    )
    for key, (one, two) in COUNTS.items():
        en1, en2, zh1 = got[key]
        assert one in en1 and two in en2, (key, en1, en2)
        assert "{" not in zh1 and re.search(r"[\u4e00-\u9fff]", zh1), (key, zh1)


@SINGLE_REDIS
def test_a_link_to_no_table_shows_a_clean_screen_with_a_way_back(new_page, lobby):
    """The error once showed beside "Table deadbeef0000 ·
    loading…", an empty felt and a chat box that still took input."""
    page = new_page()
    sign_in(page, lobby, "Hal", "#table=deadbeef0000")
    gone = page.get_by_test_id("no-such-table")
    expect(gone).to_be_visible()
    expect(gone).to_contain_text("That table does not exist (or has expired).")
    for part in ("table-status", "chat-input", "share-link", "table-name"):
        expect(page.get_by_test_id(part)).to_be_hidden()
    expect(page.locator(".table-body")).to_be_hidden()
    page.get_by_test_id("gone-back").click()
    expect(page.get_by_test_id("game-sibala")).to_be_visible()
    assert not page.url.endswith("#table=deadbeef0000")


# ---------------------------------------------------------------------------
# Tables known by name, seats counted from 1
#
# Tables people can tell apart, seats counted from 1: a table is shown by
# its readable name (the opener's "Ann's table", or the generated two words
# of a quick table), its id kept for links; seat numbers on screen count
# from 1 (0-based on the wire).
# ---------------------------------------------------------------------------


@SINGLE_REDIS
def test_tables_are_known_by_name(new_page, lobby):
    ann = new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "six_nimmt", seats=3, bots=False)
    expect(ann.get_by_test_id("table-name")).to_have_text("Ann's table")
    expect(ann.get_by_test_id("my-seat")).to_have_text("Your seat: 1")
    expect(ann.get_by_test_id("share-link")).to_have_value(re.compile(f"#table={table_id}$"))  # the id stays the link

    # in the game's lobby: the name and when it was opened; the id only in its tooltip and the links
    bo = new_page(locale="zh-CN")
    sign_in(bo, lobby, "Bo")
    bo.get_by_test_id("game-six_nimmt").click()
    row = bo.get_by_test_id(f"table-row-{table_id}")
    expect(row.get_by_test_id(f"table-name-{table_id}")).to_have_text("Ann 的牌桌")
    expect(row.get_by_test_id(f"table-name-{table_id}")).to_have_attribute("title", f"牌桌编号 {table_id}")
    expect(row.get_by_test_id(f"table-opened-{table_id}")).to_have_text(re.compile(r"^ · .*\d+:\d\d.* 开桌$"))
    assert table_id not in row.inner_text()
    bo.get_by_test_id(f"join-{table_id}").click()
    expect(bo.get_by_test_id("table-name")).to_have_text("Ann 的牌桌")
    expect(bo.get_by_test_id("my-seat")).to_have_text("你的座位：2")
    expect(bo.get_by_test_id("seat-1").locator(".seat-no")).to_have_text("#2")

    # our tables on the home screen, by game and name
    bo.get_by_test_id("back").click()
    bo.get_by_test_id("back-to-games").click()
    expect(bo.get_by_test_id(f"my-table-{table_id}")).to_have_text(re.compile(r"· Ann 的牌桌$"))

    # a quick-match table has a generated name of two words
    cy = new_page()
    sign_in(cy, lobby, "Cy")
    cy.get_by_test_id("game-yahtzee").click()
    cy.get_by_test_id("quick-match").click()
    expect(cy.get_by_test_id("table-name")).to_have_text(re.compile(r"^[A-Z][a-z]+ [A-Z][a-z]+$"))


@SINGLE_REDIS
def test_the_list_shows_a_seat_whose_player_left_as_left_not_as_a_bot(new_page, lobby):
    """A player who leaves mid-game hands the seat to a bot that plays it
    out; the live list said "Ann (bot)" (its summary had no ``left``)."""
    ann = new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "six_nimmt", seats=2, bots=False)
    bo = new_page()
    sign_in(bo, lobby, "Bo")
    bo.get_by_test_id("game-six_nimmt").click()
    bo.get_by_test_id(f"join-{table_id}").click()
    expect_status(bo, "playing")  # full: it starts
    leave_running(ann)
    expect(bo.get_by_test_id("seat-0")).to_contain_text("left")

    cy = new_page(locale="zh-CN")
    sign_in(cy, lobby, "Cy")
    cy.get_by_test_id("game-six_nimmt").click()
    chips = cy.get_by_test_id(f"table-row-{table_id}").locator(".seat-chips .chip")
    expect(chips).to_have_text(["Ann（已离开）", "Bo"])
    assert "机器人" not in chips.first.inner_text()


# ---------------------------------------------------------------------------
# The page follows its seat when quick tables merge
#
# The browser follows its seat when waiting quick tables of one kind merge:
# a player waiting alone at a quick table is moved by the server to an older
# waiting quick table of the same game and options, and the page switches to
# that table, seated there.
# ---------------------------------------------------------------------------


class Loop:
    """An asyncio loop in a thread, for real protocol clients next to
    Playwright's synchronous API."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coro, timeout: float = 60.0):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def test_the_page_follows_its_seat_to_the_older_quick_table(browser, lobby_factory):
    env = {"LOBBY_QUICK_WAIT_MS": "3000", "LOBBY_QUICK_RETRY_MS": "300", "LOBBY_READY_MS": "30000"}
    proc = lobby_factory(env=env, prefix="mb" + secrets.token_hex(3))
    loop = Loop()
    clients = [LobbyClient(proc.ws, name=name) for name in ("Ann", "Bo", "Dee")]
    ann, bo, dee = clients
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    ctx.set_default_timeout(WAIT)
    problems: list[str] = []
    try:
        for c in clients:
            loop.run(c.connect())
        # the older table: three quick players fill it, it plays
        older = loop.run(ann.quick("sibala")).table_id
        for c in (bo, dee):
            assert loop.run(c.quick("sibala")).table_id == older
        loop.run(ann.wait_for(older, lambda v: v["status"] == "playing"))
        # the page quick-matches meanwhile: a newer table, waiting alone
        page = ctx.new_page()
        page.on("pageerror", lambda exc: problems.append(str(exc)))
        sign_in(page, proc, "Cy", "#game=sibala")
        page.get_by_test_id("bots-checkbox").set_checked(False)
        page.get_by_test_id("quick-match").click()
        expect_status(page, "waiting")
        newer = page.get_by_test_id("table-screen").get_attribute("data-table")
        assert newer and newer != older
        # the older table's game ends, two leave, Ann asks for another: back to waiting
        async def play_all():
            await asyncio.gather(*(c.play(older, games=1, timeout=60) for c in clients))

        loop.run(play_all())
        for c in (bo, dee):
            loop.run(c.request({"t": "leave", "table": older}))
        loop.run(ann.request({"t": "ready", "table": older}))
        # the server moves Cy to the older table; the page goes there, seated
        expect(page).to_have_url(re.compile(f"#table={older}$"))
        expect(page.get_by_test_id("table-screen")).to_have_attribute("data-table", older)
        expect(page.get_by_test_id("spectating")).to_be_hidden()
        loop.run(ann.wait_for(older, lambda v: {s["name"] for s in v["seats"] if s} == {"Ann", "Cy"}))
        assert problems == [], problems
    finally:
        ctx.close()
        for c in clients:
            loop.run(c.close())
        loop.stop()


# ---------------------------------------------------------------------------
# One move gate: a move waits for its answer, a refusal frees the controls
#
# The table screen's one move gate and its action buttons in a real browser
# against a real lobby, with a proxy on the page's websocket that holds or
# refuses chosen requests: a move on its way keeps the game's controls
# waiting; a refused move frees them and shows the error beside them; a
# refused action button (Start) shows its error beside it and can be pressed
# again.
# ---------------------------------------------------------------------------


def keep_first(kept: list, answer=None):
    """An ``intercept`` handle: the first frame never reaches the server; it
    is kept in ``kept`` as (ws, msg), and ``answer(ws, msg)``, if given,
    replies to it at once.  Later frames pass."""

    def handle(ws, msg):
        if kept:
            return False
        kept.append((ws, msg))
        if answer:
            answer(ws, msg)
        return True

    return handle


@SINGLE_REDIS
def test_a_move_waits_for_its_answer_and_a_refusal_frees_the_controls(new_page, lobby):
    page = new_page()
    held: list[tuple] = []
    intercept(page, {"move"}, keep_first(held))  # the first move waits here for our answer
    sign_in(page, lobby, "Gate")
    open_table(page, "sibala", seats=2, options={"rounds": 1})
    start(page)
    roll = page.get_by_test_id("roll")
    expect(roll).to_be_enabled()  # seat 0 rolls first
    roll.click()
    # on its way: the button waits, and says so
    expect(roll).to_have_text("Rolling…")
    expect(roll).to_be_disabled()
    assert len(held) == 1 and held[0][1]["move"] == {"type": "roll"}, held
    ws, msg = held[0]
    refuse(ws, msg, "turn_over", "that turn is over")
    # the refusal: said in the view, beside its controls (not in the toast),
    # and the controls are ours again at the same version
    error = page.get_by_test_id("move-error")
    expect(error.get_by_test_id("error-text")).to_have_text("Too late: that turn is over.")
    expect(error.get_by_test_id("error-details")).to_have_text("Error code: turn_over — that turn is over")
    expect(page.get_by_test_id("toast")).to_be_hidden()
    expect(roll).to_be_enabled()
    expect(roll).to_have_text("Roll")
    expect(page.get_by_test_id("log").locator("li")).to_have_count(0)
    # the next roll goes through: the game plays on to its end
    assert play_to_end(page, max_turns=10) >= 1
    expect(error).to_be_empty()  # the next move took it away
    expect(page.get_by_test_id("final-result")).to_be_visible()
    assert len(held) == 1


@SINGLE_REDIS
def test_a_refused_action_shows_its_error_and_frees_its_button(new_page, lobby):
    page = new_page()
    refused: list[tuple] = []
    intercept(page, {"start"}, keep_first(refused, lambda ws, msg: refuse(ws, msg, "rate_limited", "slow down")))
    sign_in(page, lobby, "Act")
    open_table(page, "sibala", seats=2, options={"rounds": 1})
    page.get_by_test_id("start").click()
    error = page.get_by_test_id("start-error")
    expect(error.get_by_test_id("error-text")).to_have_text("Slow down: too many messages. Try again in a moment.")
    expect(error.get_by_test_id("error-details")).to_have_text("Error code: rate_limited — slow down")  # the Details line labels its code
    expect(page.get_by_test_id("toast")).to_be_hidden()
    expect(page.get_by_test_id("start")).to_be_enabled()
    expect_status(page, "waiting")
    start(page)  # pressed again, the request reaches the lobby
    assert len(refused) == 1


def test_two_players_with_one_name_are_shown_apart_at_the_table_and_in_the_list(new_page, lobby):
    """Two guests called "Ana" at one table: the second sits marked, "Ana ②",
    on both players' boards and in the live list, so nobody is told apart
    only by seat number."""
    first = new_page()
    sign_in(first, lobby, "Ana")
    table_id = open_table(first, "sibala", seats=3, options={"rounds": 1}, bots=False)
    second = new_page()
    sign_in(second, lobby, "Ana", f"#table={table_id}")
    second.get_by_test_id("join-table").click()
    for page in (first, second):
        expect(page.get_by_test_id("seat-name-0")).to_have_text("Ana")
        expect(page.get_by_test_id("seat-name-1")).to_have_text("Ana ②")
    rail = new_page()
    sign_in(rail, lobby, "Rail")
    rail.get_by_test_id("game-sibala").click()
    expect(rail.get_by_test_id(f"table-row-{table_id}").locator(".seat-chips .chip")).to_have_text(["Ana", "Ana ②", re.compile(".")])
