// The page's router.  Screens (each {el, focus?, tick?, destroy?, and the
// net events it wants: onTables, onTable, onChat, onTableError,
// signInError}) are made by the modules of screens/: sign-in and rename
// (signin.js), the games (home.js), a game's lobby (game.js), a table
// (table.js, hosting the game's view: games/table_view.js says how), the replay
// viewer (replay.js), the account (account.js), a game's leaderboard
// (leaderboard.js), a player's profile (profile.js), an arena (arena.js;
// the arenas' list is home's).  Routing is by the URL
// hash: "" (games), "#game=ID", "#table=ID", "#replay=ID&game=N[&raw=1]",
// "#account", "#leaderboard=GAME&page=P", "#player=REF", "#arena=ID"; a screen's
// destroy({rebuilding, next}) is told the key of the screen that follows.
// A language change is handled here, one
// way: the header is drawn again and the current screen is made again (its
// game view with it).

import { t, gameTitle, toggleLang, onLangChange } from "./i18n.js";
import { fill } from "./dom.js";
import { net, ui, showError, setScreenTitle, gameInfo, tableName } from "./shell.js";
import { headerHooks, renderHeader, renderStats, refreshMe, refreshMeSoon } from "./header.js";
import { signInScreen, connectingScreen } from "./screens/signin.js";
import { homeScreen } from "./screens/home.js";
import { gameScreen } from "./screens/game.js";
import { tableScreen } from "./screens/table.js";
import { replayScreen } from "./screens/replay.js";
import { accountScreen } from "./screens/account.js";
import { leaderboardScreen } from "./screens/leaderboard.js";
import { profileScreen } from "./screens/profile.js";
import { arenaScreen } from "./screens/arena.js";

const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

let screen = null;
let screenKey = null;
let renaming = false;
let welcomed = false; // signed in at least once on this page
let wantSignIn = !net.hasToken();
let signedOut = false; // this page's session was signed out (here or on another device): the sign-in screen says so

function parseHash() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  const table = params.get("table");
  const game = params.get("game");
  const replay = params.get("replay");
  if (replay && ID_RE.test(replay)) {
    const n = parseInt(game || "", 10);
    // &raw=1: the operators' raw view of each step (docs/architecture.md, replays)
    return { replay, gameNo: Number.isFinite(n) && n > 0 ? n : null, raw: params.get("raw") === "1", table: null, game: null };
  }
  const board = params.get("leaderboard");
  const page = parseInt(params.get("page") || "", 10);
  const player = params.get("player");
  const arena = params.get("arena");
  return {
    arena: arena && ID_RE.test(arena) ? arena : null,
    table: table && ID_RE.test(table) ? table : null,
    game: game && ID_RE.test(game) ? game : null,
    account: params.has("account"),
    board: board && ID_RE.test(board) ? board : null,
    page: Number.isFinite(page) && page > 0 ? page : 0,
    player: player && player.length <= 64 ? player : null,
  };
}

function closeRename() {
  renaming = false;
  route();
}

const SCREENS = {
  signin: () => signInScreen({ notice: signedOut ? t("signed_out_notice") : null }),
  rename: () => signInScreen({ rename: true, done: () => (renderHeader(), closeRename()), cancel: closeRename }),
  connecting: () => connectingScreen(),
  home: () => homeScreen(),
  game: (r) => gameScreen(r.game),
  table: (r) => tableScreen(r.table),
  replay: (r) => replayScreen({ net, id: r.replay, gameNo: r.gameNo, raw: r.raw, onError: showError }),
  account: () => accountScreen(),
  leaderboard: (r) => leaderboardScreen(r.board, r.page),
  player: (r) => profileScreen(r.player),
  arena: (r) => arenaScreen(r.arena),
};

/** The window title's part for screen `key` (route `r`), in the page's
 * language: a game's name, a table's, a replay's, a leaderboard's; "" else. */
function screenTitle(key, r) {
  const kind = key.split(":")[0];
  const game = r.game || r.board;
  if (kind === "game" && gameInfo(game)) return gameTitle(gameInfo(game));
  if (kind === "leaderboard" && gameInfo(game)) return t("lb_title", { game: gameTitle(gameInfo(game)) });
  if (kind === "table") return tableName(r.table);
  if (kind === "replay") return t("replay_title");
  return "";
}

/** Show the screen the hash names (when it is not shown already, or
 * `force`); `rebuilding`: the same screen made again (a language change). */
function route(force = false, rebuilding = false) {
  const r = parseHash();
  let key;
  if (r.replay) key = `replay:${r.replay}:${r.gameNo}${r.raw ? ":raw" : ""}`; // public: no sign-in needed
  else if (!welcomed) key = wantSignIn || !net.hasToken() ? "signin" : "connecting";
  else if (renaming) key = "rename";
  else if (r.table) key = `table:${r.table}`;
  else if (r.account) key = "account";
  else if (r.board) key = `leaderboard:${r.board}:${r.page}`;
  else if (r.player) key = `player:${r.player}`;
  else if (r.arena) key = `arena:${r.arena}`;
  else if (r.game) key = `game:${r.game}`;
  else key = "home";
  if (key === screenKey && !force) return;
  if (screen && screen.destroy) screen.destroy({ rebuilding: rebuilding && key === screenKey, next: key });
  screenKey = key;
  setScreenTitle(screenTitle(key, r));
  screen = SCREENS[key.split(":")[0]](r);
  fill(ui.main, screen.el);
  if (screen.focus) screen.focus();
}

/** Call the current screen's handler `name` with `arg`; whether it has one. */
function tell(name, arg) {
  if (!(screen && screen[name])) return false;
  screen[name](arg);
  return true;
}

headerHooks({
  signedIn: () => welcomed,
  rename: () => {
    renaming = true;
    route();
  },
});

function renderBanner() {
  ui.bannerText.textContent = t("reload_needed");
  ui.reload.textContent = t("reload");
}

ui.lang.addEventListener("click", () => toggleLang());
onLangChange(() => {
  renderHeader();
  renderStats();
  renderBanner();
  route(true, true);
});

window.addEventListener("hashchange", () => route());

net.on("status", () => renderHeader());
// our balance changed (a settlement, an escape): the header and the record show it at once
net.on("balance", () => {
  renderHeader();
  renderStats();
  tell("onBalance");
});
net.on("welcome", () => {
  welcomed = true;
  signedOut = false;
  wantSignIn = false;
  renderHeader();
  refreshMe();
  route(screenKey === "home"); // refresh the game list
});
net.on("signed-out", (err) => {
  signedOut = !!(err && err.code === "signed_out");
  welcomed = false;
  wantSignIn = true;
  renderHeader();
  route(true);
});
net.on("sign-in-error", (err) => tell("signInError", err) || showError(err));
net.on("tables", () => tell("onTables"));
net.on("table", (entry) => tell("onTable", entry));
net.on("chat", (entry) => tell("onChat", entry));
net.on("arena", (body) => tell("onArena", body));
// an arena seated us at a new table: from its page straight there; a table screen offers it (table.js)
net.on("arena-paired", (paired) => {
  if (screenKey === `arena:${paired.arena}`) location.hash = `#table=${paired.table}`;
  else tell("onArenaPaired", paired);
});
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
net.on("table-error", (info) => tell("onTableError", info) || showError(info.error));
net.on("error", (err) => err.code !== "signed_out" && showError(err)); // signed out: the sign-in screen says it
net.on("reload", () => {
  ui.banner.hidden = false;
  renderHeader();
});

ui.reload.addEventListener("click", () => location.reload());
renderBanner();

setInterval(() => tell("tick"), 200);

renderHeader();
route();
net.start();
