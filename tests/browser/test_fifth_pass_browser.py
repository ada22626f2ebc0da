"""Issue #15, the fourth pair of fresh testers (English and 中文, 390x844 and
360x740): 6 Nimmt!'s final standings cut the Total column on a phone; a
revealed card flying to its row was drawn over the pinned status bar and
cards stayed in flight after the game ended; 6 Nimmt! had no log (one line
per reveal now, in the same box, under the same title as every game's).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import REDRAW_HEAD, SINGLE_REDIS, finished, open_table, sign_in, start

pytestmark = SINGLE_REDIS

PHONES = [{"width": 360, "height": 740}, {"width": 390, "height": 844}]

#: Draw table `id`'s finished 6 Nimmt! view again with `rounds` rounds of
#: history; for each standings row whether its name and total cells (and
#: their heads) lie inside the box the table scrolls in, as it first shows,
#: and whether the total's head shows its whole word; which names show cut
#: (an ellipsis) and whether the table is wider than its box.  NAME, when not
#: empty, is seat 0's name instead of its own.
STANDINGS_SEEN = REDRAW_HEAD + """  const state = { ...v.state, history: Array.from({ length: ROUNDS }, () => v.state.history[0]) };
  const seats = (v.players || v.seats).map((s, i) => (i === 0 && 'NAME' ? { ...s, name: 'NAME' } : s));
  const long = { ...v, state, players: seats, seats };
  const view = new VIEWS[game]({ id: 'long-' + game, games: () => net.games });
  document.querySelector('.table-body').appendChild(view.el);
  view.update(long, tableContext({ view: long, seat: 0, version: e.version + 1 }));
  const table = view.el.querySelector('[data-testid="standings"]');
  let box = table.parentElement;
  while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
  const edge = box.getBoundingClientRect();
  const inside = (el) => { const r = el.getBoundingClientRect(); return r.left >= edge.left - 0.5 && r.right <= edge.right + 0.5 && r.width > 0; };
  const cut = [];
  for (const tr of table.querySelectorAll('tr')) {
    for (const cell of tr.querySelectorAll('.name, .total')) if (!inside(cell)) cut.push(tr.rowIndex + ':' + cell.className + ':' + cell.textContent);
  }
  const head = table.querySelector('th.total');
  const names = [...table.querySelectorAll('td.name .sn-name')].filter((c) => c.scrollWidth > c.clientWidth + 0.5).map((c) => c.textContent);
  const wide = table.getBoundingClientRect().width > edge.width + 0.5;
  const out = { cut, head: head ? head.textContent : null, whole: head ? head.scrollWidth <= head.clientWidth + 0.5 : false, rounds: table.querySelectorAll('tbody tr:first-child .round').length, names, wide };
  view.el.remove();
  return out;
}"""


@pytest.mark.parametrize("locale,total", [("en-US", "Total"), ("zh-CN", "总分")], ids=["en", "zh"])
def test_six_nimmt_standings_show_name_and_total_on_a_phone(new_page, lobby, locale, total):
    """English pass, 390x844, 4 rounds: the header read 'R1 R2 R3 R4 Tot'
    and the table, 352 px in a 322 px box, scrolled the Total column out of
    sight.  In 4- and 5-round games at 360 and 390, in both languages, every
    row's name and total are in sight, the total's head its whole word."""
    page = new_page(locale=locale)
    sign_in(page, lobby, "Annabelle")
    table_id = open_table(page, "six_nimmt", seats=2, turn_s=1, options={"end_threshold": 1})
    start(page)
    expect(finished(page)).to_be_visible(timeout=60_000)
    for phone in PHONES:
        page.set_viewport_size(phone)
        for rounds in (4, 5):
            got = page.evaluate(STANDINGS_SEEN.replace("ROUNDS", str(rounds)).replace("NAME", ""), [table_id, "six_nimmt"])
            assert got["cut"] == [] and got["head"] == total and got["whole"] and got["rounds"] == rounds, (phone, rounds, got)


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"], ids=["en", "zh"])
def test_six_nimmt_standings_cut_a_name_only_when_the_table_would_overflow(new_page, lobby, locale):
    """中文 pass, 390x844: 'Ada（机器…', 'Bao（机器…' were cut while the
    table filled two thirds of its card.  At 360 and 390, in both languages,
    with 1 to 5 rounds, no name shows an ellipsis while the table is no wider
    than its box; a name too long for the box is cut, and its row's name and
    total stay in sight."""
    page = new_page(locale=locale)
    sign_in(page, lobby, "Annabelle")
    table_id = open_table(page, "six_nimmt", seats=3, turn_s=1, options={"end_threshold": 1})
    start(page)
    expect(finished(page)).to_be_visible(timeout=60_000)
    longest = "Annabelle-Maximiliane-Wolkenstein-" * 3
    for phone in PHONES:
        page.set_viewport_size(phone)
        for rounds in range(1, 6):
            got = page.evaluate(STANDINGS_SEEN.replace("ROUNDS", str(rounds)).replace("NAME", ""), [table_id, "six_nimmt"])
            assert got["cut"] == [] and (got["names"] == [] or got["wide"]), (phone, rounds, got)
        got = page.evaluate(STANDINGS_SEEN.replace("ROUNDS", "2").replace("NAME", longest), [table_id, "six_nimmt"])
        assert got["cut"] == [] and len(got["names"]) == 1 and got["names"][0].startswith(longest), (phone, got)


#: Fly row card `card` (as the reveal does: the flying class, a transform)
#: to the centre of the pinned status bar; what the page shows at that centre
#: is the bar's, and the card is drawn there.
FLY_UNDER_BAR = """() => {
  const bar = document.querySelector('.six-nimmt .statusbar');
  const card = document.querySelector('.sn-row-cards .sn-card');
  const b = bar.getBoundingClientRect();
  const c = card.getBoundingClientRect();
  const x = b.left + b.width / 2, y = b.top + b.height / 2;
  const dx = x - (c.left + c.width / 2), dy = y - (c.top + c.height / 2);
  card.classList.add('flying');
  const fly = card.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: `translate(${dx}px, ${dy}px)` }], { duration: 60000 });
  fly.pause();
  const at = document.elementFromPoint(x, y);
  const r = card.getBoundingClientRect();
  const drawn = r.left <= x && r.right >= x && r.top <= y && r.bottom >= y;
  fly.cancel();
  card.classList.remove('flying');
  return { bar: bar.contains(at), drawn, at: at ? at.className.baseVal ?? at.className : null };
}"""


@pytest.mark.parametrize("viewport", [{"width": 390, "height": 844}])
def test_a_flying_card_goes_under_the_pinned_status_bar(new_page, lobby):
    """English pass, 390: a revealed card flying to its row was drawn over
    the pinned turn bar ('A bot is pla[20]ing your turn')."""
    page = new_page()
    sign_in(page, lobby, "Ann")
    open_table(page, "six_nimmt", seats=2)
    start(page)
    expect(page.locator('[data-testid="hand"] button:enabled').first).to_be_visible()
    got = page.evaluate(FLY_UNDER_BAR)
    assert got["drawn"] and got["bar"], got


#: Row cards still in flight (the flying class, or a running animation) and
#: row cards drawn outside their row's box.
CARDS_OFF_PLACE = """() => {
  const flying = [...document.querySelectorAll('.flying')].map((el) => el.dataset.card);
  const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect && a.effect.target && a.effect.target.closest('.sn-rows')).length;
  const outside = [];
  for (const row of document.querySelectorAll('.sn-row')) {
    const box = row.getBoundingClientRect();
    for (const card of row.querySelectorAll('.sn-row-cards .sn-card')) {
      const r = card.getBoundingClientRect();
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) outside.push(card.dataset.card);
    }
  }
  return { flying, running, outside };
}"""


@pytest.mark.parametrize("motion", ["no-preference"])  # cards fly to their rows
@pytest.mark.parametrize("viewport", [{"width": 390, "height": 844}])
def test_no_card_is_left_in_flight_when_the_game_ends(new_page, lobby):
    """English pass, 390: at game over card 103 stayed drawn over row 4.  A
    ten-seat game's last reveal would fly ten cards one after another (4 s):
    when the game is over every card is in its row at once."""
    page = new_page()
    sign_in(page, lobby, "Ann")
    open_table(page, "six_nimmt", seats=10, turn_s=1, options={"end_threshold": 1})
    start(page)
    expect(finished(page)).to_be_visible(timeout=90_000)
    got = page.evaluate(CARDS_OFF_PLACE)
    assert got == {"flying": [], "running": 0, "outside": []}, got


#: The log's lines: text and the forced marks' kinds in each.
LOG_LINES = """() => [...document.querySelectorAll('[data-testid=log] li')].map((li) => ({
  text: li.textContent, cls: li.className, marks: [...li.querySelectorAll('.forced-mark')].map((m) => m.dataset.how) }))"""

WORDS = {
    "en": {"title": "Log", "turn1": r"^Turn 1: ", "mine": "You: {c}", "other": "Ann: {c}", "turn2": r"^Turn 2: ", "timeout": "Time's up", "mark": "— time's up"},
    "zh": {"title": "记录", "turn1": r"^第 1 回合：", "mine": "你：{c}", "other": "Ann：{c}", "turn2": r"^第 2 回合：", "timeout": "超时", "mark": "——超时"},
}


@pytest.mark.parametrize("lang,locale", [("en", "en-US"), ("zh", "zh-CN")], ids=["en", "zh"])
def test_six_nimmt_has_a_log_of_its_reveals(new_page, lobby, lang, locale):
    """中文 pass: 6 Nimmt! had no log; a spectator saw only a small 'time's
    up' tag on a card.  One line per reveal (my own seat 'you', a spectator
    names me), the time's-up pick marked in its line (the shared shape, one
    line per forced move, no line of its own), all there again after a
    reload."""
    w = WORDS[lang]
    ann = new_page(locale=locale)
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "six_nimmt", seats=2, turn_s=3)
    bo = new_page(locale=locale)
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    expect(bo.get_by_test_id("spectating")).to_be_visible()
    start(ann)
    # my highest card: below every row's end it would make me take a row first
    card = ann.locator('[data-testid="hand"] button:enabled').last
    expect(card).to_be_visible()
    c = int(card.get_attribute("data-card"))
    card.click()
    log = ann.get_by_test_id("log")
    expect(log.locator("li").first).to_have_text(re.compile(w["turn1"]))
    assert ann.get_by_test_id("log").locator("xpath=..").locator("h3").text_content() == w["title"]
    first = ann.evaluate(LOG_LINES)[0]["text"]
    assert w["mine"].format(c=c) in first, first
    expect(bo.get_by_test_id("log").locator("li").first).to_contain_text(w["other"].format(c=c))
    # my second turn runs out: its reveal's line marks my card, a line says so
    expect(log.locator("li", has_text=re.compile(w["turn2"]))).to_have_count(1, timeout=20_000)
    lines = ann.evaluate(LOG_LINES)
    turn2 = [x for x in lines if re.match(w["turn2"], x["text"])][0]
    assert "log-timeout" in turn2["cls"] and w["mark"] in turn2["text"], lines
    assert not any(x["text"].startswith(w["timeout"]) for x in lines), lines  # one line per forced move
    if lang == "en":
        assert not re.search(r"[\u4e00-\u9fff]", "".join(x["text"] for x in lines)), lines
    else:
        assert not re.search(r"\b(Turn|row|takes|bull|You)\b", "".join(x["text"] for x in lines)), lines
    # a reload shows the same lines (newer ones may follow)
    ann.reload()
    expect(log.locator("li").first).to_have_text(re.compile(w["turn1"]))
    again = ann.evaluate(LOG_LINES)
    assert again[: len(lines)] == lines, (lines, again)


#: For each stud final's coin change: whether its name shows cut (an
#: ellipsis), whether the change fills the line of its box (so it had to be
#: cut), and whether it lies inside that box.
STUD_CHANGES = """() => {
  const box = document.querySelector('[data-testid="changes"]');
  const edge = box.getBoundingClientRect();
  return [...box.querySelectorAll('.change')].map((c) => {
    const name = c.querySelector('.change-name');
    const r = c.getBoundingClientRect();
    return { name: name.textContent, cut: name.scrollWidth > name.clientWidth + 0.5, full: r.width >= edge.width - 1, inside: r.left >= edge.left - 0.5 && r.right <= edge.right + 0.5 };
  });
}"""


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"], ids=["en", "zh"])
def test_stud_s_coin_changes_cut_a_name_only_when_its_line_is_full(new_page, lobby, locale):
    """The same kind as 6 Nimmt!'s standings: stud's final cut every name at
    12em, though a phone's card had room for more.  At 360 and 390 a name
    shows an ellipsis only when its change fills its line, and never spills
    out of the box."""
    page = new_page(locale=locale)
    sign_in(page, lobby, "王小明王小明王小明王小明王小明")
    open_table(page, "stud", seats=2, turn_s=1)
    start(page)
    expect(finished(page)).to_be_visible(timeout=60_000)
    for phone in PHONES:
        page.set_viewport_size(phone)
        got = page.evaluate(STUD_CHANGES)
        assert got and all(c["inside"] and (not c["cut"] or c["full"]) for c in got), (phone, got)
