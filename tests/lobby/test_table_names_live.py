"""Tables have readable names: the opener's name, or a generated one for a
quick-match table; the id stays for links.  Over real websockets and HTTP."""

from __future__ import annotations

import json
import urllib.request

from .support import connected


async def test_tables_are_named_in_the_view_and_the_list(lobby_factory):
    proc = lobby_factory(prefix="names")
    async with connected(proc.ws, ["Ann", "Bo"]) as (ann, bo):
        opened = await ann.open("sibala", seats=3)
        view = await ann.wait_for(opened.table_id, lambda v: True)
        assert (view["id"], view["name"], view["opened_by"]) == (opened.table_id, "Ann", "Ann")
        quick = await bo.quick("yahtzee")
        qview = await bo.wait_for(quick.table_id, lambda v: True)
        words = qview["name"].split(" ")
        assert len(words) == 2 and all(w.isalpha() and w.istitle() for w in words), "a generated name, not a hex id"
        assert qview["opened_by"] is None
        listed = {t["id"]: t for t in (await bo.request({"t": "tables"}))["tables"]}
        assert (listed[opened.table_id]["name"], listed[opened.table_id]["opened_by"]) == ("Ann", "Ann")
        assert listed[quick.table_id]["name"] == qview["name"]
        http = {t["id"]: t for t in json.loads(urllib.request.urlopen(proc.http + "/api/tables", timeout=5).read())}
        assert http[opened.table_id]["name"] == "Ann" and http[quick.table_id]["name"] == qview["name"]
        # a spectator sees the same name
        watched = await bo.watch(opened.table_id)
        assert (await bo.wait_for(watched.table_id, lambda v: True))["name"] == "Ann"


async def test_all_digit_names_stay_text_at_open_join_and_quick(lobby_factory):
    """A name of digits only ("007", a 20-digit one, Arabic-Indic "٧") is a
    name: players so called open, join and quick-match like anyone, and
    every view shows the name as typed (it came back as the number 7)."""
    proc = lobby_factory(prefix="digits")
    names = ["007", "12345678901234567890", "٧"]
    async with connected(proc.ws, names) as (a, b, c):
        opened = await a.open("sibala", seats=3)
        await b.join(opened.table_id)
        await c.join(opened.table_id)
        view = await c.wait_for(opened.table_id, lambda v: sum(s is not None for s in v["seats"]) == 3)
        assert [s["name"] for s in view["seats"]] == names
        assert (view["name"], view["opened_by"]) == ("007", "007")
        quick = await a.quick("yahtzee")
        qview = await a.wait_for(quick.table_id, lambda v: True)
        assert [s["name"] for s in qview["seats"] if s] == ["007"]
