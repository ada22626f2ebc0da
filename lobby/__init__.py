"""The lobby service: Starlette app, websockets, Redis-held rooms, timers and fan-out.

Run it with ``python -m lobby``; see README.md and docs/architecture.md.
"""
