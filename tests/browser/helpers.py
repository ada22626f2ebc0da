"""Steps every browser test takes against a real lobby: sign in, open a
table through the Open table form, press Start, wait for a table status,
and (for Sibala) roll until the match is over.

Every wait is Playwright's auto-waiting ``expect`` (no sleeps); its timeout
is ``WAIT``, set for every browser test in tests/browser/conftest.py.
``intercept`` puts a proxy between a page and the lobby's websocket.
"""

from __future__ import annotations

import asyncio
import re
import secrets
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import msgpack
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

WAIT = 15_000

#: The page functions the tests evaluate, one file each (tests/browser/js/).
JS_DIR = Path(__file__).with_name("js")


def js(name: str) -> str:
    """The text of tests/browser/js/``name``.js (a page function, or the
    body a test appends to a head such as :data:`REDRAW_HEAD`), without the
    file's last newline."""
    text = (JS_DIR / f"{name}.js").read_text(encoding="utf-8")
    return text[:-1] if text.endswith("\n") else text


#: The pages' two languages, as browser locales.
LOCALES = ["en-US", "zh-CN"]

#: A laptop's screen: the pages' size unless a test says otherwise.
LAPTOP = {"width": 1366, "height": 768}
#: The phone screens the layout tests measure (CSS px): a small Android's
#: and an iPhone's (the ``phone`` fixture runs a test at each).
PHONES = [{"width": 360, "height": 740}, {"width": 390, "height": 844}]
#: One phone, for the tests that look at a phone's screen but not at each size.
PHONE = PHONES[1]


def resize(page, size: dict) -> None:
    """Give ``page`` the screen ``size`` (as a phone turned, or another
    phone, shows the same page) and wait two frames: the window's resize
    event and the pinned bars' ResizeObserver (static/dom.js pinnedRoom)
    have run before the page is measured."""
    page.set_viewport_size(size)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def measured(locator, measure, tries: int = 5):
    """``measure(node, box)`` of the one node ``locator`` finds now (an
    ElementHandle and its bounding box, CSS px), taken again when the page
    drew that node afresh meanwhile (the header after the account's
    ``me``): a measurement of a node no longer in the page would compare
    pixels of its successor. Raises AssertionError when the node was
    replaced in each of ``tries`` measurements."""
    for _ in range(tries):
        expect(locator).to_be_visible()
        node = locator.element_handle(timeout=WAIT)
        box = node.bounding_box()
        if box is None:
            continue
        result = measure(node, box)
        if node.evaluate("el => el.isConnected"):
            return result
    raise AssertionError(f"{locator} was drawn afresh during each of {tries} measurements")


#: The ``lang`` attribute of a page's ``<html>`` in each of its languages.
HTML_LANG = {"en-US": "en", "zh-CN": "zh-CN"}


def switch_language(page, locale: str) -> None:
    """Press the header's language button (the page is drawn again in the
    other language, its choice kept for later loads) and wait until the
    page is in ``locale`` ("en-US" or "zh-CN").  The press is a click event
    sent to the button once it is visible and enabled, not a mouse's: at a
    game of 0.3 s turns and bots moving at once, four workers' pages on two
    cores keep the page's main thread in long tasks (up to 1 s each), and a
    mouse click's round trips once took over the 15 s a step may (the
    language browser tests press the button with the mouse on calm pages)."""
    button = page.get_by_test_id("lang-switch")
    expect(button).to_be_enabled()
    button.dispatch_event("click")
    expect(page.locator("html")).to_have_attribute("lang", HTML_LANG[locale])


def each_language(page, first: str = "en-US"):
    """Yield ``first`` (the language ``page`` is in), then press the
    language button and yield the other: one page, read in both languages."""
    yield first
    second = LOCALES[1 - LOCALES.index(first)]
    switch_language(page, second)
    yield second


def each_phone(page):
    """Resize ``page`` to each of :data:`PHONES` in turn (:func:`resize`),
    yielding the size: one page, signed in and at its table once, checked
    at every phone size."""
    for size in PHONES:
        resize(page, size)
        yield size

#: ``pytestmark = SINGLE_REDIS``: a module whose tests check the client (the
#: browser view does not depend on the Redis backend) runs them against the
#: single-redis lobby only.
SINGLE_REDIS = pytest.mark.parametrize("lobby", ["redis"], indirect=True)

#: A Sibala round's result line in English, with player names: the kata's
#: figures (RULES.md section 1) in the page's words.
#: A shared round says that it counts for each who shares it (RULES.md 1);
#: a round I won says "You win with …", "You and Bo tie with …".
_HAND = r"(normal point: ([3-9]|1[0-2])|all of a kind: [1-6])"
RESULT_RE = re.compile(rf"^(Everyone ties — the round counts for every player|.+ wins with {_HAND}|You win with {_HAND}|.+ tie with {_HAND} — the round counts for each)$")
#: The same in Chinese ("小明 胜，点数 12", "Ada（机器人）胜，点数 4", "全体平局——每位玩家各算赢一局").
_HAND_ZH = r"(点数 ([3-9]|1[0-2])|一色 [1-6])"
RESULT_ZH_RE = re.compile(rf"^(全体平局——每位玩家各算赢一局|.+ ?胜，{_HAND_ZH}|.+ ?平手，{_HAND_ZH}——各算赢一局)$")
#: The kata's own line (the English result line's tooltip).
KATA_RE = re.compile(r"^(Tie\.|.+ (win|tie)\. - with (normal point: ([3-9]|1[0-2])|all of a kind: [1-6]))$")


def text_name(page, seat: int) -> str:
    """Seat ``seat``'s name as an English page's running text gives it (log,
    results): its seat's bare name, a bot's with " (bot)" (the seat shows a
    badge instead)."""
    bot = page.get_by_test_id(f"seat-{seat}").locator(".badge-bot").count()
    return page.get_by_test_id(f"seat-name-{seat}").text_content() + (" (bot)" if bot else "")


def sign_in(page, lobby, name: str, hash_: str = "") -> None:
    page.goto(f"{lobby.http}/{hash_}")
    page.get_by_test_id("name-input").fill(name)
    page.get_by_test_id("sign-in").click()
    expect(page.get_by_test_id("player-name")).to_have_text(name)


def game_lobby(page, lobby, name: str, game: str) -> None:
    """Sign in as ``name`` and go to ``game``'s lobby page (its forms)."""
    sign_in(page, lobby, name)
    page.get_by_test_id(f"game-{game}").click()


def open_table(
    page,
    game: str,
    *,
    seats: int,
    turn_s: float = 60,
    options: dict | None = None,
    bots: bool = True,
    private: bool = False,
    from_home: bool = True,
) -> str:
    """From the home screen's game list (or, with ``from_home=False``, from
    the game's lobby page): fill in the Open table form and open the table;
    returns its id once the table screen shows it waiting.  ``options`` are
    the game's own fields (``open-opt-<name>``: typed in, or chosen in a
    select)."""
    if from_home:
        page.get_by_test_id(f"game-{game}").click()
    page.get_by_test_id("open-seats").fill(str(seats))
    page.get_by_test_id("open-turn").fill(str(turn_s))
    for name, value in (options or {}).items():
        field = page.get_by_test_id(f"open-opt-{name}")
        if field.evaluate("el => el.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))
    page.get_by_test_id("open-bots").set_checked(bots)
    page.get_by_test_id("open-private").set_checked(private)
    page.get_by_test_id("open-table").click()
    expect_status(page, "waiting")
    table_id = page.get_by_test_id("table-screen").get_attribute("data-table")
    assert table_id and page.url.endswith(f"#table={table_id}")
    return table_id


def started_table(page, lobby, name: str, game: str, **form) -> str:
    """Sign in as ``name``, open a table of ``game`` (``form``: the keyword
    arguments of ``open_table``) and press Start; the table id."""
    sign_in(page, lobby, name)
    table_id = open_table(page, game, **form)
    start(page)
    return table_id


def finished_game(page, lobby, game: str, *, name: str = "Ann", seats: int = 2, timeout: int = 60_000, turn_s: float = 0.3, **form) -> str:
    """Sign in as ``name``, open a table of ``game`` with ``seats`` seats,
    bots in the others and ``turn_s`` s turns (the test lobby's shortest;
    ``form``: open_table's other keyword arguments, e.g.
    ``options={"rounds": 1}``), start it and let the clock play my seat
    (and the bots theirs) to the game's end, waiting at most ``timeout``
    ms; the table id, once the table says finished."""
    table_id = started_table(page, lobby, name, game, seats=seats, turn_s=turn_s, **form)
    expect(finished(page)).to_be_visible(timeout=timeout)
    return table_id


#: The head of an `async ([id, game]) => {…}` page function that draws a
#: board afresh: VIEWS (the games' view classes), tableContext, `net`, and
#: `v`, table `id`'s live view (its entry `e`), for the body to change and
#: draw with a new view of `game`.
REDRAW_HEAD = """async ([id, game]) => {
  const { VIEWS } = await import('/static/games/index.js');
  const { tableContext } = await import('/static/games/table_view.js');
  const net = window.lobby.net;
  const e = net.tables.get(id);
  const v = e.view;
"""


def two_at_sibala(ann, bo, lobby, turn_s: int = 1, rounds: int = 1) -> str:
    """Ann opens a two-seat Sibala table without bots (``turn_s`` s turns,
    ``rounds`` rounds) and Bo joins it: full, it starts; the table id."""
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, "sibala", seats=2, turn_s=turn_s, options={"rounds": rounds}, bots=False)
    sign_in(bo, lobby, "Bo", f"#table={table_id}")
    bo.get_by_test_id("join-table").click()
    return table_id


HAND_TO_PICK = '[data-testid="hand"][data-mode="pick"] button[data-card]:enabled'  # 6 Nimmt!: my first pick is asked


def play_card(page, card: int) -> None:
    """Choose 6 Nimmt! hand card ``card`` and confirm it (a tap only chooses)."""
    page.get_by_test_id(f"hand-card-{card}").click()
    page.get_by_test_id("pick-confirm").click()


def hand_targets(page) -> list[tuple[int, str]]:
    """My 6 Nimmt! hand cards open to pick now (:data:`HAND_TO_PICK`), each
    with the row it would go to ("" when it is below every row's end):
    [(card, target)], in the hand's order."""
    return [(card, target) for card, target in page.locator(HAND_TO_PICK).evaluate_all("els => els.map(e => [Number(e.dataset.card), e.dataset.target])")]


def card_to_a_row(page) -> tuple[int, bool]:
    """Once my first 6 Nimmt! pick is asked: my highest card that goes to a
    row, and True; in the rare deal where every card of mine is below every
    row's end, my highest card and False (playing it, I take a row when
    asked)."""
    expect(page.locator(HAND_TO_PICK).first).to_be_visible()
    targets = hand_targets(page)
    to_row = [card for card, target in targets if target != ""]
    return (max(to_row), True) if to_row else (max(card for card, _ in targets), False)


def card_played(page, card: int, round_no: str | None) -> None:
    """Wait until 6 Nimmt! hand card ``card`` has left my hand, or round
    ``round_no`` (the board's ``data-round`` before the pick) has ended: a
    round's last card may be dealt to me again in the next."""
    page.wait_for_function(
        """([card, r]) => {
          const el = document.querySelector(`[data-testid="hand-card-${card}"]`);
          return !el || !el.checkVisibility() || document.querySelector('[data-testid=six-nimmt]').dataset.round !== r;
        }""",
        arg=[card, round_no],
        polling="raf",
    )


def to_row_choice(page, each_pick=lambda: None):
    """Play 6 Nimmt! from my seat until a row is mine to take (at most 30
    picks): the lowest card when it is below every row, else the highest;
    ``each_pick()`` runs on each pick turn before the card goes. Returns the
    visible Take buttons (four) once they show."""
    cards = page.locator(HAND_TO_PICK)
    takes = page.locator('[data-testid^="take-row-"]:visible')
    for _ in range(30):
        expect(cards.first.or_(takes.first)).to_be_visible()
        if takes.count():
            break
        each_pick()
        targets = hand_targets(page)
        low = min(targets)
        card = low[0] if low[1] == "" else max(targets)[0]
        round_no = page.get_by_test_id("six-nimmt").get_attribute("data-round")
        play_card(page, card)
        card_played(page, card, round_no)
    else:
        raise AssertionError("no row to take in 30 turns")
    expect(takes).to_have_count(4)
    return takes


def let_a_low_pick_run_out(page) -> int:
    """Play 6 Nimmt! from my seat (my highest card each turn) until my
    lowest card is lower than every row, then pick nothing: the clock plays
    it and the row to take is mine.  Returns that card once the Take
    buttons show (another card lower still may take a row first and make
    mine fit: then on to the next chance)."""
    cards = page.locator(HAND_TO_PICK)
    takes = page.locator('[data-testid^="take-row-"]:visible')
    board = page.get_by_test_id("six-nimmt")
    for _ in range(40):
        expect(cards.first.or_(takes.first)).to_be_visible()
        if takes.count():  # a row choice after my own pick: take one
            takes.first.click()
            continue
        targets = hand_targets(page)
        low = min(targets)
        at = (board.get_attribute("data-round"), board.get_attribute("data-turn"))
        if low[1] != "":
            card = max(targets)[0]
            play_card(page, card)
            card_played(page, card, at[0])
            continue
        seen = page.wait_for_function(
            """([r, t]) => {
              if (document.querySelector('[data-testid^="take-row-"]:not([hidden])')) return 'take';
              const b = document.querySelector('[data-testid=six-nimmt]');
              return (b.dataset.round !== r || b.dataset.turn !== t) && 'next';
            }""",
            arg=list(at),
            polling="raf",
        ).json_value()
        if seen == "take":
            return low[0]
    raise AssertionError("no pick of mine ran out below every row in 40 turns")


def sibala_with_a_bot(new_page, lobby, locale: str, seats: int = 2, rounds: int = 1):
    """A page in ``locale`` signed in as Ann at a Sibala table she opened
    with bots in every other seat (1 s turns, ``rounds`` rounds), started:
    (page, table id)."""
    page = new_page(locale)
    sign_in(page, lobby, "Ann")
    table_id = open_table(page, "sibala", seats=seats, turn_s=1, options={"rounds": rounds})
    start(page)
    return page, table_id


def open_replay(page, table_id: str, game: int = 1) -> None:
    """Go from ``page``'s lobby to the replay viewer of game ``game`` of
    table ``table_id``, once it shows that table."""
    page.goto(f"{page.url.split('#')[0]}#replay={table_id}&game={game}")
    expect(page.get_by_test_id("replay-screen")).to_have_attribute("data-table", table_id)


def expect_status(page, status: str) -> None:
    """Wait until the table screen shows the table in ``status``."""
    expect(page.get_by_test_id("table-status")).to_have_attribute("data-status", status)


def finished(page):
    """The table status, once it says the game has finished."""
    return page.locator('[data-testid="table-status"][data-status="finished"]')


def start(page) -> None:
    """Press Start; the game is playing (or, with 0.3 s turns a clock plays
    through, already over: a stud hand the clock folds ends at once)."""
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("table-status")).to_have_attribute("data-status", re.compile("^(playing|finished)$"))


def leave_running(page) -> None:
    """Press Leave at a running game and agree in the page's confirm (it
    asks first: a bot plays the seat to the end)."""
    page.get_by_test_id("leave").click()
    expect(page.get_by_test_id("confirm")).to_be_visible()
    page.get_by_test_id("confirm-yes").click()


def play_to_end(page, max_turns: int = 60) -> int:
    """Click Roll whenever it is enabled until the game has finished;
    returns how many times we rolled.  With 1 s turns the clock may roll
    for me between seeing Roll enabled and clicking it (Roll goes disabled,
    perhaps for good): such a click gives up after 2 s and the loop looks
    again."""
    roll = page.locator('[data-testid="roll"]:enabled')
    done = finished(page)
    rolls = 0
    for _ in range(max_turns):
        expect(roll.or_(done)).to_be_visible()
        if done.count():
            return rolls
        try:
            roll.click(timeout=2_000)
        except PlaywrightTimeout:
            continue
        rolls += 1
    raise AssertionError("the game did not finish")


def play_both(a, b, max_turns: int = 60) -> None:
    """Roll at seat 0 (page ``a``) or seat 1 (page ``b``), whichever is to
    act, until the game has finished."""
    roll_a, roll_b = (p.locator('[data-testid="roll"]:enabled') for p in (a, b))
    theirs = a.locator('[data-testid="seat-1"].to-act')
    for _ in range(max_turns):
        expect(roll_a.or_(theirs).or_(finished(a))).to_be_visible()
        if finished(a).count():
            expect(finished(b)).to_be_visible()
            return
        if roll_a.count():
            roll_a.click()
        else:
            expect(roll_b.or_(finished(b))).to_be_visible()
            if roll_b.count():
                roll_b.click()
    raise AssertionError("the game did not finish")


def stud_turns(page, enough, max_turns: int = 40):
    """Play stud hands from my seat: yield at each of my turns (the page as
    it stands when the turn comes), then check or call; at a hand's end stop
    if ``enough()`` is true, else press Play again.  Raises AssertionError
    after ``max_turns`` turns and hand ends."""
    act = page.locator(".stud-actions button.act:enabled")
    done = finished(page)
    for _ in range(max_turns):
        expect(act.first.or_(done)).to_be_visible()
        if done.count():
            if enough():
                return
            page.get_by_test_id("play-again").click()
            expect_status(page, "playing")
            continue
        yield
        offered = [b.get_attribute("data-action") for b in act.all()]
        page.get_by_test_id("act-check" if "check" in offered else "act-call").click()
    raise AssertionError(f"not enough after {max_turns} turns and hand ends")


def intercept(page, types: set[str], handle) -> None:
    """Proxy the page's websocket: each frame the page sends whose type is
    in ``types`` goes first to ``handle(ws, msg)`` (``ws``: the page's side,
    to answer on; ``msg``: the decoded frame), which keeps it from the
    server by returning True; every other frame passes both ways.  Call
    before the page connects."""

    def proxy(ws):
        server = ws.connect_to_server()

        def from_page(message):
            msg = msgpack.unpackb(message)
            if msg.get("t") in types and handle(ws, msg):
                return
            server.send(message)

        ws.on_message(from_page)
        server.on_message(ws.send)

    page.route_web_socket(re.compile(r".*/ws$"), proxy)


def refuse(ws, msg: dict, code: str, text: str) -> None:
    """Answer the page's request ``msg`` with an error frame, as the lobby would."""
    ws.send(msgpack.packb({"t": "error", "code": code, "msg": text, "ref": msg["ref"]}))


#: Records every text the status bar's notice shows (hidden: ''), in
#: order, as each is drawn: a notice shown for a moment (a time's-up note
#: between two hurried turns) is not missed.  Run in a table page.
_WATCH_NOTICE = """() => {
  window.noticeTexts = [];
  const el = document.querySelector('[data-testid=timeout-notice]');
  const see = () => {
    const text = el.hidden ? '' : el.textContent;
    if (window.noticeTexts[window.noticeTexts.length - 1] !== text) window.noticeTexts.push(text);
  };
  see();
  new MutationObserver(see).observe(el, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


def watch_notice(page) -> None:
    """Start recording what the table screen's notice shows (notice_texts)."""
    page.evaluate(_WATCH_NOTICE)


def notice_texts(page) -> list[str]:
    """Every text the notice has shown since watch_notice, in order (none: '' left out)."""
    return [s for s in page.evaluate("window.noticeTexts") if s]


def wait_notice_said(page, pattern: str, timeout: int = WAIT) -> list[str]:
    """Wait until the notice has shown a text matching the regular
    expression ``pattern`` (JavaScript's, from its start) since
    watch_notice; every text it showed so far."""
    page.wait_for_function("(p) => window.noticeTexts.some((s) => new RegExp(p).test(s))", arg=pattern, timeout=timeout)
    return notice_texts(page)


#: An init script (``page.add_init_script``): the page records each Web
#: Animation it starts in ``window.motions`` (js/motion/record.js).
RECORD_MOTION = js("motion/record")


def motions(page) -> list[str]:
    """The test ids (else classes) of what ``page`` animated since it loaded
    with :data:`RECORD_MOTION`; each animation lasted at most 400 ms."""
    got = page.evaluate("window.motions")
    assert all(m["ms"] <= 400 for m in got), got
    return [m["id"] for m in got]


def wait_for_motion(page, test_id: str) -> None:
    """Wait until ``page`` (recording: :data:`RECORD_MOTION`) animated the element ``test_id``."""
    page.wait_for_function("id => window.motions.some(m => m.id === id)", arg=test_id)


def watched_table(new_page, lobby, game: str, **form):
    """Ann's page at a table of ``game`` she opened (``form``: open_table's
    keyword arguments) and a spectator's, Cy's, both recording their
    animations (:data:`RECORD_MOTION`); the game not started yet:
    (ann, cy, table id)."""
    ann, cy = new_page(), new_page()
    for page in (ann, cy):
        page.add_init_script(RECORD_MOTION)
    sign_in(ann, lobby, "Ann")
    table_id = open_table(ann, game, **form)
    sign_in(cy, lobby, "Cy", f"#table={table_id}")
    expect(cy.get_by_test_id("spectating")).to_be_visible()
    return ann, cy, table_id


def moved(page, motion: str, *ids: str) -> set[str]:
    """With ``motion`` "reduce": check that nothing on ``page`` animated or
    animates; else wait until each element of ``ids`` animated.  The test ids
    of what the page animated (:func:`motions`)."""
    if motion == "reduce":
        assert motions(page) == [] and page.evaluate("document.getAnimations().length") == 0
    for test_id in ids if motion != "reduce" else ():
        wait_for_motion(page, test_id)
    return set(motions(page))


def _arenas_of(lobby, work) -> None:
    """Run ``await work(arenas)`` with an :class:`lobby.arenas.Arenas` of
    its own connection to ``lobby``'s Redis (as any lobby process has one),
    in a thread of its own: Playwright's sync API holds this thread's event
    loop."""
    from lobby.arenas import Arenas
    from lobby.config import Settings
    from lobby.rooms import Rooms
    from lobby.store import connect

    prefix = lobby.env["LOBBY_KEY_PREFIX"]

    async def run() -> None:
        store = await connect(lobby.redis_url, prefix)
        try:
            settings = Settings.from_env(key_prefix=prefix)
            await work(Arenas(store, Rooms(store, settings), settings))
        finally:
            await store.aclose()

    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, run()).result()


def swept_arena(lobby, arena_id: str) -> None:
    """One sweep of arena ``arena_id`` (what any lobby process does every
    ``LOBBY_ARENA_SWEEP_MS``): once over, it is written into its players' profiles."""

    async def sweep(arenas) -> None:
        await arenas.sweep(arena_id)

    _arenas_of(lobby, sweep)


def stored_arena(lobby, *, seconds: float, names: list[str], results: list[tuple[int, int, list[int]]] = (), game: str = "sibala", tokens: dict[int, str] | None = None) -> str:
    """An arena of ``game`` (two seats, 1 s turns) put straight into
    ``lobby``'s Redis as lobby/arenas.py keeps one, starting now and ending
    ``seconds`` later (arena_create allows 5 minutes at least): players
    ``names`` joined (made-up ids, never connected: nobody is paired) and
    each of ``results`` scored as a finished table of two, ``(i, j,
    winners)`` (indexes into ``names``: ``winners`` [0] i won, [1] j, [0,
    1] a draw); no table in play; ``tokens``: index -> the session token
    of a real player (a page's ``lobby.token``) who is that one.  Returns its id."""
    from lobby.arenas import new_arena
    from lobby.redis_values import now_ms

    arena_id = "t" + secrets.token_hex(5)

    async def put(arenas) -> None:
        now = now_ms()
        doc = new_arena(arena_id, game, now=now, start=now, minutes=5, by="", seats=2, turn_ms=1000, min_turn_ms=1000)
        doc["end"] = now + int(seconds * 1000)
        await arenas._store(doc)
        pids = [f"{arena_id}p{n}" for n in range(len(names))]
        for n, token in (tokens or {}).items():
            pids[n] = await arenas.store.session_player(token, arenas.settings.token_ttl_s)
        for pid, name in zip(pids, names):
            await arenas.join(arena_id, pid, name)
        for n, (i, j, winners) in enumerate(results):
            seats = [{"pid": pids[k], "name": names[k], "bot": False, "left": False, "away": False} for k in (i, j)]
            scores = [2 if 0 in winners else 1, 2 if 1 in winners else 1]
            table = {"id": f"{arena_id}t{n}", "arena": arena_id, "seats": seats, "result": {"winners": winners, "scores": scores}, "settlement": {"id": f"{arena_id}t{n}:1", "done": True, "players": []}}
            assert await arenas.score(table)

    _arenas_of(lobby, put)
    return arena_id
