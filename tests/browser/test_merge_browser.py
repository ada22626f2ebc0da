"""The browser follows its seat when waiting quick tables of one kind merge
(issue #13, item 2): a player waiting alone at a quick table is moved by
the server to an older waiting quick table of the same game and options,
and the page switches to that table, seated there."""

from __future__ import annotations

import asyncio
import re
import secrets
import threading

from playwright.sync_api import expect

from lobby.client import LobbyClient

from .helpers import WAIT, expect_status, sign_in


class Loop:
    """An asyncio loop in a thread, for real protocol clients next to
    Playwright's synchronous API."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coro, timeout: float = 60.0):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def test_the_page_follows_its_seat_to_the_older_quick_table(browser, lobby_factory):
    env = {"LOBBY_QUICK_WAIT_MS": "3000", "LOBBY_QUICK_RETRY_MS": "300", "LOBBY_READY_MS": "30000"}
    proc = lobby_factory(env=env, prefix="mb" + secrets.token_hex(3))
    loop = Loop()
    clients = [LobbyClient(proc.ws, name=name) for name in ("Ann", "Bo", "Dee")]
    ann, bo, dee = clients
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    ctx.set_default_timeout(WAIT)
    problems: list[str] = []
    try:
        for c in clients:
            loop.run(c.connect())
        # the older table: three quick players fill it, it plays
        older = loop.run(ann.quick("sibala")).table_id
        for c in (bo, dee):
            assert loop.run(c.quick("sibala")).table_id == older
        loop.run(ann.wait_for(older, lambda v: v["status"] == "playing"))
        # the page quick-matches meanwhile: a newer table, waiting alone
        page = ctx.new_page()
        page.on("pageerror", lambda exc: problems.append(str(exc)))
        sign_in(page, proc, "Cy", "#game=sibala")
        page.get_by_test_id("bots-checkbox").set_checked(False)
        page.get_by_test_id("quick-match").click()
        expect_status(page, "waiting")
        newer = page.get_by_test_id("table-screen").get_attribute("data-table")
        assert newer and newer != older
        # the older table's game ends, two leave, Ann asks for another: back to waiting
        async def play_all():
            await asyncio.gather(*(c.play(older, games=1, timeout=60) for c in clients))

        loop.run(play_all())
        for c in (bo, dee):
            loop.run(c.request({"t": "leave", "table": older}))
        loop.run(ann.request({"t": "ready", "table": older}))
        # the server moves Cy to the older table; the page goes there, seated
        expect(page).to_have_url(re.compile(f"#table={older}$"))
        expect(page.get_by_test_id("table-screen")).to_have_attribute("data-table", older)
        expect(page.get_by_test_id("spectating")).to_be_hidden()
        loop.run(ann.wait_for(older, lambda v: {s["name"] for s in v["seats"] if s} == {"Ann", "Cy"}))
        assert problems == [], problems
    finally:
        ctx.close()
        for c in clients:
            loop.run(c.close())
        loop.stop()
