// The lobby UI: sign-in, the game list, a game's lobby (live tables, quick
// match, open a table) and the table screen (#table=ID), which hosts the
// game's own view (games/<id>.js) or the generic one, with what every table
// has around it: play again, away, chat, stand-up notices, the seed hash and
// a link to the replay viewer (replay.js, #replay=ID&game=N).  The header
// shows our coins and, on click, our record (the `me` message).  Routing is
// by the URL hash: "" (games), "#game=ID", "#table=ID", "#replay=ID&game=N".

import { Net } from "./net.js";
import { t, gameTitle, localized, toggleLang, onLangChange } from "./i18n.js";
import { h, fill, setText } from "./dom.js";
import { myTurn } from "./games/common.js";
import { VIEWS } from "./games/index.js";
import { GenericView } from "./games/generic.js";
import { replayScreen, sha256Hex } from "./replay.js";
const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

const net = new Net();
window.lobby = { net }; // for the console

const ui = {
  main: document.getElementById("main"),
  conn: document.getElementById("conn"),
  who: document.getElementById("who"),
  lang: document.getElementById("lang"),
  banner: document.getElementById("banner"),
  toast: document.getElementById("toast"),
  brand: document.getElementById("brand"),
};

let screen = null;
let screenKey = null;
let renaming = false;
let welcomed = false; // signed in at least once on this page
let wantSignIn = !net.hasToken();
let baseTitle = t("app_title");

// -- helpers -----------------------------------------------------------------

function parseHash() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  const table = params.get("table");
  const game = params.get("game");
  const replay = params.get("replay");
  if (replay && ID_RE.test(replay)) {
    const n = parseInt(game || "", 10);
    return { replay, gameNo: Number.isFinite(n) && n > 0 ? n : null, table: null, game: null };
  }
  return { table: table && ID_RE.test(table) ? table : null, game: game && ID_RE.test(game) ? game : null };
}

/** hh:mm of an epoch-ms time (chat lines). */
function clockTime(ms) {
  const d = new Date(ms);
  return `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
}

function gameInfo(id) {
  return net.games.find((g) => g.id === id) || null;
}

function errorText(err) {
  if (!err) return "";
  if (err.code === "bad_name") return t("name_bad");
  if (err.code === "no_such_table") return t("table_gone");
  if (err.code === "rate_limited") return t("rate_limited");
  return t("error", { msg: `${err.message || err.code}${err.code ? ` (${err.code})` : ""}` });
}

let toastTimer = null;
function showError(err) {
  setText(ui.toast, errorText(err));
  ui.toast.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (ui.toast.hidden = true), 6000);
}

function statusText(status) {
  return t(`status_${status || "loading"}`);
}

function setTitle(prefix) {
  const title = (prefix || "") + baseTitle;
  if (document.title !== title) document.title = title;
}

// -- sound: a short beep when it becomes your turn ---------------------------------

let audio = null;
function unlockAudio() {
  // Browsers allow audio only after a user gesture: create/resume it then.
  try {
    if (!audio) {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return;
      audio = new Ctx();
    }
    if (audio.state === "suspended") audio.resume().catch(() => {});
  } catch (e) {
    audio = null;
  }
}
document.addEventListener("pointerdown", unlockAudio, true);
document.addEventListener("keydown", unlockAudio, true);

function beep() {
  try {
    if (!audio || audio.state !== "running") return;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    const now = audio.currentTime;
    osc.type = "sine";
    osc.frequency.setValueAtTime(880, now);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.15, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.18);
    osc.connect(gain).connect(audio.destination);
    osc.start(now);
    osc.stop(now + 0.2);
  } catch (e) {
    /* no sound: fine */
  }
}

// -- header ------------------------------------------------------------------------

function renderHeader() {
  setText(ui.brand, t("app_title"));
  ui.lang.textContent = t("lang_other");
  ui.lang.title = t("lang_switch_title");
  const status = net.status;
  ui.conn.dataset.status = status;
  setText(ui.conn, status === "online" ? t("online") : status === "offline" ? t("offline") : status === "stopped" ? "" : t("connecting"));
  ui.conn.hidden = status === "idle" || status === "stopped";
  if (welcomed && net.player) {
    fill(
      ui.who,
      h("span", { class: "player-name", testid: "player-name" }, net.player.name),
      h(
        "button",
        {
          class: "coins",
          testid: "coins",
          title: t("coins_title"),
          "aria-haspopup": "dialog",
          "aria-expanded": ui.stats.hidden ? "false" : "true",
          onclick: (e) => {
            e.stopPropagation();
            toggleStats();
          },
        },
        t("coins", { n: net.player.coins })
      ),
      h(
        "button",
        {
          class: "link",
          testid: "change-name",
          onclick: () => {
            renaming = true;
            route();
          },
        },
        t("change_name")
      )
    );
  } else {
    fill(ui.who);
  }
}

// -- coins and record (the `me` message) ----------------------------------------------

ui.stats = h("div", { class: "stats-popover card", testid: "stats-popover", role: "dialog", "aria-label": t("stats_title"), hidden: true });
document.body.appendChild(ui.stats);
let statsLoaded = false;

function refreshMe() {
  if (!net.signedIn) return;
  net.me().catch(() => {}); // the reply updates net.player and net.stats (event "me")
}

/** After a game: now, and once more when the settlement has surely been applied. */
function refreshMeSoon() {
  refreshMe();
  setTimeout(refreshMe, 1500);
}

const STAT_FIELDS = ["games", "wins", "losses", "escapes", "disconnects", "score"];

function renderStats() {
  if (ui.stats.hidden) return;
  const byGame = new Map();
  for (const [key, value] of Object.entries(net.stats || {})) {
    const at = key.lastIndexOf(":");
    if (at <= 0) continue;
    const g = key.slice(0, at);
    if (!byGame.has(g)) byGame.set(g, {});
    byGame.get(g)[key.slice(at + 1)] = value;
  }
  const rows = [...byGame].sort((a, b) => (b[1].games || 0) - (a[1].games || 0));
  fill(
    ui.stats,
    h("h3", {}, t("stats_title")),
    h("div", { class: "stats-coins" }, t("coins", { n: net.player ? net.player.coins : 0 })),
    !statsLoaded
      ? h("p", { class: "muted" }, t("stats_loading"))
      : rows.length === 0
      ? h("p", { class: "muted", testid: "stats-none" }, t("stats_none"))
      : h(
          "table",
          { class: "stats-table", testid: "stats-table" },
          h("thead", {}, h("tr", {}, h("th", {}, t("stat_game")), STAT_FIELDS.map((f) => h("th", { class: "num", title: f === "disconnects" ? t("stat_disconnects_title") : null }, t(`stat_${f}`))))),
          h(
            "tbody",
            {},
            rows.map(([g, st]) => {
              const info = gameInfo(g);
              return h("tr", { testid: `stats-${g}` }, h("td", {}, info ? gameTitle(info) : g), STAT_FIELDS.map((f) => h("td", { class: "num", "data-field": f }, String(st[f] || 0))));
            })
          )
        )
  );
}

function toggleStats(show) {
  const next = show === undefined ? ui.stats.hidden : show;
  ui.stats.hidden = !next;
  const btn = ui.who.querySelector('[data-testid="coins"]');
  if (btn) btn.setAttribute("aria-expanded", next ? "true" : "false");
  if (next) {
    renderStats();
    refreshMe();
  }
}

document.addEventListener("click", (e) => {
  if (!ui.stats.hidden && !ui.stats.contains(e.target)) toggleStats(false);
});
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && !ui.stats.hidden) toggleStats(false);
});

net.on("me", () => {
  statsLoaded = true;
  renderHeader();
  renderStats();
});

ui.lang.addEventListener("click", () => toggleLang());
onLangChange(() => {
  baseTitle = t("app_title");
  renderHeader();
  renderStats();
  route(true);
});

// -- screens -----------------------------------------------------------------------

function signInScreen(rename) {
  const input = h("input", {
    id: "name-input",
    testid: "name-input",
    type: "text",
    autocomplete: "nickname",
    required: true,
    value: rename && net.player ? net.player.name : "",
  });
  const err = h("div", { class: "form-error", testid: "sign-in-error", role: "alert" });
  const submitBtn = h("button", { type: "submit", class: "primary", testid: rename ? "save-name" : "sign-in" }, rename ? t("save_name") : t("sign_in"));
  const submit = () => {
    const name = input.value.trim();
    if (!name) {
      setText(err, t("name_bad"));
      return;
    }
    setText(err, "");
    if (rename) {
      submitBtn.disabled = true;
      net.signIn(name).then(
        () => {
          renaming = false;
          renderHeader();
          route();
        },
        (e) => {
          submitBtn.disabled = false;
          setText(err, errorText(e));
        }
      );
    } else {
      submitBtn.disabled = true;
      net.signIn(name);
    }
  };
  const form = h(
    "form",
    {
      class: "card signin",
      testid: rename ? "rename-form" : "sign-in-form",
      onsubmit: (e) => {
        e.preventDefault();
        submit();
      },
    },
    h("h2", {}, rename ? t("change_name") : t("sign_in_title")),
    h("p", { class: "muted" }, t("sign_in_help")),
    h("label", { for: "name-input" }, t("name_label")),
    input,
    err,
    h(
      "div",
      { class: "row" },
      submitBtn,
      rename
        ? h(
            "button",
            {
              type: "button",
              testid: "cancel-rename",
              onclick: () => {
                renaming = false;
                route();
              },
            },
            t("cancel")
          )
        : null
    )
  );
  return {
    el: h("section", { class: "screen screen-signin" }, form),
    focus: () => input.focus(),
    signInError: (e) => {
      submitBtn.disabled = false;
      setText(err, errorText(e));
    },
  };
}

function connectingScreen() {
  return {
    el: h(
      "section",
      { class: "screen screen-connecting", testid: "connecting" },
      h("p", { class: "muted" }, t("connecting")),
      h(
        "button",
        {
          class: "link",
          onclick: () => {
            net.forget();
            net.stop();
            location.reload();
          },
        },
        t("change_name")
      )
    ),
  };
}

function myTableIds() {
  const ids = new Set();
  for (const entry of net.tables.values()) {
    const v = entry.view;
    const live = v && (v.status === "waiting" || v.status === "playing" || (v.status === "finished" && !!v.next));
    if (entry.seat !== null && entry.seat !== undefined && live) ids.add(entry.id);
  }
  for (const [id, role] of net.interest) if (role === "play" && !net.tables.has(id)) ids.add(id);
  return [...ids];
}

function homeScreen() {
  const games = h(
    "div",
    { class: "games-grid" },
    net.games.map((g) =>
      h(
        "a",
        { class: "card game-card", href: `#game=${encodeURIComponent(g.id)}`, testid: `game-${g.id}` },
        h("h3", {}, gameTitle(g)),
        h("div", { class: "muted" }, t("players_range", { lo: g.min_players, hi: g.max_players })),
        VIEWS[g.id] ? null : h("div", { class: "badge badge-preview" }, t("preview"))
      )
    )
  );
  const mine = h("ul", { class: "my-tables", testid: "my-tables" });
  const renderMine = () => {
    const ids = myTableIds();
    fill(
      mine,
      ids.length
        ? ids.map((id) => {
            const entry = net.tables.get(id);
            const game = entry && entry.view ? gameInfo(entry.view.game) : null;
            return h(
              "li",
              {},
              h("a", { href: `#table=${id}`, testid: `my-table-${id}` }, `${game ? gameTitle(game) + " · " : ""}${id}`),
              entry && entry.view ? h("span", { class: "muted" }, ` — ${statusText(entry.view.status)}`) : null
            );
          })
        : h("li", { class: "muted" }, t("none"))
    );
  };
  renderMine();
  return {
    el: h(
      "section",
      { class: "screen screen-home", testid: "home" },
      h("h2", {}, t("games")),
      games,
      h("h2", {}, t("your_tables")),
      mine
    ),
    onTable: renderMine,
  };
}

function gameScreen(gameId) {
  const game = gameInfo(gameId);
  const back = h("a", { href: "#", class: "back", testid: "back-to-games" }, t("back_to_games"));
  if (!game) {
    return { el: h("section", { class: "screen" }, back, h("p", {}, t("error", { msg: `unknown game ${gameId}` }))) };
  }

  // quick match
  const botsBox = h("input", { type: "checkbox", testid: "bots-checkbox", checked: true });
  const quickBtn = h("button", { class: "primary big", testid: "quick-match" }, t("quick_match"));
  quickBtn.addEventListener("click", () => {
    quickBtn.disabled = true;
    net.quick(gameId, botsBox.checked).then(
      (joined) => {
        location.hash = `#table=${joined.table}`;
      },
      (err) => {
        quickBtn.disabled = false;
        showError(err);
      }
    );
  });
  const quick = h(
    "div",
    { class: "card quick" },
    h("h3", {}, t("quick_match")),
    h("p", { class: "muted" }, t("quick_help")),
    h("label", { class: "check" }, botsBox, " ", t("fill_bots")),
    quickBtn
  );

  // open a table
  const seatsIn = h("input", { type: "number", testid: "open-seats", min: game.min_players, max: game.max_players, step: 1, value: String(game.default_players) });
  const turnIn = h("input", { type: "number", testid: "open-turn", min: 1, max: 300, step: 1, value: "20" });
  const optionInputs = {};
  const optionRows = (game.options || []).map((o) => {
    let input;
    if (o.kind === "choice") {
      const choiceLabel = (c) => localized((o.choice_labels || {})[String(c)], String(c));
      input = h("select", { testid: `open-opt-${o.name}` }, (o.choices || []).map((c) => h("option", { value: String(c), selected: c === o.default }, choiceLabel(c))));
    } else {
      input = h("input", { type: "number", testid: `open-opt-${o.name}`, min: o.lo, max: o.hi, step: 1, value: String(o.default) });
    }
    optionInputs[o.name] = { spec: o, input };
    const label = localized(o.label, o.name);
    return h("label", { title: o.doc || "" }, h("span", {}, label), input);
  });
  const openBots = h("input", { type: "checkbox", testid: "open-bots", checked: true });
  const openPrivate = h("input", { type: "checkbox", testid: "open-private" });
  const openBtn = h("button", { type: "submit", class: "primary", testid: "open-table" }, t("open"));
  const openForm = h(
    "form",
    {
      class: "card open-form",
      onsubmit: (e) => {
        e.preventDefault();
        const options = {};
        for (const [name, { spec, input }] of Object.entries(optionInputs)) {
          options[name] = spec.kind === "int" ? parseInt(input.value, 10) : input.value;
          if (spec.kind === "choice" && typeof spec.default === "number") options[name] = Number(input.value);
        }
        openBtn.disabled = true;
        net
          .openTable({
            game: gameId,
            seats: parseInt(seatsIn.value, 10),
            turn_ms: Math.round(parseFloat(turnIn.value) * 1000),
            bots: openBots.checked,
            priv: openPrivate.checked,
            options,
          })
          .then(
            (joined) => {
              location.hash = `#table=${joined.table}`;
            },
            (err) => {
              openBtn.disabled = false;
              showError(err);
            }
          );
      },
    },
    h("h3", {}, t("open_table")),
    h(
      "div",
      { class: "fields" },
      h("label", {}, h("span", {}, t("seats")), seatsIn),
      h("label", {}, h("span", {}, t("turn_time")), turnIn),
      optionRows
    ),
    h("label", { class: "check" }, openBots, " ", t("bots")),
    h("label", { class: "check" }, openPrivate, " ", t("private")),
    openBtn
  );

  // live tables
  const tbody = h("tbody", {});
  const empty = h("p", { class: "muted", testid: "no-tables" }, t("no_tables"));
  const table = h(
    "table",
    { class: "tables", testid: "tables-list" },
    h("thead", {}, h("tr", {}, h("th", {}, t("col_table")), h("th", {}, t("col_status")), h("th", {}, t("col_seats")), h("th", {}, t("col_spectators")), h("th", {}))),
    tbody
  );
  const renderTables = () => {
    const rows = (net.lobbyList || []).filter((s) => s.game === gameId).sort((a, b) => b.created - a.created);
    empty.hidden = rows.length > 0;
    table.hidden = rows.length === 0;
    fill(
      tbody,
      rows.map((s) => {
        const mine = net.isSeated(s.id);
        const free = s.status === "waiting" && s.seats.some((x) => x === null);
        return h(
          "tr",
          { testid: `table-row-${s.id}`, "data-status": s.status },
          h("td", {}, h("code", {}, s.id)),
          h("td", { class: `status status-${s.status}` }, statusText(s.status)),
          h(
            "td",
            { class: "seat-chips" },
            s.seats.map((seat) =>
              seat
                ? h("span", { class: seat.bot ? "chip bot" : "chip", title: seat.name }, seat.name)
                : h("span", { class: "chip empty" }, t("empty_seat"))
            )
          ),
          h("td", { class: "num", testid: `spectators-${s.id}` }, String(s.spectators)),
          h(
            "td",
            { class: "actions" },
            mine
              ? h("a", { class: "button", href: `#table=${s.id}`, testid: `open-${s.id}` }, t("play"))
              : free
              ? h(
                  "button",
                  {
                    class: "primary",
                    testid: `join-${s.id}`,
                    onclick: (e) => {
                      e.target.disabled = true;
                      net.request({ t: "join", table: s.id }).then(
                        () => (location.hash = `#table=${s.id}`),
                        (err) => {
                          e.target.disabled = false;
                          showError(err);
                        }
                      );
                    },
                  },
                  t("join")
                )
              : null,
            mine ? null : h("a", { class: "button", href: `#table=${s.id}`, testid: `watch-${s.id}` }, t("watch"))
          )
        );
      })
    );
  };
  renderTables();
  net.subscribeTables(gameId).catch(() => {}); // the reply arrives as a `tables` event

  return {
    el: h(
      "section",
      { class: "screen screen-game", testid: `lobby-${gameId}` },
      back,
      h("h2", {}, gameTitle(game), VIEWS[gameId] ? null : h("span", { class: "badge badge-preview" }, t("preview"))),
      h("div", { class: "lobby-forms" }, quick, openForm),
      h("h3", {}, t("live_tables")),
      empty,
      table
    ),
    onTables: renderTables,
    destroy: () => net.unsubscribeTables(),
  };
}

function tableScreen(id) {
  const titleEl = h("h2", { class: "table-title" }, t("table", { id }));
  const gameEl = h("span", { class: "game-name" });
  const gameNoEl = h("span", { class: "badge badge-game-no", testid: "game-no", hidden: true });
  const statusEl = h("span", { class: "badge status", testid: "table-status", "data-status": "loading" }, statusText(null));
  const specEl = h("span", { class: "badge badge-spectating", testid: "spectating", hidden: true }, t("spectating"));
  const seatEl = h("span", { class: "muted", testid: "my-seat" });
  const errEl = h("div", { class: "form-error", testid: "table-error", role: "alert" });

  let game = null;
  const toLobby = () => (location.hash = game ? `#game=${game}` : "#");
  const backBtn = h("button", { testid: "back", onclick: toLobby }, t("back"));
  const leave = (btn) => {
    btn.disabled = true;
    net.leave(id).then(toLobby, (err) => {
      btn.disabled = false;
      showError(err);
    });
  };
  const leaveBtn = h("button", { class: "danger", testid: "leave", hidden: true, onclick: () => leave(leaveBtn) }, t("leave"));

  const startBtn = h("button", { class: "primary", testid: "start" }, t("start"));
  startBtn.addEventListener("click", () => {
    startBtn.disabled = true;
    net.startTable(id).then(
      () => {
        startBtn.disabled = false;
      },
      (err) => {
        startBtn.disabled = false;
        showError(err);
      }
    );
  });
  const joinBtn = h("button", { class: "primary", testid: "join-table", hidden: true }, t("join"));
  joinBtn.addEventListener("click", () => {
    joinBtn.disabled = true;
    net.request({ t: "join", table: id }).then(
      () => (joinBtn.disabled = false),
      (err) => {
        joinBtn.disabled = false;
        showError(err);
      }
    );
  });
  const startsIn = h("span", { class: "starts-in", testid: "starts-in" });
  const waiting = h("div", { class: "card waiting", testid: "waiting", hidden: true }, h("p", { class: "muted" }, t("start_help")), h("div", { class: "row" }, startBtn, joinBtn, startsIn));
  const share = h("input", { class: "share", testid: "share-link", readOnly: true, value: `${location.origin}/#table=${id}`, onfocus: (e) => e.target.select() });
  const body = h("div", { class: "table-body" });

  // fairness: the published seed hash while playing, the seed once revealed, the replay
  const hashEl = h("span", { class: "seed-hash", testid: "seed-hash", tabindex: "0" });
  const seedEl = h("code", { class: "seed-revealed", testid: "seed", hidden: true });
  const seedCheckEl = h("span", { class: "seed-check", testid: "seed-check" });
  const replayLink = h("a", { class: "button", testid: "replay", hidden: true }, t("replay"));
  const fairRow = h("div", { class: "fair-row", testid: "fairness", hidden: true }, hashEl, seedEl, seedCheckEl, replayLink);
  let checkedSeed = null;

  // away: a bot plays my seat until I say I'm back
  const imBackBtn = h("button", { class: "primary", testid: "im-back" }, t("im_back"));
  imBackBtn.addEventListener("click", () => {
    imBackBtn.disabled = true;
    net.back(id).then(
      () => (imBackBtn.disabled = false),
      (err) => {
        imBackBtn.disabled = false;
        showError(err);
      }
    );
  });
  const awayBar = h("div", { class: "away-bar", testid: "away-bar", role: "alert", hidden: true }, h("span", { class: "away-text" }, t("away_bar")), imBackBtn);

  // between games: who is ready, play again, leave
  const readyList = h("ul", { class: "ready-list", testid: "ready-list" });
  const nextCountdown = h("div", { class: "next-countdown", testid: "next-countdown" });
  const playAgainBtn = h("button", { class: "primary big", testid: "play-again" }, t("play_again"));
  let readyInflight = false;
  playAgainBtn.addEventListener("click", () => {
    readyInflight = true;
    playAgainBtn.disabled = true;
    net.ready(id).then(
      () => {
        readyInflight = false;
        if (entry) renderLife(entry);
      },
      (err) => {
        readyInflight = false;
        if (entry) renderLife(entry);
        showError(err);
      }
    );
  });
  const nextLeaveBtn = h("button", { class: "danger", testid: "next-leave", onclick: () => leave(nextLeaveBtn) }, t("leave"));
  const nextPanel = h(
    "div",
    { class: "card next-panel", testid: "next-panel", hidden: true },
    h("h3", {}, t("next_title")),
    nextCountdown,
    readyList,
    h("div", { class: "row next-actions" }, playAgainBtn, nextLeaveBtn),
    h("p", { class: "muted small" }, t("next_help"))
  );
  const overPanel = h(
    "div",
    { class: "card over-panel", testid: "table-over", hidden: true },
    h("h3", {}, t("table_over")),
    h("p", { class: "muted" }, t("table_over_help")),
    h("div", { class: "row" }, h("button", { class: "primary", testid: "over-back", onclick: toLobby }, t("back")))
  );
  const noticesEl = h("ul", { class: "notices", testid: "notices", hidden: true });

  // chat, for players and spectators
  const chatList = h("ol", { class: "chat-lines", testid: "chat-lines", "aria-live": "polite" });
  const chatInput = h("input", { type: "text", class: "chat-input", testid: "chat-input", maxlength: "200", placeholder: t("chat_placeholder"), title: t("chat_hint"), autocomplete: "off", "aria-label": t("chat") });
  let chatKey = null;
  let chatStick = false;
  const sendChat = () => {
    const text = chatInput.value.trim().slice(0, 200);
    if (!text) return;
    chatInput.value = "";
    chatStick = true;
    net.chat(id, text).catch((err) => {
      if (!chatInput.value) chatInput.value = text;
      showError(err);
    });
  };
  const chatForm = h(
    "form",
    {
      class: "chat-form",
      onsubmit: (e) => {
        e.preventDefault();
        sendChat();
      },
    },
    chatInput,
    h("button", { type: "submit", testid: "chat-send" }, t("chat_send"))
  );
  const chatPanel = h("aside", { class: "card chat", testid: "chat" }, h("h3", {}, t("chat")), chatList, chatForm);

  let view = null;
  let viewGame = null;
  let lastCue = null;
  let entry = net.tables.get(id) || null;

  const renderChat = (e) => {
    const lines = e.chat || [];
    const last = lines[lines.length - 1];
    const key = `${lines.length}:${last ? last.id : ""}`;
    if (key === chatKey) return;
    chatKey = key;
    const atBottom = chatList.scrollHeight - chatList.scrollTop - chatList.clientHeight < 40;
    fill(
      chatList,
      lines.length
        ? lines.map((line) =>
            h(
              "li",
              { class: line.spectator ? "chat-line spectator" : "chat-line", testid: "chat-line" },
              h("time", { class: "chat-time", title: new Date(line.at).toLocaleString() }, clockTime(line.at)),
              h("span", { class: "chat-name" }, line.name),
              line.spectator ? h("span", { class: "chat-spec", testid: "chat-spectator" }, t("chat_spectator")) : null,
              h("span", { class: "chat-text", testid: "chat-text" }, line.text)
            )
          )
        : h("li", { class: "muted chat-empty" }, t("chat_empty"))
    );
    if (atBottom || chatStick) chatList.scrollTop = chatList.scrollHeight;
    chatStick = false;
  };

  const noticeText = (n) => {
    const key =
      n.reason === "not_ready" ? "notice_not_ready" : n.reason === "insufficient_coins" ? "notice_insufficient_coins" : n.reason === "moved" ? "notice_moved" : "notice_other";
    return t(key, { name: n.name });
  };

  const renderFair = (v, beside) => {
    fairRow.hidden = !v.seed_hash;
    if (!v.seed_hash) return;
    setText(hashEl, t("seed_hash_short", { h: v.seed_hash.slice(0, 12) }));
    hashEl.dataset.hash = v.seed_hash;
    hashEl.title = `${t("seed_hash_help")}\n\nSHA-256: ${v.seed_hash}`;
    seedEl.hidden = !v.seed;
    setText(seedEl, v.seed ? t("seed_full", { s: v.seed }) : "");
    if (!v.seed) {
      checkedSeed = null;
      setText(seedCheckEl, "");
    } else if (checkedSeed !== v.seed + v.seed_hash) {
      const key = (checkedSeed = v.seed + v.seed_hash);
      setText(seedCheckEl, "");
      sha256Hex(v.seed).then(
        (digest) => {
          if (checkedSeed !== key) return;
          seedCheckEl.dataset.ok = digest === v.seed_hash ? "1" : "0";
          setText(seedCheckEl, digest === v.seed_hash ? t("seed_ok") : t("seed_bad"));
        },
        () => {} // no WebCrypto (an insecure context): no check shown
      );
    }
    // the game that just ended, or while the next one is played, the one before
    const ended = v.seed && v.result && v.status !== "playing";
    const replayNo = ended ? v.game_no : v.game_no - 1;
    replayLink.hidden = !(replayNo >= 1);
    if (replayNo >= 1) {
      replayLink.href = `#replay=${encodeURIComponent(id)}&game=${replayNo}`;
      setText(replayLink, ended ? t("replay") : t("replay_game", { n: replayNo }));
      // while my seat is in play (or may play again), open it beside the table
      if (beside) {
        replayLink.target = "_blank";
        replayLink.rel = "noopener";
      } else {
        replayLink.removeAttribute("target");
      }
    }
  };

  // the parts every game shares: next game, table over, away, notices, chat, fairness
  const renderLife = (e) => {
    const v = e.view;
    const spectator = e.seat === null || e.seat === undefined;
    const me = spectator ? null : v.seats[e.seat];
    const open = v.status === "finished" && !!v.next;
    nextPanel.hidden = !open;
    if (open) {
      const ready = v.next.ready || [];
      fill(
        readyList,
        v.seats.map((s, i) => {
          if (!s) return null;
          const ok = !!ready[i] && !s.left;
          return h(
            "li",
            { class: s.left ? "left" : ok ? "ready" : "deciding", testid: `ready-${i}`, "data-ready": ok ? "1" : "0" },
            h("span", { class: "ready-mark", "aria-hidden": "true" }, s.left ? "–" : ok ? "✓" : "…"),
            h("span", { class: "ready-name" }, s.name),
            i === e.seat ? h("span", { class: "badge badge-you" }, t("you")) : null,
            h("span", { class: "ready-state" }, s.left ? t("left") : ok ? t("ready_yes") : t("ready_no"))
          );
        })
      );
      const mineReady = !spectator && !!ready[e.seat];
      playAgainBtn.hidden = spectator || !me || me.left;
      nextLeaveBtn.hidden = spectator || !me || me.left;
      playAgainBtn.disabled = mineReady || readyInflight;
      setText(playAgainBtn, mineReady ? t("waiting_others") : t("play_again"));
    }
    overPanel.hidden = !(v.status === "closed" || (v.status === "finished" && !v.next));
    awayBar.hidden = !(me && me.away && !me.left && v.status === "playing");
    const notices = (v.notices || []).slice(-3);
    noticesEl.hidden = notices.length === 0;
    fill(noticesEl, notices.map((n) => h("li", { testid: "notice" }, noticeText(n))));
    renderChat(e);
    renderFair(v, !!(me && !me.left && (open || v.status === "playing")));
    gameNoEl.hidden = !v.game_no;
    setText(gameNoEl, v.game_no ? t("game_no", { n: v.game_no }) : "");
  };

  const update = (e) => {
    entry = e;
    const v = e.view;
    if (!v) return;
    game = v.game;
    setText(errEl, "");
    if (!view || viewGame !== v.game) {
      if (view) view.destroy();
      const View = VIEWS[v.game] || GenericView;
      view = new View({ net, id, onError: showError });
      viewGame = v.game;
      fill(body, view.el);
    }
    const info = gameInfo(v.game);
    setText(gameEl, info ? gameTitle(info) : v.game);
    statusEl.dataset.status = v.status;
    setText(statusEl, statusText(v.status));
    const spectator = e.seat === null || e.seat === undefined;
    specEl.hidden = !spectator;
    setText(seatEl, spectator ? "" : t("your_seat", { n: e.seat }));
    leaveBtn.hidden = spectator || !(v.status === "waiting" || v.status === "playing");
    waiting.hidden = v.status !== "waiting";
    startBtn.hidden = spectator;
    joinBtn.hidden = !spectator || v.status !== "waiting" || !v.seats.some((x) => x === null);
    renderLife(e);
    view.update(e);
    tick();

    // your-turn cue: title prefix while it is your turn; a beep when it becomes so
    const turn = myTurn(e);
    setTitle(turn ? t("your_turn_title") : "");
    if (turn && turn !== lastCue) beep();
    lastCue = turn;
  };

  const tick = () => {
    const v = entry && entry.view;
    if (v && v.status === "waiting" && typeof v.start_at === "number") {
      const s = Math.max(0, (v.start_at - net.serverNow()) / 1000);
      setText(startsIn, t("starts_in", { s: s.toFixed(1) }));
    } else {
      setText(startsIn, "");
    }
    if (v && v.status === "finished" && v.next && typeof v.next.deadline === "number") {
      const s = Math.max(0, Math.ceil((v.next.deadline - net.serverNow()) / 1000));
      setText(nextCountdown, t("next_in", { s }));
      nextCountdown.classList.toggle("urgent", s <= 5);
    } else {
      setText(nextCountdown, "");
    }
    if (view) view.tick();
  };

  net.open(id);
  setTitle("");
  const screenObj = {
    el: h(
      "section",
      { class: "screen screen-table", testid: "table-screen", "data-table": id },
      h(
        "div",
        { class: "table-head" },
        h("div", { class: "title-row" }, titleEl, gameEl, gameNoEl, statusEl, specEl, seatEl),
        h("div", { class: "row" }, backBtn, leaveBtn)
      ),
      h("div", { class: "info-row" }, h("label", { class: "share-row" }, h("span", { class: "muted" }, t("share")), share), fairRow),
      errEl,
      awayBar,
      h(
        "div",
        { class: "table-layout" },
        h("div", { class: "table-main" }, waiting, body),
        h("div", { class: "table-side" }, nextPanel, overPanel, noticesEl, chatPanel)
      )
    ),
    onTable: (e) => {
      if (e.id === id) update(e);
    },
    onChat: (e) => {
      if (e.id !== id) return;
      entry = e;
      renderChat(e);
    },
    onTableError: ({ id: tid, error }) => {
      if (tid === id) setText(errEl, errorText(error));
    },
    tick,
    destroy: () => {
      if (view) view.destroy();
      setTitle("");
      net.close(id);
    },
  };
  if (entry && entry.view) setTimeout(() => update(net.tables.get(id) || entry), 0);
  return screenObj;
}

// -- routing ------------------------------------------------------------------

function route(force = false) {
  const r = parseHash();
  let key;
  if (r.replay) key = `replay:${r.replay}:${r.gameNo}`; // public: no sign-in needed
  else if (!welcomed) key = wantSignIn || !net.hasToken() ? "signin" : "connecting";
  else if (renaming) key = "rename";
  else if (r.table) key = `table:${r.table}`;
  else if (r.game) key = `game:${r.game}`;
  else key = "home";
  if (key === screenKey && !force) return;
  if (screen && screen.destroy) screen.destroy();
  screenKey = key;
  if (key === "signin") screen = signInScreen(false);
  else if (key === "rename") screen = signInScreen(true);
  else if (key === "connecting") screen = connectingScreen();
  else if (key === "home") screen = homeScreen();
  else if (key.startsWith("game:")) screen = gameScreen(r.game);
  else if (key.startsWith("replay:")) screen = replayScreen({ net, id: r.replay, gameNo: r.gameNo, onError: showError });
  else screen = tableScreen(r.table);
  fill(ui.main, screen.el);
  if (screen.focus) screen.focus();
}

window.addEventListener("hashchange", () => route());

net.on("status", () => renderHeader());
net.on("welcome", () => {
  welcomed = true;
  wantSignIn = false;
  renderHeader();
  refreshMe();
  route(screenKey === "home"); // refresh the game list
});
net.on("signed-out", () => {
  welcomed = false;
  wantSignIn = true;
  renderHeader();
  route(true);
});
net.on("sign-in-error", (err) => {
  if (screen && screen.signInError) screen.signInError(err);
  else showError(err);
});
net.on("tables", () => screen && screen.onTables && screen.onTables());
net.on("table", (entry) => screen && screen.onTable && screen.onTable(entry));
net.on("chat", (entry) => screen && screen.onChat && screen.onChat(entry));
// our seat was moved to another table of the same kind (quick tables merged): go there
net.on("moved", ({ from, to }) => {
  if (screenKey === `table:${from}`) location.hash = `#table=${to}`;
});

// a game ended at a table we follow: our coins and record may have changed
const lastStatus = new Map();
net.on("table", (entry) => {
  const status = entry.view && entry.view.status;
  const prev = lastStatus.get(entry.id);
  lastStatus.set(entry.id, status);
  if (prev && prev !== "finished" && status === "finished" && entry.seat !== null && entry.seat !== undefined) refreshMeSoon();
});
net.on("table-error", (info) => {
  if (screen && screen.onTableError) screen.onTableError(info);
  else showError(info.error);
});
net.on("error", (err) => showError(err));
net.on("reload", () => {
  ui.banner.hidden = false;
  renderHeader();
});

document.getElementById("reload").addEventListener("click", () => location.reload());
document.getElementById("banner-text").textContent = t("reload_needed");
document.getElementById("reload").textContent = t("reload");
onLangChange(() => {
  document.getElementById("banner-text").textContent = t("reload_needed");
  document.getElementById("reload").textContent = t("reload");
});

setInterval(() => screen && screen.tick && screen.tick(), 200);

renderHeader();
route();
net.start();
