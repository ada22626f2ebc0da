"""The result's headline agrees with the rating (issue #15, item 7, Task B):
a winner who was away at the end (a bot finished the game for them) read
"You win" above "You were away at the end …: rated as a loss"
(lobby/ratings.py: away at the end is a loss).  The server marks that seat
in the game's record (``players[seat].away``), and the headline says
"You finished first, but you were away at the end: counted as a loss" to
them, and the same of that seat by name to the others and to spectators,
in both languages; a shared first place says who shared it and which of
them counts a loss.  The headline is every game's (TableView.showFinal
words it, whichever game's view drew the result)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import REDRAW_HEAD, SINGLE_REDIS, expect_status, finished, open_table, play_to_end, sign_in, start

pytestmark = SINGLE_REDIS

#: Table `id`'s finished view drawn again by a fresh view of `game` with the
#: result's winners set to `winners` (the seat's fate as the server recorded
#: it): the headline's text.
HEADLINE = REDRAW_HEAD.replace("async ([id, game]) => {", "async ([id, game, winners]) => {") + """  const moved = { ...v, result: { ...v.result, winners } };
  const view = new VIEWS[game]({ id: 'headline-' + game, games: () => net.games });
  document.body.appendChild(view.el);
  view.update(moved, tableContext({ view: moved, seat: e.seat, version: e.version + 1 }));
  const head = view.el.querySelector('[data-testid="winners"]');
  const out = head ? head.textContent : null;
  view.el.remove();
  return out;
}"""

WORDS = {
    "en-US": {
        "mine": "You finished first, but you were away at the end: counted as a loss",
        "shared_mine": "Finished first: you and Bo. You were away at the end: counted as a loss.",
        "away_line": r"^You were away at the end \(a bot finished the game\): rated as a loss\.",
    },
    "zh-CN": {
        "mine": "你名列第一，但你最后处于托管中：按输一场计",
        "shared_mine": "并列第一：你和 Bo。你最后处于托管中：按输一场计。",
        "away_line": r"^你最后处于托管中（由机器人下完）：按输一场计。",
    },
}
OTHERS = {
    "alone": "Ann finished first, but was away at the end: counted as a loss",
    "shared_bo": "Finished first: you and Ann. Ann was away at the end: counted as a loss.",
    "shared_rail": "Finished first: Ann and Bo. Ann was away at the end: counted as a loss.",
}


@pytest.mark.parametrize("locale", list(WORDS))
def test_a_winner_away_at_the_end_is_said_to_count_a_loss(new_page, lobby, locale):
    ann, bo, rail = new_page(locale=locale), new_page(), new_page()
    words = WORDS[locale]
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
    expect(ann.get_by_test_id("rating-change-0")).to_have_text(re.compile(words["away_line"]))
    # the server's record of the game: Ann's seat was away at its end
    assert ann.evaluate(f"() => window.lobby.net.tables.get('{table_id}').view.players[0].away") is True

    # whoever won, the headline of a first place of Ann's agrees with her rating: to her, to Bo, to a spectator
    assert ann.evaluate(HEADLINE, [table_id, "sibala", [0]]) == words["mine"]
    assert bo.evaluate(HEADLINE, [table_id, "sibala", [0]]) == OTHERS["alone"]
    assert rail.evaluate(HEADLINE, [table_id, "sibala", [0]]) == OTHERS["alone"]
    # shared with Bo, who played to the end
    assert ann.evaluate(HEADLINE, [table_id, "sibala", [0, 1]]) == words["shared_mine"]
    assert bo.evaluate(HEADLINE, [table_id, "sibala", [0, 1]]) == OTHERS["shared_bo"]
    assert rail.evaluate(HEADLINE, [table_id, "sibala", [0, 1]]) == OTHERS["shared_rail"]
    # a first place of Bo's alone: the game's own words
    assert bo.evaluate(HEADLINE, [table_id, "sibala", [1]]).startswith("You win")
    # and the live page's own headline never says "You win" to Ann
    expect(ann.get_by_test_id("winners")).not_to_have_text(re.compile("^(You win|你赢了)"))
