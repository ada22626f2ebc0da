// Load generator of bench/run.py: one Node process (pinned by run.py to the
// core the servers do not use) that speaks the lobby protocol over `ws`
// (msgpack frames; the floor speaks the same subset) or Colyseus's through
// @colyseus/sdk, and measures what the issue asks:
//
//   * "tables" mode (W1, W2, W3): `tables` tables of `players` seats and
//     `spectators` watchers each.  A global pacer sends `rate` moves/s in
//     total over the tables (order: `pacer`, below) that have no move in flight (one at
//     a time per table: the next turn id comes from the resulting delta).
//     Latency = performance.now() at the mover's send -> performance.now() at
//     each recipient's receipt of the delta that move produced (matched by
//     table and version), for every recipient (mover included).  Each step
//     is warm-up, then a fixed window; the server CPU (utime+stime of
//     `server_pids` from /proc) and this process's CPU are read at the window
//     edges.  With `stop_p99_ms`, steps stop after the first whose p99 is
//     above it (W2).
//     `pacer` picks which table gets the next move: "lockstep" (default)
//     round-robin, so every table moves in phase and tables that started
//     together end their games together (a tournament start); "random" a
//     random one of the tables with no move in flight, so the tables drift
//     apart and game ends spread out.  Same pacer for every server.
//     With `mix` (W5): [{game, tables, seats, options}] instead of one
//     Sibala layout; the tables of each game are interleaved, `spectators`
//     at each, tables opened with `games` (a table plays on after a game).
//     Each player keeps its own view (lobby) and the move is chosen for its
//     seat from it (chooseMove); the floor and Colyseus broadcast the
//     recorded delta of that game (`sample`).  Latency there counts, for
//     every recipient, each move whose version lies between the recipient's
//     previous delta (or snapshot) and this one: the delta of the version the
//     move produced, or the next one at or after it.
//   * "arena" mode (W6, lobby only): `players` clients and one more that
//     claims an account and creates an arena of `game` (`seats` a table)
//     starting `lead_ms` after everyone connected; every player joins it
//     before the start.  From the start, for `seconds`: the lobby's pairing
//     seats them (`arena_paired`), each sends `join` of its table and plays
//     its seat: `think_ms` after its view shows its turn it sends a legal
//     move (chooseMove), again at every table the arena pairs it at later.
//     Measured from the arena's start (wall clock, the server's `start`):
//     per table of the first pairing, when every seat had its snapshot of
//     the started game (its first turn) and when every seat had the table's
//     first delta (the first move's, so `think_ms` is in it); move latency
//     as in W1 (mover's send -> each seat's receipt of the delta carrying
//     that version), for the start wave (the first game of every table of
//     the first pairing) and for the whole window; server CPU over the
//     window / deltas received.
//   * "idle" mode (W4): `clients` connections, signed in (lobby, floor) or in
//     rooms of `room_size` (Colyseus), each sending an app-level ping every
//     `heartbeat_s`.  Prints {"event":"connected"}; on stdin "report" prints
//     the heartbeat tally, on "close" closes everything and exits.
//
// Config: one JSON argument.  Output: JSON lines on stdout.
"use strict";
const fs = require("fs");
const WebSocket = require("ws");
const { Packr } = require("msgpackr");
const jsonpatch = require("fast-json-patch");

const cfg = JSON.parse(process.argv[2]);
const packr = new Packr({ useRecords: false, mapsAsObjects: true, variableMapSize: true, int64AsType: "number" });
const pack = (o) => packr.pack(o);
const unpack = (b) => packr.unpack(b);
const now = () => performance.now();
const out = (o) => process.stdout.write(JSON.stringify(o) + "\n");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const CLK_TCK = 100;

// ---------------------------------------------------------------- /proc -----
function procCpu(pid) {
  try {
    const s = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = s.slice(s.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) / CLK_TCK; // utime + stime, s
  } catch (e) { return 0; }
}
function procRss(pid) {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : 0;
  } catch (e) { return 0; }
}
const serverCpu = () => (cfg.server_pids || []).reduce((a, p) => a + procCpu(p), 0);
const serverRss = () => (cfg.server_pids || []).reduce((a, p) => a + procRss(p), 0);
// busy time (user + nice + system) of every CPU, s: what others used = this
// minus the servers' and the generator's own
function allCpu() {
  try {
    const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
    return (Number(line[1]) + Number(line[2]) + Number(line[3])) / CLK_TCK;
  } catch (e) { return 0; }
}
function selfCpu() { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; }

// ------------------------------------------------------------- stats --------
function percentiles(arr) {
  const a = Float64Array.from(arr).sort();
  const q = (p) => (a.length ? a[Math.min(a.length - 1, Math.ceil(p * a.length) - 1)] : null);
  const r = (x) => (x === null ? null : Math.round(x * 1000) / 1000);
  return { n: a.length, p50: r(q(0.5)), p90: r(q(0.9)), p99: r(q(0.99)), p999: r(q(0.999)), max: r(a.length ? a[a.length - 1] : null), mean: r(a.length ? a.reduce((x, y) => x + y, 0) / a.length : null) };
}

// -------------------------------------------------- lobby / floor client ----
let refSeq = 0;
class WsClient {
  constructor(url, name, localAddress) {
    this.url = url; this.name = name; this.localAddress = localAddress;
    this.pending = new Map(); this.onFrame = null; this.closedByServer = false; this.pongs = 0;
  }
  open() {
    return new Promise((resolve, reject) => {
      const opts = { perMessageDeflate: false, maxPayload: 1 << 22, handshakeTimeout: 30000 };
      if (this.localAddress) opts.localAddress = this.localAddress;
      const ws = (this.ws = new WebSocket(this.url, opts));
      ws.binaryType = "nodebuffer";
      ws.on("open", resolve);
      ws.on("error", (e) => { if (ws.readyState !== WebSocket.OPEN) reject(e); });
      ws.on("close", () => { if (!this.closing) this.closedByServer = true; for (const [, p] of this.pending) p.reject(new Error("closed")); this.pending.clear(); });
      ws.on("message", (data) => {
        const m = unpack(data);
        if (m.ref !== undefined && this.pending.has(m.ref)) {
          const p = this.pending.get(m.ref); this.pending.delete(m.ref);
          if (m.t === "error") p.reject(new Error(`${m.code}: ${m.msg}`)); else p.resolve(m);
        }
        if (m.t === "pong") this.pongs++;
        if (this.onFrame) this.onFrame(m, this);
      });
    });
  }
  send(m) { if (this.ws.readyState === WebSocket.OPEN) this.ws.send(pack(m)); }
  request(m, timeoutMs = 30000) {
    const ref = (refSeq = (refSeq + 1) % 2147483647);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => { this.pending.delete(ref); reject(new Error(`timeout ${m.t}`)); }, timeoutMs);
      this.pending.set(ref, { resolve: (v) => { clearTimeout(timer); resolve(v); }, reject: (e) => { clearTimeout(timer); reject(e); } });
      this.send({ ...m, ref });
    });
  }
  // a request the lobby may refuse with `busy` (it says: retry); setup retries it
  async call(m) {
    for (let attempt = 0; ; attempt++) {
      try { return await this.request(m); }
      catch (e) {
        if (!/^busy/.test(e.message) || attempt >= 40) throw e;
        stats.busy_retries++;
        await sleep(20 + 10 * attempt);
      }
    }
  }
  async connect() {
    await this.open();
    this.token = (await this.call({ t: "hello", proto: 1, name: this.name })).token;
  }
  close() { this.closing = true; try { this.ws.terminate(); } catch (e) {} }
}

// --------------------------------------------------------- the tables -------
const stats = { error_codes: {}, busy_retries: 0, lat: [], by_game: {}, deliveries: 0, all_deltas: 0, moves: 0, sent: 0, errors: 0, lost: 0, switches: 0, syncs: 0, missed: 0, no_move: 0, recording: false };

function onDelta(table, version, tRecv, client) {
  // every recipient calls this for each delta of its table
  if (stats.recording) stats.all_deltas++;
  if (cfg.mix) {
    // W5: every move in (the recipient's last version, this one]
    const seen = client.seen;
    client.seen = version;
    if (!stats.recording || seen === undefined) return;
    for (const [v, t0] of table.sentAt) if (v > seen && v <= version) record(table, tRecv - t0);
    return;
  }
  const t0 = table.sentAt.get(version);
  if (t0 === undefined) return;
  if (stats.recording) { stats.lat.push(tRecv - t0); stats.deliveries++; }
}
const gameStats = (table) => stats.by_game[table.game] || (stats.by_game[table.game] = { moves: 0, lat: [] });
// the tracker saw the version a move produced: the table may move again
function moveDone(table) {
  table.busy = false;
  if (stats.recording) { stats.moves++; if (cfg.mix) gameStats(table).moves++; }
}
function record(table, ms) {
  stats.lat.push(ms); stats.deliveries++;
  gameStats(table).lat.push(ms);
}

class Table {
  constructor(index, players, spectators, spec) {
    this.index = index; this.players = players; this.spectators = spectators;
    this.spec = spec; this.game = spec ? spec.game : "sibala";
    this.id = null; this.view = null; this.version = 0; this.busy = false; this.switching = false;
    this.sentAt = new Map(); this.expect = 0; this.busySince = 0; this.rr = 0;
    this.seatClient = new Map();
  }
  all() { return this.players.concat(this.spectators); }
  ready() { return this.id !== null && !this.busy && !this.switching && (cfg.peer !== "lobby" || (this.view && this.view.status === "playing")); }
}

// lobby & floor: frames of a table's members.  The tracker (the first
// player) drives the table: its view is the table's, its deltas end a move.
// A client that keeps a view (on our lobby: the tracker; in W5 every player)
// applies each delta to it, or asks for a snapshot.
function wsFrameHandler(table, isTracker, keepsView) {
  return (m, client) => {
    const t = now();
    if (m.t === "delta") {
      if (m.table !== table.id) return;
      onDelta(table, m.version, t, client);
      if (keepsView) {
        const resync = () => { stats.syncs++; client.send({ t: "sync", table: table.id }); };
        if (m.base !== client.version || !client.view) return resync();
        try { client.view = jsonpatch.applyPatch(client.view, m.patch, false, true).newDocument; } catch (e) { return resync(); }
      }
      client.version = m.version;
      if (!isTracker) return;
      table.view = client.view; table.version = m.version;
      if (table.busy && m.version >= table.expect) moveDone(table);
      if (cfg.peer === "lobby") afterGame(table);
    } else if (m.t === "snapshot" && (isTracker || keepsView) && (m.table === table.id || table.id === null)) {
      client.view = m.view; client.version = m.version; client.seen = m.version;
      if (!isTracker) return;
      table.view = m.view; table.version = m.version;
      if (table.busy && m.version >= table.expect) table.busy = false;
      if (cfg.peer === "lobby" && table.id !== null) afterGame(table);
    } else if (m.t === "error" && m.ref === undefined) {
      // a refused move (or ready): the table may move again
      stats.errors++;
      stats.error_codes[m.code] = (stats.error_codes[m.code] || 0) + 1;
      if (table.busy && table.players.includes(client)) table.busy = false;
    }
  };
}

async function setupWsTable(table, rounds) {
  const [p0, ...rest] = table.players;
  table.id = null; table.view = null; table.version = 0; table.sentAt.clear(); table.seatClient.clear();
  for (const c of table.all()) { c.view = null; c.version = 0; c.seen = undefined; }
  const spec = table.spec;
  const open = spec
    ? { t: "open", game: spec.game, seats: table.players.length, turn_ms: 300000, bots: false, games: cfg.games, options: spec.options || {} }
    : { t: "open", game: "sibala", seats: table.players.length, turn_ms: 300000, bots: false, options: { rounds } };
  if (spec && cfg.peer === "floor") open.sample = spec.game; // the floor broadcasts that game's recorded delta
  const joined = await p0.call(open);
  table.id = joined.table;
  table.seatClient.set(joined.seat, p0);
  await pool(table.spectators.length, 10, (i) => table.spectators[i].call({ t: "watch", table: table.id }), true);
  for (const c of rest) { const j = await c.call({ t: "join", table: table.id }); table.seatClient.set(j.seat, c); }
  const deadline = Date.now() + 30000;
  while (!(table.view && table.view.status === "playing")) {
    if (cfg.peer !== "lobby" && table.view) break;
    if (Date.now() > deadline) throw new Error(`table ${table.id} did not start`);
    await sleep(5);
  }
}

// A finished game: press ready for the next one at the same table (the lobby's
// "play again"), or, where the table offers none, open a new table.
function afterGame(table) {
  const st = table.view.status;
  if (st === "playing") { if (table.switching === "again") { table.switching = false; table.busy = false; } return; }
  if (table.switching || table.id === null) return;
  if (st === "finished" && table.view.next) {
    table.switching = "again"; stats.switches++;
    const id = table.id;
    for (const c of table.players) c.send({ t: "ready", table: id });
    setTimeout(() => { if (table.switching === "again" && table.id === id) { table.switching = false; newGame(table); } }, 10000);
  } else if (st === "finished" || st === "closed") newGame(table);
}

async function newGame(table) {
  table.switching = true; stats.switches++;
  const old = table.id;
  try {
    for (const c of table.all()) c.send({ t: "unwatch", table: old });
    // W5: give up the seats too (a stud seat's coins stay promised to a table that offers a next game)
    if (cfg.mix && old !== null) await Promise.all(table.players.map((c) => c.request({ t: "leave", table: old }).catch(() => {})));
    await setupWsTable(table, cfg.rounds);
  } catch (e) { stats.errors++; out({ event: "warn", msg: `new game: ${e.message}` }); }
  table.busy = false; table.switching = false;
}

// W5: a legal move for `seat` from its own engine view `st` (null: none now)
function chooseMove(game, st, seat) {
  switch (game) {
    case "sibala": return { type: "roll" };
    case "stud": { // check, else call (the generator never bets, so a game costs the ante)
      const legal = st.you && st.you.legal;
      if (!legal) return null;
      const acts = legal.actions;
      return { type: acts.includes("check") ? "check" : acts.includes("call") ? "call" : "fold" };
    }
    case "yahtzee": { // roll once, then score the first open category
      if (!st.rolls) return { type: "roll" };
      const first = Object.keys(st.options_scores || {})[0];
      return first === undefined ? null : { type: "score", category: first };
    }
    case "shut_the_box": { // roll two dice, then shut the first covering set
      if (st.throw === null) return { type: "roll" };
      const tiles = cover(st.open, st.throw);
      return tiles ? { type: "shut", tiles } : null;
    }
    case "six_nimmt": // the lowest card; row 0 when asked
      if (st.choosing) return st.choosing.seat === seat ? { type: "choose_row", row: 0 } : null;
      return st.hand && st.hand.length ? { type: "pick", card: Math.min(...st.hand) } : null;
    default: throw new Error(`no move choice for ${game}`);
  }
}
// the first set of open tiles summing to `total`, highest tiles tried first
function cover(open, total, from = open.length - 1) {
  if (total === 0) return [];
  for (let i = from; i >= 0; i--) {
    if (open[i] > total) continue;
    const rest = cover(open, total - open[i], i - 1);
    if (rest) return [open[i], ...rest];
  }
  return null;
}

function sendMove(table) {
  let client, turn, move = { type: "roll" };
  if (cfg.peer === "lobby") {
    const seat = table.view.to_act[0];
    client = table.seatClient.get(seat);
    if (client === undefined) return false;
    if (cfg.mix) { // from the mover's own view, once it has the table's version
      if (!client.view || client.version < table.version) return false;
      turn = client.view.turns[String(seat)];
      move = turn === undefined ? null : chooseMove(table.game, client.view.state, seat);
      if (!move) { stats.no_move++; return false; }
    } else turn = table.view.turns[String(seat)];
    if (turn === undefined) return false;
  } else {
    client = table.players[table.rr++ % table.players.length];
    turn = "x";
  }
  table.busy = true; table.busySince = now();
  table.expect = table.version + 1;
  table.sentAt.set(table.expect, now());
  if (table.sentAt.size > 32) table.sentAt.delete(table.sentAt.keys().next().value);
  stats.sent++;
  if (cfg.peer === "colyseus") client.room.send("move", { table: table.id, turn, move });
  else client.send({ t: "move", table: table.id, turn, move });
  return true;
}

// ------------------------------------------------------------ Colyseus ------
let ColyClient = null;
function colyClientFor(url) {
  if (!ColyClient) ColyClient = require("@colyseus/sdk").Client;
  return new ColyClient(url);
}
class ColyMember {
  constructor(sdk) { this.sdk = sdk; this.room = null; this.pongs = 0; this.closedByServer = false; }
  bind(table, isTracker) {
    this.room.reconnection.enabled = false;
    this.room.onMessage("delta", (m) => {
      const t = now();
      onDelta(table, m.version, t, this);
      if (isTracker) {
        table.version = m.version;
        if (table.busy && m.version >= table.expect) moveDone(table);
      }
    });
    this.room.onMessage("pong", () => { this.pongs++; });
    this.room.onLeave(() => { if (!this.closing) this.closedByServer = true; });
  }
  close() { this.closing = true; try { this.room.connection.transport.ws.terminate(); } catch (e) {} }
}
async function setupColyTable(table) {
  const [p0, ...rest] = table.players;
  const size = table.players.length + table.spectators.length;
  p0.room = await p0.sdk.create("bench", table.spec ? { max: size, sample: table.spec.game } : { max: size });
  table.id = p0.room.roomId; table.version = 1; table.view = {};
  p0.bind(table, true);
  const others = rest.concat(table.spectators);
  for (let i = 0; i < others.length; i += 50) {
    await Promise.all(others.slice(i, i + 50).map(async (c) => { c.room = await c.sdk.joinById(table.id, {}); c.bind(table, false); }));
  }
}

// ------------------------------------------------------------ helpers -------
async function pool(n, concurrency, fn, raise = false) {
  let next = 0; const errs = [];
  async function worker() { while (next < n) { const i = next++; try { await fn(i); } catch (e) { errs.push(e); } } }
  await Promise.all(Array.from({ length: Math.min(concurrency, n) }, worker));
  if (raise && errs.length) throw errs[0];
  return errs;
}
const urlFor = (i) => cfg.urls[i % cfg.urls.length];
const localFor = (i) => (cfg.local_addresses && cfg.local_addresses.length ? cfg.local_addresses[i % cfg.local_addresses.length] : undefined);

// ------------------------------------------------------------ tables mode ---
async function runTables() {
  const t0 = now();
  // W5: the games' tables interleaved (a, b, c, a, b, c, ...), so the pacer's round robin mixes them
  const mix = cfg.mix ? cfg.mix.flatMap((g) => Array.from({ length: g.tables }, (_, k) => [k, g])).sort((a, b) => a[0] - b[0]).map((x) => x[1]) : null;
  const T = mix ? mix.length : cfg.tables, S = cfg.spectators;
  const tables = [];
  const sdk = cfg.peer === "colyseus" ? colyClientFor(cfg.urls[0]) : null;
  for (let i = 0; i < T; i++) {
    const P = mix ? mix[i].seats : cfg.players;
    const mk = (k) => (cfg.peer === "colyseus" ? new ColyMember(sdk) : new WsClient(urlFor(0), `b${i}x${k}`, localFor(i)));
    tables.push(new Table(i, Array.from({ length: P }, (_, k) => mk(k)), Array.from({ length: S }, (_, k) => mk(P + k)), mix && mix[i]));
  }
  const nClients = tables.reduce((a, t) => a + t.all().length, 0);
  if (cfg.peer !== "colyseus") {
    for (const t of tables) {
      for (const c of t.all()) {
        const tracker = c === t.players[0];
        c.onFrame = wsFrameHandler(t, tracker, cfg.peer === "lobby" && (tracker || (!!mix && t.players.includes(c))));
      }
    }
    const clients = tables.flatMap((t) => t.all());
    const errs = await pool(clients.length, cfg.connect_concurrency || 50, (i) => clients[i].connect());
    if (errs.length) throw new Error(`${errs.length} connects failed: ${errs[0].message}`);
  }
  // first games end at staggered times (rounds spread over 1..R), later ones play R rounds
  const errs = await pool(T, 10, (i) => (cfg.peer === "colyseus" ? setupColyTable(tables[i]) : setupWsTable(tables[i], Math.max(1, Math.round((cfg.rounds * (i + 1)) / T)))));
  if (errs.length) throw new Error(`${errs.length} tables failed: ${errs[0].stack}`);
  out({ event: "ready", setup_s: Math.round(now() - t0) / 1000, clients: nClients });

  let rr = 0, tokens = 0, last = now(), rate = 0;
  const pacer = setInterval(() => {
    const t = now();
    tokens = Math.min(tokens + ((t - last) / 1000) * rate, Math.max(2, rate * 0.02));
    last = t;
    for (const table of tables) if (table.busy && t - table.busySince > 20000) { table.busy = false; stats.lost++; }
    if (cfg.pacer === "random") {
      // a random table of those ready each time: tables drift out of phase
      let ready = null;
      while (tokens >= 1) {
        if (ready === null) ready = tables.filter((x) => x.ready());
        if (!ready.length) break;
        const k = Math.floor(Math.random() * ready.length);
        const table = ready[k];
        ready[k] = ready[ready.length - 1]; ready.pop();
        if (sendMove(table)) tokens -= 1;
      }
    } else {
      // lockstep: round-robin, every table moves in phase
      let scanned = 0;
      while (tokens >= 1 && scanned < T) {
        const table = tables[rr]; rr = (rr + 1) % T;
        if (table.ready() && sendMove(table)) { tokens -= 1; scanned = 0; } else scanned++;
      }
    }
    if (tokens >= 1 && stats.recording) { stats.missed += Math.floor(tokens); tokens -= Math.floor(tokens); }
  }, 1);

  const results = [];
  for (const step of cfg.steps) {
    rate = step.rate; tokens = 0; last = now();
    await sleep(step.warmup_s * 1000);
    Object.assign(stats, { error_codes: {}, busy_retries: 0, lat: [], by_game: {}, deliveries: 0, all_deltas: 0, moves: 0, sent: 0, errors: 0, lost: 0, switches: 0, syncs: 0, missed: 0, no_move: 0 });
    const c0 = serverCpu(), g0 = selfCpu(), a0 = allCpu(), w0 = now();
    stats.recording = true;
    await sleep(step.window_s * 1000);
    stats.recording = false;
    const wall = (now() - w0) / 1000, c1 = serverCpu(), g1 = selfCpu(), a1 = allCpu();
    const lat = percentiles(stats.lat);
    const res = {
      event: "step", rate: step.rate, window_s: Math.round(wall * 1000) / 1000,
      moves_per_s: Math.round((stats.moves / wall) * 10) / 10, sent: stats.sent, moves: stats.moves,
      deliveries: stats.deliveries, deliveries_per_s: Math.round(stats.deliveries / wall),
      latency_ms: lat,
      server_cpu_s: Math.round((c1 - c0) * 1000) / 1000, server_cpu_frac: Math.round(((c1 - c0) / wall) * 1000) / 1000,
      all_deltas: stats.all_deltas,
      cpu_us_per_delivery: stats.all_deltas ? Math.round(((c1 - c0) / stats.all_deltas) * 1e7) / 10 : null,
      gen_cpu_frac: Math.round(((g1 - g0) / wall) * 1000) / 1000,
      other_cpu_frac: Math.round((Math.max(0, (a1 - a0) - (c1 - c0) - (g1 - g0)) / wall) * 1000) / 1000,
      busy_retries: stats.busy_retries, error_codes: stats.error_codes,
      server_rss: serverRss(), errors: stats.errors, lost: stats.lost, switches: stats.switches, syncs: stats.syncs, missed: stats.missed,
    };
    if (cfg.mix) {
      res.no_move = stats.no_move;
      res.by_game = {};
      for (const [g, x] of Object.entries(stats.by_game)) {
        const p = percentiles(x.lat);
        res.by_game[g] = { moves_per_s: Math.round((x.moves / wall) * 10) / 10, deliveries: p.n, p50: p.p50, p99: p.p99, max: p.max };
      }
    }
    out(res); results.push(res);
    if (cfg.stop_p99_ms !== undefined && (lat.p99 === null || lat.p99 > cfg.stop_p99_ms || res.moves_per_s < 0.9 * step.rate || res.gen_cpu_frac > 0.85)) break;
  }
  clearInterval(pacer);
  for (const t of tables) for (const c of t.all()) c.close();
}

// ------------------------------------------------------------ arena mode ----
const epochMs = () => performance.timeOrigin + performance.now();

class ArenaTable {
  constructor(id, pairedAt, wave) {
    this.id = id; this.pairedAt = pairedAt; this.wave = wave;
    this.members = new Map(); // seat -> player
    this.firstView = new Map(); // seat -> wall clock ms when that seat first saw the game playing
    this.firstDelta = new Map(); // seat -> wall clock ms of that seat's first delta
    this.sent = new Map(); // version a move should produce -> performance.now() at its send
    this.ended = false;
  }
}

async function runArena() {
  const t0 = now();
  const N = cfg.players;
  const httpBase = cfg.urls[0].replace(/^ws/, "http").replace(/\/ws$/, "");
  const players = Array.from({ length: N }, (_, i) => new WsClient(urlFor(i), `a${i}`));
  const host = new WsClient(urlFor(0), `w6host${Math.random().toString(16).slice(2, 8)}`);
  const tables = new Map();
  const st = { lat: [], wave: [], deliveries: 0, all_deltas: 0, moves: 0, errors: 0, error_codes: {}, syncs: 0, pairings: 0, games_ended: 0, recording: false };
  let arena = null;

  const maybeMove = (p) => {
    const v = p.view;
    if (!v || v.status !== "playing" || p.thinking) return;
    const turn = v.turns && v.turns[String(p.seat)];
    if (turn === undefined || p.moved.has(`${turn}:${p.version}`)) return;
    p.thinking = true;
    const table = p.table, version = p.version;
    setTimeout(() => {
      p.thinking = false;
      if (p.table !== table || p.version !== version) return maybeMove(p); // the view moved on meanwhile
      const move = chooseMove(cfg.game, p.view.state, p.seat);
      if (!move) return;
      p.moved.add(`${turn}:${version}`);
      table.sent.set(version + 1, { at: now(), wave: table.wave && !table.ended });
      if (table.sent.size > 32) table.sent.delete(table.sent.keys().next().value);
      if (st.recording) st.moves++;
      p.send({ t: "move", table: table.id, turn, move });
    }, cfg.think_ms);
  };
  const onFrame = (m, p) => {
    const t = now(), wall = epochMs();
    if (m.t === "arena_paired") {
      if (!arena || m.arena !== arena.id) return;
      if (p.table) p.send({ t: "unwatch", table: p.table.id });
      let table = tables.get(m.table);
      if (!table) {
        table = new ArenaTable(m.table, wall, !p.firstTable);
        tables.set(m.table, table);
        if (st.recording) st.pairings++;
      }
      table.members.set(m.seat, p);
      p.firstTable = p.firstTable || table;
      // turn ids may repeat from table to table: what was answered is per table
      Object.assign(p, { table, seat: m.seat, view: null, version: 0, seen: undefined, thinking: false, moved: new Set() });
      p.request({ t: "join", table: m.table }).catch((e) => { st.errors++; st.error_codes[e.message.split(":")[0]] = (st.error_codes[e.message.split(":")[0]] || 0) + 1; });
      return;
    }
    const table = p.table;
    if (m.t === "snapshot" && table && m.table === table.id) {
      p.view = m.view; p.version = m.version; p.seen = m.version;
      if (m.view.status === "playing" && !table.firstView.has(p.seat)) table.firstView.set(p.seat, wall);
      maybeMove(p);
    } else if (m.t === "delta" && table && m.table === table.id) {
      if (st.recording) st.all_deltas++;
      if (!table.firstDelta.has(p.seat)) table.firstDelta.set(p.seat, wall);
      const seen = p.seen;
      p.seen = m.version;
      if (st.recording && seen !== undefined) {
        for (const [v, sent] of table.sent) {
          if (v > seen && v <= m.version) {
            st.lat.push(t - sent.at); st.deliveries++;
            if (sent.wave) st.wave.push(t - sent.at);
          }
        }
      }
      if (m.base !== p.version || !p.view) { st.syncs++; return p.send({ t: "sync", table: table.id }); }
      try { p.view = jsonpatch.applyPatch(p.view, m.patch, false, true).newDocument; } catch (e) { st.syncs++; return p.send({ t: "sync", table: table.id }); }
      p.version = m.version;
      if (p.view.status === "playing" && !table.firstView.has(p.seat)) table.firstView.set(p.seat, wall);
      if (p.view.status !== "playing" && !table.ended && p.view.status !== "waiting") { table.ended = true; if (st.recording) st.games_ended++; }
      maybeMove(p);
    } else if (m.t === "error" && m.ref === undefined) {
      st.errors++; st.error_codes[m.code] = (st.error_codes[m.code] || 0) + 1;
    }
  };
  for (const p of players) { p.onFrame = onFrame; p.moved = new Set(); p.table = null; p.firstTable = null; }
  const errs = await pool(N + 1, cfg.connect_concurrency || 50, (i) => (i === N ? host : players[i]).connect());
  if (errs.length) throw new Error(`${errs.length} connects failed: ${errs[0].message}`);
  const claim = await fetch(`${httpBase}/api/account/claim`, {
    method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${host.token}` },
    body: JSON.stringify({ password: "w6 bench host password" }),
  });
  if (claim.status !== 200) throw new Error(`claim: HTTP ${claim.status} ${await claim.text()}`);
  const start = Math.round(epochMs() + cfg.lead_ms);
  // a BigInt: msgpackr packs a Number past 32 bits as a float, which the lobby refuses
  const made = await host.call({ t: "arena_create", game: cfg.game, minutes: Math.max(5, Math.ceil(cfg.seconds / 60) + 1), seats: cfg.seats, start: BigInt(start), private: true });
  arena = made.arena;
  const joinErrs = await pool(N, 50, (i) => players[i].call({ t: "arena_join", arena: arena.id }));
  if (joinErrs.length) throw new Error(`${joinErrs.length} arena joins failed: ${joinErrs[0].message}`);
  const joinedAt = epochMs();
  out({ event: "ready", setup_s: Math.round(now() - t0) / 1000, clients: N + 1, arena: arena.id, start: arena.start, joined_before_start_ms: Math.round(arena.start - joinedAt) });
  if (joinedAt > arena.start) throw new Error(`the joins ended ${Math.round(joinedAt - arena.start)} ms after the start: raise lead_ms`);
  await sleep(arena.start - epochMs());
  const c0 = serverCpu(), g0 = selfCpu(), a0 = allCpu(), w0 = now();
  st.recording = true;
  await sleep(cfg.seconds * 1000);
  st.recording = false;
  const wall = (now() - w0) / 1000, c1 = serverCpu(), g1 = selfCpu(), a1 = allCpu();
  const wave = [...tables.values()].filter((t) => t.wave);
  // when the last seat of `t` saw it (null: a seat never did)
  const lastOf = (t, seen) => ([...t.members.keys()].every((seat) => seen.has(seat)) ? Math.max(...seen.values()) : null);
  const firstTurn = [], firstDelta = [], paired = [];
  let noFirstTurn = 0;
  for (const t of wave) {
    paired.push(t.pairedAt - arena.start);
    const ft = lastOf(t, t.firstView), fd = lastOf(t, t.firstDelta);
    if (ft === null) noFirstTurn++; else firstTurn.push(ft - arena.start);
    if (fd !== null) firstDelta.push(fd - arena.start);
  }
  const r = (x) => Math.round(x * 1000) / 1000;
  out({
    event: "arena", arena: arena.id, players: N, seats: cfg.seats, think_ms: cfg.think_ms, window_s: r(wall),
    unpaired: players.filter((p) => !p.firstTable).length, wave_tables: wave.length, wave_tables_without_first_turn: noFirstTurn,
    wave_tables_over_1s: firstTurn.filter((x) => x > 1000).length + noFirstTurn,
    paired_ms: percentiles(paired), first_turn_ms: percentiles(firstTurn), first_delta_ms: percentiles(firstDelta),
    wave_latency_ms: percentiles(st.wave), latency_ms: percentiles(st.lat),
    moves: st.moves, moves_per_s: Math.round((st.moves / wall) * 10) / 10, deliveries: st.deliveries, all_deltas: st.all_deltas,
    pairings: st.pairings, games_ended: st.games_ended, errors: st.errors, error_codes: st.error_codes, syncs: st.syncs,
    server_cpu_s: r(c1 - c0), server_cpu_frac: r((c1 - c0) / wall),
    cpu_us_per_delivery: st.all_deltas ? Math.round(((c1 - c0) / st.all_deltas) * 1e7) / 10 : null,
    gen_cpu_frac: r((g1 - g0) / wall), other_cpu_frac: r(Math.max(0, (a1 - a0) - (c1 - c0) - (g1 - g0)) / wall),
    server_rss: serverRss(),
  });
  for (const p of players) p.close();
  host.close();
}

// ------------------------------------------------------------- idle mode ----
async function runIdle() {
  const t0 = now();
  const N = cfg.clients;
  const members = [];
  let failed = 0, firstErr = null;
  if (cfg.peer === "colyseus") {
    const sdks = cfg.urls.map((u) => colyClientFor(u));
    const roomSize = cfg.room_size || 1000;
    const groups = Math.ceil(N / roomSize);
    await pool(groups, 4, async (g) => {
      const sdk = sdks[g % sdks.length];
      const n = Math.min(roomSize, N - g * roomSize);
      const first = new ColyMember(sdk);
      try { first.room = await sdk.create("bench", { max: roomSize }); first.bind({ sentAt: new Map() }, false); members.push(first); }
      catch (e) { failed += n; firstErr = firstErr || e.message; return; }
      await pool(n - 1, 25, async () => {
        const m = new ColyMember(sdk);
        try { m.room = await sdk.joinById(first.room.roomId, {}); m.bind({ sentAt: new Map() }, false); members.push(m); }
        catch (e) { failed++; firstErr = firstErr || e.message; }
      });
    });
  } else {
    await pool(N, cfg.connect_concurrency || 50, async (i) => {
      const c = new WsClient(urlFor(i), `i${cfg.gen_index || 0}x${i}`, localFor(i));
      try { await c.connect(); members.push(c); } catch (e) { failed++; firstErr = firstErr || e.message; c.close(); }
    });
  }
  out({ event: "connected", connected: members.length, failed, first_error: firstErr, connect_s: Math.round(now() - t0) / 1000 });
  // heartbeats, spread over the period
  const hb = cfg.heartbeat_s * 1000;
  let k = 0;
  const beat = setInterval(() => {
    const per = Math.ceil(members.length / (hb / 50));
    for (let j = 0; j < per && members.length; j++) {
      const m = members[k++ % members.length];
      if (cfg.peer === "colyseus") { try { m.room.send("ping", {}); } catch (e) {} } else m.send({ t: "ping" });
    }
  }, 50);
  const rl = require("readline").createInterface({ input: process.stdin });
  for await (const line of rl) {
    if (line.trim() === "report") {
      out({ event: "report", open: members.filter((m) => !m.closedByServer).length, closed_by_server: members.filter((m) => m.closedByServer).length, pongs: members.reduce((a, m) => a + m.pongs, 0) });
    } else if (line.trim() === "close") break;
  }
  clearInterval(beat);
  for (const m of members) m.close();
}

(async () => {
  try {
    if (cfg.mode === "idle") await runIdle(); else if (cfg.mode === "arena") await runArena(); else await runTables();
    out({ event: "done" });
    setTimeout(() => process.exit(0), 200);
  } catch (e) {
    out({ event: "fatal", error: String(e && e.stack || e) });
    setTimeout(() => process.exit(1), 200);
  }
})();
