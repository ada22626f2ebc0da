"""A waiting table says when it will close (issue #15, item 7, Task B): a
table opened and left waiting closed after ``LOBBY_WAITING_TTL_MS`` (15
min) with no warning, and its closing said "没有其他人来" once per seated
player.  Now the table view carries ``wait_until`` (ms since the epoch,
server clock), the waiting card counts it down in its last two minutes
("Closes in 0:09 unless someone joins"), a join starts the wait again, and
the closed table says why once, in the page's language."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import expect_status, open_table, sign_in

#: the wait of this module's lobby (ms): all of it within the countdown's last two minutes
TTL_MS = 12_000


@pytest.fixture(scope="module")
def lobby(module_lobby_factory):
    return module_lobby_factory(env={"LOBBY_WAITING_TTL_MS": str(TTL_MS)}, prefix="waitttl")


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


@pytest.mark.parametrize("locale", list(WORDS))
def test_a_waiting_table_counts_down_to_its_close_and_says_why_once(new_page, lobby, locale):
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
