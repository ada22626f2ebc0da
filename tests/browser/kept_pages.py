"""Pages kept from one browser test for the next (tests/browser/conftest.py's
``new_page`` and ``idle_pages``): what makes one blank again, and what
makes one unfit to keep."""

from __future__ import annotations

#: What a test may change in a page or its context that a reset
#: (:func:`blank`) cannot undo: a page or context any of them was called on
#: is closed after its test, not kept for the next.
LASTING = (
    "add_init_script", "route", "route_from_har", "route_web_socket", "expose_function", "expose_binding",
    "set_extra_http_headers", "set_offline", "grant_permissions", "set_geolocation", "on", "once",
)


def spoil_on(obj, spoiled: set[int]) -> None:
    """Make each of :data:`LASTING`'s methods of ``obj`` (a page or context)
    add ``id(obj)`` to ``spoiled`` before doing its work (until
    :func:`unspoil`)."""
    for name in LASTING:
        method = getattr(obj, name, None)
        if method is not None:
            def spoiling(*args, _method=method, **kwargs):
                spoiled.add(id(obj))
                return _method(*args, **kwargs)

            setattr(obj, name, spoiling)


def unspoil(obj) -> None:
    """Give ``obj`` back its class's own :data:`LASTING` methods (undo
    :func:`spoil_on`)."""
    for name in LASTING:
        obj.__dict__.pop(name, None)


def blank(ctx, page, origins: set[str]) -> bool:
    """Leave a test's page blank for the next test: every origin it visited
    left (its pagehide listeners run) and its localStorage and
    sessionStorage emptied from a scriptless page of the origin, its
    context's cookies gone.  False when that failed (the page is then
    closed, not kept)."""
    try:
        for origin in sorted(origins):
            page.goto(f"{origin}/static/style.css")
            page.evaluate("localStorage.clear(); sessionStorage.clear()")
        ctx.clear_cookies()
        return True
    except Exception:  # a crashed or closed page: not kept
        return False
