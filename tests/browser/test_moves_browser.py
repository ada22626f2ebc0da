"""The table screen's one move gate and its action buttons in a real
browser against a real lobby, with a proxy on the page's websocket that
holds or refuses chosen requests: a move on its way keeps the game's
controls waiting; a refused move frees them and shows the error beside
them; a refused action button (Start) shows its error beside it and can be
pressed again.
"""

from __future__ import annotations

from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, expect_status, intercept, open_table, play_to_end, refuse, sign_in, start

#: client behaviour: one lobby backend is enough
pytestmark = SINGLE_REDIS


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
