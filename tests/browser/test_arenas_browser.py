"""Arenas in the browser against a real lobby: a claimed account creates
one from the home screen, two players join it from its page, are taken to
the table it pairs them at and play it out while a spectator's page sees the
standings change live (arena_delta); a finished arena shows its podium, in
either language, after a reload too, and its players' profiles keep it.
Phone sizes: test_phone_layout_browser.py."""

from __future__ import annotations

import re
import secrets

from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, play_both, sign_in, stored_arena, swept_arena

pytestmark = SINGLE_REDIS

PASSWORD = "correct horse battery"


def arena_page(page, lobby, name: str, arena_id: str) -> None:
    """Sign in as ``name`` straight onto arena ``arena_id``'s page."""
    sign_in(page, lobby, name, f"#arena={arena_id}")
    expect(page.get_by_test_id("arena-screen")).to_have_attribute("data-arena", arena_id)
    expect(page.get_by_test_id("arena-countdown")).not_to_be_empty()


def test_players_join_an_arena_play_a_game_and_a_spectator_sees_the_standings_change(new_page, lobby):
    host, ann, bo = new_page(), new_page(), new_page()
    # a guest is told how to create one; once claimed, the form is there
    sign_in(host, lobby, f"Host {secrets.token_hex(3)}")
    expect(host.get_by_test_id("arena-create-claim")).to_be_visible()
    host.get_by_test_id("account-link").click()
    host.get_by_test_id("claim-password").fill(PASSWORD)
    host.get_by_test_id("claim").click()
    expect(host.get_by_test_id("account-screen")).to_have_attribute("data-claimed", "true")
    host.goto(f"{lobby.http}/#")
    host.get_by_test_id("arena-game").select_option("sibala")
    host.get_by_test_id("arena-seats").fill("2")
    host.get_by_test_id("arena-turn").fill("5")  # nobody's clock ends the game while the spectator looks
    host.get_by_test_id("arena-opt-rounds").fill("1")
    host.get_by_test_id("arena-minutes").fill("200")  # out of range: said in place, nothing sent
    host.get_by_test_id("arena-create").click()
    expect(host.get_by_test_id("arena-create-error")).to_have_text("Length (minutes): a whole number from 5 to 120.")
    host.get_by_test_id("arena-minutes").fill("5")
    host.get_by_test_id("arena-create").click()
    screen = host.get_by_test_id("arena-screen")
    expect(screen).to_have_attribute("data-phase", "running")
    arena_id = screen.get_attribute("data-arena")
    assert host.url.endswith(f"#arena={arena_id}")
    expect(host.get_by_test_id("arena-countdown")).to_have_text(re.compile(r"^Ends in [45]:\d\d$"))
    expect(host.get_by_test_id("arena-nobody")).to_be_visible()
    expect(host.get_by_test_id("arena-me")).to_have_text("You have not joined.")  # creating does not join

    # two players join from its page (Bo by its link) and are taken to the table it pairs them at
    for page, name in ((ann, "Ann"), (bo, "Bo")):
        arena_page(page, lobby, name, arena_id)
        page.get_by_test_id("arena-join").click()
    for page in (ann, bo):
        expect(page.get_by_test_id("table-screen")).to_be_visible()
        expect(page.get_by_test_id("arena-bar")).to_be_visible()
    table_id = ann.get_by_test_id("table-screen").get_attribute("data-table")
    assert bo.get_by_test_id("table-screen").get_attribute("data-table") == table_id

    # the spectator's page followed it all live: two players, one game in play, the top game to watch
    counts = host.get_by_test_id("arena-counts")
    expect(counts).to_have_attribute("data-players", "2")
    expect(counts).to_have_attribute("data-playing", "1")
    expect(host.get_by_test_id("arena-featured")).to_have_attribute("href", f"#table={table_id}")
    rows = host.locator('[data-testid^="arena-row-"]')
    unplayed = host.locator('[data-testid^="arena-row-"][data-games="0"]')
    expect(rows).to_have_count(2)
    expect(unplayed).to_have_count(2)

    # they play it out: at the game's end both have a game in the standings and points were given
    seat = ann.evaluate(f"window.lobby.net.tables.get('{table_id}').seat")
    play_both(*((ann, bo) if seat == 0 else (bo, ann)))
    expect(unplayed).to_have_count(0)
    expect(host.locator('[data-testid^="arena-row-"]:not([data-points="0"])').first).to_be_visible()
    # Ann's finished table leads back to the arena, and offers the next table the arena pairs her at, which opens by itself
    expect(ann.get_by_test_id("arena-back")).to_have_attribute("href", f"#arena={arena_id}")
    expect(ann.get_by_test_id("arena-next")).to_be_visible()
    expect(ann.get_by_test_id("arena-next-in")).to_have_text(re.compile(r"^\(opens in [1-5] s\)$"))
    expect(ann.get_by_test_id("table-screen")).not_to_have_attribute("data-table", table_id)
    assert re.search(r"#table=\w+$", ann.url) and not ann.url.endswith(table_id)
    # a reload of the arena page comes back to it
    host.reload()
    expect(host.get_by_test_id("arena-screen")).to_have_attribute("data-arena", arena_id)
    expect(rows).to_have_count(2)
    expect(unplayed).to_have_count(0)


def test_a_finished_arena_shows_its_podium_in_either_language_and_the_winner_s_profile_keeps_it(new_page, lobby):
    en, zh = new_page(), new_page("zh-CN")
    sign_in(en, lobby, "Ana")
    token = en.evaluate("localStorage.getItem('lobby.token')")
    # Ana (this page's player) wins twice (2 + 2), Dan loses, draws and wins (0 + 1 + 2), Cyd wins once (2), Bea draws once (1)
    names = ["Ana", "Bea", "Cyd", "Dan"]
    arena_id = stored_arena(lobby, seconds=3, names=names, results=[(0, 1, [0]), (2, 3, [0]), (0, 2, [0]), (1, 3, [0, 1]), (3, 1, [0])], tokens={0: token})
    en.goto(f"{lobby.http}/#arena={arena_id}")
    arena_page(zh, lobby, "Fei", arena_id)
    for page in (en, zh):
        expect(page.get_by_test_id("arena-podium")).to_be_visible()  # once its end passed: no game was in play
        for rank, name in enumerate(["Ana", "Dan", "Cyd"], 1):
            expect(page.get_by_test_id(f"podium-{rank}")).to_contain_text(name)
        expect(page.get_by_test_id("arena-row-4")).to_have_attribute("data-name", "Bea")
        expect(page.get_by_test_id("arena-join")).to_have_count(0)  # over: nobody joins
    expect(en.get_by_test_id("arena-row-1")).to_have_attribute("data-you", "true")
    expect(en.get_by_test_id("arena-countdown")).to_have_text("Finished")
    expect(en.get_by_test_id("podium-1")).to_have_text("1Ana4 points")
    expect(en.get_by_test_id("arena-me")).to_have_text("This arena is over.")
    expect(zh.get_by_test_id("arena-countdown")).to_have_text("已结束")
    expect(zh.get_by_test_id("podium-1")).to_have_text("1Ana4 分")
    expect(zh.get_by_test_id("arena-title")).to_have_text("十八啦竞技场")
    expect(zh.get_by_test_id("arena-row-2")).to_contain_text("0 1 2")  # Dan's game by game
    zh.reload()
    expect(zh.get_by_test_id("podium-2")).to_contain_text("Dan")
    expect(zh.get_by_test_id("arena-countdown")).to_have_text("已结束")
    # the sweep that finds it over writes it into Ana's profile: one arena played, first place
    swept_arena(lobby, arena_id)
    en.goto(f"{lobby.http}/#player={en.evaluate('window.lobby.net.player.id')}")
    expect(en.get_by_test_id("profile-arenas")).to_have_text("1 played · best place: 1")
    expect(en.get_by_test_id(f"profile-arena-{arena_id}")).to_have_text("Sibala · place 1 of 4")
    en.get_by_test_id(f"profile-arena-{arena_id}").click()
    expect(en.get_by_test_id("arena-podium")).to_be_visible()
