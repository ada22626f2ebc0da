"""Pure game engines and their registry by game id.

``engines.get("sibala")`` returns the engine object of :mod:`engines.sibala`;
``engines.REGISTRY`` maps every game id to its engine.  See
:mod:`engines.base` for the interface every engine follows.
"""

from __future__ import annotations

import importlib

from .base import Engine, GameInfo, IllegalMove, InvalidMove, Outcome, validate_options

#: Modules holding one engine each (as ``ENGINE``), in lobby display order.
GAME_MODULES = ("sibala", "six_nimmt", "yahtzee", "shut_the_box", "stud")

REGISTRY: dict[str, Engine] = {}
for _name in GAME_MODULES:
    _engine = importlib.import_module(f"{__name__}.{_name}").ENGINE
    REGISTRY[_engine.info.id] = _engine


def get(game_id: str) -> Engine:
    """The engine registered as ``game_id``; ``KeyError`` if there is none."""
    return REGISTRY[game_id]


__all__ = ["Engine", "GameInfo", "IllegalMove", "InvalidMove", "Outcome", "REGISTRY", "get", "validate_options"]
