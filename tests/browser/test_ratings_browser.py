"""Rating lines after a game: what happened said in words, my own seat as you,
the subject and the one blamed named from my seat, leavers and away seats.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import REDRAW_HEAD, SINGLE_REDIS, expect_status, finished, js, leave_running, open_table, play_to_end, sign_in, start

pytestmark = SINGLE_REDIS


# ---------------------------------------------------------------------------
# Rating changes explained where they happen
#
# Rating changes explained where they happen. The shown rating is 1000 + 20
# × (μ − 3σ); each game makes σ smaller, so a tie raises both: the result
# panel says why under the changes, in the page's language.
# ---------------------------------------------------------------------------


ROSE_EN = "Up on a tie (you, Uma)? Each game makes a rating surer"  # Tia's own page: she is "you"
ROSE_ZH = "平手也涨分（Tia、你）？每多下一场，等级分就更可靠"  # Uma's own page


def test_a_tie_that_raises_both_ratings_says_why(new_page, lobby):
    """Shut the Box, one round, two people who both let their time run
    out: each scores 45 (every tile open), a tie; both ratings rise."""
    a, b = new_page(), new_page(locale="zh-CN")
    sign_in(a, lobby, "Tia")
    table_id = open_table(a, "shut_the_box", seats=2, turn_s=3, bots=False, options={"rounds": 1})
    sign_in(b, lobby, "Uma", f"#table={table_id}")
    b.get_by_test_id("join-table").click()  # full: it starts
    for p in (a, b):
        expect_status(p, "playing")
    for p in (a, b):
        expect(finished(p)).to_be_visible(timeout=30_000)
    for seat in (0, 1):
        change = a.get_by_test_id(f"rating-change-{seat}")
        expect(change).to_have_text(re.compile(r"(^Your|^Uma's) rating 10\d\d\? \(\+\d+\)$"))  # seat 0 is Tia's own
    expect(a.get_by_test_id("rating-rose-note")).to_contain_text(ROSE_EN)
    expect(b.get_by_test_id("rating-rose-note")).to_contain_text(ROSE_ZH)


@pytest.mark.page_modules
def test_a_win_alone_needs_no_such_word(new_page, lobby):
    """The note is about rises without beating anyone: a sole winner's
    rise, a loser's fall, and the rise of winners who share the win over
    a bot (Sibala's "Winners: Alice, Bob" was followed by
    "Up without a win (Alice, Bob)?") are not explained by it; a tie of
    every seat says tie, a loser's rise says without a win, both languages
    (the page's own module, a view as the server sends it)."""
    page = new_page()
    sign_in(page, lobby, "Vic")
    got = page.evaluate(
        """async () => { const { ratingChanges } = await import('/static/ratings.js');
        const two = [{ name: 'Vic', bot: false }, { name: 'Wu', bot: false }];
        const rated = (d) => d === null ? null : ({ rating: 1000 + d, rating_delta: d, provisional: true });
        const note = (winners, deltas, seats = two) => {
          const el = document.createElement('div');
          const nodes = ratingChanges({ seats, result: { winners }, ratings: deltas.map(rated) }, ['Vic', 'Wu', 'Bot']);
          el.append(...[nodes].flat(9).filter(Boolean));
          const p = el.querySelector('[data-testid=rating-rose-note]');
          return p ? p.textContent : null; };
        const three = [...two, { name: 'Bot', bot: true }];
        const out = { win: note([0], [37, -37]), tie: note([0, 1], [16, 16]), loss: note([0], [20, 3]),
          shared: note([0, 1], [16, 16, null], three), lost3: note([0], [20, 3, null], three) };
        const { setLang } = await import('/static/i18n.js');
        setLang('zh');
        out.tieZh = note([0, 1], [16, 16]);
        out.lossZh = note([0], [20, 3]);
        return out; }"""
    )
    assert got["win"] is None, got
    assert got["shared"] is None, got
    assert got["tie"].startswith("Up on a tie (Vic, Wu)?"), got
    assert got["loss"].startswith("Up without a win (Wu)?"), got
    assert got["lost3"].startswith("Up without a win (Wu)?"), got
    assert got["tieZh"].startswith("平手也涨分（Vic、Wu）？"), got
    assert got["lossZh"].startswith("没赢也涨分（Wu）？"), got


# ---------------------------------------------------------------------------
# A rating line's subject is the seat it is about
#
# A rating line's subject is the seat it is about, and the one it blames is
# named from my seat: 阿强's page said "小明 不计等级分： 你没有坚持到最后…", which reads as
# if 小明 were "你" (and the English form, "Bo not rated: you did not play it
# to its end … their own rating", the same). What must hold, in both
# languages and for every game (all five draw these lines with
# static/ratings.js ratingChanges under their result): another seat's line
# is one sentence with that seat's name as its subject ("小明不计等级分，因为你没有…",
# "Bo is not rated because you … your own rating"), my own seat's line says
# "you" as its subject, a spectator's names both, and no space parts two CJK
# runs.
# ---------------------------------------------------------------------------


#: Every rating line's text (by seat) of a finished 6 Nimmt!-like game of
#: five seats: `names[0]` stayed and is not rated, `names[1]` was away at
#: the end (a bot finished for them: rated as a loss), three bots; seen
#: from `mySeat` (null: a spectator).
LINES = js("ratings/lines")

EXPECT = {
    "zh-CN": (
        ["小明", "阿强"],
        {
            1: {
                "rating-change-0": "小明不计等级分，因为你中途离开了：坚持到最后的真人玩家不足两名。离开只扣你本人的等级分，别人不因此加分。",
                "rating-change-1": "你中途离开：按输一场计。等级分 928?（−72）",
            },
            0: {
                "rating-change-0": "你不计等级分：阿强中途离开，坚持到最后的真人玩家不足两名。离开只扣离开者本人的等级分，别人不因此加分。",
                "rating-change-1": "阿强中途离开：按输一场计。等级分 928?（−72）",
            },
            None: {
                "rating-change-0": "小明不计等级分：阿强中途离开，坚持到最后的真人玩家不足两名。离开只扣离开者本人的等级分，别人不因此加分。",
                "rating-change-1": "阿强中途离开：按输一场计。等级分 928?（−72）",
            },
        },
    ),
    "en-US": (
        ["Ann", "Bo"],
        {
            1: {
                "rating-change-0": "Ann is not rated because you left before the end: fewer than two people played it to its end. Leaving costs only your own rating; no one gains from it.",
                "rating-change-1": "You left before the end: rated as a loss. Rating 928? (−72)",
            },
            0: {
                "rating-change-0": "You are not rated: Bo left before the end, so fewer than two people played it to its end. Leaving costs only the leaver's rating; no one gains from it.",
                "rating-change-1": "Bo left before the end: rated as a loss. Rating 928? (−72)",
            },
            None: {
                "rating-change-0": "Ann is not rated: Bo left before the end, so fewer than two people played it to its end. Leaving costs only the leaver's rating; no one gains from it.",
                "rating-change-1": "Bo left before the end: rated as a loss. Rating 928? (−72)",
            },
        },
    ),
}


@pytest.mark.page_modules
@pytest.mark.parametrize("locale", list(EXPECT))
def test_a_rating_line_s_subject_is_its_seat_and_the_blamed_one_is_named_from_mine(new_page, lobby, locale):
    names, seen = EXPECT[locale]
    page = new_page(locale=locale)
    sign_in(page, lobby, "Viewer")
    for my_seat, lines in seen.items():
        got = dict(page.evaluate(LINES, [names, my_seat]))
        assert got == lines, (my_seat, got)


#: The stayer's line of a game of three people and bots where two of them
#: did not play it to its end (`names[1]`, `names[2]`, left),
#: seen from `mySeat`: it once read "Cy is not rated: you, Bo did not …".
TWO_GONE = js("ratings/two_gone")

TWO_GONE_SAID = {
    "en-US": (
        ["Cy", "Bo", "Dee"],
        {
            1: "Cy is not rated: you and Dee left before the end, so fewer than two people played it to its end. Leaving costs only your own ratings; no one gains from it.",
            None: "Cy is not rated: Bo and Dee left before the end, so fewer than two people played it to its end. Leaving costs only the leaver's rating; no one gains from it.",
            0: "You are not rated: Bo and Dee left before the end, so fewer than two people played it to its end. Leaving costs only the leaver's rating; no one gains from it.",
        },
    ),
    "zh-CN": (
        ["小明", "阿强", "小红"],
        {
            1: "小明不计等级分：你和小红中途离开，坚持到最后的真人玩家不足两名。离开只扣你们本人的等级分，别人不因此加分。",
            None: "小明不计等级分：阿强和小红中途离开，坚持到最后的真人玩家不足两名。离开只扣离开者本人的等级分，别人不因此加分。",
            0: "你不计等级分：阿强和小红中途离开，坚持到最后的真人玩家不足两名。离开只扣离开者本人的等级分，别人不因此加分。",
        },
    ),
}


@pytest.mark.page_modules
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


# ---------------------------------------------------------------------------
# Only the leaver is rated, and the one who stayed reads why
#
# The rating lines when a person leaves a rated game: in a coin Sibala match
# Ann left and Bo stayed; Ann lost rating, and Bo's panel said only "not
# rated", without a word of why, or of Ann's loss being her leaving. The
# rule is kept (lobby/ratings.py, *Who left*; the ratings
# themselves: tests/lobby/test_leaver_ratings_live.py): the panel says Ann
# left and was rated as a loss, and that Bo is not rated because she left,
# leaving costing only the leaver (on Bo's own page his line says "You are
# not rated"). Both languages, at a coin and a casual table (the lines are
# one module's for all five games: static/ratings.js; stud's escape:
# test_money_browser).
# ---------------------------------------------------------------------------


WORDS = {
    "en-US": (
        r"^Ann left before the end: rated as a loss\. Rating \d+\?? \(−\d+\)$",
        "You are not rated: Ann left before the end, so fewer than two people played it to its end. Leaving costs only the leaver's rating; no one gains from it.",
    ),
    "zh-CN": (
        r"^Ann 中途离开：按输一场计。等级分 \d+\??（−\d+）$",
        "你不计等级分：Ann 中途离开，坚持到最后的真人玩家不足两名。离开只扣离开者本人的等级分，别人不因此加分。",
    ),
}


@pytest.mark.parametrize("locale", list(WORDS))
@pytest.mark.parametrize("stake", [10, 0], ids=["coins", "casual"])
def test_the_one_who_stayed_reads_why_only_the_leaver_is_rated(new_page, lobby, locale, stake):
    import re

    ann, bo = new_page(), new_page(locale=locale)
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "sibala", seats=2, turn_s=5, options={"rounds": 3, "stake": stake}, bots=False)
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    bo.get_by_test_id("join-table").click()
    expect_status(ann, "playing")
    leave_running(ann)
    play_to_end(bo)
    leaver, stayer = WORDS[locale]
    expect(bo.get_by_test_id("rating-change-0")).to_have_text(re.compile(leaver))
    expect(bo.get_by_test_id("rating-change-1")).to_have_text(stayer)
    expect(bo.get_by_test_id("rating-not-rated")).to_have_count(0)
    bo.reload()  # the same words from the table view alone
    expect(bo.get_by_test_id("rating-change-1")).to_have_text(stayer)


# ---------------------------------------------------------------------------
# Away at the end: rating words
#
# The rating lines say what happened, and my own seat is "you": at a Sibala
# table of two people and a bot where both let every turn run out, the
# second timeout being each one's last roll, the result said "Alice was away
# at the end (a bot finished the game)" though no bot rolled for her (the
# rule: tests/lobby/test_away_at_end_live.py), and named the page's own seat
# by name; the Chinese said "这只扣他们本人的等级分" of one person. Now: no "away" line
# whether a bot played or not (away is not leaving: the seat is rated by the
# result); my seat "you" in every rating line, Chinese wording that fits one
# person. The lines are one module's for all five games (static/ratings.js).
# ---------------------------------------------------------------------------


RATING = r"\d+\??"
DELTA = r"[+−]\d+|±0"

AWAY_RATING_WORDS = {
    "en-US": {
        "mine": rf"^Your rating {RATING} \(({DELTA})\)$",
        "away": "away",
        "loss": "loss",
        "win": "You win",
    },
    "zh-CN": {
        "mine": rf"^你的等级分 {RATING}（({DELTA})）$",
        "away": "托管",
        "loss": "按输一场计",
        "win": "你赢了",
    },
}


def _table(ann, bo, lobby, locale: str, rounds: int) -> None:
    """Ann (seat 0, page in ``locale``) opens a 3-seat Sibala table with a
    bot, 1 s turns, ``rounds`` rounds; Bo (English) joins; both press Start."""
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "sibala", seats=3, turn_s=0.3, options={"rounds": rounds}, bots=True)
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    bo.get_by_test_id("join-table").click()
    expect(bo.get_by_test_id("my-seat")).to_be_visible()
    ann.get_by_test_id("start").click()
    start(bo)


def _in_both_languages(page, check) -> None:
    """``check(locale)`` on ``page`` (opened in Chinese), then again after
    its language button switched it to English: one game, both wordings."""
    check("zh-CN")
    page.get_by_test_id("lang-switch").click()
    check("en-US")


def _plain_rating_lines(ann, without: str):
    """A check of Ann's page (seat 0) in a locale: her own rating line, Bo's
    ordinary one, and no :data:`AWAY_RATING_WORDS` ``without`` word in them."""

    def check(locale):
        words = AWAY_RATING_WORDS[locale]
        expect(ann.get_by_test_id("rating-change-0")).to_have_text(re.compile(words["mine"]))
        expect(ann.get_by_test_id("rating-change-1")).to_have_text(re.compile("^Bo's rating " if locale == "en-US" else "^Bo 的等级分 "))
        expect(ann.get_by_test_id("rating-changes")).not_to_contain_text(words[without])

    return check


def test_no_away_line_when_no_bot_played_and_my_seat_is_you(new_page, lobby):
    ann, bo = new_page(locale="zh-CN"), new_page()
    _table(ann, bo, lobby, "zh-CN", rounds=2)  # nobody rolls: each one's 2nd timeout is their last roll
    expect(finished(ann)).to_be_visible(timeout=30_000)

    _in_both_languages(ann, _plain_rating_lines(ann, without="away"))
    expect(bo.get_by_test_id("rating-change-1")).to_have_text(re.compile(AWAY_RATING_WORDS["en-US"]["mine"]))
    expect(bo.get_by_test_id("rating-change-0")).to_have_text(re.compile(r"^Ann's rating "))


def test_away_at_the_end_is_rated_by_the_result_like_everyone(new_page, lobby):
    """Away is not leaving: Ann never rolls, a bot rolls her third round,
    and her rating line and Bo's are the ordinary ones (lobby/ratings.py,
    *Who left*)."""
    ann, bo = new_page(locale="zh-CN"), new_page()
    _table(ann, bo, lobby, "zh-CN", rounds=3)  # Ann never rolls: away after two timeouts, a bot rolls her third
    expect_status(bo, "playing")
    play_to_end(bo)
    expect(finished(ann)).to_be_visible()

    _in_both_languages(ann, _plain_rating_lines(ann, without="loss"))
    expect(bo.get_by_test_id("rating-change-0")).to_have_text(re.compile(rf"^Ann's rating {RATING} \(({DELTA})\)$"))
    expect(bo.get_by_test_id("rating-change-1")).to_have_text(re.compile(AWAY_RATING_WORDS["en-US"]["mine"]))


# ---------------------------------------------------------------------------
# A winner away at the end keeps the win
#
# Away is not leaving (lobby/ratings.py, *Who left*): a first place of a seat
# a bot finished while its player was away is a win in the headline, the
# rating and the record alike; the game's record still says the seat was
# away (``players[seat].away``). Only leaving forfeits.
# ---------------------------------------------------------------------------


#: Table `id`'s finished view drawn again by a fresh view of `game` with the
#: result's winners set to `winners` (the seat's fate as the server recorded
#: it): the headline's text.
HEADLINE = REDRAW_HEAD.replace("async ([id, game]) => {", "async ([id, game, winners]) => {") + js("ratings/headline")


@pytest.mark.page_modules
def test_a_winner_away_at_the_end_keeps_the_win(new_page, lobby):
    ann, bo, rail = new_page(locale="zh-CN"), new_page(), new_page()
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "sibala", seats=3, turn_s=3, options={"rounds": 3}, bots=True)  # Bo has time to roll
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    bo.get_by_test_id("join-table").click()
    expect(bo.get_by_test_id("my-seat")).to_be_visible()
    sign_in(rail, lobby, "Rail", f"#table={table_id}")
    expect(rail.get_by_test_id("spectating")).to_be_visible()
    ann.get_by_test_id("start").click()
    start(bo)
    play_to_end(bo)  # Ann never rolls: away after two timeouts, a bot rolls her third round
    for page in (ann, bo, rail):
        expect(finished(page)).to_be_visible()
    # the server's record of the game: Ann's seat was away at its end
    assert ann.evaluate(f"() => window.lobby.net.tables.get('{table_id}').view.players[0].away") is True

    def check(locale):
        words = AWAY_RATING_WORDS[locale]
        expect(ann.get_by_test_id("rating-change-0")).to_have_text(re.compile(words["mine"]))
        # a first place of Ann's is a win, to her (and below to Bo and a spectator)
        assert ann.evaluate(HEADLINE, [table_id, "sibala", [0]]).startswith(words["win"])

    _in_both_languages(ann, check)
    for page in (bo, rail):
        said = page.evaluate(HEADLINE, [table_id, "sibala", [0]])
        assert said.startswith("Winner: Ann"), said
