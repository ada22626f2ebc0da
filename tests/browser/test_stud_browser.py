"""Five-card stud in a real browser against a real lobby: a whole game by its
action buttons with a spectator, the open table form's options, a fold the
clock made, and its coin words on a phone.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import PHONES, SINGLE_REDIS, each_phone, finished, finished_game, js, moved, open_table, sign_in, start, text_name, watched_table
from .test_phone_layout_browser import BROKEN, fits, fits_each_phone


# ---------------------------------------------------------------------------
# Playing stud
#
# The five-card stud 同花顺 table view against a real lobby: open a casual
# table with bots from the stud lobby page, start it, play one whole game by
# clicking only the legal action buttons, and watch it from a second browser
# context as a spectator, who never sees a hole card face up before the
# showdown.
# ---------------------------------------------------------------------------


SUITS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
CARD_RE = re.compile(r"^[89TJQKA][SHCD]$")
CATEGORIES_EN = ("straight flush", "four of a kind", "full house", "flush", "straight", "three of a kind", "two pair", "one pair", "high card")
CATEGORIES_ZH = ("同花顺", "铁支", "葫芦", "同花", "顺子", "三条", "二对", "对子", "散牌")


def card_text(card: str) -> str:
    """How the view writes a card: "TH" -> "10♥"."""
    return ("10" if card[0] == "T" else card[0]) + SUITS[card[1]]


def legal_of(page, table_id: str):
    """Our own view's `you.legal` (what the buttons must offer)."""
    return page.evaluate(
        f"(() => {{ const e = window.lobby.net.tables.get({table_id!r}); const s = e && e.view && e.view.state;"
        " return s && s.you ? s.you.legal : null; })()"
    )


# Client behaviour: checked against the single-Redis lobby only (the cluster
# backend is the live suite's business), so no cluster is started for it.
@pytest.mark.parametrize("lobby", ["redis"], indirect=True)
def test_casual_game_with_bots_and_a_spectator(new_page, lobby):
    page = new_page()
    sign_in(page, lobby, "Ann")
    table_id = open_table(page, "stud", seats=3, options={"tier": "casual"})
    expect(page.get_by_test_id("tier")).to_contain_text("Casual")
    expect(page.get_by_test_id("seat-name-0")).to_have_text("Ann")

    start(page)
    expect(page.get_by_test_id("my-seat")).to_have_text("Your seat: 1")
    expect(page.get_by_test_id("seat-1").locator(".badge-bot")).to_be_visible()
    expect(page.get_by_test_id("tier")).to_have_text("Casual · ante 100 · max 1000 · play chips")

    # our hole card face up, to us alone; the others' face down, with no card text
    hole = page.get_by_test_id("hole-0")
    expect(hole).to_have_class(re.compile(r"\bpc-face\b"))
    my_card = hole.get_attribute("data-card")
    assert my_card and CARD_RE.match(my_card), my_card
    expect(hole).to_contain_text(card_text(my_card))
    for seat in (1, 2):
        other = page.get_by_test_id(f"hole-{seat}")
        expect(other).to_have_class(re.compile(r"\bpc-down\b"))
        assert other.get_attribute("data-card") is None
        assert other.text_content() == ""
        expect(page.get_by_test_id(f"up-{seat}-0")).to_have_attribute("data-card", CARD_RE)
    expect(page.get_by_test_id("dealer-marker")).to_have_count(1)
    # three antes at least (a bot may already have bet): the pot is the sum of
    # the bets shown, read in one go so no move lands between the two reads
    pot, puts = page.evaluate(
        """() => [Number(document.querySelector('[data-testid=pot-amount]').textContent),
                  [...document.querySelectorAll('[data-testid^=bet-]')].map((e) => Number(e.dataset.put))]"""
    )
    assert len(puts) == 3 and all(p >= 100 for p in puts) and pot == sum(puts) >= 300, (pot, puts)

    # a spectator in a second context: every hole card face down
    viewer = new_page(locale="zh-CN")
    sign_in(viewer, lobby, "Watcher", f"#table={table_id}")
    expect(viewer.get_by_test_id("spectating")).to_be_visible()
    expect(viewer.get_by_test_id("tier")).to_have_text("普通场 · 底注 100 · 每手最大注 1000 · 娱乐筹码")
    expect(viewer.get_by_test_id("actions")).to_be_hidden()

    def spectator_sees_no_hole_card() -> None:
        for seat in range(3):
            expect(viewer.get_by_test_id(f"hole-{seat}")).to_have_class(re.compile(r"\bpc-down\b"))
        assert viewer.locator(".pcard.hole.pc-face").count() == 0
        assert viewer.locator(f'[data-card="{my_card}"]').count() == 0
        assert card_text(my_card) not in viewer.get_by_test_id("seats").text_content()
        assert viewer.locator(".stud-actions button").count() == 0

    # play: at each of our turns the buttons are exactly our legal actions
    actions = page.locator(".stud-actions button.act:enabled")
    done = finished(page)
    turns = 0
    chooser_checked = False
    for _ in range(40):
        expect(actions.first.or_(done)).to_be_visible()
        if done.count():
            break
        turns += 1
        legal = legal_of(page, table_id)
        assert legal, "our turn without legal actions"
        offered = [actions.nth(i).get_attribute("data-action") for i in range(actions.count())]
        assert offered == legal["actions"], (offered, legal)
        expect(page.get_by_test_id("countdown")).to_have_text(re.compile(r"^Ann: \d+\.\d s$"))
        # before the end: the others' hole cards stay face down, here and for the spectator
        for seat in (1, 2):
            expect(page.get_by_test_id(f"hole-{seat}")).to_have_class(re.compile(r"\bpc-down\b"))
        spectator_sees_no_hole_card()

        if not chooser_checked and ({"bet", "raise"} & set(offered)) and legal["max_to"] > legal["min_to"]:
            # the amount chooser: slider to the cap, then a typed amount snaps to a legal total
            kind = "bet" if "bet" in offered else "raise"
            page.get_by_test_id("amount-range").fill(str(page.get_by_test_id("amount-range").get_attribute("max")))
            expect(page.get_by_test_id("amount-input")).to_have_value(str(legal["max_to"]))
            expect(page.get_by_test_id(f"act-{kind}")).to_contain_text(str(legal["max_to"]))
            page.get_by_test_id("amount-input").fill(str(legal["min_to"] + 30))
            page.get_by_test_id("amount-input").dispatch_event("change")
            expect(page.get_by_test_id("amount-input")).to_have_value(str(legal["min_to"]))
            expect(page.get_by_test_id(f"act-{kind}")).to_contain_text(str(legal["min_to"]))
            chooser_checked = True

        page.get_by_test_id("act-check" if "check" in offered else "act-call").click()
    else:
        raise AssertionError("the game did not finish")
    assert turns >= 1

    # the result names the winner; every seat's chip change; the changes sum to zero
    expect(page.get_by_test_id("final-result")).to_be_visible()
    winners = page.get_by_test_id("winners")
    expect(winners).to_have_text(re.compile(r"^(.+ wins|You win) the pot of \d+( at the showdown|: every other player folded)$"))
    winner = int(winners.get_attribute("data-winner"))
    # Ann's own page: her win says "You win", another's names the winner
    name = text_name(page, winner)
    assert winners.text_content().startswith("You win" if winner == 0 else f"{name} wins"), winners.text_content()
    changes = [int(page.get_by_test_id(f"change-{seat}").get_attribute("data-change")) for seat in range(3)]
    assert sum(changes) == 0 and changes[winner] > 0, changes
    expect(page.get_by_test_id("actions")).to_be_hidden()

    view = page.evaluate(f"window.lobby.net.tables.get({table_id!r}).view")
    assert view["result"]["winners"] == [winner]
    if view["state"]["showdown"]:
        # the showdown: the winning hand named in each page's language only; hole cards shown
        text = page.get_by_test_id("win-hand").text_content()
        assert any(en in text for en in CATEGORIES_EN) and not any(zh in text for zh in CATEGORIES_ZH), text
        expect(viewer.get_by_test_id("win-hand")).to_have_text(re.compile("|".join(CATEGORIES_ZH)))
        text = viewer.get_by_test_id("win-hand").text_content()
        assert not any(en in text for en in CATEGORIES_EN), text
        for seat in view["state"]["showdown"]["hands"]:
            expect(viewer.get_by_test_id(f"hole-{seat}")).to_have_class(re.compile(r"\bpc-face\b"))
            expect(viewer.get_by_test_id(f"hand-{seat}")).to_be_visible()
    expect(viewer.get_by_test_id("final-result")).to_be_visible()
    expect(viewer.get_by_test_id("winners")).to_have_attribute("data-winner", str(winner))
    # the Chinese page's own words: a bot's bare name with its Chinese marker
    expect(viewer.get_by_test_id("winners")).to_contain_text(viewer.get_by_test_id(f"seat-name-{winner}").text_content())
    expect(viewer.get_by_test_id("winners")).not_to_contain_text("(bot)")


@pytest.mark.parametrize("lobby", ["redis"], indirect=True)
def test_open_table_form_labels_options_from_the_engine_in_both_languages(new_page, lobby):
    from engines import stud

    (spec,) = stud.INFO.options
    page = new_page()
    sign_in(page, lobby, "Lin")
    page.get_by_test_id("game-stud").click()
    select = page.get_by_test_id("open-opt-tier")
    have = page.evaluate("window.lobby.net.player.coins")
    # a tier beyond the balance adds what it needs (and is disabled: test_table_at_hand_browser)
    short = {"en": " · needs {n} coins, you have {have}", "zh": " · 需要 {n} 金币，你有 {have}"}
    for lang in ("en", "zh"):
        choices = select.locator("option")
        expect(choices).to_have_count(len(spec.choices))
        need = {c: stud.TIERS[c]["min_coins"] for c in spec.choices}
        assert choices.all_inner_texts() == [spec.choice_labels[c][lang] + (short[lang].format(n=need[c], have=have) if need[c] > have else "") for c in spec.choices]
        expect(page.locator("label", has=select)).to_contain_text(spec.label[lang])
        if lang == "en":
            page.get_by_test_id("lang-switch").click()
            select = page.get_by_test_id("open-opt-tier")
            expect(select.locator("option").first).to_have_text(spec.choice_labels[spec.choices[0]]["zh"])


# ---------------------------------------------------------------------------
# A fold the clock made is said once
#
# Stud: a fold the clock made is said once: the seat showed "time's up"
# twice (a badge under the name and again inside the "folded" pill:
# "已弃牌超时"), and the log had two lines for one fold ("Time's up — you folded"
# and "You fold (pot 300)"). Now one mark on the seat (in the folded pill)
# and one log line per fold, marked as time's up as the other games' forced
# lines are. Both languages, a phone.
# ---------------------------------------------------------------------------


WORDS = {
    "en-US": {"mark": "time's up", "fold": re.compile(r"^You fold \(pot \d+\) — time's up$"), "folds": re.compile(r"^You fold")},
    "zh-CN": {"mark": "超时", "fold": re.compile(r"^你弃牌（底池 \d+）——超时$"), "folds": re.compile(r"^你弃牌")},
}


@SINGLE_REDIS
@pytest.mark.viewport({"width": 360, "height": 740})
@pytest.mark.parametrize("locale", list(WORDS))
def test_a_fold_by_the_clock_is_one_mark_and_one_log_line(new_page, lobby, locale):
    words = WORDS[locale]
    page = new_page(locale=locale)
    finished_game(page, lobby, "stud", timeout=15_000)  # I came first: I act first, and the clock folds me
    seat = page.get_by_test_id("seat-0")
    expect(seat.get_by_test_id("forced-0")).to_have_text(words["mark"])
    expect(seat.get_by_test_id("timeout-0")).to_have_count(0)
    assert seat.text_content().count(words["mark"]) == 1, seat.text_content()
    lines = page.get_by_test_id("log").locator("li")
    expect(lines.filter(has_text=words["folds"])).to_have_count(1)
    expect(lines.filter(has_text=words["folds"])).to_have_text(words["fold"])
    assert not [line for line in lines.all_text_contents() if line.startswith(("Time's up", "超时"))], lines.all_text_contents()


# ---------------------------------------------------------------------------
# Coin words and the tier list on a phone
#
# Five-card stud's coin words on a phone, both languages: a figure stays
# with its unit (「入座需要 1000 金币」 wrapped so that 币 sat alone on a line), the
# lobby list does not leave 「0 人观战」 alone mid-row (it is at the row's left,
# in line with the name), and the tier list says how casual and training
# differ (they read the same: 普通场（娱乐筹码） and 训练场（娱乐筹码）); the chosen tier's
# ante, its per-game max and what it plays for are said in place under the
# choice (RULES.md 2's tier table).
# ---------------------------------------------------------------------------


#: True when two elements' first lines of text start within 2 px of each
#: other; false while either has no line box (the list re-renders its rows
#: on every push, so one read can fall between a row's removal and its
#: replacement: CI once read an element with no rects).
ALIGNED = js("stud/aligned")


def expect_aligned(page, first: str, second: str) -> None:
    """Wait (up to 5 s) until `first`'s and `second`'s text start in line."""
    page.wait_for_function(ALIGNED, arg=[first, second], timeout=5000)


@SINGLE_REDIS
@pytest.mark.viewport(PHONES[0])
@pytest.mark.parametrize("locale", ["en-US", "zh-CN"], ids=["en", "zh"])
def test_coin_figures_keep_their_unit_and_the_list_leaves_nothing_alone(new_page, lobby, locale):
    """At each phone size (the page resized to each of PHONES)."""
    page, cy = new_page(locale=locale), new_page(locale=locale)
    sign_in(page, lobby, "小明" if locale == "zh-CN" else "Ming")
    table_id = open_table(page, "stud", seats=2, options={"tier": "beginner"}, bots=False)
    stake = page.get_by_test_id("table-stake")
    expect(stake).to_contain_text("1000")
    for phone in each_phone(page):
        assert page.evaluate(BROKEN, '[data-testid="table-stake"]') == [], phone
        fits(page, phone)
    page.goto(f"{lobby.http}/#game=stud")
    row = page.get_by_test_id(f"table-row-{table_id}")
    expect(row).to_be_visible()
    # how many watch is said at the row's left, in line with the table's name (centred, it stood alone mid-row)
    name = f'[data-testid="table-name-{table_id}"]'
    watching = page.get_by_test_id(f"spectators-{table_id}")
    expect(watching).to_have_text("0 人观战" if locale == "zh-CN" else "0 watching")
    for phone in each_phone(page):
        assert page.evaluate(BROKEN, f'[data-testid="table-stake-{table_id}"]') == [], phone
        expect_aligned(page, f'[data-testid="spectators-{table_id}"]', name)
    sign_in(cy, lobby, "Cy", f"#table={table_id}")
    expect(watching).to_have_text("1 人观战" if locale == "zh-CN" else "1 watching")
    for phone in each_phone(page):
        expect_aligned(page, f'[data-testid="spectators-{table_id}"]', name)
    fits_each_phone(page, "the table list, one watching")


FIT_WORDS = {
    "en-US": {"casual": "Casual (play chips)", "training": "Training (play chips, plays as casual)", "hint": "Ante 100, at most 1000 a game, in play chips: no coins move.", "coins": "Ante 500, at most 5000 a game, in coins: sitting needs 5000."},
    "zh-CN": {"casual": "普通场（娱乐筹码）", "training": "训练场（娱乐筹码，玩法同普通场）", "hint": "底注 100，每手最多 1000，使用娱乐筹码：不动金币。", "coins": "底注 500，每手最多 5000，使用金币：入座需要 5000 金币。"},
}


@SINGLE_REDIS
@pytest.mark.viewport(PHONES[0])
@pytest.mark.parametrize("locale", ["en-US", "zh-CN"], ids=["en", "zh"])
def test_the_tier_list_says_how_casual_and_training_differ(new_page, lobby, locale):
    """The page fits at each phone size (the page resized to each of PHONES)."""
    words = FIT_WORDS[locale]
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ming")
    page.get_by_test_id("game-stud").click()
    tier = page.get_by_test_id("open-opt-tier")
    expect(tier.locator('option[value="casual"]')).to_have_text(words["casual"])
    expect(tier.locator('option[value="training"]')).to_have_text(words["training"])
    hint = page.get_by_test_id("open-tier-hint")
    expect(hint).to_have_text(words["hint"])
    tier.select_option("training")
    expect(hint).to_have_text(words["hint"])
    tier.select_option("intermediate")
    expect(hint).to_have_text(words["coins"])
    other = re.compile(r"[\u4e00-\u9fff]") if locale == "en-US" else re.compile(r"\b(Ante|coins|chips)\b")
    assert not other.search(hint.text_content()), "the hint speaks the other language"
    fits_each_phone(page, "the tier list")


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_cards_are_dealt_and_chips_go_to_the_pot_unless_motion_is_reduced(new_page, lobby, motion):
    """A hand's cards are dealt onto the seats and each bet's chips fly to
    the pot (each at most 400 ms), for a spectator too; with
    prefers-reduced-motion nothing moves."""
    ann, cy, _ = watched_table(new_page, lobby, "stud", seats=2)
    start(ann)
    for page in (ann, cy):
        expect(page.get_by_test_id("up-0-0")).to_be_visible()
        expect(page.get_by_test_id("pot-amount")).not_to_have_text("0")
        moved(page, motion, "hole-0", "up-0-0", "hole-1", "up-1-0", "motion-chip", "pot")
