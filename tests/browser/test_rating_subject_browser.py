"""A rating line's subject is the seat it is about, and the one it blames
is named from my seat (the fresh 中文 pass on phones, 6 Nimmt! with 小明
and 阿强 and three bots, 阿强 away at the end): 阿强's page said "小明 不计等级分：
你没有坚持到最后…", which reads as if 小明 were "你" (and the English form,
"Bo not rated: you did not play it to its end … their own rating", the
same).  What must hold, in both languages and for every game (all five
draw these lines with static/ratings.js ratingChanges under their
result): another seat's line is one sentence with that seat's name as its
subject ("小明不计等级分，因为你没有…", "Bo is not rated because you …
your own rating"), my own seat's line says "you" as its subject, a
spectator's names both, and no space parts two CJK runs.
"""

from __future__ import annotations

import pytest

from .helpers import SINGLE_REDIS, sign_in

pytestmark = SINGLE_REDIS

#: Every rating line's text (by seat) of a finished 6 Nimmt!-like game of
#: five seats: `names[0]` stayed and is not rated, `names[1]` was away at
#: the end (a bot finished for them: rated as a loss), three bots; seen
#: from `mySeat` (null: a spectator).
LINES = """async ([names, mySeat]) => {
  const { ratingChanges } = await import('/static/ratings.js');
  const bot = (name) => ({ name, bot: true });
  const seats = [{ name: names[0] }, { name: names[1], away: true }, bot('Ada'), bot('Bao'), bot('Cleo')];
  const view = {
    seats, players: seats.map((s) => ({ ...s, away: undefined })),
    result: { winners: [1] },
    ratings: [null, { rating: 928, rating_delta: -72, provisional: true }, null, null, null],
  };
  const el = document.createElement('div');
  el.append(...[ratingChanges(view, names, mySeat)].flat().filter(Boolean));
  return [...el.querySelectorAll('[data-testid^="rating-change-"]')].map((li) => [li.dataset.testid, li.textContent]);
}"""

EXPECT = {
    "zh-CN": (
        ["小明", "阿强"],
        {
            # 阿强's page (the pass's screenshot): 小明 is the subject, 你 the one blamed
            1: {
                "rating-change-0": "小明不计等级分，因为你没有坚持到最后（你中途离开，或最后由机器人托管）：坚持到最后的真人玩家不足两名。这只扣你本人的等级分，别人不因此加分。",
                "rating-change-1": "你最后处于托管中（由机器人下完）：按输一场计。等级分 928?（−72）",
            },
            0: {
                "rating-change-0": "你不计等级分：阿强没有坚持到最后（中途离开，或最后由机器人托管），坚持到最后的真人玩家不足两名。这只扣未坚持到最后者本人的等级分，别人不因此加分。",
                "rating-change-1": "阿强最后处于托管中（由机器人下完）：按输一场计。等级分 928?（−72）",
            },
            None: {
                "rating-change-0": "小明不计等级分：阿强没有坚持到最后（中途离开，或最后由机器人托管），坚持到最后的真人玩家不足两名。这只扣未坚持到最后者本人的等级分，别人不因此加分。",
                "rating-change-1": "阿强最后处于托管中（由机器人下完）：按输一场计。等级分 928?（−72）",
            },
        },
    ),
    "en-US": (
        ["Ann", "Bo"],
        {
            1: {
                "rating-change-0": "Ann is not rated because you did not play it to its end (you left, or were away while a bot finished): fewer than two people did. That costs only your own rating; no one gains from it.",
                "rating-change-1": "You were away at the end (a bot finished the game): rated as a loss. Rating 928? (−72)",
            },
            0: {
                "rating-change-0": "You are not rated: Bo did not play it to its end (left, or away while a bot finished), so fewer than two people did. That costs only their own rating; no one gains from it.",
                "rating-change-1": "Bo was away at the end (a bot finished the game): rated as a loss. Rating 928? (−72)",
            },
            None: {
                "rating-change-0": "Ann is not rated: Bo did not play it to its end (left, or away while a bot finished), so fewer than two people did. That costs only their own rating; no one gains from it.",
                "rating-change-1": "Bo was away at the end (a bot finished the game): rated as a loss. Rating 928? (−72)",
            },
        },
    ),
}


@pytest.mark.parametrize("locale", list(EXPECT))
def test_a_rating_line_s_subject_is_its_seat_and_the_blamed_one_is_named_from_mine(new_page, lobby, locale):
    names, seen = EXPECT[locale]
    page = new_page(locale=locale)
    sign_in(page, lobby, "Viewer")
    for my_seat, lines in seen.items():
        got = dict(page.evaluate(LINES, [names, my_seat]))
        assert got == lines, (my_seat, got)


#: The stayer's line of a game of three people and bots where two of them
#: did not play it to its end (`names[1]`, `names[2]`, away at the end),
#: seen from `mySeat`: the review read "Cy is not rated: you, Bo did not …".
TWO_GONE = """async ([names, mySeat]) => {
  const { ratingChanges } = await import('/static/ratings.js');
  const seats = [{ name: names[0] }, { name: names[1], away: true }, { name: names[2], away: true }, { name: 'Ada', bot: true }];
  const view = {
    seats, players: seats.map((s) => ({ ...s, away: undefined })),
    result: { winners: [3] },
    ratings: [null, { rating: 950, rating_delta: -50, provisional: true }, { rating: 951, rating_delta: -49, provisional: true }, null],
  };
  const el = document.createElement('div');
  el.append(...[ratingChanges(view, names, mySeat)].flat().filter(Boolean));
  return el.querySelector('[data-testid="rating-change-0"]').textContent;
}"""

TWO_GONE_SAID = {
    "en-US": (
        ["Cy", "Bo", "Dee"],
        {
            1: "Cy is not rated: you and Dee did not play it to its end (left, or were away while a bot finished), so fewer than two people did. That costs only your own ratings; no one gains from it.",
            None: "Cy is not rated: Bo and Dee did not play it to its end (left, or away while a bot finished), so fewer than two people did. That costs only their own rating; no one gains from it.",
            0: "You are not rated: Bo and Dee did not play it to its end (left, or away while a bot finished), so fewer than two people did. That costs only their own rating; no one gains from it.",
        },
    ),
    "zh-CN": (
        ["小明", "阿强", "小红"],
        {
            1: "小明不计等级分：你和小红没有坚持到最后（中途离开，或最后由机器人托管），坚持到最后的真人玩家不足两名。这只扣你们本人的等级分，别人不因此加分。",
            None: "小明不计等级分：阿强和小红没有坚持到最后（中途离开，或最后由机器人托管），坚持到最后的真人玩家不足两名。这只扣未坚持到最后者本人的等级分，别人不因此加分。",
            0: "你不计等级分：阿强和小红没有坚持到最后（中途离开，或最后由机器人托管），坚持到最后的真人玩家不足两名。这只扣未坚持到最后者本人的等级分，别人不因此加分。",
        },
    ),
}


@pytest.mark.parametrize("locale", list(TWO_GONE_SAID))
def test_a_rating_line_names_several_who_left_as_a_sentence(new_page, lobby, locale):
    """Those who did not play to the end are listed as a phrase of the
    page's language ("you and Dee", "Bo and Dee"; "你和小红", "阿强和小红"),
    not joined by a comma, and a line that blames me with another says
    "your own ratings" (你们)."""
    names, seen = TWO_GONE_SAID[locale]
    page = new_page(locale=locale)
    sign_in(page, lobby, "Viewer")
    for my_seat, line in seen.items():
        assert page.evaluate(TWO_GONE, [names, my_seat]) == line, my_seat
