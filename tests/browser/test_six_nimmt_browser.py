"""6 Nimmt! in a real browser against a real lobby: whole turns by clicking (a
row choice too), hidden picks, a spectator, and the marks of a card a bot
played for an away seat.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import HAND_TO_PICK, SINGLE_REDIS, card_to_a_row, expect_status, finished, js, let_a_low_pick_run_out, moved, open_table, play_card, sign_in, start, text_name, watched_table

pytestmark = SINGLE_REDIS


# ---------------------------------------------------------------------------
# Playing 6 Nimmt!
#
# The 6 Nimmt! 谁是牛头王 table view in a browser against a real lobby: open a
# table with bots through the form, play whole turns by clicking cards
# (including a row choice: the lowest card is played every turn until the
# rules ask us to take a row), the reveal in placing order, rows and penalty
# totals updating, the final standings; hidden picks between two people with
# a spectator; the Chinese labels.
# ---------------------------------------------------------------------------


#: 6 Nimmt! games played until one asks us for a row choice.  Playing the
#: lowest card each turn, about 4 games in 5 do (nearly always at the first
#: turn, by a simulation with the engine's bots); 5 games all without one:
#: about 1 in 3000.
MAX_TABLES = 5


def enabled_cards(page):
    return page.locator(HAND_TO_PICK)


def take_buttons(page):
    return page.locator('[data-testid^="take-row-"]:visible')


def lowest_card(page) -> int:
    return min(int(c) for c in enabled_cards(page).evaluate_all("els => els.map(e => e.dataset.card)"))


def rows_of(page) -> list[list[int]]:
    return [[int(c) for c in page.get_by_test_id(f"row-{r}").get_attribute("data-cards").split()] for r in range(4)]


def score(page, seat: int) -> int:
    return int(page.get_by_test_id(f"seat-{seat}").get_attribute("data-score"))


def cheapest(page) -> int:
    """The row with the fewest bull heads, then fewest cards (the timeout's row)."""
    rows = rows_of(page)
    points = [int(page.get_by_test_id(f"row-{r}").get_attribute("data-points")) for r in range(4)]
    return min(range(4), key=lambda r: (points[r], len(rows[r]), r))


def pick_lowest(page, *, first: bool = False) -> int:
    """Click the lowest card; the reveal then shows it in placing order and
    the rows change (unless the rules now ask someone for a row)."""
    before = page.get_by_test_id("rows").get_attribute("data-sig")
    card = lowest_card(page)
    play_card(page, card)
    reveal = page.get_by_test_id("reveal")
    expect(reveal.locator(f'.sn-rev[data-seat="0"][data-card="{card}"]')).to_be_visible()
    if first:
        # a new reveal animates: each card flies from the reveal to its row
        expect(reveal).to_have_attribute("data-key", "0.0")
        expect(reveal).to_have_attribute("data-animated", re.compile(r"^[1-9]\d*$"))
        # the reveal lists the cards in placing order: ascending
        shown = [int(c) for c in reveal.locator(".sn-rev").evaluate_all("els => els.map(e => e.dataset.card)")]
        assert len(shown) == 4 and shown == sorted(shown), shown
    changed = page.locator(f'[data-testid="rows"]:not([data-sig="{before}"])')
    expect(changed.or_(take_buttons(page).first).or_(finished(page)).first).to_be_visible()
    return card


def choose_row(page) -> None:
    """The row choice is ours: check what it shows, take the cheapest row,
    and check the penalty and the rows."""
    expect(take_buttons(page)).to_have_count(4)
    choosing = page.locator('[data-testid="reveal"] .sn-rev.choosing')
    expect(choosing).to_have_attribute("data-seat", "0")
    card = int(choosing.get_attribute("data-card"))
    rows = rows_of(page)
    assert all(card < row[-1] for row in rows), (card, rows)
    expect(page.get_by_test_id("prompt")).to_contain_text(f"Your card {card} is lower than every row")
    expect(page.get_by_test_id("turn")).to_have_text("Your turn: take a row")
    expect(page.get_by_test_id("picked-0")).to_have_attribute("data-state", "choosing")
    expect(enabled_cards(page)).to_have_count(0)  # no picking meanwhile
    for r in range(4):  # each row shows its bull heads
        expect(page.get_by_test_id(f"row-points-{r}")).to_have_attribute("data-points", re.compile(r"^\d+$"))
    row = cheapest(page)
    points = int(page.get_by_test_id(f"row-{row}").get_attribute("data-points"))
    taken = rows[row]
    before = score(page, 0)
    page.get_by_test_id(f"take-row-{row}").click()
    expect(take_buttons(page)).to_have_count(0)
    mine = page.locator(f'[data-testid="reveal"] .sn-rev[data-seat="0"][data-card="{card}"]')
    expect(mine).to_have_attribute("data-row", str(row))
    expect(mine).to_have_attribute("data-took", " ".join(map(str, taken)))
    expect(page.get_by_test_id("seat-0")).to_have_attribute("data-score", str(before + points))
    expect(page.get_by_test_id("score-0")).to_have_text(str(before + points))
    view = page.get_by_test_id("six-nimmt")
    key = page.get_by_test_id("reveal").get_attribute("data-key")
    if view.get_attribute("data-round") == key.split(".")[0]:
        # not the round's last turn (rows not dealt again): my card starts the row
        assert rows_of(page)[row][0] == card, (card, row, rows_of(page))


@pytest.mark.parametrize("motion", ["no-preference"])  # the reveal animates
def test_turns_with_row_choice_to_final_standings(new_page, lobby):
    page = new_page()
    sign_in(page, lobby, "Nim")
    chose = False
    for attempt in range(MAX_TABLES):
        if attempt:
            page.get_by_test_id("back").click()  # to 6 Nimmt!'s lobby, with the form
        open_table(page, "six_nimmt", seats=4, options={"end_threshold": 3}, from_home=not attempt)
        expect(page.get_by_test_id("seat-name-0")).to_have_text("Nim")
        start(page)
        expect(page.get_by_test_id("seat-1").locator(".badge-bot")).to_be_visible()
        expect(page.locator('[data-testid="hand"] button[data-card]')).to_have_count(10)
        for r in range(4):
            expect(page.get_by_test_id(f"row-{r}").locator(".sn-card")).to_have_count(1)
        expect(page.get_by_test_id("countdown")).to_have_text(re.compile(r"^Nim: \d+\.\d s$"))
        expect(page.get_by_test_id("reveal-title")).to_have_text("No cards revealed yet.")

        turns = 0
        for _ in range(40):  # at most 3 rounds of 10 turns, plus the row choices
            expect(enabled_cards(page).first.or_(take_buttons(page).first).or_(finished(page)).first).to_be_visible()
            if finished(page).count():
                break
            if take_buttons(page).count():
                choose_row(page)
                if not chose:  # the row choice was made with the reveal animating; the rest of the game need not repaint it
                    page.emulate_media(reduced_motion="reduce")
                chose = True
                continue
            pick_lowest(page, first=turns == 0)
            turns += 1
        else:
            raise AssertionError("the game did not finish")
        if chose:
            break
    assert chose, f"no row choice in {MAX_TABLES} games"

    # final standings: fewest bull heads wins; totals as in the player list
    final = page.get_by_test_id("final-result")
    expect(final).to_be_visible()
    expect(final).to_contain_text("fewest bull heads wins")
    standings = page.get_by_test_id("standings").locator("tbody tr")
    expect(standings).to_have_count(4)
    scores = [int(s) for s in standings.evaluate_all("els => els.map(e => e.dataset.score)")]
    assert scores == sorted(scores) and max(scores) > 3, scores
    for seat in range(4):
        assert int(page.get_by_test_id(f"standing-{seat}").get_attribute("data-score")) == score(page, seat)
    winners = [s for s in range(4) if score(page, s) == scores[0]]
    others = ", ".join(text_name(page, s) for s in winners if s != 0)
    heads = f"{scores[0]} bull head{'' if scores[0] == 1 else 's'}"
    if winners == [0]:  # I (seat 0) won alone
        said = f"You win with {heads}"
    elif 0 in winners:
        said = f"Winners: you and {others} with {heads} each"
    else:
        said = f"Winner{'s' if len(winners) > 1 else ''}: {others} with {heads}{' each' if len(winners) > 1 else ''}"
    expect(page.get_by_test_id("winners")).to_have_text(said)
    expect(page.get_by_test_id("hand")).to_be_hidden()
    expect(page.get_by_test_id("seed")).to_have_text(re.compile(r"^[0-9a-f]{64}$"))  # revealed once, in the fair-play check

    # Chinese labels, rendered again at once
    page.get_by_test_id("lang-switch").click()
    expect(page.get_by_test_id("final-result")).to_contain_text("最终排名")
    expect(page.get_by_test_id("row-0")).to_contain_text("第 1 行")
    page.get_by_test_id("lang-switch").click()
    expect(page.get_by_test_id("row-0")).to_contain_text("Row 1")


def test_hidden_picks_and_spectator(new_page, lobby):
    host = new_page()
    sign_in(host, lobby, "Hana")
    table_id = open_table(host, "six_nimmt", seats=2, bots=False)
    guest = new_page()
    sign_in(guest, lobby, "Gus", f"#table={table_id}")
    guest.get_by_test_id("join-table").click()  # the table is full: it starts
    expect(guest.get_by_test_id("my-seat")).to_have_text("Your seat: 2")
    viewer = new_page()
    sign_in(viewer, lobby, "Vic", f"#table={table_id}")
    expect(viewer.get_by_test_id("spectating")).to_be_visible()
    for page in (host, guest, viewer):
        expect_status(page, "playing")
        expect(page.get_by_test_id("picked-0")).to_have_attribute("data-state", "thinking")
    # the spectator sees rows and players, never a hand or a row button
    expect(viewer.get_by_test_id("rows").locator(".sn-card")).to_have_count(4)
    expect(viewer.get_by_test_id("hand")).to_be_hidden()
    expect(viewer.locator('[data-testid="hand"] button')).to_have_count(0)
    expect(viewer.get_by_test_id("countdown")).to_have_text(re.compile(r"^2 to pick: \d+\.\d s$"))

    # Hana chooses a card: shown as chosen, nothing sent until she confirms
    a, x = sorted(int(c) for c in enabled_cards(host).evaluate_all("els => els.map(e => e.dataset.card)"))[:2]
    host.get_by_test_id(f"hand-card-{a}").click()
    expect(host.get_by_test_id(f"hand-card-{a}")).to_have_attribute("aria-pressed", "true")
    expect(host.get_by_test_id("pick-confirm")).to_have_text(f"Play {a}")
    expect(guest.get_by_test_id("picked-0")).to_have_attribute("data-state", "thinking")
    host.get_by_test_id("pick-confirm").click()
    expect(host.get_by_test_id("my-pick")).to_have_attribute("data-card", str(a))
    expect(host.get_by_test_id("prompt")).to_have_text(f"You picked {a} (you can change it until everyone has picked). Waiting for Gus…")
    for page in (guest, viewer):
        expect(page.get_by_test_id("picked-0")).to_have_attribute("data-state", "picked")
    # ... then changes it to x before Gus picks: hers until the reveal; the others only see that she picked
    expect(host.get_by_test_id("hand")).to_have_attribute("data-mode", "change")
    host.get_by_test_id(f"hand-card-{x}").click()
    expect(host.get_by_test_id("pick-confirm")).to_have_text(f"Change to {x}")
    host.get_by_test_id("pick-confirm").click()
    expect(host.get_by_test_id("my-pick")).to_have_attribute("data-card", str(x))
    expect(host.get_by_test_id("my-pick-card")).to_have_text(re.compile(rf"{x}$"))
    expect(host.get_by_test_id(f"hand-card-{a}")).to_be_enabled()  # back in her hand
    expect(host.get_by_test_id("prompt")).to_have_text(f"You picked {x} (you can change it until everyone has picked). Waiting for Gus…")
    expect(host.locator('[data-testid="hand"] button[data-card]')).to_have_count(9)
    for page in (guest, viewer):
        expect(page.get_by_test_id("picked-0")).to_have_attribute("data-state", "picked")
        expect(page.get_by_test_id("picked-1")).to_have_attribute("data-state", "thinking")
        expect(page.locator(f'[data-card="{x}"]')).to_have_count(0)
        expect(page.locator(f'[data-card="{a}"]')).to_have_count(0)
    expect(viewer.get_by_test_id("prompt")).to_have_text("1 still to pick: Gus")

    # Gus picks: the reveal plays Hana's changed card, lowest first, on every screen
    y = lowest_card(guest)
    play_card(guest, y)
    order = sorted([(x, 0), (y, 1)])
    for page in (host, guest, viewer):
        reveal = page.get_by_test_id("reveal")
        expect(reveal).to_have_attribute("data-key", "0.0")
        for k, (card, seat) in enumerate(order):
            item = page.get_by_test_id(f"reveal-{k}")
            expect(item).to_have_attribute("data-card", str(card))
            expect(item).to_have_attribute("data-seat", str(seat))
        expect(page.get_by_test_id("reveal-0")).to_contain_text(["Hana", "Gus"][order[0][1]])
    expect(host.get_by_test_id("my-pick")).to_have_attribute("data-card", "")
    # either both cards are placed, or the lower one's player takes a row
    low_seat = order[0][1]
    chooser, other = (host, guest) if low_seat == 0 else (guest, host)
    placed = '[data-testid="reveal"][data-placed="2"]'
    expect(chooser.locator(placed).or_(take_buttons(chooser).first).first).to_be_visible()
    if not chooser.locator(placed).count():
        expect(viewer.get_by_test_id("prompt")).to_contain_text("is choosing a row to take for card")
        expect(take_buttons(viewer)).to_have_count(0)
        expect(take_buttons(other)).to_have_count(0)
        take_buttons(chooser).first.click()
    for page in (host, guest, viewer):
        expect(page.locator(placed)).to_be_visible()
    for page in (host, guest, viewer):
        for card, _ in order:
            expect(page.get_by_test_id("rows").locator(f'[data-card="{card}"]')).to_have_count(1)
    expect(viewer.get_by_test_id("six-nimmt")).to_have_attribute("data-turn", "1")


# ---------------------------------------------------------------------------
# Cards a bot played for an away seat
#
# A card a bot played for my away 6 Nimmt! seat is marked away, once, in the
# one word the page uses for away: the log's line named the seat away and
# then put an away badge after it ("你（托管中，机器人代你操作）：17 → 第 2 行托管中": 托管 twice
# in one line), the badge ran into the text ("row 1away"), away was worded
# three ways (seat "away", reveal "bot for you", log "(away — a bot played
# for you)"; 托管中, 托管代出, 托管), and the reveal's away tag was a time's-up tag
# in all but its words (away and time's up are different things: a bot
# played for me, or the clock played my lowest card). Both languages.
# ---------------------------------------------------------------------------


#: Per language: the away word (seat badge, reveal tag and log mark alike) and the time's-up word.
WORDS = {"en-US": ("away", "time's up"), "zh-CN": ("托管", "超时")}


#: The log's lines with an away mark: each line's text, how often it says
#: the away word and the time's-up word, its marks, and for each away mark
#: the character before its words in the line's text and the gap (px) to
#: what stands before it on its line.
AWAY_LINES = js("six_nimmt/away_lines")


@pytest.mark.lobby_settings("away")
@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_a_card_a_bot_played_for_my_away_seat_is_marked_away_once(new_page, lobby, locale):
    away, late = WORDS[locale]
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann" if locale == "en-US" else "小明")
    open_table(page, "six_nimmt", seats=2, turn_s=0.3)
    start(page)
    # my first pick runs out: away, and a bot plays my seat
    expect(page.get_by_test_id("away-0")).to_have_text(away)
    tag = page.get_by_test_id("reveal").locator('[data-seat="0"] .sn-rev-away')
    expect(tag).to_have_text(away)
    # the time's-up tag is the clock's only
    for t in page.get_by_test_id("reveal").locator(".sn-rev-timeout").all_text_contents():
        assert t == late, t
    log = page.get_by_test_id("log").locator("li:has(.forced-away)")
    expect(log.first).to_be_visible()
    lines = page.evaluate(AWAY_LINES, [away, late])
    assert lines, lines
    for line in lines:
        assert line["away"] == len(line["marks"]) == 1, line  # one seat away, said once
        assert line["late"] == line["timeouts"] <= 1, line  # a bot's card is not the clock's (but a row the bot took for the clock's card: both, each once)
        for m in line["marks"]:
            assert m["word"] == away, line
            assert m["before"].isspace(), line  # its own word, not "row 1away"
            assert m["gap"] is None or m["gap"] >= 3, line


@pytest.mark.lobby_settings("away")
@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_the_row_a_bot_took_for_the_clock_s_card_is_marked_away_and_the_card_time_s_up(new_page, lobby, locale):
    """My pick runs out with a card lower than every row: the clock played
    the card (time's up) and, my seat away at once, a bot took the row
    (away).  The line said only time's up (the decision's timeout won) and
    named me away; the bot's row is its own, each said once."""
    away, late = WORDS[locale]
    page = new_page(locale=locale)
    sign_in(page, lobby, "Ann" if locale == "en-US" else "小明")
    open_table(page, "six_nimmt", seats=2, turn_s=3)
    start(page)
    card = let_a_low_pick_run_out(page)
    entry = page.get_by_test_id("reveal").locator(f'.sn-rev[data-seat="0"][data-card="{card}"]')
    expect(entry.locator(".sn-rev-away")).to_have_text(away)  # the bot's row
    expect(entry.locator(".sn-rev-timeout")).to_have_text(late)  # the clock's card
    line = page.get_by_test_id("log").locator("li[data-key]").filter(has=page.locator(".sn-log-timeout")).last
    expect(line.locator(".forced-away")).to_have_count(1)
    said = page.evaluate(AWAY_LINES, [away, late])
    mine = [x for x in said if x["timeouts"]]
    assert mine and mine[-1]["away"] == 1 and mine[-1]["late"] == 1, said
    assert mine[-1]["marks"][0]["before"].isspace(), said


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_reveal_places_its_cards_one_by_one_unless_motion_is_reduced(new_page, lobby, motion):
    """A reveal's cards flip and fly to their rows one after another (each
    at most 400 ms), for a spectator too; with prefers-reduced-motion the
    rows show the cards placed at once, nothing moves."""
    nim, cy, _ = watched_table(new_page, lobby, "six_nimmt", seats=3)
    start(nim)
    # my highest card that goes to a row; in the rare deal where every card of mine is below
    # every row, my highest, and I take a row when asked
    number, to_row = card_to_a_row(nim)
    play_card(nim, number)
    if not to_row:
        nim.locator('[data-testid^="take-row-"]:visible').first.click()
    for page in (nim, cy):
        reveal = page.get_by_test_id("reveal")
        expect(reveal).to_have_attribute("data-key", "0.0")
        expect(page.get_by_test_id("rows").locator(f'[data-card="{number}"]')).to_be_visible()
        if motion == "reduce":
            assert reveal.get_attribute("data-animated") is None
        else:
            expect(reveal).to_have_attribute("data-animated", "1")
            page.wait_for_function("window.motions.some(m => m.id.startsWith('row'))")  # a card flew into its row
        moved(page, motion)
