"""A player who asks for reduced motion (the system setting, CSS
prefers-reduced-motion) gets no endless animation at a table: Sibala's
Roll button pulsed forever (button.roll.pulse) whatever the setting, and
the urgent countdown's pulse is the other one that repeats.  While it is
my turn, with the clock urgent, no animation of the page repeats without
end; with motion allowed the Roll button's pulse runs (the check can see
one)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import SINGLE_REDIS, open_table, sign_in, start

pytestmark = SINGLE_REDIS

#: The page's running animations that repeat without end (CSS or Web Animations).
ENDLESS = """() => document.getAnimations()
  .filter((a) => a.playState === 'running' && a.effect && a.effect.getComputedTiming().iterations === Infinity)
  .map((a) => `${a.effect.target ? a.effect.target.className : '?'}: ${a.animationName || a.id || 'animation'}`)"""


@pytest.mark.parametrize("game", ["sibala", "shut_the_box"])
@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_no_endless_animation_when_reduced_motion_is_asked(new_page, lobby, game, motion):
    page = new_page()
    page.emulate_media(reduced_motion=motion)
    sign_in(page, lobby, "Rhea")
    open_table(page, game, seats=2, turn_s=3, bots=True)
    start(page)
    roll = page.get_by_test_id("roll")
    expect(roll).to_be_enabled()
    expect(page.locator(".countdown.urgent").first).to_be_visible()  # a 3 s turn is urgent at once
    endless = page.evaluate(ENDLESS)
    if motion == "reduce":
        assert endless == [], endless
    else:
        assert any("roll" in e for e in endless), endless
