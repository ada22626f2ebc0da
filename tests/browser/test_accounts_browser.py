"""Accounts: claiming a player with a password, signing in elsewhere, signing
out everywhere, rated games on the leaderboard and the profile.
"""

from __future__ import annotations

import re
import secrets

from playwright.sync_api import expect

from .helpers import PHONES, SINGLE_REDIS, expect_status, finished, js, open_table, play_both, play_to_end, sign_in, started_table, switch_language, two_at_sibala
from .test_phone_layout_browser import fits

pytestmark = SINGLE_REDIS


# ---------------------------------------------------------------------------
# Claim, sign in, sign out
#
# Players who come back, in the browser against a real lobby: a guest claims
# its player with a password and signs in with it on another device (a fresh
# browser context) to the same name, coins and seat; a wrong password gets
# one message; sessions and signing out. Two people finish a rated Sibala
# game and both see their rating change in the result panel; the leaderboard
# lists them in rating order, and the profile shows the game with a link to
# its replay.
# ---------------------------------------------------------------------------


PASSWORD = "correct horse battery"
#: the result panel's line after a newcomer's first game: the shown rating (provisional: "?") and its signed change
RATING_RE = re.compile(r"^Rating (\d+)\? \(([+−±])(\d+)\)$")


def unique(name: str) -> str:
    """A name no other test's account holds (accounts' names are unique in the shared lobby)."""
    return f"{name} {secrets.token_hex(3)}"


def claim(page, password: str) -> None:
    page.get_by_test_id("account-link").click()
    page.get_by_test_id("claim-password").fill(password)
    page.get_by_test_id("claim").click()


def password_sign_in(page, lobby, name: str, password: str) -> None:
    page.goto(lobby.http + "/")
    page.get_by_test_id("acct-name").fill(name)
    page.get_by_test_id("acct-password").fill(password)
    page.get_by_test_id("acct-signin").click()


def test_claim_then_sign_in_elsewhere_to_the_same_coins_and_seat(new_page, lobby):
    name = unique("Cleo")
    a = new_page()
    sign_in(a, lobby, name)
    table_id = open_table(a, "sibala", seats=2, bots=False)  # waiting: Cleo holds seat 0
    coins = a.get_by_test_id("coins").text_content()

    # the policy's refusal next to the field, in the page's language
    claim(a, "short")
    expect(a.get_by_test_id("claim-error").get_by_test_id("error-text")).to_have_text("A password needs 10 to 256 characters.")
    switch_language(a, "zh-CN")
    a.get_by_test_id("claim-password").fill("aaaaaaaaaaaa")
    a.get_by_test_id("claim").click()
    expect(a.get_by_test_id("claim-error").get_by_test_id("error-text")).to_have_text("密码至少需要 4 个不同的字符。")
    switch_language(a, "en-US")
    a.get_by_test_id("claim-password").fill(PASSWORD)
    a.get_by_test_id("claim").click()
    expect(a.get_by_test_id("account-screen")).to_have_attribute("data-claimed", "true")
    expect(a.get_by_test_id("account-link")).to_have_text("Account")
    expect(a.get_by_test_id("change-name")).to_have_count(0)  # an account keeps its name

    # another device: a wrong password and an unknown name get one message
    b = new_page()
    password_sign_in(b, lobby, name, "wrong password here")
    expect(b.get_by_test_id("acct-signin-error").get_by_test_id("error-text")).to_have_text("Wrong name or password.")
    b.get_by_test_id("acct-name").fill(unique("Nobody"))
    b.get_by_test_id("acct-signin").click()
    expect(b.get_by_test_id("acct-signin-error").get_by_test_id("error-text")).to_have_text("Wrong name or password.")
    expect(b.get_by_test_id("player-name")).to_have_count(0)

    # the right one: the same name and coins, and the table where the seat is opens
    b.get_by_test_id("acct-name").fill(name)
    b.get_by_test_id("acct-password").fill(PASSWORD)
    b.get_by_test_id("acct-signin").click()
    expect(b.get_by_test_id("player-name")).to_have_text(name)
    expect(b.get_by_test_id("coins")).to_have_text(coins)
    expect(b.get_by_test_id("table-screen")).to_have_attribute("data-table", table_id)
    expect_status(b, "waiting")
    expect(b.get_by_test_id("my-seat")).to_be_visible()
    expect(b.get_by_test_id("seat-name-0")).to_have_text(name)

    # both sessions listed; signing out here ends only this one
    b.get_by_test_id("account-link").click()
    expect(b.get_by_test_id("session-current")).to_have_count(1)
    expect(b.get_by_test_id("session")).to_have_count(1)
    # its times in the page's language (they once read "登录于 12/1/2026, 6:24:42 PM" on a 中文 page)
    switch_language(b, "zh-CN")
    expect(b.get_by_test_id("session-current")).to_contain_text(re.compile(r"\d{4}年\d{1,2}月\d{1,2}日"))
    expect(b.get_by_test_id("session-current")).not_to_contain_text(re.compile(r"\b[AP]M\b"))
    switch_language(b, "en-US")
    b.get_by_test_id("sign-out").click()
    expect(b.get_by_test_id("acct-signin-form")).to_be_visible()
    expect(b.get_by_test_id("player-name")).to_have_count(0)
    a.reload()
    a.get_by_test_id("account-link").click()
    expect(a.get_by_test_id("session-current")).to_have_count(1)
    expect(a.get_by_test_id("session")).to_have_count(0)

    # sign out everywhere: this page starts over, and the password still works
    a.get_by_test_id("sign-out-everywhere").click()
    a.get_by_test_id("confirm-no").click()  # asked first
    expect(a.get_by_test_id("session-current")).to_have_count(1)
    a.get_by_test_id("sign-out-everywhere").click()
    a.get_by_test_id("confirm-yes").click()
    expect(a.get_by_test_id("acct-signin-form")).to_be_visible()
    password_sign_in(a, lobby, name, PASSWORD)
    expect(a.get_by_test_id("player-name")).to_have_text(name)


def test_a_rated_game_shows_rating_changes_then_the_leaderboard_and_profile(new_page, lobby):
    names = [unique("Dora"), unique("Emil")]
    a, b = new_page(), new_page()
    sign_in(a, lobby, names[0])
    table_id = open_table(a, "sibala", seats=2, bots=False, options={"rounds": 1})
    sign_in(b, lobby, names[1], f"#table={table_id}")
    b.get_by_test_id("join-table").click()  # a spectator takes the seat; full: it starts
    for p in (a, b):
        expect_status(p, "playing")
    play_both(a, b)

    ratings, shown = {}, {}
    for p in (a, b):
        for seat in (0, 1):
            change = p.get_by_test_id(f"rating-change-{seat}")
            own = (p is a) == (seat == 0)  # my own seat's line says "Your rating …"
            expect(change).to_contain_text("Your rating" if own else names[seat])
            text = change.text_content().replace("Your rating", "Rating").replace(f"{names[seat]}'s rating", "Rating").strip()
            got = RATING_RE.match(text)
            assert got, text
            shown[seat] = int(got[1])  # a newcomer starts at 1000: the change is the difference from it
            assert int(got[1]) - 1000 == {"+": 1, "−": -1, "±": 0}[got[2]] * int(got[3]), text
            ratings[seat] = float(change.get_attribute("data-after"))
    expect(a.get_by_test_id("rating-change-0")).to_have_attribute("data-rating", b.get_by_test_id("rating-change-0").get_attribute("data-rating"))
    # the "?" said in words under the changes, visible (a phone shows no title)
    expect(a.get_by_test_id("rating-provisional-note")).to_be_visible()
    expect(a.get_by_test_id("rating-provisional-note")).to_contain_text("A rating marked ? is provisional")

    # the leaderboard, from the game's lobby page: rating order, our row marked
    a.goto(f"{lobby.http}/#game=sibala")
    a.get_by_test_id("leaderboard-link").click()
    expect(a.get_by_test_id("lb-table")).to_be_visible()
    rows = a.locator('[data-testid="lb-table"] tbody tr')
    ordinals = [float(x) for x in rows.locator("td[data-ordinal]").evaluate_all("els => els.map(e => e.dataset.ordinal)")]
    assert ordinals == sorted(ordinals, reverse=True)
    listed = rows.locator("td.name a").all_text_contents()
    assert names[0] in listed and names[1] in listed
    better, worse = sorted((0, 1), key=lambda s: -ratings[s])
    if ratings[better] > ratings[worse]:
        assert listed.index(names[better]) < listed.index(names[worse])
    mine = a.locator('[data-testid="lb-table"] tr.me')
    expect(mine).to_have_count(1)
    expect(mine).to_contain_text(names[0])
    expect(mine.locator("td[data-rating]")).to_have_text(f"{shown[0]}?")  # the same figure as the result panel
    expect(a.get_by_test_id("lb-you")).to_contain_text("Your place: #")
    expect(a.get_by_test_id("rating-provisional-note")).to_be_visible()

    # a name opens the profile: the game, and a link to its replay
    mine.get_by_role("link").click()
    expect(a.get_by_test_id("profile-name")).to_contain_text(names[0])
    row = a.get_by_test_id("profile-game-sibala")
    expect(row).to_be_visible()
    assert float(row.get_attribute("data-ordinal")) == ratings[0]
    expect(a.get_by_test_id("profile-rating-sibala")).to_have_text(f"{shown[0]}?")
    expect(a.get_by_test_id("profile-record-sibala").locator('[data-field="games"]')).to_have_text("1")  # games
    a.set_viewport_size({"width": 360, "height": 740})  # a phone
    fits(a)
    a.go_back()
    expect(a.get_by_test_id("lb-table")).to_be_visible()
    fits(a)
    a.go_forward()
    a.get_by_test_id(f"recent-{table_id}-1").click()
    expect(a.get_by_test_id("replay-screen")).to_have_attribute("data-table", table_id)

    # both languages
    a.goto(f"{lobby.http}/#leaderboard=sibala")
    a.get_by_test_id("lang-switch").click()
    expect(a.get_by_test_id("lb-you")).to_contain_text("你的名次")
    fits(a)
    a.goto(f"{lobby.http}/#player={a.get_by_test_id('lb-table').locator('tr.me').get_attribute('data-id')}")
    expect(a.get_by_test_id("profile-recent")).to_be_visible()
    fits(a)


def test_a_page_whose_session_is_signed_out_elsewhere_says_so_at_once_in_its_language(new_page, lobby):
    name = unique("Fay")
    a = new_page()
    sign_in(a, lobby, name)
    claim(a, PASSWORD)
    expect(a.get_by_test_id("account-screen")).to_have_attribute("data-claimed", "true")
    b = new_page()
    password_sign_in(b, lobby, name, PASSWORD)
    expect(b.get_by_test_id("player-name")).to_have_text(name)
    switch_language(b, "zh-CN")  # that page reads Chinese

    # the first device ends the other session; the other page is not reloaded
    a.reload()
    a.get_by_test_id("account-link").click()
    other = a.get_by_test_id("session")
    expect(other).to_have_count(1)
    a.get_by_test_id(f"end-session-{other.get_attribute('data-id')}").click()
    expect(a.get_by_test_id("session")).to_have_count(0)

    notice = b.get_by_test_id("signed-out-notice")
    expect(notice).to_have_text("你已退出登录（此会话已在本设备或另一台设备上结束）。可以以游客身份继续，或重新登录。", timeout=5000)
    expect(b.get_by_test_id("acct-signin-form")).to_be_visible()
    expect(b.get_by_test_id("player-name")).to_have_count(0)
    assert b.evaluate("localStorage.getItem('lobby.token')") is None
    # nothing is wrong with the connection: the header does not say "offline — reconnecting…"
    expect(b.get_by_test_id("conn-status")).to_have_attribute("data-status", "idle")
    expect(b.get_by_test_id("conn-status")).to_be_hidden()
    # it carries on as a new guest, which may not take the account's name
    b.get_by_test_id("name-input").fill(name.upper())
    b.get_by_test_id("sign-in").click()
    expect(b.get_by_test_id("sign-in-error").get_by_test_id("error-text")).to_have_text(
        "这个名字（或看起来相同的名字）属于一个账号：请换一个，或登录该账号。"
    )
    b.get_by_test_id("name-input").fill(unique("Guest"))
    b.get_by_test_id("sign-in").click()
    expect(b.get_by_test_id("player-name")).to_be_visible()
    expect(b.get_by_test_id("signed-out-notice")).to_have_count(0)


def test_the_claim_form_states_the_policy_first_words_each_refusal_and_folds_its_code_away(new_page, lobby):
    name = unique("Gus")
    a = new_page()
    sign_in(a, lobby, name)
    a.get_by_test_id("account-link").click()
    # the policy, from the server, beside the field before anyone fails it
    rules = a.get_by_test_id("password-policy")
    expect(rules).to_have_text("10 to 256 characters, at least 4 different ones, not containing your name.")
    expect(a.get_by_test_id("claim-password")).to_have_attribute("aria-describedby", "claim-password-rules")
    switch_language(a, "zh-CN")
    expect(a.get_by_test_id("password-policy")).to_have_text("10 到 256 个字符，至少 4 个不同的字符，不能包含你的名字。")
    # each rule's refusal by its reason, in the page's language; the code only under "Details"
    err = a.get_by_test_id("claim-error")
    for password, text in (("short", "密码需要 10 到 256 个字符。"), (f"my {name} secret", "密码不能包含你的名字。")):
        a.get_by_test_id("claim-password").fill(password)
        a.get_by_test_id("claim").click()
        expect(err.get_by_test_id("error-text")).to_have_text(text)
        expect(err.get_by_test_id("error-details")).to_be_hidden()
    err.get_by_test_id("error-more").locator("summary").click()
    expect(err.get_by_test_id("error-details")).to_be_visible()
    expect(err.get_by_test_id("error-details")).to_have_text("错误代码：weak_password")  # a 中文 page: the code, no English prose
    switch_language(a, "en-US")
    # the sessions list names the device, this one marked
    a.get_by_test_id("claim-password").fill(PASSWORD)
    a.get_by_test_id("claim").click()
    current = a.get_by_test_id("session-current")
    expect(current).to_contain_text("this device")
    device = current.get_by_test_id("session-device")
    expect(device).to_contain_text(" on Linux")
    expect(device).not_to_have_text("Unknown device")
    expect(current).to_contain_text("last used")


def test_a_game_with_one_person_says_it_was_not_rated(new_page, lobby):
    """A game with bots and one person is not rated: the result panel says
    so in place of rating changes (it once said
    nothing, only the leaderboard told why)."""
    page = new_page()
    started_table(page, lobby, unique("Hal"), "sibala", seats=2, bots=True, options={"rounds": 1})
    play_to_end(page)
    note = page.get_by_test_id("rating-not-rated")
    expect(note).to_have_text("Not rated: ratings count games between two or more people.")
    expect(page.get_by_test_id("rating-changes")).to_have_count(0)
    page.get_by_test_id("lang-switch").click()
    expect(note).to_have_text("不计等级分：至少两名真人玩家的比赛才计入。")


def test_sign_out_everywhere_says_what_becomes_of_seats_and_a_quick_return_finds_the_table(new_page, lobby_factory):
    """A waiting table was once gone after signing out
    everywhere and back in: the seat is given up when no session comes back
    within LOBBY_ABSENT_GRACE_MS (tests/lobby/test_sign_out_seats_live.py).
    The confirm now says so, with the server's numbers (here a 60 s grace),
    in both languages; signing in again within it opens the table, seated."""
    proc = lobby_factory(prefix="signoutseat", env={"LOBBY_ABSENT_GRACE_MS": "60000"})
    name = unique("Gus")
    a = new_page()
    sign_in(a, proc, name)
    table_id = open_table(a, "sibala", seats=2, bots=False)  # waiting: Gus holds seat 0
    claim(a, PASSWORD)
    expect(a.get_by_test_id("account-screen")).to_have_attribute("data-claimed", "true")
    b = new_page()  # a second device
    password_sign_in(b, proc, name, PASSWORD)
    expect(b.get_by_test_id("table-screen")).to_have_attribute("data-table", table_id)

    asks = {
        "en": "Sign out on every device, this one too? You can sign in again with your name and password."
        " Your seat at a table that has not started is given up unless you sign in again within 60 s."
        " In a game already running your turns time out, and after 2 in a row a bot plays for you until you are back.",
        "zh": "在所有设备上退出登录（包括本设备）？之后可用名字和密码再次登录。"
        "尚未开始的牌桌上的座位，若你 60 秒内没有再次登录，就会被让出。"
        "正在进行的比赛中，你的回合会超时；连续超时 2 次后由机器人代你出手，直到你回来。",
    }
    for lang, ask in asks.items():
        if lang == "zh":
            a.get_by_test_id("confirm-no").click()
            switch_language(a, "zh-CN")
        a.get_by_test_id("sign-out-everywhere").click()
        expect(a.get_by_test_id("confirm-text")).to_have_text(ask)
    a.get_by_test_id("confirm-yes").click()
    expect(a.get_by_test_id("acct-signin-form")).to_be_visible()
    expect(b.get_by_test_id("signed-out-notice")).to_be_visible()

    # back within the grace: the table opens with the seat
    password_sign_in(b, proc, name, PASSWORD)
    expect(b.get_by_test_id("table-screen")).to_have_attribute("data-table", table_id)
    expect_status(b, "waiting")
    expect(b.get_by_test_id("my-seat")).to_be_visible()
    expect(b.get_by_test_id("seat-name-0")).to_have_text(name)


def test_the_sign_out_confirm_never_promises_more_grace_than_the_server_gives(new_page, lobby_factory):
    """The confirm rounded the grace: 1600 ms read "2 s"; it says whole seconds rounded down."""
    proc = lobby_factory(prefix="signoutround", env={"LOBBY_ABSENT_GRACE_MS": "1600"})
    a = new_page()
    sign_in(a, proc, unique("Hal"))
    claim(a, PASSWORD)
    a.get_by_test_id("sign-out-everywhere").click()
    expect(a.get_by_test_id("confirm-text")).to_contain_text("unless you sign in again within 1 s.")


# ---------------------------------------------------------------------------
# The profile on a phone
#
# A player's profile on a phone, as a new player reads it: the headings of
# the games table (and of the record under the header's coins) are whole
# words at 360 and 390 px in both languages ("Ratin g", "Losse s" before),
# and the recent games name the table as the lobby does, with a date, the
# hex id only in the link.
# ---------------------------------------------------------------------------


#: Each heading of a table (by its test id): its text, the words (runs
#: without spaces: a Chinese heading is one) whose glyphs fall on more than
#: one line, and whether its text is wider than its cell.
HEADINGS = js("accounts/headings")

#: twelve hex digits or more: an id or a hash, which a player does not read
HEX = re.compile(r"\b[0-9a-f]{12,}\b")


def test_the_profile_reads_well_on_a_phone(new_page, lobby):
    page, other = new_page(), new_page()
    name = "Hedwig Longname"
    sign_in(page, lobby, name)
    table_id = open_table(page, "sibala", seats=2, bots=False, options={"rounds": 1})
    sign_in(other, lobby, "Ilse", f"#table={table_id}")
    other.get_by_test_id("join-table").click()  # full: it starts
    expect_status(page, "playing")
    play_both(page, other)
    # a rated game of two people (its ratings applied: the result panel shows them; the
    # leaderboard read before that has no row of ours), on the leaderboard, whose row opens the profile
    expect(page.get_by_test_id("rating-change-0")).to_contain_text("Your rating")  # my own seat's line
    page.goto(f"{lobby.http}/#leaderboard=sibala")
    page.locator('[data-testid="lb-table"] tr.me').get_by_role("link").click()
    expect(page.get_by_test_id("profile-name")).to_contain_text(name)
    profile_url = page.url
    for lang in ("en", "zh"):
        if lang == "zh":
            switch_language(page, "zh-CN")
        for phone in PHONES:
            page.set_viewport_size(phone)
            page.goto(profile_url)
            expect(page.get_by_test_id("profile-games")).to_be_visible()
            # the games table, and your record under the header's coins: whole words
            page.get_by_test_id("coins").click()
            expect(page.get_by_test_id("stats-table")).to_be_visible()
            for table, columns in (("profile-games", 4), ("profile-record", 6), ("stats-table", 7)):
                headings = page.evaluate(HEADINGS, table)
                assert len(headings) == columns, headings
                bad = [h for h in headings if h["split"] or h["overflow"]]
                assert not bad, (table, lang, phone, bad)
            fits(page)
            page.keyboard.press("Escape")
            expect(page.get_by_test_id("stats-table")).to_be_hidden()
            # the recent game: the table's readable name and when, its id only in the link
            link = page.get_by_test_id(f"recent-{table_id}-1")
            expect(link).to_have_text(re.compile("^Sibala · Hedwig Longname's table · " if lang == "en" else "^十八啦 · Hedwig Longname 的牌桌 · "))
            expect(page.get_by_test_id("recent-at").first).to_have_text(re.compile(r"20\d\d"))  # when
            # and how it went for this player, in the page's language
            result = page.get_by_test_id("recent-result").first
            expect(result).to_have_text(re.compile("^(won|lost)$" if lang == "en" else "^(胜|负)$"))
            assert result.get_attribute("data-result") in ("won", "lost")
            recent = page.get_by_test_id("profile-recent").inner_text()
            assert not HEX.search(recent), recent
            assert link.get_attribute("href") == f"#replay={table_id}&game=1"
            assert table_id in (link.get_attribute("title") or "")


def test_a_guest_reaches_their_own_profile_from_the_record_and_the_account_page(new_page, lobby):
    """A guest had no way to their own profile (only the leaderboard's rows,
    rated players only): the record under the coins and the account page
    link it, before any game of theirs ended."""
    page = new_page()
    sign_in(page, lobby, "Quinn Guest")
    page.get_by_test_id("coins").click()
    page.get_by_test_id("stats-profile").click()
    expect(page.get_by_test_id("profile-name")).to_contain_text("Quinn Guest")
    expect(page.get_by_test_id("profile-guest")).to_be_visible()
    expect(page.get_by_test_id("stats-popover")).to_be_hidden()
    profile_url = page.url
    page.get_by_test_id("account-link").click()
    page.get_by_test_id("my-profile").click()
    expect(page.get_by_test_id("profile-name")).to_contain_text("Quinn Guest")
    assert page.url == profile_url


#: a record's columns the profile shares with the stats popover under the header's coins: the same words
RECORD = {"en": {"escapes": "Escapes", "disconnects": "Timed out"}, "zh": {"escapes": "逃跑", "disconnects": "超时/断线"}}


def test_the_profile_shows_escapes_and_timeouts_as_the_record_popover_does(new_page, lobby):
    """The profile had games, wins and losses only; the popover also escapes
    (stud's 逃跑) and games with a timeout: the profile shows them too, from
    the same record, in the same words (and the same tooltip)."""
    ann, bo = new_page(), new_page()
    two_at_sibala(ann, bo, lobby, turn_s=0.3, rounds=1)  # nobody rolls: both time out
    expect(finished(ann)).to_be_visible(timeout=30_000)
    expect(ann.get_by_test_id("rating-change-0")).to_contain_text("Your rating")  # rated: on the leaderboard
    ann.goto(f"{lobby.http}/#leaderboard=sibala")
    ann.locator('[data-testid="lb-table"] tr.me').get_by_role("link").click()
    expect(ann.get_by_test_id("profile-name")).to_contain_text("Ann")
    for lang in ("en", "zh"):
        if lang == "zh":
            switch_language(ann, "zh-CN")  # the page drawn again in 中文 before the coins are pressed
        row = ann.get_by_test_id("profile-record-sibala")
        ann.get_by_test_id("coins").click()
        popover = ann.get_by_test_id("stats-sibala")
        expect(popover).to_be_visible()
        for field, word in RECORD[lang].items():
            heads = ann.get_by_test_id("profile-record").locator("th")
            expect(heads.filter(has_text=word)).to_have_count(1)
            mine = row.locator(f'[data-field="{field}"]')
            expect(mine).to_have_text(popover.locator(f'[data-field="{field}"]').text_content())
        expect(row.locator('[data-field="disconnects"]')).to_have_text("1")  # this game ran out of time
        stat_title = ann.get_by_test_id("stats-table").locator("th[title]").get_attribute("title")
        assert ann.get_by_test_id("profile-record").locator("th[title]").get_attribute("title") == stat_title
        ann.keyboard.press("Escape")
