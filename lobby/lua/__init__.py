"""The Redis Lua scripts of :mod:`lobby.store`, one ``<name>.lua`` file each
(package data: pyproject ships ``*.lua``); each file's leading comment says
its KEYS, ARGV and reply."""

from __future__ import annotations

from importlib import resources


def script(name: str) -> str:
    """The source of ``<name>.lua`` in this package (a ``FileNotFoundError``
    for a name that has none)."""
    return resources.files(__name__).joinpath(f"{name}.lua").read_text(encoding="utf-8")
