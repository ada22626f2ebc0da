"""Yahtzee in a real browser against a real lobby: a turn by clicking, the
replay's dice, the roll button off another seat's turn, the log of a whole
game and the sheet's marks for an away seat.
"""

from __future__ import annotations

import re

import pytest
from engines.yahtzee import CATEGORIES, score
from playwright.sync_api import expect

from .helpers import PHONE, REDRAW_HEAD, SINGLE_REDIS, js, motions, moved, open_table, sign_in, start, watched_table

pytestmark = SINGLE_REDIS


# ---------------------------------------------------------------------------
# Playing Yahtzee
#
# The Yahtzee table view in a real browser against a real lobby: open a
# table with a bot through the game's lobby page, start it, and play a whole
# turn by clicking (roll, hold two dice, re-roll, score a category),
# checking that the score card offers exactly what engines/yahtzee.score
# gives for the dice shown and then holds the points; a spectator (in
# Chinese) sees the same card without controls.
# ---------------------------------------------------------------------------


def faces(page) -> list[int]:
    dice = page.get_by_test_id("dice").get_attribute("data-dice")
    assert re.fullmatch(r"[1-6]( [1-6]){4}", dice), dice
    return [int(f) for f in dice.split()]


def check_offers(page, dice: list[int]) -> dict[str, int]:
    """Every category is open on our first turn: each offers the engine's score."""
    buttons = page.locator('button[data-testid^="score-"]')
    expect(buttons).to_have_count(len(CATEGORIES))
    offers = {}
    for cat in CATEGORIES:
        want = score(cat, dice)
        button = page.get_by_test_id(f"score-{cat}")
        expect(button).to_have_text(str(want))
        expect(page.get_by_test_id(f"cell-0-{cat}")).to_have_attribute("data-state", "option")
        offers[cat] = want
    return offers


def test_play_a_turn_by_clicking(new_page, lobby):
    page = new_page()
    sign_in(page, lobby, "Yan")
    table_id = open_table(page, "yahtzee", seats=2)
    # the score card is there before the start: every category in the rules' order
    rows = page.get_by_test_id("score-card").locator("tbody tr")
    expect(rows).to_have_count(15)
    assert [r.get_attribute("data-testid") for r in rows.all()] == [f"row-{c}" for c in CATEGORIES]
    start(page)
    expect(page.get_by_test_id("seat-1").locator(".badge-bot")).to_have_text("bot")

    # seat 0 acts first: Roll with 3 rolls left; nothing to hold or score yet
    roll = page.get_by_test_id("roll")
    expect(roll).to_be_enabled()
    expect(roll).to_have_attribute("data-rolls-left", "3")
    expect(roll).to_have_text("Roll (3 left)")
    expect(page.get_by_test_id("turn")).to_have_text("Your turn!")
    expect(page.get_by_test_id("turn-no")).to_have_text("Turn 1 of 15")
    expect(page.get_by_test_id("countdown")).to_have_text(re.compile(r"^Yan: \d+\.\d s$"))
    for i in range(5):
        expect(page.get_by_test_id(f"die-{i}")).to_be_disabled()
    expect(page.locator('button[data-testid^="score-"]')).to_have_count(0)

    # a spectator (Chinese) watching by link: the same card, no controls
    viewer = new_page(locale="zh-CN")
    sign_in(viewer, lobby, "Kan", f"#table={table_id}")
    expect(viewer.get_by_test_id("spectating")).to_be_visible()
    expect(viewer.get_by_test_id("row-chance")).to_contain_text("机会")
    expect(viewer.get_by_test_id("roll")).to_be_hidden()

    # first roll: five faces; every category offers the engine's score
    roll.click()
    expect(page.get_by_test_id("dice")).to_have_attribute("data-rolls", "1")
    expect(roll).to_have_attribute("data-rolls-left", "2")
    first = faces(page)
    check_offers(page, first)
    # the spectator sees the same dice and the offers as a preview, not as buttons
    expect(viewer.get_by_test_id("dice")).to_have_attribute("data-dice", " ".join(map(str, first)))
    expect(viewer.get_by_test_id("cell-0-chance")).to_have_attribute("data-state", "preview")
    expect(viewer.get_by_test_id("cell-0-chance")).to_have_text(str(sum(first)))
    expect(viewer.locator('button[data-testid^="score-"]')).to_have_count(0)

    # hold dice 0 and 2: marked held; release and hold again
    for i in (0, 2):
        page.get_by_test_id(f"die-{i}").click()
        expect(page.get_by_test_id(f"die-{i}")).to_have_attribute("data-held", "true")
        expect(page.get_by_test_id(f"die-{i}")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("die-1")).to_have_attribute("data-held", "false")
    page.get_by_test_id("die-2").click()
    expect(page.get_by_test_id("die-2")).to_have_attribute("data-held", "false")
    page.get_by_test_id("die-2").click()
    expect(page.get_by_test_id("die-2")).to_have_attribute("data-held", "true")

    # re-roll: the held dice keep their faces
    expect(roll).to_have_text("Re-roll (2 left)")
    roll.click()
    expect(page.get_by_test_id("dice")).to_have_attribute("data-rolls", "2")
    expect(roll).to_have_attribute("data-rolls-left", "1")
    second = faces(page)
    assert second[0] == first[0] and second[2] == first[2], (first, second)
    expect(page.get_by_test_id("die-0")).to_have_attribute("data-held", "true")  # holds stay for the turn
    # what was rolled anew, then the five (not "kept 3 5 4 6, rolled 3 5 4 6 6")
    anew = " ".join(str(second[i]) for i in (1, 3, 4))
    expect(page.get_by_test_id("log")).to_contain_text(f"You kept {first[0]} {first[2]}, rolled {anew}: {' '.join(map(str, second))} (roll 2)")  # Yan's own page: "you"
    offers = check_offers(page, second)

    # score the best category: the card holds exactly the engine's points
    best = max(CATEGORIES, key=lambda c: (offers[c], -CATEGORIES.index(c)))
    points = offers[best]
    page.get_by_test_id(f"score-{best}").click()
    cell = page.get_by_test_id(f"cell-0-{best}")
    expect(cell).to_have_attribute("data-state", "filled")
    expect(cell).to_have_attribute("data-score", str(points))
    expect(cell).to_have_text(str(points))
    expect(page.get_by_test_id("log")).to_contain_text(f"You scored {points} in ")

    # the bot takes its turn; then it is ours again, with the total kept
    expect(page.get_by_test_id("turn-no")).to_have_text("Turn 2 of 15")
    expect(roll).to_be_enabled()
    expect(roll).to_have_attribute("data-rolls-left", "3")
    expect(page.get_by_test_id("total-0")).to_have_text(str(points))
    bot_filled = page.locator('[data-testid^="cell-1-"][data-state="filled"]')
    expect(bot_filled).to_have_count(1)
    bot_points = int(bot_filled.get_attribute("data-score"))
    expect(page.get_by_test_id("total-1")).to_have_text(str(bot_points))
    for i in range(5):
        expect(page.get_by_test_id(f"die-{i}")).to_have_attribute("data-held", "false")

    # the spectator's card agrees
    expect(viewer.get_by_test_id(f"cell-0-{best}")).to_have_attribute("data-score", str(points))
    expect(viewer.get_by_test_id("total-1")).to_have_text(str(bot_points))
    expect(viewer.get_by_test_id("turn")).to_have_text("轮到 Yan")
    expect(viewer.get_by_test_id("roll")).to_be_hidden()


def test_replay_shows_the_dice_of_each_scoring_step(new_page, lobby):
    """The replay viewer draws a scoring step with the dice that were scored
    (not blank dice: the next turn has not rolled yet) and tells it in the
    live log's words."""
    page = new_page()
    sign_in(page, lobby, "Yan")
    table_id = open_table(page, "yahtzee", seats=2)
    start(page)
    roll = page.locator('[data-testid="roll"]:enabled')
    done = page.locator('[data-testid="table-status"][data-status="finished"]')
    for _ in range(len(CATEGORIES) + 1):
        expect(roll.or_(done)).to_be_visible()
        if done.count():
            break
        roll.click()
        page.locator('button[data-testid^="score-"]').first.click()
    expect(done).to_be_visible()

    page.get_by_test_id("replay").click()
    expect(page.get_by_test_id("replay-screen")).to_have_attribute("data-table", table_id)
    scored = page.get_by_test_id("replay-steps").locator("li", has_text="Yan scored").first
    text = scored.text_content()
    m = re.search(r"Yan scored (\d+) in .+ with ([1-6](?: [1-6]){4}) \(total \d+\)$", text)
    assert m, text
    scored.click()
    expect(page.get_by_test_id("replay-action")).to_have_text(re.compile(r"^Yan scored \d+ in .+ with [1-6]( [1-6]){4} \(total \d+\)$"))
    dice = page.get_by_test_id("dice")
    expect(dice).to_have_attribute("data-scored", m.group(2))
    for i, face in enumerate(m.group(2).split()):
        expect(page.get_by_test_id(f"die-{i}")).to_have_attribute("data-face", face)
    expect(page.locator(".yz-die.blank")).to_have_count(0)


def test_while_another_seat_acts_the_roll_button_says_it_is_not_your_turn(new_page, lobby):
    """While the other seat acted, my button
    read "No rolls left", the other seat's rolls."""
    a, b = new_page(), new_page(locale="zh-CN")
    sign_in(a, lobby, "Ida")
    table_id = open_table(a, "yahtzee", seats=2, bots=False)
    sign_in(b, lobby, "Jo", f"#table={table_id}")
    b.get_by_test_id("join-table").click()  # full: it starts, seat 0 (Ida) acts first
    roll_a = a.get_by_test_id("roll")
    expect(roll_a).to_be_enabled()
    for _ in range(3):
        roll_a.click()
        expect(a.get_by_test_id("dice")).to_have_attribute("data-rolls", re.compile(r"[123]"))
        if roll_a.is_disabled():
            break
    expect(b.get_by_test_id("roll")).to_be_disabled()
    expect(b.get_by_test_id("roll")).to_have_text("掷骰（还没轮到你）")


# ---------------------------------------------------------------------------
# The log holds a whole game; cells a bot scored
#
# Yahtzee's log and score sheet: the log kept 10 lines (a
# turn or two), so at the end earlier moves were gone with no word; now it
# holds a whole game (13 turns of 6 seats, 4 lines each) in a box that
# scrolls on a 390x844 phone, and says so in its first line if lines were
# ever dropped. The sheet marked the cells the clock scored ("time's up")
# but not those a bot scored for the away seat: those say "away" ("托管"), as
# the other games mark a bot's move for an away seat.
# ---------------------------------------------------------------------------


#: Table `id`'s view drawn again in the felt by a fresh Yahtzee view in
#: language `lang`, fed versions of one roll each (seats 0 and 1 in turn)
#: up to the last of `counts`: after each count of them, the log's lines,
#: its box's height and scroll height.
LONG_LOG = REDRAW_HEAD.replace("async ([id, game]) => {", "async ([id, game, counts, lang]) => {") + js("yahtzee/long_log")


@pytest.mark.page_modules
@pytest.mark.viewport(PHONE)
@pytest.mark.lobby_settings("away_quick")
@pytest.mark.parametrize(("lang", "cut"), [("en", "… earlier moves are not listed"), ("zh", "……更早的行动没有列出")])
def test_yahtzee_s_log_holds_a_whole_game_and_scrolls(new_page, lobby, lang, cut):
    page = new_page()
    sign_in(page, lobby, "Ann")
    table_id = open_table(page, "yahtzee", seats=2)
    start(page)
    expect(page.get_by_test_id("seat-name-1")).to_be_visible()
    whole = 13 * 6 * 4  # 13 turns, 6 seats, up to 3 rolls and a score each
    got, beyond = page.evaluate(LONG_LOG, [table_id, "yahtzee", [whole, 450], lang])
    assert len(got["lines"]) == whole and cut not in got["lines"], got["lines"][:3]
    # the box scrolls (to the newest line) and stays a box's height on the phone
    assert got["height"] <= 220 and got["scroll"] > got["client"] and got["top"] > 0, got
    # beyond what it keeps (the same log fed on): the first line says earlier ones are not listed
    assert beyond["lines"][0] == cut, beyond["lines"][:3]
    assert 300 < len(beyond["lines"]) <= 401, len(beyond["lines"])


#: A Yahtzee view fed `first` versions of one roll each, then a redraw with
#: nothing new after the box was scrolled to its top, then one more version,
#: then versions up to `then`: which lines stayed the same nodes, and where
#: the box was scrolled.
LOG_NODES = REDRAW_HEAD.replace("async ([id, game]) => {", "async ([id, game, first, then]) => {") + js("yahtzee/log_nodes")


@pytest.mark.page_modules
@pytest.mark.viewport(PHONE)
@pytest.mark.lobby_settings("away_quick")
def test_yahtzee_s_log_keeps_its_lines_and_scrolls_only_for_a_new_one(new_page, lobby):
    """A version adds a line: the lines shown stay (the same nodes, not a
    whole game's lines drawn again at every version) and the box scrolls to
    the newest; a redraw with nothing new leaves where the reader scrolled
    to; beyond what the log keeps, the oldest lines go and the rest stay."""
    page = new_page()
    sign_in(page, lobby, "Ann")
    table_id = open_table(page, "yahtzee", seats=2)
    start(page)
    expect(page.get_by_test_id("seat-name-1")).to_be_visible()
    got = page.evaluate(LOG_NODES, [table_id, "yahtzee", 40, 450])
    assert got["marked"] >= 40 and got["kept"] == got["marked"] and got["lines"] == got["marked"] + 1, got
    assert got["topAfterRedraw"] == 0, got  # the reader's place
    assert got["bottom"] > 0 and got["topAfterNew"] == got["bottom"], got  # the newest line in sight
    # at its most: the newest line in, the oldest out, the cut line and the others kept
    assert got["cutFirst"] == "log-cut" and 300 < got["lastLines"] == got["fullLines"] <= 401, got
    assert got["lastKept"] == got["lastLines"] - 1, got


@pytest.mark.viewport(PHONE)
@pytest.mark.lobby_settings("away_quick")
def test_yahtzee_s_sheet_marks_the_cells_a_bot_scored_for_an_away_seat(new_page, lobby):
    """Ann plays nothing: her first turn's cell is the clock's ("time's
    up"), the next ones a bot's for her away seat ("away"; "托管" for a
    中文 spectator); the bot's own seat has no marks."""
    ann = new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "yahtzee", seats=2, turn_s=0.3)
    start(ann)
    cells = ann.locator('[data-testid^="cell-0-"][data-state="filled"]')
    expect(cells.nth(2)).to_be_visible(timeout=30_000)
    expect(ann.locator('[data-testid^="cell-0-"][data-forced="false"]')).to_have_count(1)
    clock = ann.locator('[data-testid^="cell-0-"][data-forced="false"] .forced-mark')
    expect(clock).to_have_text("time's up")
    away = ann.locator('[data-testid^="cell-0-"][data-forced="true"] .forced-mark')
    expect(away.first).to_have_text("away")
    expect(away.first).to_have_attribute("data-how", "away")
    expect(ann.locator('[data-testid^="cell-1-"] .forced-mark')).to_have_count(0)

    zh = new_page(locale="zh-CN")
    sign_in(zh, lobby, "Carol", f"#table={table_id}")
    expect(zh.locator('[data-testid^="cell-0-"][data-forced="false"] .forced-mark')).to_have_text("超时")
    expect(zh.locator('[data-testid^="cell-0-"][data-forced="true"] .forced-mark').first).to_have_text("托管")
    assert re.fullmatch(r"\d+", zh.locator('[data-testid^="cell-0-"][data-forced="true"]').first.get_attribute("data-score"))


def drawn_faces(page) -> list[int]:
    """The faces the page's five dice show, die by die."""
    return page.evaluate("[...document.querySelectorAll('[data-testid^=\"die-\"]')].map(e => Number(e.dataset.face))")


@pytest.mark.parametrize("motion", ["no-preference"])
def test_a_roll_arriving_while_the_dice_still_turn_ends_at_the_newest_dice(new_page, lobby):
    """The dice roll at each throw (at most 400 ms), on my page and a
    spectator's; a throw whose version arrives while the last one's dice
    are still turning (held there) is drawn at once: every page ends at the
    newest dice."""
    ann, cy, table_id = watched_table(new_page, lobby, "yahtzee", seats=2)
    start(ann)
    roll = ann.get_by_test_id("roll")
    roll.click()
    for page in (ann, cy):
        moved(page, "no-preference", "die-0")
        page.evaluate("document.getAnimations().forEach(a => a.pause())")  # the first throw's dice stay mid-turn
    roll.click()
    for page in (ann, cy):
        expect(page.get_by_test_id("dice")).to_have_attribute("data-rolls", "2")
        page.wait_for_function("window.motions.filter(m => m.id === 'die-0').length >= 2")  # the second throw rolled too
        page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')")
        state = page.evaluate("id => window.lobby.net.tables.get(id).view.state.dice", table_id)
        assert drawn_faces(page) == state, (drawn_faces(page), state)
    assert drawn_faces(ann) == drawn_faces(cy)
    assert set(motions(ann)) == {f"die-{i}" for i in range(5)}, motions(ann)
