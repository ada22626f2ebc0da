"""Rating changes explained where they happen (issue #15, the fresh pass: a
tie between two newcomers showed "Rating 1016? (+16)" for both, and the
note only said why a win can gain more than a loss costs).  The shown
rating is 1000 + 20 × (μ − 3σ); each game makes σ smaller, so a tie raises
both: the result panel says why under the changes, in the page's language.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, expect_status, finished, open_table, sign_in

pytestmark = SINGLE_REDIS

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


def test_a_win_alone_needs_no_such_word(new_page, lobby):
    """The note is about rises without beating anyone: a sole winner's
    rise, a loser's fall, and the rise of winners who share the win over
    a bot (the fourth pass: Sibala's "Winners: Alice, Bob" was followed by
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
