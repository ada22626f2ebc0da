"""The browser client's table life, common to every game, against a real
lobby: chat (markup stays text, for players and spectators, lines kept for
late viewers), play again at
the same table, the replay viewer stepping a finished game to its end, and
a language switch that draws the table again without letting go of it.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from lobby import tables

from .helpers import RESULT_RE, SINGLE_REDIS, expect_status, intercept, open_table, play_to_end, sign_in, start, started_table

#: chat markup that must stay text: no <b>, no <img>, no handler runs
MARKUP = "<b>x</b><img src=y onerror=z()>"


#: client behaviour: one lobby backend (a single redis-server) is enough, and
#: the Redis Cluster one is never started for this module
pytestmark = SINGLE_REDIS


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
    for page in (host, viewer):
        line = page.get_by_test_id("chat-line").last
        expect(line.get_by_test_id("chat-text")).to_have_text(MARKUP)
        expect(line).to_contain_text("Host")
        expect(line.get_by_test_id("chat-spectator")).to_have_count(0)

    # a spectator may chat too; the line is marked as a spectator's
    viewer.get_by_test_id("chat-input").fill("watching <i>you</i>")
    viewer.get_by_test_id("chat-send").click()
    for page in (host, viewer):
        expect(page.get_by_test_id("chat-line")).to_have_count(2)
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
        expect(page.get_by_test_id("chat-text")).to_have_text([MARKUP, "watching <i>you</i>"])
        expect(page.get_by_test_id("chat-spectator")).to_have_count(1)


def test_play_again_starts_the_next_game_at_the_same_table(new_page, lobby):
    page = new_page()
    table_id = started_table(page, lobby, "Ann", "sibala", seats=3, options={"rounds": 1})
    expect(page.get_by_test_id("game-no")).to_have_text("Game 1")
    # the seed's hash is published while playing (folded in the fair-play check); the seed itself is not
    expect(page.get_by_test_id("fair-summary")).to_have_text("Fair play check the dice and cards of this game are sealed")
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
