"""The rating lines say what happened, and my own seat is "you" (issue #15,
fourth pass): at a Sibala table of two people and a bot where both let
every turn run out, the second timeout being each one's last roll, the
result said "Alice was away at the end (a bot finished the game)" though
no bot rolled for her (the rule: tests/lobby/test_away_at_end_live.py), and
named the page's own seat by name; the Chinese said "这只扣他们本人的等级分"
of one person.  Now: no "away" line when no bot played; "You were away at
the end …" / "你最后处于托管中…" when one did; my seat "you" in every
rating line, Chinese wording that fits one person.  The lines are one
module's for all five games (static/ratings.js).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, expect_status, finished, open_table, play_to_end, sign_in, start

pytestmark = SINGLE_REDIS

RATING = r"\d+\??"
DELTA = r"[+−]\d+|±0"

WORDS = {
    "en-US": {
        "mine": rf"^Your rating {RATING} \(({DELTA})\)$",
        "away_mine": rf"^You were away at the end \(a bot finished the game\): rated as a loss\. Rating {RATING} \(({DELTA})\)$",
        "bo_unrated": "Bo is not rated because you did not play it to its end (you left, or were away while a bot finished): fewer than two people did. That costs only your own rating; no one gains from it.",
        "away": "away",
    },
    "zh-CN": {
        "mine": rf"^你的等级分 {RATING}（({DELTA})）$",
        "away_mine": rf"^你最后处于托管中（由机器人下完）：按输一场计。等级分 {RATING}（({DELTA})）$",
        "bo_unrated": "Bo 不计等级分，因为你没有坚持到最后（你中途离开，或最后由机器人托管）：坚持到最后的真人玩家不足两名。这只扣你本人的等级分，别人不因此加分。",
        "away": "托管",
    },
}


def _table(ann, bo, lobby, locale: str, rounds: int) -> None:
    """Ann (seat 0, page in ``locale``) opens a 3-seat Sibala table with a
    bot, 1 s turns, ``rounds`` rounds; Bo (English) joins; both press Start."""
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "sibala", seats=3, turn_s=1, options={"rounds": rounds}, bots=True)
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    bo.get_by_test_id("join-table").click()
    expect(bo.get_by_test_id("my-seat")).to_be_visible()
    ann.get_by_test_id("start").click()
    start(bo)


@pytest.mark.parametrize("locale", list(WORDS))
def test_no_away_line_when_no_bot_played_and_my_seat_is_you(new_page, lobby, locale):
    ann, bo = new_page(locale=locale), new_page()
    _table(ann, bo, lobby, locale, rounds=2)  # nobody rolls: each one's 2nd timeout is their last roll
    words = WORDS[locale]
    expect(finished(ann)).to_be_visible(timeout=30_000)
    expect(ann.get_by_test_id("rating-change-0")).to_have_text(re.compile(words["mine"]))
    expect(ann.get_by_test_id("rating-change-1")).to_have_text(re.compile("^Bo's rating " if locale == "en-US" else "^Bo 的等级分 "))
    expect(ann.get_by_test_id("rating-changes")).not_to_contain_text(words["away"])
    expect(bo.get_by_test_id("rating-change-1")).to_have_text(re.compile(WORDS["en-US"]["mine"]))
    expect(bo.get_by_test_id("rating-change-0")).to_have_text(re.compile(r"^Ann's rating "))


@pytest.mark.parametrize("locale", list(WORDS))
def test_away_at_the_end_says_you_and_one_person_s_cost(new_page, lobby, locale):
    ann, bo = new_page(locale=locale), new_page()
    _table(ann, bo, lobby, locale, rounds=3)  # Ann never rolls: away after two timeouts, a bot rolls her third
    expect_status(bo, "playing")
    play_to_end(bo)
    words = WORDS[locale]
    expect(finished(ann)).to_be_visible()
    expect(ann.get_by_test_id("rating-change-0")).to_have_text(re.compile(words["away_mine"]))
    expect(ann.get_by_test_id("rating-change-1")).to_have_text(words["bo_unrated"])
    expect(bo.get_by_test_id("rating-change-0")).to_have_text(
        re.compile(rf"^Ann was away at the end \(a bot finished the game\): rated as a loss\. Rating {RATING} \(({DELTA})\)$")
    )
    expect(bo.get_by_test_id("rating-change-1")).to_have_text(
        "You are not rated: Ann did not play it to its end (left, or away while a bot finished), so fewer than two people did. That costs only their own rating; no one gains from it."
    )
