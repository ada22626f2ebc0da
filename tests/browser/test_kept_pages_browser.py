"""A page the suite keeps from one browser test for the next starts as a
new visitor's (tests/browser/conftest.py: ``new_page``; tests/browser/kept_pages.py)."""

from __future__ import annotations

from playwright.sync_api import expect

from .kept_pages import blank, spoil_on
from .helpers import sign_in


def test_a_kept_page_comes_back_signed_out_with_no_storage_of_the_last_test(browser, lobby):
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        sign_in(page, lobby, "Kept")
        # what the page's own pagehide listeners do (the table log's keeping)
        page.evaluate("""() => {
            localStorage.setItem('left', '1');
            window.addEventListener('pagehide', () => sessionStorage.setItem('left', '1'));
        }""")
        assert blank(ctx, page, {lobby.http})
        assert ctx.cookies() == []
        page.goto(lobby.http)
        expect(page.get_by_test_id("sign-in")).to_be_visible()
        assert page.evaluate("[localStorage.getItem('left'), sessionStorage.getItem('left')]") == [None, None]
    finally:
        ctx.close()


def test_a_page_given_a_route_or_an_init_script_is_not_kept(browser):
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        spoiled: set[int] = set()
        spoil_on(page, spoiled)
        spoil_on(ctx, spoiled)
        page.set_viewport_size({"width": 400, "height": 700})  # a reset sets it again: keeps it
        assert spoiled == set()
        page.route("**/nothing", lambda route: route.abort())
        assert spoiled == {id(page)}
        ctx.add_init_script("window.x = 1")
        assert spoiled == {id(page), id(ctx)}
    finally:
        ctx.close()
