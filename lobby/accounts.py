"""Accounts: a guest claims its player with a password, then signs in to
it from any device by name and password.

A claimed account is the same player record as before (name, coins,
stats, seats, ratings: ``P:player:{pid}``); claiming adds its password
hash and name keys (``P:player:{pid}:cred``) and a record of its sessions
(``P:player:{pid}:sessions``).  A session is a bearer token exactly like a
guest's (``lobby.sessions``), so every path that takes a token takes it;
signing out deletes the token, signing out everywhere deletes them all.

Names.  A claimed account's name is unique up to case and look-alikes: a
name's *keys* (:func:`name_keys`) are the Unicode confusable skeletons
(UTS #39, the data of ``confusable-homoglyphs``) of its NFKC form in lower
and in upper case, case-folded, so every casing of a name has the same
keys: "Ann", "ANN", "Аnn" (Cyrillic А) and "Ann" in full-width letters
hold one name, as do "Emma" and "ЕММА" (Cyrillic), and "Ill" and "lll".
Accounts claimed with older keys gain these at start-up
(:meth:`Accounts.upgrade_names`); look-ups try the older ones too
(:func:`lookup_keys`).  Every key of
a claimed name names its account in Redis (``P:name:<key>``), taken by
compare-and-set, so two claims of one name cannot both pass.  A guest may
not take a claimed name (``lobby.sessions``: ``bad_name``, reason
``taken``); one who held it before the claim keeps it, marked a guest.

Passwords are hashed with argon2id (``argon2-cffi``'s defaults: RFC 9106's
low-memory profile, 64 MiB, ~50 ms; ``Settings.argon2_time_cost``,
``argon2_memory_kib``) in a worker thread, never on the event
loop, at most :data:`HASH_THREADS` at a time per process; they are never
stored, logged or sent back.  A wrong name and a wrong password get the
same answer, after the same work (an unknown name is checked against a
dummy hash).  Sign-in attempts are counted in Redis per account (failures)
and per client address (every attempt, claims too), in windows of
``Settings.signin_window_s``.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import unicodedata
from typing import Any

import argon2
import ua_parser

from .config import Settings
from .protocol import ErrorCode, ProtocolError, clean_name, lookup_keys, name_keys
from .sessions import new_token, session_id
from .store import Store
from .tables import LobbyError

#: argon2 hashes computed at once per process (each holds 64 MiB while it runs)
HASH_THREADS = 2
#: longest password accepted (characters)
MAX_PASSWORD = 256
#: fewest different characters in a password
MIN_DISTINCT = 4
#: a name this long or longer may not stand in its password
MIN_NAME_IN_PASSWORD = 3
#: characters of a User-Agent read for a session's device
UA_READ = 512
#: longest part (browser, system) of a session's device description (characters)
DEVICE_PART = 40
#: how long a sign-out waits for every process to close its sockets (s)
REVOKE_WAIT_S = 1.0
#: at most this many keys of a name no account holds count its failed sign-ins
_MAX_COUNTED_KEYS = 8

#: the one answer to a failed sign-in, whichever part was wrong
WRONG = "wrong name or password"
#: the version of :func:`name_keys` accounts hold (``P:namekeys``): 2 added
#: the upper-case form's key, so that every casing of a name has the same keys;
#: 3 the keys with spaces, dashes, middle dots, a full stop at the end and a
#: dot over an i folded away (:func:`lobby.name_keys.separators_folded`)
#: 4 more middle dots (the Hangul araea, raised dots) and every script's full stop;
#: 5 connectors, modifier marks, quotes and brackets, any punctuation at the end,
#: every mark on a Latin, Greek or Cyrillic letter, small capitals, number signs,
#: and the skeleton of a name as written where NFKC changes it ("Jaϲk");
#: 6 the right-to-left letters of the confusables data (Arabic, Hebrew, NKo),
#: the skeleton of the name as written, a prolonged sound mark after a Latin
#: letter as a dash; the keys older versions gave and 6 does not are freed;
#: 7 lone jamo and Bopomofo letters drawn as Han ("ㄧ郎" is "一郎"), the
#: tatweel as a separator, "vv" as "w", a Han character's traditional,
#: simplified and Japanese forms as one ("戶田" is "户田"); 8 katakana, a
#: Latin Y and Han characters drawn as another Han character ("チ田" is
#: "千田", "入口" "人口", "Y头" "丫头"); 9 every punctuation, symbol and space
#: inside a name as a separator ("Mi┄ra", "Mi◦ra", "A.nn"), a letter with a
#: hook, tail or stroke Unicode does not decompose as its letter ("Miɾa", "Bjørn");
#: 10 every modifier letter outside a word of its script as a separator
#: ("Miꞈra", "Mi々ra"), turned, reversed and rotunda letters as their letter
#: ("Mirɐ", "Miꝛa"), "!", "¡", "|", "@", "$" also as i, i, l, a, s ("M!ra");
#: 11 every letter Unicode names as a form of a plain letter as that letter
#: ("ꟁ" Old Polish o, "ᴖ" top half o, "ꬱ" a reversed-schwa), thorn and wynn as p;
#: 12 a mark at a name's start or on a Han character folds away ("̣Mira",
#: "小明〪"), a combining Latin small letter is that letter ("Kilopͣ"), an
#: epigraphic letter its capital ("Mꟾra"), "オ"/"才", "ン"/"ソ", "り"/"リ", "є"/"е" alike;
#: 13 a small kana as its letter ("ロミォ"), "彡"/"ミ", "扌"/"オ", Han allographs
#: as their character ("小眀"), signs beside Han or kana as the Han they draw
#: ("-郎", "⬜ミオ"), emoji beside a Latin letter as the letter they draw
#: ("Nikazb❌", "⭕scar"), "已"/"巳"/"己", "曰"/"日", digits drawn as letters also as the letter ("Nikaz6x"),
#: modifier letters named for a letter as it ("Mᵎra"), a turned w as m ("ʍira"),
#: "3"/"4"/"7" as e/a/t, "LATIN LETTER X" as x ("ʗ"), "ԉ"/"л", "Ѻ"/"О", "〻"/"ミ", rare Han and kana
#: modifier letters folded away ("ロミオ𚿰"), marks on kana (not the voicing marks) and
#: Arabic and Hebrew vowel points folded away ("エリ〪カ", "عَلِيّ"), Arabic "X WITH ..." as X, no
#: Chinese, Japanese or Korean letter folded away ("ロミ" is no "ロミオ"), two ticks after a kana as its
#: voicing mark ("カ”ク"), marks of no script on Thai or Devanagari folded away ("สมชาย̲");
#: 14 "ヌ"/"又", "ナ"/"十", the turned h as u ("Hɥgo"), every two-stroke mark above a kana as its voicing mark ("ヘ̏ン");
#: 15 katakana drawn as a Han component ("ル"/"儿", "ワ"/"冖"), Lao "ແ"/"ເເ", Myanmar "၈"/"ဂ", "၇"/"ရ", "ဥ"/"ဉ";
#: 16 "𠮷"/"吉", "﨑"/"崎", "末"/"未", "烏"/"鳥", Thai "ฅ"/"ค", "冨"/"富", "嶋"/"島", "齋"/"齊", "干"/"千", "夭"/"天", ...;
#: 17 the Unihan database's spoofing and z-variants, and its semantic variants of a rare form, as one ("𠮟"/"叱", "㐀"/"丘")
#: 18 marks on one letter in any order as one ("ကုိ"/"ကို", "संुदर"/"सुंदर"), kana drawn as Han ("ネ"/"礻", "ホ"/"木", "セ"/"七"), "シ"/"ツ"
#: 19 Kannada as Telugu, Lao as Thai, Gurmukhi's retroflex stops as Devanagari's ("హరి"/"ಹರಿ", "ແປລງ"/"แปลง", "ਡਟ"/"डट")
#: 20 the sharp s as the letter it is drawn as ("ẞob"/"Bob"), Hebrew letters told apart by a gap or a corner ("חחח"/"ההה"), Georgian letters drawn as Latin ("ჩყოი"/"hymn")
#: 21 Han told apart by one short stroke or dot ("戌"/"戊", "汩"/"汨", "荼"/"茶", "侯"/"候", "毋"/"母", "令"/"今", ...)
#: 22 more of them: "于"/"干", "玉"/"王", "蠃"/"赢"
NAME_KEYS_VERSION = 22

log = logging.getLogger("lobby")
_SLOTS: dict[int, asyncio.Semaphore] = {}
#: invisible direction marks around some right-to-left entries of the confusables data


def password_policy(min_len: int) -> dict[str, int]:
    """The password policy as the client states it before anyone fails it
    (``GET /api/account/policy``): ``{"min", "max"}`` characters and
    ``"distinct"`` different ones (and never the account's name)."""
    return {"min": min_len, "max": MAX_PASSWORD, "distinct": MIN_DISTINCT}


def check_password(password: Any, name: str, min_len: int) -> str:
    """``password`` if it meets the policy: a string of ``min_len`` ..
    :data:`MAX_PASSWORD` characters with at least :data:`MIN_DISTINCT`
    different ones that does not contain the account's name (NFKC and
    case-folded on both sides, so a full-width copy counts; names shorter
    than :data:`MIN_NAME_IN_PASSWORD` are not looked for).
    No other composition rule (NIST SP 800-63B).  Raises
    :class:`LobbyError` ``WEAK_PASSWORD`` whose ``reason`` says which rule
    failed: ``type`` (not a string), ``length``, ``distinct``, ``name``."""
    if not isinstance(password, str):
        raise LobbyError(ErrorCode.WEAK_PASSWORD, "password must be a string", reason="type")
    if not min_len <= len(password) <= MAX_PASSWORD:
        raise LobbyError(ErrorCode.WEAK_PASSWORD, f"a password needs {min_len} to {MAX_PASSWORD} characters", reason="length")
    if len(set(password)) < MIN_DISTINCT:
        raise LobbyError(ErrorCode.WEAK_PASSWORD, f"a password needs at least {MIN_DISTINCT} different characters", reason="distinct")
    folded = unicodedata.normalize("NFKC", name).casefold()
    # a name of one or two characters is in too many passwords to forbid
    if len(folded) >= MIN_NAME_IN_PASSWORD and folded in unicodedata.normalize("NFKC", password).casefold():
        raise LobbyError(ErrorCode.WEAK_PASSWORD, "a password must not contain your name", reason="name")
    return password


def device_of(user_agent: str | None) -> dict[str, str] | None:
    """A short description of a sign-in's device for its account's sessions
    list, from its User-Agent (parsed by ``ua-parser``, on at most
    :data:`UA_READ` characters): ``{"browser": "Chrome 120", "os": "Windows
    10"}``, each part at most :data:`DEVICE_PART` characters; None when
    nothing is known.  Anyone can send any User-Agent: it is shown to the
    account's owner as a hint, never trusted for anything.  Its first call
    loads the parser's rules (~0.1 s): callers run it in a thread."""
    found = ua_parser.parse((user_agent or "")[:UA_READ])

    def part(x: Any) -> str:
        if x is None or x.family in (None, "", "Other"):
            return ""
        return " ".join(p for p in (x.family, x.major) if p)[:DEVICE_PART]

    browser, system = part(found.user_agent), part(found.os)
    return {"browser": browser, "os": system} if browser or system else None


async def _in_thread(fn: Any, *args: Any) -> Any:
    """Run an argon2 call in a worker thread (argon2-cffi lets go of the
    GIL), at most :data:`HASH_THREADS` per event loop at once."""
    loop = id(asyncio.get_running_loop())
    slots = _SLOTS.setdefault(loop, asyncio.Semaphore(HASH_THREADS))
    async with slots:
        return await asyncio.to_thread(fn, *args)


@functools.cache
def password_hasher(time_cost: int, memory_kib: int) -> argon2.PasswordHasher:
    """The argon2id hasher making ``time_cost`` passes over ``memory_kib``
    KiB (4 lanes, a 16-byte salt: argon2-cffi's defaults besides)."""
    return argon2.PasswordHasher(time_cost=time_cost, memory_cost=memory_kib)


def _verify(hasher: argon2.PasswordHasher, stored: str, password: str) -> bool:
    try:
        return hasher.verify(stored, password)
    except argon2.exceptions.VerificationError:
        return False
    except argon2.exceptions.InvalidHashError:
        return False


@functools.cache
def _dummy_hash(hasher: argon2.PasswordHasher) -> str:
    """A hash of ``hasher``'s that no password matches, checked for unknown
    names so that they take as long as wrong passwords."""
    return hasher.hash(new_token())


#: how long an account remembers a device that signed in to it (s)
DEVICE_TTL_S = 90 * 24 * 3600


def _device_digest(device: str) -> str:
    """What is stored of a device key: its SHA-256 (the key itself is the browser's secret)."""
    return hashlib.sha256(device.encode()).hexdigest()


async def account_named(store: Store, name: str) -> str | None:
    """The pid of the account holding ``name``'s keys (:func:`lookup_keys`:
    its own key first, then the older versions'), or None."""
    return next((owner for owner in await store.name_owners(lookup_keys(name)) if owner is not None), None)


class Accounts:
    """Claims, sign-ins and sessions of one lobby process (all state in
    Redis).  Every method raises :class:`LobbyError` with a code of
    docs/protocol.md; none writes anything before its checks pass."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.hasher = password_hasher(settings.argon2_time_cost, settings.argon2_memory_kib)

    async def _limit(self, addr: str) -> None:
        """Count an attempt from ``addr``; raises ``RATE_LIMITED`` past the address's limit."""
        s = self.settings
        if await self.store.count_attempt("addr", addr, s.signin_window_s) > s.signin_per_addr:
            raise LobbyError(ErrorCode.RATE_LIMITED, f"too many sign-in attempts from your address; wait up to {s.signin_window_s} s")

    async def upgrade_names(self) -> int:
        """Give every account the name keys of :data:`NAME_KEYS_VERSION`
        that it lacks (each by compare-and-set: one another account holds
        stays that one's) and free the keys it holds that this version no
        longer gives, once
        per Redis (``P:namekeys``): accounts claimed before block all their
        look-alikes and no other name.  The oldest claim
        goes first (by when its first key was taken), so where two accounts
        claimed apart now share a new key ("Mira" and "Mı̇ra"), the older
        takes it, and a look-alike neither held ("Mi·ra") signs in to the
        older.  Run at start-up;
        several processes may run it at once.  Returns how many accounts
        gained keys."""
        if await self.store.name_keys_version() >= NAME_KEYS_VERSION:
            return 0
        found = []
        for pid in await self.store.account_pids():
            creds = await self.store.credentials(pid)
            name = (await self.store.player(pid)).get("name")
            if creds is None or not isinstance(name, str):
                continue
            claimed = (await self.store.name_claimed_at(creds["names"][:1]))[0] if creds["names"] else None
            found.append((claimed if claimed is not None else 2**63, pid, creds, name))
        upgraded = 0
        for _, pid, creds, name in sorted(found):
            keys = name_keys(name)
            held = [key for key in creds["names"] if key in keys]
            for key in keys:
                if key not in held and await self.store.claim_names([key], pid) is None:
                    held.append(key)
            if held != creds["names"]:
                await self.store.set_credentials(pid, names=held)
                if stale := [key for key in creds["names"] if key not in keys]:
                    await self.store.release_names(stale, pid)
                upgraded += 1
        await self.store.name_keys_version(NAME_KEYS_VERSION)
        if upgraded:
            log.info("name keys: %d accounts upgraded to version %d", upgraded, NAME_KEYS_VERSION)
        return upgraded

    async def claim(self, pid: str, token: str, password: Any, name: Any, addr: str, user_agent: str | None = None) -> dict[str, Any]:
        """Make the guest ``pid`` (signed in with ``token``) an account with
        ``password`` under ``name`` (None: its current name); ``user_agent``
        describes the session's device (:func:`device_of`).  Returns the
        player record.  Raises ``ALREADY_CLAIMED``, ``BAD_NAME``,
        ``WEAK_PASSWORD``, ``NAME_TAKEN``, ``RATE_LIMITED``."""
        player = await self.store.player(pid)
        if player.get("claimed"):
            raise LobbyError(ErrorCode.ALREADY_CLAIMED, "this player is already an account; sign in with its name and password")
        try:
            clean = clean_name(player.get("name", "") if name is None else name)
        except ProtocolError as exc:
            raise LobbyError(ErrorCode.BAD_NAME, str(exc)) from None
        check_password(password, clean, self.settings.password_min)
        await self._limit(addr)
        keys = name_keys(clean)
        # an account claimed before NAME_KEYS_VERSION and not yet upgraded holds the older keys
        if any(owner not in (None, pid) for owner in await self.store.name_owners(lookup_keys(clean))) or await self.store.claim_names(keys, pid) is not None:
            raise LobbyError(ErrorCode.NAME_TAKEN, "that name (or one that looks the same) belongs to another account")
        try:
            made = await self.store.new_credentials(pid, await _in_thread(self.hasher.hash, password), keys)
        except BaseException:
            await self.store.release_names(keys, pid)
            raise
        if not made:  # a claim of the same guest got there first: keep only the keys it holds
            held = (await self.store.credentials(pid) or {}).get("names", [])
            await self.store.release_names([k for k in keys if k not in held], pid)
            raise LobbyError(ErrorCode.ALREADY_CLAIMED, "this player is already an account; sign in with its name and password")
        await self.store.set_player_fields(pid, {"name": clean, "claimed": 1})
        await self.store.keep_player(pid)  # a guest's record lapsed with its token: an account's stays
        await self.store.add_session(pid, session_id(token), token, self.settings.token_ttl_s, new=False, device=await asyncio.to_thread(device_of, user_agent))
        return await self.store.player(pid)

    async def remember_device(self, pid: str, device: Any) -> str:
        """The account now knows the device of key ``device`` (a new key
        when it is none or not a key); returns the key, for the browser
        to keep and send with its next sign-in (:meth:`sign_in`)."""
        device = device if isinstance(device, str) and 16 <= len(device) <= 64 else new_token()
        await self.store.device(pid, _device_digest(device), DEVICE_TTL_S, add=True)
        return device

    async def sign_in(
        self, name: Any, password: Any, addr: str, user_agent: str | None = None, device: Any = None
    ) -> tuple[str, dict[str, Any], str]:
        """A new session of the account named ``name`` (any form that has
        its keys) if ``password`` is its password (``user_agent``: its
        device, :func:`device_of`).  Returns ``(token, player record,
        device key)``: the key (the one given, else a new one) names this
        device to the account from now on.  Raises ``BAD_CREDENTIALS`` (the
        same message whether the name or the password was wrong) or
        ``RATE_LIMITED`` (``Settings.signin_per_addr`` attempts from one
        address, or ``signin_per_account`` failures of one name, in a
        window).  Failures are counted per account, and for a name no
        account holds on each of its :func:`lookup_keys` (the most counted
        decides), so every spelling that would reach one account counts
        together ("Annabelle", "AnnabeIIe") and the limit answers alike
        whether the name exists; a ``device`` key that signed in to the account
        before is not held back by the account's count nor its address's
        (its owner is not locked out by someone guessing, nor by others
        sharing its address: a NAT, a proxy), but by its own failures (as
        many, so a stolen key guesses no further)."""
        shaped = isinstance(name, str) and isinstance(password, str) and 0 < len(name) <= 64 and len(password) <= MAX_PASSWORD
        device = device if isinstance(device, str) and 16 <= len(device) <= 64 else None
        pid = await account_named(self.store, name) if shaped and device else None  # a known device skips the address's limit
        known = bool(pid and device and await self.store.device(pid, _device_digest(device), DEVICE_TTL_S))
        if not known:  # first: a limited address gets the limit's answer whatever it sent
            await self._limit(addr)  # (a known device is held back by its own failures, not by others' at its address)
        if not shaped:
            raise LobbyError(ErrorCode.BAD_CREDENTIALS, WRONG)
        s = self.settings
        if device is None:  # else looked up above
            pid = await account_named(self.store, name)
        creds = await self.store.credentials(pid) if pid else None
        # counted as a failure before the hash is checked, so guesses sent at
        # once cannot all pass the limit while they are being verified; a
        # name no account holds counts on each key an account of it would
        # hold, so every spelling that would reach one account counts together
        counted = [pid] if pid else ["name:" + key for key in lookup_keys(name)[:_MAX_COUNTED_KEYS]]
        failures = max([await self.store.count_attempt("acct", who, s.signin_window_s) for who in counted])
        if known:  # the device's own failures are limited as the account's: a stolen key guesses no further
            failures = await self.store.count_attempt("device", _device_digest(device), s.signin_window_s)
        if failures > s.signin_per_account:
            raise LobbyError(ErrorCode.RATE_LIMITED, f"too many failed sign-ins to this account; wait up to {s.signin_window_s} s")
        ok = await _in_thread(_verify, self.hasher, creds["hash"] if creds else await _in_thread(_dummy_hash, self.hasher), password)
        if not ok or creds is None or pid is None:
            raise LobbyError(ErrorCode.BAD_CREDENTIALS, WRONG)
        await self.store.count_attempt("acct", pid, s.signin_window_s, add=-1)  # it was no failure
        if known:
            await self.store.count_attempt("device", _device_digest(device), s.signin_window_s, add=-1)
        if self.hasher.check_needs_rehash(creds["hash"]):
            await self.store.set_credentials(pid, await _in_thread(self.hasher.hash, password))
        device = await self.remember_device(pid, device)
        token = new_token()
        await self.store.add_session(pid, session_id(token), token, s.token_ttl_s, new=True, device=await asyncio.to_thread(device_of, user_agent))
        return token, await self.store.player(pid), device

    async def sessions(self, pid: str, token: str) -> list[dict[str, Any]]:
        """The account's live sessions, oldest first: ``{"id", "created"
        (ms), "last_seen" (ms: its last sign-in or request, from the
        token's sliding expiry), "device" ({"browser", "os"} or None:
        :func:`device_of`), "current" (the one asking)}``.  Raises
        ``NOT_CLAIMED`` for a guest."""
        await self._claimed(pid)
        mine = session_id(token)
        found = await self.store.sessions(pid, self.settings.token_ttl_s)
        rows = ({"id": sid, "created": s["created"], "last_seen": s.get("last_seen", s["created"]), "device": s.get("device"), "current": sid == mine} for sid, s in found.items())
        return sorted(rows, key=lambda s: s["created"])

    async def sign_out(self, pid: str, token: str, which: str | None = None) -> int:
        """End one session: ``which`` (a session id; None: the one of
        ``token``), or every session with ``which`` ``"*"``.  A guest's only
        token is never ended (it is the guest).  Returns how many ended.
        Raises ``NOT_CLAIMED`` for a guest, ``NO_SUCH_SESSION``."""
        await self._claimed(pid)
        found = await self.store.sessions(pid)
        target = session_id(token) if which is None else which
        chosen = found if target == "*" else {sid: s for sid, s in found.items() if sid == target}
        if not chosen:
            raise LobbyError(ErrorCode.NO_SUCH_SESSION, "no such session")
        await self.store.end_sessions(pid, chosen)
        # every process closes those sessions' sockets before this answers
        missed = await self.store.publish_revoked(pid, list(chosen), REVOKE_WAIT_S)
        if missed:
            log.warning("%d process(es) did not confirm a sign-out; their sweep closes its sockets", missed)
        return len(chosen)

    async def _claimed(self, pid: str) -> None:
        if await self.store.credentials(pid) is None:
            raise LobbyError(ErrorCode.NOT_CLAIMED, "a guest has no sessions to manage; claim the account first")


async def revoked(store: Store, conns: list[Any]) -> list[Any]:
    """Of signed-in connections (each with ``pid`` and ``token``), those
    whose token no longer exists and whose player is an account: the
    session was signed out (a guest's token only ever expires, and a
    guest's open socket keeps working as before).  One round trip for all,
    then one per missing token."""
    signed = [c for c in conns if c.token and c.pid and not c.closed]
    alive = await store.tokens_alive([c.token for c in signed])
    return [c for c, ok in zip(signed, alive) if not ok and await store.credentials(c.pid) is not None]
