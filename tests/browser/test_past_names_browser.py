"""A finished game names who sat in it (issue #15, fresh pass at 390x844):
after a stud escape the table goes back to waiting when the one who stayed
presses Play again, which empties the leaver's seat; the old result, its
rating lines and the log still name the leaver, for that player, after a
reload, and for a 中文 spectator who arrives later (the table view's
`players`).  And after the game the pot bar is no longer pinned over the
page: it scrolls with it.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, expect_status, open_table, sign_in, start

pytestmark = SINGLE_REDIS


@pytest.fixture
def viewport() -> dict:
    return {"width": 390, "height": 844}


def pot_scrolls_with_the_page(page) -> None:
    """The pot's place in the page is the same scrolled to the top and to the bottom."""
    where = []
    for y in ("0", "document.scrollingElement.scrollHeight"):
        page.evaluate(f"window.scrollTo(0, {y})")
        where.append(page.evaluate("() => document.querySelector('[data-testid=pot]').getBoundingClientRect().top + window.scrollY"))
    assert page.evaluate("document.scrollingElement.scrollHeight > innerHeight + 100"), "the page does not scroll: nothing to see"
    assert abs(where[0] - where[1]) < 1, f"the pot is pinned: at {where} in the page"


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


def test_sibala_s_round_result_names_its_round(new_page, lobby):
    """The 中文 pass: "本局结果" (this round's result) headed the last round's
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
