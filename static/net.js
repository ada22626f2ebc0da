// The lobby connection (docs/protocol.md): one websocket at /ws carrying
// binary msgpack frames.  Signs in with the token kept in localStorage,
// matches replies to requests by `ref`, keeps every table's view by applying
// snapshots and JSON-Patch deltas (asking for `sync` when a delta's base is
// not our version), keeps each table's chat lines (sent with the snapshot,
// then one `chat` frame per line), corrects for clock skew with each frame's `now`, and
// reconnects with exponential backoff after any close, resuming its seats
// and spectated tables.
//
// Needs the globals `MessagePack` (/vendor/msgpack.min.js) and `jsonpatch`
// (/vendor/fast-json-patch.min.js).

import { setUrgentMs } from "./games/clocks.js";

export const PROTO = 1;
const TOKEN_KEY = "lobby.token";
const SEATED_KEY = "lobby.seated";
const REQUEST_TIMEOUT_MS = 10000;
const PING_EVERY_MS = 15000;
const BACKOFF_FIRST_MS = 200;
const BACKOFF_CAP_MS = 3000;
const MAX_SEATED = 50;
const MAX_CHAT_LINES = 50; // lobby/chat_store.py CHAT_SHOWN: the names these lines show are marked apart
const SIGNED_OUT_CLOSE = 4001; // the server's close code for a signed-out session

function store(key, value) {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch (e) {
    /* storage disabled: the session lasts as long as the page */
  }
}

function load(key) {
  try {
    return localStorage.getItem(key);
  } catch (e) {
    return null;
  }
}

function defaultUrl() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws`;
}

/** An error reply (or a local failure) of a request: `code`, the English
 * message, the frame's `reason` (which check refused it, or null) and its
 * figures where it has them (insufficient_coins: `need`, `have`, coins;
 * bad_text: `max`, characters; else undefined). */
export class LobbyError extends Error {
  constructor(code, msg, reason = null, frame = null) {
    super(msg || code);
    this.code = code;
    this.reason = reason;
    if (frame && Number.isInteger(frame.need)) this.need = frame.need;
    if (frame && Number.isInteger(frame.have)) this.have = frame.have;
    if (frame && Number.isInteger(frame.max)) this.max = frame.max;
    if (frame && Number.isInteger(frame.min)) this.min = frame.min;
    this.typed = null; // a bad_name's: the name the request sent (namedError)
  }
}

/** `err` (a LobbyError) with `typed` set to the name request `sent` (its
 * object) held, when `err` is a bad_name refusal of it: its words quote the
 * name typed.  Returns `err`. */
export function namedError(err, sent) {
  if (err.code === "bad_name" && sent && typeof sent.name === "string") err.typed = sent.name;
  return err;
}

export class Net {
  constructor(url) {
    this.url = url || defaultUrl();
    this.ws = null;
    this.status = "idle"; // idle | connecting | open | online (signed in) | offline | stopped
    this.signedIn = false;
    this.player = null;
    this.games = [];
    /** The turn times a table may have, in ms (the welcome's turn_ms: {min, max, default, urgent}). */
    this.turnLimits = { min: 5000, max: 300000, default: 20000 };
    this.offset = 0; // server clock minus ours (ms)
    /** table id -> {id, seat, version, view, chat, syncing}; chat: lines oldest first */
    this.tables = new Map();
    /** table id -> "play" | "watch": what to resume after a reconnect */
    this.interest = new Map();
    this.lobbyList = [];
    this.lobbySub = null; // {game} while subscribed to the table list
    /** The arena this page follows (`arena` with sub: its arena_deltas), or null. */
    this.arenaSub = null;
    /** arena id -> {arena, standings}: the last `arena` frame of the followed arena with the arena_deltas since */
    this.arenas = new Map();
    /** arena id -> the last arena_paired of this page's player there: {arena, table, seat} */
    this.arenaPaired = new Map();
    this.pending = new Map();
    this.nextRef = 1;
    this.attempt = 0;
    this.timer = null;
    this.pingTimer = null;
    this.pendingName = null;
    this.byeSeen = false;
    this.listeners = new Map();
    this.seated = new Set(JSON.parse(load(SEATED_KEY) || "[]"));
    window.addEventListener("online", () => {
      if (!this.ws && this.status !== "stopped" && this.status !== "idle") this._connectNow();
    });
  }

  // -- events ------------------------------------------------------------
  on(type, fn) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type).add(fn);
    return () => this.listeners.get(type).delete(fn);
  }

  emit(type, detail) {
    for (const fn of this.listeners.get(type) || []) {
      try {
        fn(detail);
      } catch (e) {
        console.error(e);
      }
    }
  }

  _setStatus(status) {
    if (this.status === status) return;
    this.status = status;
    this.emit("status", status);
  }

  // -- identity ----------------------------------------------------------
  get token() {
    return load(TOKEN_KEY);
  }

  hasToken() {
    return !!this.token;
  }

  /** Seconds-accurate server time (ms since the epoch) by our clock plus the offset. */
  serverNow() {
    return Date.now() + this.offset;
  }

  /** Whether we believe we hold a seat at this table. */
  isSeated(id) {
    return this.seated.has(id);
  }

  _markSeated(id, yes) {
    if (yes) this.seated.add(id);
    else this.seated.delete(id);
    const list = [...this.seated].slice(-MAX_SEATED);
    this.seated = new Set(list);
    store(SEATED_KEY, JSON.stringify(list));
  }

  /** Connect (if a token is stored) — the page's first step. */
  start() {
    if (this.hasToken()) this._connectNow();
  }

  /** Sign in as a new guest called `name`, or rename the current player. */
  signIn(name) {
    if (this.signedIn) {
      return this.request({ t: "hello", proto: PROTO, token: this.token, name }).then((w) => w);
    }
    this.pendingName = name;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this._hello();
    } else {
      this._connectNow();
    }
    return null;
  }

  /** Forget the stored token (the next sign-in makes a new guest). */
  forget() {
    store(TOKEN_KEY, null);
    store(SEATED_KEY, null);
    this.seated = new Set();
  }

  /** Become the player of `token` (an account's new session, from a
   * password sign-in) on a page that has not signed in: keep it and connect
   * with it. */
  useToken(token) {
    this.forget();
    store(TOKEN_KEY, token);
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this._hello();
    else this._connectNow();
  }

  // -- connection --------------------------------------------------------
  _connectNow() {
    clearTimeout(this.timer);
    this.timer = null;
    if (this.ws) return;
    this._setStatus("connecting");
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch (e) {
      this._closed(null);
      return;
    }
    ws.binaryType = "arraybuffer";
    this.ws = ws;
    this.byeSeen = false;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this._setStatus("open");
      this._hello();
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return;
      this._frame(ev.data);
    };
    ws.onclose = (ev) => {
      if (ev && ev.code === SIGNED_OUT_CLOSE && this.ws === ws) this._signedOut(new LobbyError("signed_out", ev.reason || "signed out"));
      this._closed(ws);
    };
    ws.onerror = () => {
      /* a close follows */
    };
  }

  _hello() {
    const msg = { t: "hello", proto: PROTO };
    const token = this.token;
    if (token) msg.token = token;
    if (this.pendingName) msg.name = this.pendingName;
    if (!msg.token && !msg.name) return;
    this.welcomed = false;
    this.request(msg).catch((err) => {
      if (err.code === "bad_token") {
        this.forget();
        this.signedIn = false;
        this.emit("signed-out", err);
      } else if (err.code === "bad_name") {
        this.pendingName = null;
        // a new guest's name refused: nothing to sign in with, so not
        // connecting either; close the socket (the server would at its hello
        // timeout) and go idle, the next sign-in connects afresh
        if (!this.token && this.ws && !this.welcomed) {
          const ws = this.ws;
          this.ws = null;
          this._setStatus("idle");
          ws.close();
        }
        this.emit("sign-in-error", err);
      }
      // protocol_version is handled for every error frame in _frame
    });
  }

  _closed(ws) {
    if (ws && this.ws !== ws) return;
    this.ws = null;
    this.signedIn = false;
    clearInterval(this.pingTimer);
    this.pingTimer = null;
    for (const [, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new LobbyError("disconnected", "connection lost"));
    }
    this.pending.clear();
    for (const entry of this.tables.values()) entry.syncing = false;
    if (this.status === "stopped") return;
    if (!this.hasToken() && !this.pendingName) {
      this._setStatus("idle"); // nothing to sign in with (e.g. signed out): not trying to reconnect
      return;
    }
    this._setStatus("offline");
    let delay;
    if (this.byeSeen) {
      delay = 0; // the server is stopping: go to another process at once
    } else {
      const base = Math.min(BACKOFF_CAP_MS, BACKOFF_FIRST_MS * 2 ** this.attempt);
      delay = base / 2 + Math.random() * (base / 2);
    }
    this.attempt += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this._connectNow(), delay);
  }

  /** Stop for good (e.g. the protocol changed: the page must reload). */
  stop() {
    this._setStatus("stopped");
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }

  // -- sending -----------------------------------------------------------
  send(msg) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(MessagePack.encode(msg));
    return true;
  }

  /** Send `msg` with a fresh `ref`; resolves with the reply, rejects with a
   * LobbyError.  `quiet`: the server sends no reply on success (`start`,
   * `watch`, `sync`): only an error comes back, so resolve with null after
   * `quiet` ms without one (or, for `watch`/`sync`, at the table's snapshot). */
  request(msg, quiet = 0) {
    return new Promise((resolve, reject) => {
      const ref = this.nextRef;
      this.nextRef = this.nextRef >= 2 ** 31 - 1 ? 1 : this.nextRef + 1;
      if (!this.send({ ...msg, ref })) {
        reject(new LobbyError("disconnected", "not connected"));
        return;
      }
      const timer = setTimeout(() => {
        this.pending.delete(ref);
        if (quiet) resolve(null);
        else reject(new LobbyError("timeout", "no reply"));
      }, quiet || REQUEST_TIMEOUT_MS);
      this.pending.set(ref, { resolve, reject, timer, msg });
    });
  }

  _settleQuiet(t, table, value) {
    for (const [ref, p] of this.pending) {
      if (p.msg.t === t && p.msg.table === table) {
        this.pending.delete(ref);
        clearTimeout(p.timer);
        p.resolve(value);
      }
    }
  }

  // -- receiving ---------------------------------------------------------
  _frame(data) {
    if (!(data instanceof ArrayBuffer)) return;
    let msg;
    try {
      msg = MessagePack.decode(new Uint8Array(data));
    } catch (e) {
      console.warn("undecodable frame", e);
      return;
    }
    if (!msg || typeof msg !== "object") return;
    if (typeof msg.now === "number") this.offset = msg.now - Date.now();
    const handler = this["_on_" + msg.t];
    if (handler) handler.call(this, msg);
    if (msg.ref !== undefined && this.pending.has(msg.ref)) {
      const p = this.pending.get(msg.ref);
      this.pending.delete(msg.ref);
      clearTimeout(p.timer);
      if (msg.t === "error") p.reject(namedError(new LobbyError(msg.code, msg.msg, msg.reason, msg), p.msg));
      else p.resolve(msg);
    } else if (msg.t === "error") {
      this.emit("error", new LobbyError(msg.code, msg.msg, msg.reason, msg));
    }
  }

  _on_welcome(msg) {
    const first = !this.welcomed;
    this.welcomed = true;
    this.welcomes = (this.welcomes || 0) + 1;
    const old = this.token;
    if (old && old !== msg.token) {
      this.seated = new Set();
      store(SEATED_KEY, null);
    }
    store(TOKEN_KEY, msg.token);
    this.signedIn = true;
    this.pendingName = null;
    this.attempt = 0;
    this.player = msg.player;
    this.games = msg.games || [];
    if (msg.turn_ms) {
      this.turnLimits = msg.turn_ms;
      setUrgentMs(msg.turn_ms.urgent); // the countdown's last seconds, the lobby's
    }
    for (const id of msg.tables || []) {
      this._markSeated(id, true);
      this.interest.set(id, "play");
    }
    this._setStatus("online");
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => this._ping(), PING_EVERY_MS);
    if (first) this._resume();
    this.emit("welcome", msg);
  }

  _ping() {
    const ws = this.ws;
    this.request({ t: "ping", now: Date.now() }).catch((err) => {
      if (err.code === "timeout" && this.ws === ws && ws) ws.close(); // dead link: reconnect
    });
  }

  /** After (re)connecting: re-join our seats, re-watch what we watched,
   * re-subscribe to the table list. */
  _resume() {
    for (const [id, role] of this.interest) this._attach(id, role);
    if (this.lobbySub) this.send({ t: "tables", game: this.lobbySub.game, sub: true });
    if (this.arenaSub) this.followArena(this.arenaSub).catch(() => {});
  }

  _attach(id, role) {
    if (role === "play") {
      this.request({ t: "join", table: id }).catch((err) => {
        if (err.code === "disconnected" || err.code === "timeout") return;
        if (err.code === "no_such_table") {
          this._gone(id, err);
          return;
        }
        // not (or no longer) seated there: watch it instead
        this._markSeated(id, false);
        if (this.interest.has(id)) {
          this.interest.set(id, "watch");
          this._attach(id, "watch");
        }
      });
    } else {
      this.request({ t: "watch", table: id }, 5000).catch((err) => {
        if (err.code === "no_such_table") this._gone(id, err);
      });
    }
  }

  _gone(id, err) {
    this.interest.delete(id);
    this._markSeated(id, false);
    this.emit("table-error", { id, error: err });
  }

  _on_joined(msg) {
    this._markSeated(msg.table, true);
    this.interest.set(msg.table, "play");
  }

  _on_left(msg) {
    this._markSeated(msg.table, false);
    if (this.interest.get(msg.table) === "play") this.interest.set(msg.table, "watch");
  }

  _on_tables(msg) {
    this.lobbyList = msg.tables || [];
    this.emit("tables", this.lobbyList);
  }

  _on_snapshot(msg) {
    if (!this.interest.has(msg.table)) return; // we let go of it meanwhile
    const entry = { id: msg.table, seat: msg.seat, version: msg.version, view: msg.view, chat: msg.chat || [], syncing: false, snapshots: 1 };
    const old = this.tables.get(msg.table);
    if (old) entry.snapshots = (old.snapshots || 0) + 1;
    this.tables.set(msg.table, entry);
    this._settleQuiet("watch", msg.table, msg);
    this._afterUpdate(entry);
    this._followMove(entry, old ? old.seat : null);
  }

  _on_delta(msg) {
    const entry = this.tables.get(msg.table);
    if (!entry || !entry.view || entry.version !== msg.base) {
      this._sync(msg.table, entry);
      return;
    }
    let doc;
    try {
      doc = jsonpatch.applyPatch(structuredClone(entry.view), msg.patch, false, true).newDocument;
    } catch (e) {
      console.warn("patch failed; resyncing", e);
      this._sync(msg.table, entry);
      return;
    }
    const before = entry.seat;
    entry.view = doc;
    entry.version = msg.version;
    entry.seat = msg.seat;
    this._afterUpdate(entry);
    this._followMove(entry, before);
  }

  /** Our seat (`before`) at this table went in a `moved` event: the lobby
   * merged waiting quick tables of one kind and seated us at the event's
   * `to` (the view's `moved_to`).  Follow: join it (the server returns the
   * seat we hold there), let go of this one, and tell the page (`moved`). */
  _followMove(entry, before) {
    if (before === null || before === undefined || (entry.seat !== null && entry.seat !== undefined)) return;
    if (this.interest.get(entry.id) !== "play") return;
    const events = (entry.view && entry.view.events) || [];
    const ev = events.find((e) => e && e.type === "moved" && typeof e.to === "string" && (e.seats || []).includes(before));
    if (!ev) return;
    this._markSeated(entry.id, false);
    this.interest.delete(entry.id);
    this.send({ t: "unwatch", table: entry.id });
    this._markSeated(ev.to, true);
    if (!this.interest.has(ev.to)) {
      this.interest.set(ev.to, "play");
      this._attach(ev.to, "play");
    }
    this.emit("moved", { from: entry.id, to: ev.to });
  }

  /** A finished table's ready marks (no new version: kept beside the doc)
   * for the version we hold: the view's `next.ready` is theirs, then the
   * `table` event.  Marks of another version change nothing (a snapshot or
   * the next delta brings them). */
  _on_ready(msg) {
    const entry = this.tables.get(msg.table);
    if (!entry || !entry.view || !entry.view.next || entry.version !== msg.version) return;
    entry.view = { ...entry.view, next: { ...entry.view.next, ready: msg.ready } };
    this._afterUpdate(entry);
  }

  /** A chat line at a table we show: kept once (by id), then the `chat` event. */
  _on_chat(msg) {
    const entry = this.tables.get(msg.table);
    const line = msg.line;
    if (!entry || !line || entry.chat.some((l) => l.id === line.id)) return;
    entry.chat = [...entry.chat, line].slice(-MAX_CHAT_LINES);
    this.emit("chat", entry);
  }

  _sync(id, entry) {
    if (!this.interest.has(id)) return;
    if (entry && entry.syncing) return;
    if (entry) entry.syncing = true;
    this.send({ t: "sync", table: id });
  }

  _afterUpdate(entry) {
    const status = entry.view && entry.view.status;
    if (entry.seat !== null && entry.seat !== undefined) {
      this._markSeated(entry.id, status !== "closed");
    }
    this.emit("table", entry);
  }

  /** An `arena` frame: held (and the `arena` event) when it answers the
   * page's `arena` request with sub: true (followArena), the base of the
   * arena_deltas that follow; the other `arena` replies (join, pause,
   * create) only resolve their request. */
  _on_arena(msg) {
    const p = msg.ref !== undefined ? this.pending.get(msg.ref) : null;
    if (!p || p.msg.t !== "arena" || !p.msg.sub || !msg.arena || msg.arena.id !== this.arenaSub) return;
    const body = { arena: msg.arena, standings: msg.standings };
    this.arenas.set(msg.arena.id, body);
    this.emit("arena", body);
  }

  /** A change of the followed arena: its patch applied to the body held
   * (then the `arena` event); a patch that does not apply asks for the
   * whole arena again. */
  _on_arena_delta(msg) {
    const held = this.arenas.get(msg.arena);
    if (msg.arena !== this.arenaSub) return;
    if (!held) {
      this.followArena(msg.arena).catch(() => {});
      return;
    }
    let body;
    try {
      body = jsonpatch.applyPatch(structuredClone(held), msg.patch, false, true).newDocument;
    } catch (e) {
      console.warn("arena patch failed; asking again", e);
      this.followArena(msg.arena).catch(() => {});
      return;
    }
    this.arenas.set(msg.arena, body);
    this.emit("arena", body);
  }

  /** The arena seated us at a new table (we sit there already): resume
   * that seat as any other (join), remember the pairing, and tell the page
   * (`arena-paired`). */
  _on_arena_paired(msg) {
    if (typeof msg.table !== "string" || typeof msg.arena !== "string") return;
    this.arenaPaired.set(msg.arena, { arena: msg.arena, table: msg.table, seat: msg.seat });
    this._markSeated(msg.table, true);
    if (this.interest.get(msg.table) !== "play") {
      this.interest.set(msg.table, "play");
      if (this.signedIn) this._attach(msg.table, "play");
    }
    this.emit("arena-paired", msg);
  }

  _on_error(msg) {
    if (msg.code === "protocol_version") {
      this.stop();
      this.emit("reload", msg);
    } else if (msg.code === "signed_out") {
      this._signedOut(new LobbyError(msg.code, msg.msg));
    }
  }

  /** Our session was signed out (here or on another device; the server
   * then closes with 4001): forget its token and what it sat at, make no
   * reconnect with it, and tell the page (`signed-out`, with the error). */
  _signedOut(err) {
    if (!this.hasToken() && !this.signedIn) return; // told already (the error frame, then the close)
    this.forget();
    this.signedIn = false;
    this.pendingName = null;
    this.player = null;
    this.interest.clear();
    this.tables.clear();
    this.lobbySub = null;
    this.arenaSub = null;
    this.arenas.clear();
    this.arenaPaired.clear();
    this.emit("signed-out", err);
  }

  /** This page signed its own session out (the sign-out has answered):
   * forget it as a sign-out elsewhere would, without a notice (`signed-out`
   * with no error), and close the socket; the server's own close that
   * follows finds nothing left to do. */
  signedOutHere() {
    this._signedOut(null);
    if (this.ws) this.ws.close();
  }

  _on_bye() {
    this.byeSeen = true;
    if (this.ws) this.ws.close();
  }

  // -- commands ----------------------------------------------------------
  /** Show a table: resume our seat there if we hold one, else watch it. */
  open(id) {
    if (this.interest.has(id)) return; // already shown, or resumed at the next welcome
    this.interest.set(id, this.isSeated(id) ? "play" : "watch");
    if (this.signedIn) this._attach(id, this.interest.get(id));
  }

  /** Stop showing a table: unwatch it unless we hold a seat at a live table. */
  close(id) {
    const entry = this.tables.get(id);
    const live = entry && entry.view && (entry.view.status === "waiting" || entry.view.status === "playing");
    if (this.interest.get(id) === "play" && entry && entry.seat !== null && live) return;
    this.interest.delete(id);
    this.tables.delete(id);
    this.send({ t: "unwatch", table: id });
  }

  subscribeTables(game) {
    this.lobbySub = { game };
    return this.request({ t: "tables", game, sub: true });
  }

  unsubscribeTables() {
    if (!this.lobbySub) return;
    this.lobbySub = null;
    this.send({ t: "tables", sub: false });
  }

  /** The listed arenas (docs/protocol.md `arenas`); resolves with the reply. */
  listArenas() {
    return this.request({ t: "arenas" });
  }

  /** Follow arena `id` (its `arena` frame now, then its arena_deltas:
   * the `arena` event each time); a page follows one arena at a time. */
  followArena(id) {
    this.arenaSub = id;
    return this.request({ t: "arena", arena: id, sub: true });
  }

  /** Stop following the arena followed. */
  unfollowArena() {
    const id = this.arenaSub;
    if (!id) return;
    this.arenas.delete(id);
    this.arenaSub = null;
    this.request({ t: "arena", arena: id, sub: false }).catch(() => {}); // an arena gone meanwhile: nothing to stop
  }

  /** Join arena `id` (or come back after a pause), then follow it afresh. */
  joinArena(id) {
    return this.request({ t: "arena_join", arena: id }).then(() => this.followArena(id));
  }

  /** Pause in arena `id` (before its start: withdraw), then follow it afresh. */
  pauseArena(id) {
    return this.request({ t: "arena_pause", arena: id }).then(() => this.followArena(id));
  }

  /** Create an arena (`fields`: arena_create's, docs/protocol.md); resolves with the `arena` reply. */
  createArena(fields) {
    return this.request({ t: "arena_create", ...fields });
  }

  quick(game, bots) {
    return this.request({ t: "quick", game, bots: !!bots });
  }

  openTable({ game, seats, turn_ms, bots, priv, options }) {
    const msg = { t: "open", game, bots: !!bots, private: !!priv };
    if (seats !== undefined) msg.seats = seats;
    if (turn_ms !== undefined) msg.turn_ms = turn_ms;
    if (options && Object.keys(options).length) msg.options = options;
    return this.request(msg);
  }

  startTable(id) {
    return this.request({ t: "start", table: id }, 2000);
  }

  leave(id) {
    return this.request({ t: "leave", table: id });
  }

  move(id, turn, move) {
    return this.request({ t: "move", table: id, turn, move });
  }

  /** Ready for another game at a finished table (no reply on success). */
  ready(id) {
    return this.request({ t: "ready", table: id }, 2000);
  }

  /** Back from away: take our seat back from the bot (no reply on success). */
  back(id) {
    return this.request({ t: "back", table: id }, 2000);
  }

  /** Say `text` at a table we sit at or watch (no reply on success). */
  chat(id, text) {
    return this.request({ t: "chat", table: id, text }, 2000);
  }

  /** Our player (name, coins) and stats; resolves with the `me` reply. */
  me() {
    return this.request({ t: "me" });
  }

  /** Our balance changed (a settlement, an escape's payment): pushed
   * unasked, in order; then the `balance` event. */
  _on_balance(msg) {
    if (typeof msg.coins !== "number") return;
    this.player = { ...(this.player || {}), coins: msg.coins };
    this.emit("balance", msg.coins);
  }

  _on_me(msg) {
    if (msg.player) this.player = { ...(this.player || {}), ...msg.player };
    this.stats = msg.stats || {};
    this.emit("me", msg);
  }
}
