"""Screenshots of one table per game on a phone (390x844), for the README.

Starts its own redis-server and lobby on 127.0.0.1 (free ports, a temporary
directory; both stop when this script ends, however it ends), opens one table
per game with bots in headless Chromium at 390x844, plays a few moves through
the page as a player would, and saves docs/screenshots/<game>-390x844.png
(what the phone's screen shows, not the whole page).  The steps through the
page are the browser tests' own (tests/browser/helpers.py).

    .venv/bin/python scripts/screenshots.py [--out docs/screenshots] [--game ID ...]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lobby.redis_server import RedisServer, die_with_parent, free_port  # noqa: E402
from tests.browser import helpers  # noqa: E402

VIEWPORT = {"width": 390, "height": 844}
#: per game: seats and the Open table form's own options
TABLES = {
    "sibala": (4, {"rounds": 3}),
    "yahtzee": (3, {}),
    "six_nimmt": (4, {}),
    "stud": (4, {"tier": "casual"}),
    "shut_the_box": (3, {"rounds": 2}),
}


def start_lobby(redis_url: str) -> tuple[subprocess.Popen, str]:
    """``python -m lobby`` on a free loopback port; (process, http url) once healthy."""
    port = free_port()
    env = {**os.environ, "REDIS_URL": redis_url, "LOBBY_KEY_PREFIX": "shots", "LOBBY_BOT_DELAY_MS": "300"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "lobby", "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
        cwd=ROOT,
        env=env,
        preexec_fn=die_with_parent,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("the lobby exited")
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=0.5) as r:
                if r.status == 200:
                    return proc, url
        except OSError:
            time.sleep(0.1)
    proc.terminate()
    raise RuntimeError("the lobby did not become healthy")


def open_table(page: Page, url: str, game: str) -> None:
    """Sign in, open a table of ``game`` with bots by the form, press Start."""
    seats, options = TABLES[game]
    helpers.sign_in(page, argparse.Namespace(http=url), "Ann")
    helpers.open_table(page, game, seats=seats, turn_s=120, options=options)
    helpers.start(page)


def my_turn(page: Page, control: str):
    """The enabled control ``control`` (a CSS selector), once it is my turn."""
    loc = page.locator(control)
    expect(loc.first).to_be_visible()
    return loc.first


def play(page: Page, game: str) -> None:
    """A few moves of ``game`` through its controls."""
    if game == "sibala":
        for _ in range(2):
            my_turn(page, '[data-testid="roll"]:enabled').click()
    elif game == "yahtzee":
        my_turn(page, '[data-testid="roll"]:enabled').click()
        page.locator('button[data-testid^="score-"]').first.click()
        my_turn(page, '[data-testid="roll"]:enabled').click()
        page.get_by_test_id("die-0").click()
        page.get_by_test_id("die-1").click()
        my_turn(page, '[data-testid="roll"]:enabled').click()
    elif game == "six_nimmt":
        hand = '[data-testid="hand"][data-mode="pick"] button[data-testid^="hand-card-"]:enabled'
        for _ in range(2):
            my_turn(page, hand).click()
            page.get_by_test_id("pick-confirm").click()  # a tap chooses, the confirm plays
            # the next turn's hand, or first a row to take (my card was below every row)
            take = page.locator('[data-testid^="take-row-"]:visible')
            expect(take.first.or_(page.locator(hand).first)).to_be_visible()
            if take.count():
                take.first.click()
    elif game == "stud":
        for _ in range(2):
            my_turn(page, '[data-testid="act-check"]:enabled, [data-testid="act-call"]:enabled').click()
    elif game == "shut_the_box":
        my_turn(page, '[data-testid="roll"]:enabled').click()
        chip = page.get_by_test_id("legal-sets").locator("button")
        if chip.count():
            chip.first.click()
            page.locator('[data-testid="shut"]:visible').click()
    page.wait_for_timeout(1500)  # a picture, not a test: let the bots' moves and animations land
    page.evaluate("window.scrollTo(0, 0)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--game", action="append", choices=sorted(TABLES), help="only these games (default: all)")
    args = parser.parse_args()
    expect.set_options(timeout=helpers.WAIT)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="shots-") as tmp:
        redis = RedisServer(Path(tmp) / "redis").start()
        lobby = None
        try:
            lobby, url = start_lobby(redis.url)
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
                try:
                    for game in args.game or list(TABLES):
                        ctx = browser.new_context(viewport=VIEWPORT, device_scale_factor=1, is_mobile=True, has_touch=True, locale="en-US")
                        ctx.set_default_timeout(helpers.WAIT)
                        page = ctx.new_page()
                        open_table(page, url, game)
                        play(page, game)
                        path = out / f"{game}-{VIEWPORT['width']}x{VIEWPORT['height']}.png"
                        page.screenshot(path=str(path))
                        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
                        ctx.close()
                finally:
                    browser.close()
        finally:
            if lobby is not None:
                lobby.terminate()
                try:
                    lobby.wait(10)
                except subprocess.TimeoutExpired:
                    lobby.kill()
            redis.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
