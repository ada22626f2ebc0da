"""Shut the Box in a real browser against a real lobby: a turn by clicking
tiles, the box after the match, and round results naming a leaver as she was
in each round.
"""

from __future__ import annotations

import re

import pytest
from engines.shut_the_box import coverings, one_die_allowed
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, expect_status, finished, leave_running, moved, open_table, sign_in, start, started_table, text_name, watched_table

pytestmark = SINGLE_REDIS


# ---------------------------------------------------------------------------
# Playing Shut the Box
#
# The Shut the Box table view in a real browser against a real lobby: open a
# one-round table with a bot through the game's lobby page, start it, and
# play our whole turn by clicking: throw, then click the tiles of a legal
# set (checked against engines/shut_the_box.coverings: exactly those tiles
# are highlighted and offered, others cannot be picked, a part of a set
# cannot be shut) and shut it, until a throw has no set; then the score, the
# round and the match result. A spectator (in Chinese) sees the same box
# without controls.
# ---------------------------------------------------------------------------


def open_tiles(page) -> list[int]:
    return [int(x) for x in (page.get_by_test_id("tiles").get_attribute("data-open") or "").split()]


def test_play_a_turn_by_clicking(new_page, lobby):
    page = new_page()
    table_id = started_table(page, lobby, "Sue", "shut_the_box", seats=2, options={"rounds": 1})
    expect(page.get_by_test_id("seat-1").locator(".badge-bot")).to_have_text("bot")

    # seat 0 throws first: nine open tiles, two dice only (7, 8, 9 are open)
    roll = page.get_by_test_id("roll")
    expect(roll).to_be_enabled()
    expect(page.get_by_test_id("roll-one")).to_be_hidden()
    expect(page.get_by_test_id("shut")).to_be_hidden()
    expect(page.get_by_test_id("turn")).to_have_text("Your turn!")
    expect(page.get_by_test_id("round")).to_have_text("Round 1 of 1")
    expect(page.get_by_test_id("countdown")).to_have_text(re.compile(r"^Sue: \d+\.\d s$"))
    expect(page.get_by_test_id("tiles")).to_have_attribute("data-open", "1 2 3 4 5 6 7 8 9")
    expect(page.locator('[data-testid^="tile-"][data-state="open"]')).to_have_count(9)
    expect(page.get_by_test_id("round-score-0-0")).to_have_text("playing")

    # a spectator (Chinese) by link: the same box, no controls
    viewer = new_page(locale="zh-CN")
    sign_in(viewer, lobby, "Kan", f"#table={table_id}")
    expect(viewer.get_by_test_id("spectating")).to_be_visible()
    expect(viewer.get_by_test_id("board-title")).to_have_text("Sue 的数字牌")
    expect(viewer.get_by_test_id("actions")).to_be_hidden()

    shut_tile = page.locator('[data-testid^="tile-"][data-state="shut"]')
    turn_over = page.locator('[data-testid="round-score-0-0"][data-score]')  # our score is in
    shut_button = page.locator('[data-testid="shut"]:visible')
    box_shut = False
    while True:
        before = open_tiles(page)
        expect(shut_tile).to_have_count(9 - len(before))
        allowed = one_die_allowed(before)
        if allowed:  # the one-or-two dice choice: take one die
            expect(page.get_by_test_id("roll-one")).to_be_visible()
            page.get_by_test_id("roll-one").click()
        else:
            expect(page.get_by_test_id("roll-one")).to_be_hidden()
            roll.click()
        expect(shut_button.or_(turn_over)).to_be_visible()
        if turn_over.count():
            break
        throw = int(page.get_by_test_id("throw").get_attribute("data-throw"))
        dice = [int(f) for f in page.get_by_test_id("dice").get_attribute("data-dice").split()]
        assert sum(dice) == throw and len(dice) == (1 if allowed else 2), (dice, throw)
        sets = [sorted(c) for c in coverings(before, throw)]
        assert sets, "a throw with no set ends the turn"
        # exactly the tiles of legal sets are highlighted, the sets offered in the engine's order
        legal = sorted({t for c in sets for t in c})
        expect(page.locator('[data-testid^="tile-"][data-legal="true"]')).to_have_count(len(legal))
        assert [int(e.get_attribute("data-testid")[5:]) for e in page.locator('[data-testid^="tile-"][data-legal="true"]').all()] == legal
        chips = page.get_by_test_id("legal-sets").locator("button")
        expect(chips).to_have_count(len(sets))
        assert [[int(x) for x in c.get_attribute("data-tiles").split()] for c in chips.all()] == sets
        for tile in range(1, 10):
            if tile not in legal:
                expect(page.get_by_test_id(f"tile-{tile}")).to_be_disabled()
        # click the tiles of the longest set; Shut is offered only once the set is whole
        pick = max(sets, key=len)
        for tile in pick:
            expect(page.get_by_test_id("shut")).to_be_disabled()
            page.get_by_test_id(f"tile-{tile}").click()
            expect(page.get_by_test_id(f"tile-{tile}")).to_have_attribute("data-state", "selected")
        label = " + ".join(str(t) for t in sorted(pick, reverse=True))
        expect(page.get_by_test_id("shut")).to_have_text(f"Shut {label}")
        page.get_by_test_id("shut").click()
        left = [t for t in before if t not in pick]
        if not left:  # the box is shut: the turn (and the round) is over
            box_shut = True
            break
        expect(page.get_by_test_id("tiles")).to_have_attribute("data-open", " ".join(map(str, left)))
        for tile in pick:
            expect(page.get_by_test_id(f"tile-{tile}")).to_have_attribute("data-state", "shut")
        expect(page.get_by_test_id("log")).to_contain_text(f"You shut {label}")  # Sue's own page: "you"
        expect(page.locator('[data-testid="roll"]:enabled')).to_be_visible()

    # the turn is over: our score is the sum of the tiles left open (0: box shut)
    expected = 0 if box_shut else sum(before)
    expect(page.get_by_test_id("round-score-0-0")).to_have_attribute("data-score", str(expected))
    if box_shut:
        expect(page.get_by_test_id("log")).to_contain_text("You shut the box!")
    else:
        # one line of the log (the whole log's text runs "score 31Ada threw …" once the bot has played)
        line = page.get_by_test_id("log").locator("li").filter(has_text=re.compile(rf"^No set for \d+ — your turn is over, score {expected}$"))
        expect(line).to_have_count(1)

    # the bot plays its turn (unless we shut the box) and the one-round match ends
    expect_status(page, "finished")
    expect(page.get_by_test_id("final-result")).to_be_visible()
    expect(page.get_by_test_id("actions")).to_be_hidden()
    bot_name = text_name(page, 1)
    bot = page.get_by_test_id("round-score-1-0").get_attribute("data-score")
    if box_shut:
        assert bot == ""  # the bot did not play this round
        winners, result = ["Sue"], "Round 1: you shut the box!"
    elif int(bot) == 0:
        winners, result = [bot_name], f"Round 1: {bot_name} shut the box!"
    elif int(bot) != expected:
        winners = ["Sue"] if expected < int(bot) else [bot_name]
        result = f"Round 1: {'you' if winners == ['Sue'] else winners[0]} won with {min(expected, int(bot))}"
    else:
        winners, result = ["Sue", bot_name], f"Round 1: you and {bot_name} tied with {expected}"
    expect(page.get_by_test_id("round-result-0")).to_have_text(result)
    # the results on Sue's own page say "you" for her
    if winners == ["Sue"]:
        expect(page.get_by_test_id("winners")).to_have_text("You win, 1 round won")
    elif len(winners) == 1:
        expect(page.get_by_test_id("winners")).to_have_text(f"Winner: {winners[0]}, 1 round won")
    else:
        expect(page.get_by_test_id("winners")).to_have_text(f"Winners: you and {bot_name}, 1 round won each")
    for i, name in enumerate(["Sue", bot_name]):
        expect(page.get_by_test_id(f"wins-{i}")).to_have_text("1" if name in winners else "0")

    # the spectator saw it all: the same scores and the winners, in Chinese
    expect(viewer.get_by_test_id("round-score-0-0")).to_have_attribute("data-score", str(expected))
    expect(viewer.get_by_test_id("winners")).to_contain_text("胜者")
    expect(viewer.get_by_test_id("actions")).to_be_hidden()


def test_after_the_match_the_box_shows_how_each_player_finished(new_page, lobby):
    """The box once showed nine open tiles with no owner after the
    match (the state after the last turn, reset): the box now shows each
    player's tiles as their turn of the last round left them, with the
    score and the winners marked (in Chinese, then English); a reload of
    the tab keeps the scores and the tiles it saw (sessionStorage), and
    still no fresh box."""
    page = new_page()
    sign_in(page, lobby, "Ola")
    table_id = open_table(page, "shut_the_box", seats=3, options={"rounds": 1})
    viewer = new_page(locale="zh-CN")
    sign_in(viewer, lobby, "Wen", f"#table={table_id}")
    expect(viewer.get_by_test_id("spectating")).to_be_visible()
    start(page)
    leave_running(page)  # a bot plays the seat: three bots play the round
    expect(finished(viewer)).to_be_visible()

    expect(viewer.get_by_test_id("tiles")).to_be_hidden()
    expect(viewer.get_by_test_id("board-title")).to_have_text("第 1 局：各玩家的最后牌面")
    for i in range(3):
        row = viewer.get_by_test_id(f"final-board-{i}")
        score = viewer.get_by_test_id(f"round-score-{i}-0").get_attribute("data-score")
        expect(row).to_have_attribute("data-score", score)
        expect(row).to_have_attribute("data-won", viewer.get_by_test_id(f"round-score-{i}-0").get_attribute("data-won"))
        if score == "":  # someone before shut the box
            expect(row).to_have_text(re.compile(r"未上场（已有人闭箱）$"))
            assert row.get_attribute("data-open") is None
            continue
        open_ = [int(x) for x in row.get_attribute("data-open").split()]
        assert sum(open_) == int(score), (open_, score)  # the score is the tiles left open
        expect(row.locator(".stb-mini-tile")).to_have_count(9)
        assert [int(x.text_content()) for x in row.locator(".stb-mini-tile.open").all()] == open_
        expect(row).to_have_text(re.compile("闭箱：得分 0$" if score == "0" else rf"得分 {score}$"))
    viewer.get_by_test_id("lang-switch").click()
    expect(viewer.get_by_test_id("board-title")).to_have_text("Round 1: how each player finished")
    expect(viewer.get_by_test_id("tiles")).to_be_hidden()

    seen = [viewer.get_by_test_id(f"final-board-{i}").get_attribute("data-open") for i in range(3)]
    viewer.reload()
    expect(finished(viewer)).to_be_visible()
    expect(viewer.get_by_test_id("tiles")).to_be_hidden()
    for i in range(3):
        score = viewer.get_by_test_id(f"round-score-{i}-0").get_attribute("data-score")
        expect(viewer.get_by_test_id(f"final-board-{i}")).to_have_attribute("data-score", score)
        if seen[i] is not None:
            expect(viewer.get_by_test_id(f"final-board-{i}")).to_have_attribute("data-open", seen[i])


# ---------------------------------------------------------------------------
# Round results name a leaver as she was then
#
# Shut the Box's round results name a leaver as she was in each round: once
# Ann left, every round's line was redrawn "Ann (left)", the rounds she
# played herself too (Sibala's were fixed the same way in 44bcf4b). "(left)"
# is for a round a bot played her turn in because she had left (the table
# view's `forced`, keyed by the turn id "r{round}.…"): on the live page,
# after a reload, in 中文 and in the replay.
# ---------------------------------------------------------------------------


#: Round 2's line when the bot for Ann (left) wins it: with a score, or by shutting the box.
LEFT_WON = re.compile(r"^Round 2: Ann \(left\) (won with \d+|shut the box!)")


def test_round_results_say_left_only_for_rounds_a_bot_played_after_the_leave(new_page, lobby):
    ann, bo = new_page(), new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "shut_the_box", seats=2, turn_s=5, options={"rounds": 2}, bots=False)
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    bo.get_by_test_id("join-table").click()
    expect_status(ann, "playing")
    # (Bo's own page says "you" for his seat; the replay and a spectator name everyone)
    # round 1: both turns time out, nothing shut: both score 45 and tie
    first = bo.get_by_test_id("round-result-0")
    expect(first).to_have_text("Round 1: you and Ann tied with 45", timeout=30_000)
    leave_running(ann)  # at once: round 2's turns have 5 s each, hers not timed out yet
    # round 2: a bot plays her turn (it shuts tiles: below Bo's timed-out 45,
    # or the whole box), so her win is the bot's
    expect(bo.get_by_test_id("round-result-1")).to_have_text(LEFT_WON, timeout=30_000)
    expect(finished(bo)).to_be_visible()
    expect(first).to_have_text("Round 1: you and Ann tied with 45")
    bo.reload()
    expect_status(bo, "finished")
    expect(bo.get_by_test_id("round-result-0")).to_have_text("Round 1: you and Ann tied with 45")
    expect(bo.get_by_test_id("round-result-1")).to_have_text(LEFT_WON)

    zh = new_page(locale="zh-CN")
    sign_in(zh, lobby, "Cy", f"#table={table_id}")
    expect(zh.get_by_test_id("round-result-0")).to_have_text("第 1 局：Ann 和 Bo 以 45 分并列")
    expect(zh.get_by_test_id("round-result-1")).to_contain_text("第 2 局：Ann（已离开）")

    bo.goto(f"{lobby.http}/#replay={table_id}&game=1")
    expect(bo.get_by_test_id("replay-screen")).to_have_attribute("data-table", table_id)
    bo.get_by_test_id("replay-last").click()
    stage = bo.get_by_test_id("replay-stage")
    expect(stage.get_by_test_id("round-result-1")).to_have_text(LEFT_WON)
    expect(stage.get_by_test_id("round-result-0")).to_have_text("Round 1: Ann and Bo tied with 45")


@pytest.mark.lobby_settings("paced_bots")  # the bot's turn after mine lasts while my last-turn box is looked at
@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_dice_roll_and_the_tiles_shut_on_the_box_unless_motion_is_reduced(new_page, lobby, motion):
    """A throw rolls the dice and a shut turns its tiles down (each at most
    400 ms), for a spectator too, and the throw that ends the turn (no set
    to shut: its dice are drawn in the last-turn box only) rolls there; with
    prefers-reduced-motion nothing moves."""
    sue, kan, _ = watched_table(new_page, lobby, "shut_the_box", seats=2, options={"rounds": 1})
    start(sue)
    sue.get_by_test_id("roll").click()
    chips = sue.get_by_test_id("legal-sets").locator("button")
    expect(chips.first).to_be_visible()  # a first throw of two dice always has a set to shut
    pick = [int(x) for x in chips.first.get_attribute("data-tiles").split()]
    for tile in pick:
        sue.get_by_test_id(f"tile-{tile}").click()
    sue.get_by_test_id("shut").click()
    for page in (sue, kan):
        for tile in pick:
            expect(page.get_by_test_id(f"tile-{tile}")).to_have_attribute("data-state", "shut")
        got = moved(page, motion, "dice", *(f"tile-{t}" for t in pick))
        assert got <= {"dice", *(f"tile-{t}" for t in pick)}, got  # the tiles left open do not move

    # Sue throws on, shutting the first set offered, until a throw has no set
    chip = sue.locator('[data-testid="legal-sets"] button:visible').first
    roll = sue.locator('[data-testid="roll"]:enabled')
    mine_over = sue.locator('[data-testid="last-turn-text"][data-seat="0"]')
    while True:
        expect(roll.or_(mine_over)).to_be_visible()  # a shut that shut the box ended the turn
        if mine_over.count():
            break
        roll.click()
        expect(chip.or_(mine_over)).to_be_visible()
        if mine_over.count():
            break
        chip.click()
        sue.get_by_test_id("shut").click()
    if mine_over.get_attribute("data-score") != "0":  # stuck, not a shut box: a throw ended the turn
        for page in (sue, kan):
            moved(page, motion, "last-dice")
