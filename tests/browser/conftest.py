"""Fixtures of the browser tests.  ``lobby`` is a real ``python -m lobby``
subprocess (the worker's shared one, or one of :data:`SETTINGS`' when a test is
marked ``@pytest.mark.lobby_settings(name)``), ``browser`` one headless
Debian Chromium per worker; the shared steps are in
tests/browser/helpers.py.

Every process here is started once per worker and shared by every test that
needs its settings: settings a table can carry (turn time, rounds) are set
per table by the test, never per process.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from lobby import bundle

from .helpers import LAPTOP, PHONES, WAIT
from .kept_pages import blank, spoil_on, unspoil

expect.set_options(timeout=WAIT)

#: Lobby settings beyond tests/conftest.py's TEST_ENV that a table cannot
#: carry (the server reads them at start): name -> environment.
SETTINGS: dict[str, dict[str, str]] = {
    # a seat is away at its first timeout; bots slow enough (1.2 s a move)
    # for an away turn to last while we look; a long ready window after a
    # game and a short absence grace (a closed page loses its seat in 1 s)
    "away": {"LOBBY_AWAY_AFTER": "1", "LOBBY_BOT_DELAY_MS": "1200", "LOBBY_READY_MS": "120000", "LOBBY_ABSENT_GRACE_MS": "1000"},
    # the same with bots at 300 ms a move: for a test that waits through
    # whole turns of bots (a Shut the Box turn is a dozen moves) yet must
    # act before a game that an away seat cannot stop is over
    "away_paced": {"LOBBY_AWAY_AFTER": "1", "LOBBY_BOT_DELAY_MS": "300", "LOBBY_READY_MS": "120000", "LOBBY_ABSENT_GRACE_MS": "1000"},
    # the same with the suite's quick bots, for games the test only watches to their end
    "away_quick": {"LOBBY_AWAY_AFTER": "1", "LOBBY_ABSENT_GRACE_MS": "1000"},
    # a short ready window after a game (6 s: a loaded box's page still
    # presses Play again in it) and a short wait for players before a
    # waiting table closes (12 s)
    "short_windows": {"LOBBY_READY_MS": "6000", "LOBBY_WAITING_TTL_MS": "12000"},
    # the page warns in a turn's last second only (5 s by default): a 3 s
    # turn has two calm seconds, where a notice other than the warning shows
    "short_warning": {"LOBBY_URGENT_MS": "1000"},
    # bots at 300 ms a move (the suite's are 30 ms): a game with bots, or a
    # bot's turn, lasts long enough for a page on a loaded box to see its
    # moments before the game is over
    "paced_bots": {"LOBBY_BOT_DELAY_MS": "300"},
    # the real default: a person's turn lasts 5 s at least
    "turn_minimum": {"LOBBY_MIN_TURN_MS": "5000"},
}


def pytest_configure(config):
    config.addinivalue_line("markers", "lobby_settings(name): the test's lobby runs with SETTINGS[name] (tests/browser/conftest.py)")
    config.addinivalue_line("markers", "viewport(size): the size of the test's pages (tests/browser/conftest.py)")
    config.addinivalue_line(
        "markers",
        "page_modules: the test's pages load static/'s modules, not the bundle (lobby/bundle.py): the test imports "
        "one of the page's own modules in the page (`import('/static/…')`), which in a bundled page would be a second copy",
    )


@pytest.fixture(scope="session")
def settings_lobbies(session_lobby_factory):
    """The worker's lobby process of each :data:`SETTINGS` name, started on
    first use, stopped at the session's end."""
    procs = {}

    def get(name: str):
        if name not in procs:
            procs[name] = session_lobby_factory(env=SETTINGS[name], prefix=f"set{name}")
        return procs[name]

    return get


@pytest.fixture
def lobby(request, redis_server, backend_lobbies, settings_lobbies, session_lobby_factory):
    """The test's lobby process: the one of its ``lobby_settings`` mark, or
    else the worker's shared one of the backend the test is parametrized
    with (``@pytest.mark.parametrize("lobby", [...], indirect=True)``;
    "redis" when it is not)."""
    mark = request.node.get_closest_marker("lobby_settings")
    if mark is not None:
        return settings_lobbies(mark.args[0])
    backend = getattr(request, "param", "redis")
    if backend not in backend_lobbies:
        url = redis_server.url if backend == "redis" else request.getfixturevalue("redis_cluster").url
        backend_lobbies[backend] = session_lobby_factory(redis_url=url)
    return backend_lobbies[backend]


@pytest.fixture(params=PHONES, ids=lambda v: f"{v['width']}x{v['height']}")
def phone(request) -> dict:
    """Each phone screen of :data:`PHONES` in turn (a test asking for it
    runs once per size; ``new_page``'s pages take its size)."""
    return dict(request.param)


@pytest.fixture
def viewport(request) -> dict:
    """The screen of the pages ``new_page`` makes: ``phone``'s when the test
    uses it, else a ``@pytest.mark.viewport(size)`` mark's, else a laptop's."""
    if "phone" in request.fixturenames:
        return request.getfixturevalue("phone")
    mark = request.node.get_closest_marker("viewport")
    return dict(mark.args[0] if mark is not None else LAPTOP)  # a copy: a test may change its own


@pytest.fixture
def motion() -> str:
    """The prefers-reduced-motion that ``new_page``'s pages emulate:
    "reduce" unless a test is about motion (it parametrizes ``motion`` with
    "no-preference", or calls ``page.emulate_media``).  Reduced, no Roll
    button or urgent countdown pulses forever and no 6 Nimmt! card flies:
    headless Chromium paints in software, and an endless animation repainted
    every frame of every open page, most of a browser test's CPU time."""
    return "reduce"


@pytest.fixture(scope="session")
def idle_pages() -> dict[str, list]:
    """The worker's pages kept between tests, by locale: (context, page)
    pairs a test used and tests/browser/kept_pages.py's ``blank`` left
    blank.  A new browser context and page cost ~0.55 CPU-s to load and
    sign in on the two-core box, a kept page ~0.37: the tab's renderer
    process stays (the rest was starting it)."""
    return {}


@pytest.fixture
def new_page(request, browser, lobby, viewport, motion, idle_pages):
    """Pages as if in fresh browser contexts (own cookies and storage;
    ``viewport``'s size; ``motion``'s prefers-reduced-motion; the unbundled
    page's modules for a test marked ``page_modules``): a page an earlier
    test left blank (:func:`idle_pages`) when there is one; page errors and
    dialogs of every page of those contexts (pages they open themselves,
    such as the replay link's, too) must stay empty, and so must the modules
    a bundled page fetched (an in-page `import('/static/…')` of a test not
    marked ``page_modules``: a second copy of the module, not the page's)."""
    used = []  # (context, page, locale, origins it visited, its navigation listener)
    spoiled: set[int] = set()
    problems: list[str] = []
    modules = request.node.get_closest_marker("page_modules") is not None
    bundled = not modules and bundle.index_path().parent == bundle.BUILD

    def on_request(req):
        if req.url.startswith(f"{lobby.http}/static/") and req.url.endswith(".js"):
            problems.append(f"a bundled page imported {req.url}: mark the test page_modules")

    def on_dialog(dialog):
        problems.append(f"dialog: {dialog.message}")
        dialog.dismiss()

    def on_error(exc):
        problems.append(f"pageerror: {exc}")

    def watch(page):
        page.on("pageerror", on_error)
        page.on("dialog", on_dialog)
        if bundled:
            page.on("request", on_request)

    def make(locale: str = "en-US"):
        kept = idle_pages.get(locale)
        if kept:
            ctx, page = kept.pop()
            page.set_viewport_size(viewport)
            page.emulate_media(reduced_motion=motion)
        else:
            ctx = browser.new_context(locale=locale, viewport=viewport, reduced_motion=motion)
            ctx.set_default_timeout(WAIT)
            page = None
        if modules:
            ctx.add_cookies([{"name": "lobby_page", "value": "modules", "url": lobby.http}])
        ctx.on("page", watch)
        if page is None:
            page = ctx.new_page()
        else:
            watch(page)
        origins: set[str] = set()

        def on_navigated(frame):
            url = urlsplit(frame.url)
            if url.scheme in ("http", "https"):
                origins.add(f"{url.scheme}://{url.netloc}")

        page.on("framenavigated", on_navigated)
        spoil_on(page, spoiled)
        spoil_on(ctx, spoiled)
        used.append((ctx, page, locale, origins, on_navigated))
        return page

    yield make
    try:
        assert problems == [], problems
    finally:
        for ctx, page, locale, origins, on_navigated in used:
            keep = id(page) not in spoiled and id(ctx) not in spoiled and not page.is_closed() and ctx.pages == [page]
            unspoil(page)
            unspoil(ctx)
            if keep:
                ctx.remove_listener("page", watch)
                for event, listener in (("pageerror", on_error), ("dialog", on_dialog), ("framenavigated", on_navigated)):
                    page.remove_listener(event, listener)
                if bundled:
                    page.remove_listener("request", on_request)
            if keep and blank(ctx, page, origins):
                idle_pages.setdefault(locale, []).append((ctx, page))
            else:
                ctx.close()
