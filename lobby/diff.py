"""RFC 6902 JSON Patch between two views, made for their shape.

``jsonpatch.make_patch`` searches for moves and copies and costs ~0.7 ms on
a small table view, most of the fan-out's CPU.  Views here are trees of
dicts, lists and scalars that change in place, so a walk that recurses into
dicts and same-length lists, and replaces anything else, gives a correct
(if not always the shortest) patch in tens of microseconds.  Any RFC 6902
client applies it; the tests check ``apply(old, diff(old, new)) == new``
against the ``jsonpatch`` library on every engine's views.
"""

from __future__ import annotations

from typing import Any


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def diff(old: Any, new: Any, memo: dict[tuple[str, int, int], list[dict[str, Any]]] | None = None, path: str = "") -> list[dict[str, Any]]:
    """The operations that turn ``old`` into ``new`` (JSON-like values).

    Unchanged parts shared by both (``is``) cost nothing.  ``memo``, kept by
    the caller across the diffs of one fan-out, reuses the operations of a
    container met again at the same path with the same old and new objects
    (the table part of every seat's view, parts of engine views shared by
    seats), so ten seats cost little more than one.  Both views must stay
    alive (and unchanged) while ``memo`` is used.  ``path``: where ``old``
    sits in the document the patch applies to."""
    ops: list[dict[str, Any]] = []
    _walk(old, new, path, ops, memo)
    return ops


def _walk(old: Any, new: Any, path: str, ops: list[dict[str, Any]], memo: dict | None) -> None:
    if old is new:
        return
    told = type(old)
    if told is type(new) and (told is dict or told is list):
        walk = _walk_dict if told is dict else _walk_list
        if memo is None:
            walk(old, new, path, ops, memo)
            return
        key = (path, id(old), id(new))
        done = memo.get(key)
        if done is None:
            done = memo[key] = []
            walk(old, new, path, done, memo)
        ops.extend(done)
        return
    if told is type(new) and old == new:
        return
    ops.append({"op": "replace", "path": path, "value": new})


def _walk_list(old: list[Any], new: list[Any], path: str, ops: list[dict[str, Any]], memo: dict | None) -> None:
    if len(old) == len(new):
        for i, (a, b) in enumerate(zip(old, new)):
            if a is not b:
                _walk(a, b, f"{path}/{i}", ops, memo)
        return
    if len(new) > len(old) and new[: len(old)] == old:
        for value in new[len(old):]:
            ops.append({"op": "add", "path": f"{path}/-", "value": value})
        return
    ops.append({"op": "replace", "path": path, "value": new})


def _walk_dict(old: dict[str, Any], new: dict[str, Any], path: str, ops: list[dict[str, Any]], memo: dict | None) -> None:
    for key in old:
        if key not in new:
            ops.append({"op": "remove", "path": f"{path}/{_escape(key)}"})
    for key, value in new.items():
        if key not in old:
            ops.append({"op": "add", "path": f"{path}/{_escape(key)}", "value": value})
        else:
            prev = old[key]
            if prev is not value and not (type(prev) is type(value) and prev == value):
                _walk(prev, value, f"{path}/{_escape(key)}", ops, memo)
