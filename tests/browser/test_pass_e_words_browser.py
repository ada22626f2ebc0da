"""Words, autopilot and rules findings of a fresh user pass (English and
中文): being put on autopilot is said to me where I look, the status bar's
notice, with what to press; Shut the Box says an away seat once per line
with the one-word away mark (not "You (away — a bot played for you) threw
…" on every line), its headline has one pair of brackets at most, its
last-turn box and its log word a turn the same; Sibala's result joins
names as the page's language does ("Ann and Bao (bot) tie"); its result
line is in the page's font; the rules dialog does not repeat its title."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, expect_status, finished, open_replay, open_table, sibala_with_a_bot, sign_in, start

pytestmark = SINGLE_REDIS

LOCALES = ["en-US", "zh-CN"]


@pytest.fixture(scope="module")
def lobby(module_lobby_factory):
    """A lobby that marks a seat away at its first timeout, its bots slow
    enough for an away turn to last while we look."""
    return module_lobby_factory(env={"LOBBY_AWAY_AFTER": "1", "LOBBY_BOT_DELAY_MS": "600"}, prefix="passe")


AWAY_NOTICE = {
    "en-US": "You are away: a bot plays for you — press I'm back",
    "zh-CN": "你处于托管：机器人正在替你玩——按“我回来了”即可接手",
}


@pytest.mark.parametrize("locale", LOCALES)
def test_being_put_on_autopilot_is_said_in_the_status_bar(new_page, lobby, locale):
    ann, _ = sibala_with_a_bot(new_page, lobby, locale, rounds=30)
    notice = ann.get_by_test_id("timeout-notice")
    # my first turn runs out: I am away, and the status bar (pinned, where I look) says so and what to press
    expect(ann.get_by_test_id("away-bar")).to_be_visible()
    expect(notice).to_have_text(AWAY_NOTICE[locale])
    expect(notice).to_have_attribute("data-kind", "away")
    # said once: the away bar holds the button, not the same sentence again
    assert AWAY_NOTICE[locale] not in ann.get_by_test_id("away-bar").inner_text()
    ann.get_by_test_id("im-back").click()
    expect(ann.get_by_test_id("away-bar")).to_be_hidden()
    expect(notice).not_to_have_text(AWAY_NOTICE[locale])


#: the long away name a log line must not repeat, and the one-word mark
STB_AWAY = {
    "en-US": ("(away", "away", re.compile(r"^(Winners?: .+, \d+ rounds? won( each)?|You win, \d+ rounds? won)$")),
    "zh-CN": ("（托管", "托管", re.compile(r"^(胜者：.+，(各)?赢 \d+ 局|你赢了，赢 \d+ 局)$")),
}

#: the last-turn box's text and the log's newest turn-end line (its marks
#: left out), once the box shows a turn no clock ended
LAST_AND_LOG = """() => {
  const box = document.querySelector('[data-testid=last-turn-text]');
  if (!box || box.closest('[hidden]')) return false;
  const ends = [...document.querySelectorAll('[data-testid=log] li.log-result')];
  const end = ends[ends.length - 1];
  if (!end || end.classList.contains('log-timeout')) return false;
  const line = end.cloneNode(true);
  for (const m of line.querySelectorAll('.forced-mark')) m.remove();
  return [box.textContent.trim(), line.textContent.trim()];
}"""


@pytest.mark.parametrize("locale", LOCALES)
def test_shut_the_box_says_away_once_and_one_wording_per_turn(new_page, lobby, locale):
    long_away, word, headline = STB_AWAY[locale]
    ann = new_page(locale)
    sign_in(ann, lobby, "Ann")
    open_table(ann, "shut_the_box", seats=2, turn_s=1, options={"rounds": 2})
    start(ann)
    # a bot's turn in the last-turn box: the same words as its log line (the box adds the open tiles)
    last, line = ann.wait_for_function(LAST_AND_LOG, polling="raf").json_value()
    assert last.startswith(line), f"last turn {last!r} and log {line!r} word one turn twice"
    expect(finished(ann)).to_be_visible(timeout=60_000)
    log = ann.get_by_test_id("log")
    away_lines = log.locator("li.log-away")
    expect(away_lines.first).to_be_visible()
    for i in range(away_lines.count()):
        item = away_lines.nth(i)
        assert long_away not in item.inner_text(), f"an away line repeats the away state: {item.inner_text()!r}"
        expect(item.locator(".forced-away")).to_have_text(word)
    head = ann.get_by_test_id("winners")
    expect(head).to_be_visible()
    if head.get_attribute("data-counted") != "loss":  # else my away first place, said as a loss (firstPlaceText)
        expect(head).to_have_text(headline)
    assert not re.search(r"\) \(|）（", head.inner_text()), "two pairs of brackets in a row"
    # a bot's win as the headline says it, whoever won this game
    bot = "Ada (bot)" if locale == "en-US" else "Ada（机器人）"
    said = ann.evaluate("async ([names]) => (await import('/static/i18n.js')).t('winner_one', { names, n: 2 })", [bot])
    assert said == {"en-US": "Winner: Ada (bot), 2 rounds won", "zh-CN": "胜者：Ada（机器人），赢 2 局"}[locale]


#: (names, winners, mySeat) -> the result line
SIBALA_NAMES = {
    "en-US": [
        ([0, 1], None, "Ann and Bao (bot) tie with normal point: 9 — the round counts for each"),
        ([0, 1, 2], None, "Ann, Bao (bot) and Cy tie with normal point: 9 — the round counts for each"),
        ([0, 1], 0, "You and Bao (bot) tie with normal point: 9 — the round counts for each"),
        ([0, 1, 2], 0, "You, Bao (bot) and Cy tie with normal point: 9 — the round counts for each"),
    ],
    "zh-CN": [
        ([0, 1], None, "Ann 和 Bao（机器人）平手，点数 9——各算赢一局"),
        ([0, 1, 2], None, "Ann、Bao（机器人）和 Cy 平手，点数 9——各算赢一局"),
        ([0, 1], 0, "你和 Bao（机器人）平手，点数 9——各算赢一局"),
        ([0, 1, 2], 0, "你、Bao（机器人）和 Cy 平手，点数 9——各算赢一局"),
    ],
}


@pytest.mark.parametrize("locale", LOCALES)
def test_sibala_result_joins_names_as_the_language_does(new_page, lobby, locale):
    page = new_page(locale)
    sign_in(page, lobby, "Ann")
    bot = "Bao (bot)" if locale == "en-US" else "Bao（机器人）"
    for winners, seat, want in SIBALA_NAMES[locale]:
        got = page.evaluate(
            """async ([names, winners, seat]) => {
              const { roundResult } = await import('/static/games/sibala.js');
              const categories = { normal_point: { en: 'normal point', zh: '点数' } };
              return roundResult(names, categories, { winners, category: 'normal_point', value: 9 }, seat);
            }""",
            [["Ann", bot, "Cy"], winners, seat],
        )
        assert got == want


@pytest.mark.parametrize("locale", LOCALES)
def test_sibala_result_line_is_in_the_page_s_font(new_page, lobby, locale):
    page, _ = sibala_with_a_bot(new_page, lobby, locale)
    expect_status(page, "finished")
    fonts = page.evaluate(
        "() => [getComputedStyle(document.querySelector('[data-testid=result-line]')).fontFamily, getComputedStyle(document.body).fontFamily]"
    )
    assert fonts[0] == fonts[1], f"the result line's font {fonts[0]!r} is not the page's {fonts[1]!r}"


@pytest.mark.parametrize("locale", LOCALES)
def test_the_rules_dialog_does_not_repeat_its_title(new_page, lobby, locale):
    page = new_page(locale)
    sign_in(page, lobby, "Ann")
    for game in ["sibala", "stud", "six_nimmt", "yahtzee", "shut_the_box"]:
        page.get_by_test_id(f"game-{game}").click()
        page.get_by_test_id("rules").first.click()
        body = page.get_by_test_id("rules-body")
        expect(body.locator("h3").first).to_be_visible()  # loaded
        title = page.get_by_test_id("rules-title").inner_text()
        heads = body.locator("h1, h2, h3").all_inner_texts()
        assert title not in heads, f"{game}: the title {title!r} again under itself"
        page.get_by_test_id("rules-close").click()
        page.get_by_test_id("back-to-games").click()


@pytest.mark.parametrize("locale", LOCALES)
def test_a_replay_step_shows_only_its_own_notices(new_page, lobby, locale):
    """Replay → Next: the step after the clock's roll (the bot's) showed
    "Time's up for Ann — their dice were rolled for them", which belongs
    to the step before."""
    page, table_id = sibala_with_a_bot(new_page, lobby, locale, seats=3, rounds=2)
    expect(finished(page)).to_be_visible(timeout=30_000)
    open_replay(page, table_id)
    steps = page.get_by_test_id("replay-steps")
    stage = page.get_by_test_id("replay-stage")
    forced = steps.locator("li", has_text={"en-US": "— time's up", "zh-CN": "——超时"}[locale]).first
    expect(forced).to_be_visible()
    k = int(forced.get_attribute("data-step"))
    notice = stage.get_by_test_id("timeout-notice")
    # Next from the start, as a player steps through: the clock's roll's step says so, the next ones do not
    for i in range(1, k + 3):
        page.get_by_test_id("replay-next").click()
        expect(page.get_by_test_id("replay-screen")).to_have_attribute("data-step", str(i))
        if i == k:
            expect(notice).to_be_visible()
        elif i > k and not steps.locator(f'li[data-step="{i}"]', has_text={"en-US": "— time's up", "zh-CN": "——超时"}[locale]).count():
            # the step is drawn with its data-step (one render): read it now, not after a notice's own time ran out
            assert not notice.is_visible(), f"step {i} shows step {k}'s notice: {notice.text_content()!r}"
    page.get_by_test_id("replay-prev").click()
    page.get_by_test_id("replay-prev").click()
    expect(page.get_by_test_id("replay-screen")).to_have_attribute("data-step", str(k))
    expect(notice).to_be_visible()  # back at that step: said again
