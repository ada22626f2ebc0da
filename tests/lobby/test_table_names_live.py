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
