// The replay viewer (#replay=ID&game=N): steps through a finished game of a
// table from its published record.  GET /api/tables/ID/replay?from=N lists
// the table's finished games from game N (seed fingerprint, revealed seed, steps,
// result) and, sent with our token, which seat was ours in each;
// GET /api/tables/ID/replay/N?[seat=S&]page=P gives each step's engine view
// in pages (the public one, or our own seat's: a seat's point of view, with
// its mucked cards, is only its player's).
// Each frame is drawn by the game's own table view (the contract of
// games/table_view.js), fed a synthetic table entry (no seat: a spectator's
// view of that moment, with the events of the steps since the one drawn
// before, so the view's log reads as it did live; its versions are the
// steps) and its render context; each step is told in the words of the
// view's log (eventLines).  Games without a view, or whose view refuses
// such an entry, say so (the frame's JSON, like each step's raw view, only
// for operators: #replay=ID&game=N&raw=1).  Nothing here needs a connection or
// a sign-in: the public replay is for everyone.  It opens in the table's
// page (app.js keeps the table followed meanwhile).

import { t, gameTitle } from "../i18n.js";
import { h, fill, setText } from "../dom.js";
import { seatNo, markedName } from "../games/seats.js";
import { tableContext } from "../games/table_view.js";
import { tableName } from "../shell.js";
import { VIEWS } from "../games/index.js";

const AUTOPLAY_MS = 900;
/** The games whose seed deals cards (the others roll dice): the verify intro's word. */
const CARD_GAMES = new Set(["stud", "six_nimmt"]);

/** SHA-256 (hex) of the bytes a hex string spells: the seed's published
 * hash.  Rejects where WebCrypto is missing (pages not served securely). */
export async function sha256Hex(hex) {
  if (!(window.crypto && crypto.subtle) || !/^([0-9a-f]{2})*$/i.test(hex)) throw new Error("no WebCrypto");
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.substr(2 * i, 2), 16);
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A move as a short text: "roll", "score category=chance", "roll hold=[0,2]". */
export function moveText(move) {
  if (!move || typeof move !== "object") return String(move);
  const rest = Object.entries(move)
    .filter(([k]) => k !== "type")
    .map(([k, v]) => `${k}=${typeof v === "object" ? JSON.stringify(v) : v}`);
  return [move.type, ...rest].filter((x) => x !== undefined).join(" ");
}

async function getJSON(url, token) {
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  const res = await fetch(url, { cache: "no-store", headers });
  let body = null;
  try {
    body = await res.json();
  } catch (e) {
    /* not JSON */
  }
  if (!res.ok) {
    const err = new Error((body && body.error) || `${res.status} ${res.statusText}`);
    err.status = res.status;
    throw err;
  }
  return body;
}

/** The replay screen: {el, tick, destroy} like the other screens (app.js). */
export function replayScreen({ net, id, gameNo, raw = false, onError }) {
  let fetchedGames = [];
  const games = () => (net && net.games && net.games.length ? net.games : fetchedGames);
  let record = null; // the game's public record
  let seat = null; // point of view: null (public) or a seat
  const cache = new Map(); // seat ("" for public) -> frames response
  let data = null; // the frames response shown
  let index = 0;
  let timer = null;
  let hosted = null; // {view: the game's own table view, shown} of the point of view shown, while it accepts frames
  let View = null; // its class
  const hostedByPov = new Map(); // seat ("" for public) -> {view, shown: the step it drew last}
  let loadSeq = 0;

  const titleEl = h("h2", { class: "replay-title" }, t("replay_title"));
  const gameEl = h("span", { class: "game-name", testid: "replay-game-name" });
  const subEl = h("span", { class: "muted", testid: "replay-sub" }, gameNo ? t("replay_sub", { name: tableName(id), n: gameNo }) : tableName(id));
  const backLink = h("a", { class: "button", href: `#table=${encodeURIComponent(id)}`, testid: "replay-back" }, t("back_to_table"));
  const msgEl = h("div", { class: "replay-msg muted", testid: "replay-msg" }, t("replay_loading"));

  const btn = (testid, label, symbol, fn) =>
    h("button", { testid, title: label, "aria-label": label, onclick: fn, disabled: true }, h("span", { "aria-hidden": "true" }, symbol), h("span", { class: "btn-label" }, label));
  const firstBtn = btn("replay-first", t("first"), "|◀", () => go(0));
  const prevBtn = btn("replay-prev", t("prev"), "◀", () => go(index - 1));
  const playBtn = btn("replay-play", t("autoplay"), "▶", () => toggleAutoplay());
  const nextBtn = btn("replay-next", t("next"), "▶", () => go(index + 1));
  const lastBtn = btn("replay-last", t("last"), "▶|", () => go(Infinity));
  // the "next" button's arrow reads better after its label
  nextBtn.append(nextBtn.firstChild);
  const slider = h("input", { type: "range", class: "replay-slider", testid: "replay-slider", min: "0", max: "0", step: "1", value: "0", disabled: true });
  slider.addEventListener("input", () => {
    stopAutoplay();
    go(parseInt(slider.value, 10));
  });
  const stepEl = h("span", { class: "replay-step", testid: "replay-step" });
  const actionEl = h("div", { class: "replay-action", testid: "replay-action", "aria-live": "polite" });
  const controls = h(
    "div",
    { class: "card replay-controls", testid: "replay-controls" },
    h("div", { class: "row" }, firstBtn, prevBtn, playBtn, nextBtn, lastBtn, stepEl),
    slider,
    actionEl
  );

  const stage = h("div", { class: "table-body replay-stage", testid: "replay-stage" });
  const rawPre = h("pre", { class: "state-json", testid: "replay-json" });
  // the raw view is the operators' (#replay=…&raw=1), never on a player's page
  const rawBox = raw ? h("details", { class: "replay-raw", testid: "replay-raw" }, h("summary", {}, t("raw_json")), rawPre) : null;

  const seatSel = h("select", { testid: "replay-seat", disabled: true, "aria-label": t("pov") });
  seatSel.addEventListener("change", () => {
    seat = seatSel.value === "" ? null : parseInt(seatSel.value, 10);
    loadFrames();
  });
  const gameSel = h("select", { testid: "replay-game", "aria-label": t("game_select") });
  gameSel.addEventListener("change", () => {
    location.hash = `#replay=${encodeURIComponent(id)}&game=${gameSel.value}`;
  });
  const gameRow = h("label", { class: "field", hidden: true }, h("span", {}, t("game_select")), gameSel);
  const stepsEl = h("ol", { class: "replay-steps", testid: "replay-steps" });

  const hashEl = h("code", { class: "mono-wrap", testid: "replay-seed-hash" });
  const seedEl = h("code", { class: "mono-wrap", testid: "replay-seed" });
  const checkEl = h("div", { class: "seed-check", testid: "replay-seed-check" });
  const cmd = `python -m lobby.client --url ${(net && net.url) || "ws://HOST/ws"} verify --table ${id}`;
  const cmdEl = h("code", { class: "mono-wrap cmd", testid: "verify-command" }, cmd);
  const copyBtn = h("button", { class: "small", testid: "verify-copy" }, t("copy"));
  copyBtn.addEventListener("click", () => {
    const done = () => {
      setText(copyBtn, t("copied"));
      setTimeout(() => setText(copyBtn, t("copy")), 1500);
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(cmd).then(done, () => selectText(cmdEl));
    } else {
      selectText(cmdEl);
    }
  });
  // the command in plain words first: what it checks, and that it is for the curious
  const introEl = h("p", { class: "small", testid: "verify-intro" });
  // the table page's words for fairness; the command line folded for who wants it
  const fairBox = h(
    "div",
    { class: "card replay-fair", testid: "replay-fair" },
    h("h3", {}, t("fair_title")),
    checkEl,
    h("p", { class: "muted small" }, t("fair_help")),
    h("div", { class: "kv" }, h("span", { class: "muted" }, t("fair_hash")), hashEl),
    h("div", { class: "kv" }, h("span", { class: "muted" }, t("fair_seed")), seedEl),
    h(
      "details",
      { class: "verify", testid: "verify-details" },
      h("summary", {}, t("verify_title")),
      introEl,
      h("p", { class: "small", testid: "verify-note" }, t("verify_note")),
      h("div", { class: "cmd-row" }, cmdEl, copyBtn)
    )
  );
  const side = h(
    "div",
    { class: "replay-side" },
    h("div", { class: "card replay-pick" }, gameRow, h("label", { class: "field" }, h("span", {}, t("pov")), seatSel), stepsEl),
    fairBox
  );

  const el = h(
    "section",
    { class: "screen screen-replay", testid: "replay-screen", "data-table": id },
    h("div", { class: "table-head" }, h("div", { class: "title-row" }, titleEl, gameEl, subEl), h("div", { class: "row" }, backLink)),
    msgEl,
    controls,
    h("div", { class: "replay-layout" }, h("div", { class: "replay-main" }, stage, rawBox), side)
  );

  function selectText(node) {
    const range = document.createRange();
    range.selectNodeContents(node);
    const sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
  }

  /** Step `i` in words: the game view's log lines of its events, else who
   * moved (and how, in the move's own terms). */
  function actionText(i) {
    const frame = data.frames[i];
    const action = frame.action;
    if (!action) return t("step_start");
    const names = data.seats.map((s, k) => (s ? markedName(s) : seatNo(k)));
    const who = names[action[1]] || seatNo(action[1]);
    let lines = [];
    if (hosted) {
      try {
        lines = hosted.view.eventLines(stepEvents(i), names, frame.view);
      } catch (e) {
        lines = [];
      }
    }
    if (lines.length) return lines.join(" · "); // a leave too, as the live log said it (stud: the escape, 逃跑)
    // a leave the game's log does not word (a bot plays the seat): the live notice's words
    if (action[0] === "leave") return t("action_leave", { name: who });
    return t("action_move", { name: who, move: moveText(action[2]) });
  }

  /** The mark ({kind, key, moves}: lobby/replay.py games) of the decision
   * the lobby played for a person that step `i` is part of, or null: the
   * decision's last step carries it, its `moves` steps end there. */
  function markOf(i) {
    const frames = data.frames;
    for (let j = i; j < frames.length; j++) {
      const mark = frames[j].action && frames[j].action[3];
      if (mark) return j - mark.moves < i ? mark : null;
    }
    return null;
  }

  /** Step `i`'s events as the live log took them (markAway, foldTimeouts):
   * those of a seat a bot played (away, or its player left) marked `away`
   * (true, "left") on every step of that decision; the clock's `timeout`
   * event comes with the decision's last step (which the game's log folds
   * into that step's move), so the steps before it, the clock's own
   * (Yahtzee's roll before the score it spends), are marked `forced`. */
  function stepEvents(i) {
    const frame = data.frames[i];
    const events = frame.events || [];
    const mark = frame.action && frame.action[0] === "move" ? markOf(i) : null;
    if (!mark || (mark.kind === "timeout" && frame.action[3])) return events;
    const flag = mark.kind === "timeout" ? { forced: true } : { away: mark.kind === "left" ? "left" : true };
    return events.map((ev) => (ev && ev.type !== "timeout" && ev.seat === frame.action[1] ? { ...ev, ...flag } : ev));
  }

  /** The table entry a game view would get at step `i`, as a spectator,
   * after step `shown` (-1: none): the events of the steps between, or,
   * going back, of every step to `i` (the view's log starts afresh). */
  function syntheticEntry(i, shown) {
    const frames = data.frames;
    const last = i === frames.length - 1;
    const from = i > shown ? shown + 1 : 0;
    const left = new Set();
    for (const f of frames.slice(1, i + 1)) if (f.action && f.action[0] === "leave") left.add(f.action[1]);
    const seats = data.seats.map((s, k) => ({ name: s.name, bot: !!s.bot, left: left.has(k), away: false, mark: s.mark || 0 }));
    return {
      id,
      seat: null,
      version: i,
      replay: true,
      step_events: stepEvents(i), // the step's own: its board's notices (tableContext's stepEvents)
      view: {
        id,
        game: record.game,
        status: last ? "finished" : "playing",
        options: record.options || {},
        turn_ms: 0,
        private: false,
        bots: false,
        games: null,
        coins_to_sit: 0,
        seats,
        to_act: [],
        turns: {},
        deadlines: {},
        start_at: null,
        next: null,
        game_no: record.game_no,
        seed_hash: record.seed_hash,
        seed: last ? record.seed : null,
        result: last ? data.result : null,
        timeouts: seats.map(() => 0),
        // the moves the lobby played for people up to this step, as the live table's record
        forced: frames.slice(1, i + 1).flatMap((f) => (f.forced ? [f.forced] : [])),
        // (each step's as the step list words it: stepEvents)
        events: frames.slice(from, i + 1).flatMap((f, k) => stepEvents(from + k)),
        replay: true, // its events hold every step since the one drawn before: a jump leaves no gap (EventLog.take)
        notices: [],
        state: structuredClone(frames[i].view),
      },
    };
  }

  /** No board to draw step `i`: say so (the frame's JSON only with &raw=1). */
  function showJSON(i, why) {
    fill(stage, h("p", { class: "replay-note" }, why), raw ? h("pre", { class: "state-json", testid: "replay-frame-json" }, JSON.stringify(data.frames[i].view, null, 2)) : null);
  }

  function render() {
    if (!data) return;
    const frames = data.frames;
    const n = frames.length - 1;
    index = Math.max(0, Math.min(n, index));
    slider.max = String(n);
    slider.value = String(index);
    // one numbering with the list: "Start", then steps 1..n
    const counter = index === 0 ? t("step_start_of", { n }) : t("step_of", { i: index, n });
    slider.setAttribute("aria-valuetext", counter);
    setText(stepEl, counter);
    setText(actionEl, actionText(index));
    actionEl.dataset.step = String(index);
    firstBtn.disabled = prevBtn.disabled = index === 0;
    nextBtn.disabled = lastBtn.disabled = index === n;
    playBtn.disabled = n === 0;
    slider.disabled = n === 0;
    el.dataset.step = String(index);
    el.dataset.last = index === n ? "1" : "0";
    for (const li of stepsEl.children) li.classList.toggle("current", li.dataset.step === String(index));
    const cur = stepsEl.children[index];
    if (cur) {
      const top = cur.offsetTop - stepsEl.offsetTop;
      if (top < stepsEl.scrollTop || top > stepsEl.scrollTop + stepsEl.clientHeight - cur.offsetHeight) stepsEl.scrollTop = top - stepsEl.clientHeight / 2;
    }
    if (raw) setText(rawPre, JSON.stringify(frames[index].view, null, 2));

    if (hosted) {
      try {
        if (hosted.view.el.parentNode !== stage) fill(stage, hosted.view.el);
        const entry = syntheticEntry(index, hosted.shown);
        hosted.view.update(entry.view, tableContext(entry));
        hosted.shown = index;
        return;
      } catch (e) {
        console.warn("the table view cannot show this replay; showing JSON", e);
        dropViews();
      }
    }
    showJSON(index, t("no_view"));
  }

  function go(i) {
    if (!data) return;
    index = i === Infinity ? data.frames.length - 1 : i;
    render();
    if (timer && index >= data.frames.length - 1) stopAutoplay();
  }

  function stopAutoplay() {
    clearInterval(timer);
    timer = null;
    fill(playBtn, h("span", { "aria-hidden": "true" }, "▶"), h("span", { class: "btn-label" }, t("autoplay")));
    playBtn.title = t("autoplay");
    playBtn.setAttribute("aria-pressed", "false");
  }

  function toggleAutoplay() {
    if (!data) return;
    if (timer) {
      stopAutoplay();
      return;
    }
    if (index >= data.frames.length - 1) go(0);
    timer = setInterval(() => go(index + 1), AUTOPLAY_MS);
    fill(playBtn, h("span", { "aria-hidden": "true" }, "▮▮"), h("span", { class: "btn-label" }, t("pause")));
    playBtn.title = t("pause");
    playBtn.setAttribute("aria-pressed", "true");
  }

  function onKey(e) {
    if (!data || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const tag = (e.target && e.target.tagName) || "";
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    const map = { ArrowLeft: () => go(index - 1), ArrowRight: () => go(index + 1), Home: () => go(0), End: () => go(Infinity) };
    if (map[e.key]) {
      e.preventDefault();
      stopAutoplay();
      map[e.key]();
    }
  }
  document.addEventListener("keydown", onKey);

  function renderSteps() {
    fill(
      stepsEl,
      data.frames.map((f, i) =>
        h(
          "li",
          { "data-step": String(i), onclick: () => (stopAutoplay(), go(i)) },
          i ? h("span", { class: "step-no" }, String(i)) : null,
          i ? " " : null,
          actionText(i)
        )
      )
    );
  }

  async function loadFrames() {
    const seq = ++loadSeq;
    const key = seat === null ? "" : String(seat);
    seatSel.disabled = true;
    try {
      let resp = cache.get(key);
      if (!resp) {
        const base = `/api/tables/${encodeURIComponent(id)}/replay/${record.game_no}?${seat === null ? "" : `seat=${seat}&`}page=`;
        const token = seat === null ? null : net && net.token;
        resp = await getJSON(base + "0", token);
        for (let p = 1; p < resp.pages; p++) {
          const more = await getJSON(base + String(p), token);
          if (seq !== loadSeq) return;
          resp.frames = resp.frames.concat(more.frames);
        }
        cache.set(key, resp);
      }
      if (seq !== loadSeq) return;
      data = resp;
      hosted = hostedView(key);
      msgEl.hidden = true;
      renderSteps();
      render();
    } catch (err) {
      if (seq !== loadSeq) return;
      msgEl.hidden = false;
      setText(msgEl, t("error", { msg: err.message }));
    } finally {
      if (seq === loadSeq) seatSel.disabled = false;
    }
  }

  async function load() {
    let list;
    try {
      list = await getJSON(`/api/tables/${encodeURIComponent(id)}/replay${gameNo === null ? "" : `?from=${gameNo}`}`, net && net.token);
    } catch (err) {
      setText(msgEl, err.status === 404 ? t("replay_none") : t("error", { msg: err.message }));
      return;
    }
    const all = list.games || [];
    record = all.find((g) => g.game_no === gameNo) || (gameNo === null ? all[all.length - 1] || null : null);
    if (!record) {
      setText(msgEl, t("replay_none"));
      if (all.length) fillGames(all);
      return;
    }
    const info = games().find((g) => g.id === record.game);
    setText(gameEl, info ? gameTitle(info) : record.game);
    if (!info) {
      // not signed in (yet): the titles come from /api/games
      getJSON("/api/games").then(
        (list) => {
          fetchedGames = list || [];
          const found = fetchedGames.find((g) => g.id === record.game);
          if (found) setText(gameEl, gameTitle(found));
        },
        () => {}
      );
    }
    setText(subEl, t("replay_sub", { name: tableName(id), n: record.game_no }));
    fillGames(all);
    fill(
      seatSel,
      h("option", { value: "" }, t("pov_public")),
      record.seats.flatMap((s, i) => ((list.yours || {})[String(record.game_no)] === i ? [h("option", { value: String(i) }, t("pov_seat", { n: i + 1, name: s.name }))] : []))
    );
    setText(introEl, t(CARD_GAMES.has(record.game) ? "verify_intro_cards" : "verify_intro_dice"));
    setText(hashEl, record.seed_hash);
    setText(seedEl, record.seed);
    sha256Hex(record.seed).then(
      (digest) => {
        checkEl.dataset.ok = digest === record.seed_hash ? "1" : "0";
        setText(checkEl, digest === record.seed_hash ? t("fair_ok") : t("fair_bad"));
      },
      () => {}
    );
    View = VIEWS[record.game] || null;
    await loadFrames();
  }

  /** The game's view for point of view `key` (one each: its log is that
   * seat's), or null: no view for this game, or it cannot be built.  Its
   * id is not the table's, so the live table's log stays its own. */
  function hostedView(key) {
    if (!View) return null;
    if (!hostedByPov.has(key)) {
      try {
        const view = new View({ id: `${id}#replay:${record.game_no}:${key}`, games, now: () => (net ? net.serverNow() : Date.now()), onError: onError || (() => {}) });
        hostedByPov.set(key, { view, shown: -1 });
      } catch (e) {
        console.warn("the table view cannot be built for a replay", e);
        View = null;
        return null;
      }
    }
    return hostedByPov.get(key);
  }

  function dropViews() {
    for (const { view } of hostedByPov.values()) {
      try {
        view.destroy();
      } catch (e) {
        /* ignore */
      }
    }
    hostedByPov.clear();
    hosted = null;
    View = null;
  }

  function fillGames(all) {
    gameRow.hidden = all.length < 2;
    fill(
      gameSel,
      all.map((g) => h("option", { value: String(g.game_no), selected: record && g.game_no === record.game_no }, t("game_no", { n: g.game_no })))
    );
  }

  // the game's title comes with the welcome (a replay needs no sign-in)
  const offWelcome = net ? net.on("welcome", () => {
    const info = record && games().find((g) => g.id === record.game);
    if (info) setText(gameEl, gameTitle(info));
  }) : () => {};

  load();

  return {
    el,
    tick: () => {
      if (hosted && hosted.view.view) {
        try {
          hosted.view.tick(net ? net.serverNow() : Date.now());
        } catch (e) {
          /* a view's clock with a synthetic entry: nothing to show */
        }
      }
    },
    /** `next`: the screen that follows (app.js); unless it is the table's
     * own, stop following the table the table screen kept for us. */
    destroy: ({ next = "" } = {}) => {
      stopAutoplay();
      offWelcome();
      document.removeEventListener("keydown", onKey);
      loadSeq++;
      dropViews();
      if (net && net.interest.has(id) && next !== `table:${id}`) net.close(id);
    },
  };
}
