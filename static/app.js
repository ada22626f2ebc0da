// The lobby UI: sign-in, the game list, a game's lobby (live tables, quick
// match, open a table) and the table screen (#table=ID), which hosts the
// game's own view (games/<id>.js) or the generic one.  Routing is by the URL
// hash: "" (games), "#game=ID", "#table=ID".

import { Net } from "./net.js";
import { t, gameTitle, toggleLang, onLangChange } from "./i18n.js";
import { h, fill, setText } from "./dom.js";
import { myTurn } from "./games/common.js";
import { VIEWS } from "./games/index.js";
import { GenericView } from "./games/generic.js";
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
  return { table: table && ID_RE.test(table) ? table : null, game: game && ID_RE.test(game) ? game : null };
}

function gameInfo(id) {
  return net.games.find((g) => g.id === id) || null;
}

function errorText(err) {
  if (!err) return "";
  if (err.code === "bad_name") return t("name_bad");
  if (err.code === "no_such_table") return t("table_gone");
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
      h("span", { class: "coins muted", testid: "coins" }, t("coins", { n: net.player.coins })),
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

ui.lang.addEventListener("click", () => toggleLang());
onLangChange(() => {
  baseTitle = t("app_title");
  renderHeader();
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
    const live = entry.view && (entry.view.status === "waiting" || entry.view.status === "playing");
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
      input = h("select", { testid: `open-opt-${o.name}` }, (o.choices || []).map((c) => h("option", { value: String(c), selected: c === o.default }, String(c))));
    } else {
      input = h("input", { type: "number", testid: `open-opt-${o.name}`, min: o.lo, max: o.hi, step: 1, value: String(o.default) });
    }
    optionInputs[o.name] = { spec: o, input };
    const label = t(o.name) !== o.name ? t(o.name) : o.name;
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
  const statusEl = h("span", { class: "badge status", testid: "table-status", "data-status": "loading" }, statusText(null));
  const specEl = h("span", { class: "badge badge-spectating", testid: "spectating", hidden: true }, t("spectating"));
  const seatEl = h("span", { class: "muted", testid: "my-seat" });
  const errEl = h("div", { class: "form-error", testid: "table-error", role: "alert" });

  let game = null;
  const backBtn = h("button", { testid: "back", onclick: () => (location.hash = game ? `#game=${game}` : "#") }, t("back"));
  const leaveBtn = h(
    "button",
    {
      class: "danger",
      testid: "leave",
      hidden: true,
      onclick: () => {
        leaveBtn.disabled = true;
        net.leave(id).then(
          () => {
            location.hash = game ? `#game=${game}` : "#";
          },
          (err) => {
            leaveBtn.disabled = false;
            showError(err);
          }
        );
      },
    },
    t("leave")
  );

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

  let view = null;
  let viewGame = null;
  let lastCue = null;
  let entry = net.tables.get(id) || null;

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
        h("div", { class: "title-row" }, titleEl, gameEl, statusEl, specEl, seatEl),
        h("div", { class: "row" }, backBtn, leaveBtn)
      ),
      h("label", { class: "share-row" }, h("span", { class: "muted" }, t("share")), share),
      errEl,
      waiting,
      body
    ),
    onTable: (e) => {
      if (e.id === id) update(e);
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
  if (!welcomed) key = wantSignIn || !net.hasToken() ? "signin" : "connecting";
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
