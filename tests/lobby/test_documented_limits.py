"""docs/security.md names the lobby's limits: every ``LOBBY_*`` it names is
a setting of :class:`lobby.config.Settings`, and the limits added for
hostile clients say their defaults as the code has them."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from lobby import table_list
from lobby.tables.seating import JOIN_WINDOW_MS
from lobby.config import Settings

DOC = (Path(__file__).resolve().parents[2] / "docs" / "security.md").read_text(encoding="utf-8")


def _row(variable: str) -> str:
    """The quota table's row naming ``variable``."""
    rows = [line for line in DOC.splitlines() if line.startswith("|") and f"`{variable}`" in line and line.count("|") >= 5]
    assert rows, f"docs/security.md has no row for {variable}"
    return rows[0]


def test_every_setting_the_security_page_names_exists():
    fields = {f.name for f in dataclasses.fields(Settings)}
    named = set(re.findall(r"LOBBY_([A-Z0-9_]+)", DOC))
    assert named, "the page names its settings"
    assert {n.lower() for n in named} - fields == set()


def test_the_limits_for_hostile_clients_are_documented_with_their_defaults():
    defaults = Settings()
    assert f"| {defaults.conns_per_addr} |" in _row("LOBBY_CONNS_PER_ADDR")
    assert f"`{defaults.metrics_allow}`" in _row("LOBBY_METRICS_ALLOW")
    assert f"{defaults.header_timeout_s} s" in _row("LOBBY_HEADER_TIMEOUT_S")
    assert f"| {defaults.send_timeout_s} s |" in _row("LOBBY_SEND_TIMEOUT_S")
    assert f"| {defaults.send_queue_bytes} bytes" in _row("LOBBY_SEND_QUEUE_BYTES")
    assert f"| {defaults.ws_per_addr} |" in _row("LOBBY_WS_PER_ADDR")
    assert f"{table_list.PUSH_BYTES_PER_S // 1024} KiB/s" in _row("table_list.PUSH_BYTES_PER_S")
    assert f"per {JOIN_WINDOW_MS // 1000} s" in _row("tables.seating.JOIN_WINDOW_MS")
    assert f"| {defaults.guests_per_addr} |" in _row("LOBBY_GUESTS_PER_ADDR")
    assert f"| {defaults.seat_moves_per_s} per 1000 ms" in _row("LOBBY_SEAT_MOVES_PER_S")
    assert f"| {defaults.argon2_time_cost} passes over {defaults.argon2_memory_kib} KiB" in _row("LOBBY_ARGON2_MEMORY_KIB")


def test_a_password_hash_costs_argon2_s_own_defaults_unless_set():
    """The default cost is argon2-cffi's own (RFC 9106's low-memory profile);
    a lobby set to another hashes with it (the PHC string says so)."""
    import argon2

    from lobby.accounts import password_hasher

    own = argon2.PasswordHasher()
    assert (Settings().argon2_time_cost, Settings().argon2_memory_kib) == (own.time_cost, own.memory_cost) == (3, 65536)
    assert "$m=1024,t=1,p=4$" in password_hasher(1, 1024).hash("correct horse")
    assert password_hasher(1, 1024).check_needs_rehash(password_hasher(3, 65536).hash("correct horse"))
