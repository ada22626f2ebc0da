// The table screen (#table=ID): the game's own view (games/<id>.js, else
// the generic one) and what every table has around it: the head (game,
// game number, status, our seat, Back and Leave), the waiting card (Start,
// Join), the away bar, the next-game panel (who is ready, Play again), the
// table-over panel, stand-up notices, chat, and the fairness row (the
// fair-play check folded: seed hash, revealed seed and its check; the replay link).
//
// The screen computes each version's render context once (tableContext)
// and hands it to the view with the table view; its one MoveGate carries
// the view's moves.

import { t, gameTitle, dateLocale, namesList } from "../i18n.js";
import { h, fill, setText, pinnedRoom } from "../dom.js";
import { net, gameInfo, errorText, showError, showErrorIn, statusText, setTitle, setScreenTitle, actionButton, isRunning, runAction, confirmDialog, tableName, stakeLine, watchLength, MAX_CHAT } from "../shell.js";
import { setLiveCoins } from "../header.js";
import { markedName, seatName, isBot } from "../games/seats.js";
import { actedAt } from "../games/notices.js";
import { myAway } from "../games/clocks.js";
import { MoveGate } from "../games/move_gate.js";
import { tableContext } from "../games/table_view.js";
import { VIEWS } from "../games/index.js";
import { GenericView } from "../games/generic.js";
import { sha256Hex } from "./replay.js";
import { rulesButton } from "../rules.js";
import { turnCue } from "../sound.js";

// -- sound: a short beep when it becomes your turn (sound.js) ----------------------

const cue = turnCue();
document.addEventListener("pointerdown", cue.unlock, true);
document.addEventListener("keydown", cue.unlock, true);

// -- chat --------------------------------------------------------------------------

/** hh:mm of an epoch-ms time (chat lines). */
function clockTime(ms) {
  const d = new Date(ms);
  return `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
}

/** Where a player's choice to hide the spectators' chat room is kept ("1": hidden). */
const HIDE_SPECTATORS_KEY = "lobby.hideSpectatorChat";

/** A chat line's room: its `room`, else (a line from before rooms) by its spectator mark. */
function lineRoom(line) {
  return line.room || (line.spectator ? "spectators" : "players");
}

/** Whether this browser's players hide the spectators' room. */
function spectatorsHidden() {
  try {
    return localStorage.getItem(HIDE_SPECTATORS_KEY) === "1";
  } catch {
    return false;
  }
}

/** Table `id`'s chat, for players and spectators: {el, render(entry)}.
 * Two rooms, as tabs: the players' and the spectators' (a spectator's line
 * is the spectators' room's: the server's `room`); each viewer starts in
 * their own room and writes only there; a player may hide the spectators'
 * room (kept in this browser). */
function chatPanel(id) {
  const list = h("ol", { class: "chat-lines", testid: "chat-lines", "aria-live": "polite" });
  const input = h("input", { type: "text", class: "chat-input", testid: "chat-input", placeholder: t("chat_placeholder"), title: t("chat_hint"), autocomplete: "off", "aria-label": t("chat") });
  const errEl = h("div", { class: "form-error", testid: "chat-error", role: "alert" });
  // a line too long is said in place, not cut nor sent
  const withinLimit = watchLength(input, errEl, () => MAX_CHAT, "text_bad_length");
  let key = null;
  let stick = false;
  let entry = null;
  let shown = null; // the room on show: "players" | "spectators"
  let role = null; // the room I write in when `shown` was last chosen for me
  const show = (room) => {
    shown = room;
    key = null;
    if (entry) render(entry);
  };
  const tabPlayers = h("button", { type: "button", class: "chat-tab", testid: "chat-tab-players", role: "tab", onclick: () => show("players") });
  const tabSpectators = h("button", { type: "button", class: "chat-tab", testid: "chat-tab-spectators", role: "tab", onclick: () => show("spectators") });
  const hideToggle = h("button", {
    type: "button",
    class: "chat-hide",
    testid: "chat-hide-spectators",
    onclick: () => {
      try {
        localStorage.setItem(HIDE_SPECTATORS_KEY, spectatorsHidden() ? "0" : "1");
      } catch {
        /* private mode: the choice lasts this page */
      }
      show("players");
    },
  });
  const send = () => {
    const text = input.value.trim();
    if (!text || !withinLimit()) return;
    input.value = "";
    stick = true;
    showErrorIn(errEl, null);
    net.chat(id, text).catch((err) => {
      if (!input.value) input.value = text;
      showErrorIn(errEl, err);
    });
  };
  const form = h(
    "form",
    {
      class: "chat-form",
      onsubmit: (e) => {
        e.preventDefault();
        send();
      },
    },
    input,
    h("button", { type: "submit", testid: "chat-send" }, t("chat_send"))
  );
  const render = (e) => {
    entry = e;
    const mine = e.seat === null || e.seat === undefined ? "spectators" : "players";
    const hideSpectators = mine === "players" && spectatorsHidden();
    if (role !== mine) shown = role = mine; // a spectator who sits writes with the players from then on (and one who leaves, back)
    if (hideSpectators) shown = "players";
    const all = e.chat || [];
    const lines = all.filter((line) => lineRoom(line) === shown);
    const count = (room) => all.filter((line) => lineRoom(line) === room).length;
    setText(tabPlayers, t("chat_players", { n: count("players") }));
    setText(tabSpectators, t("chat_spectators", { n: count("spectators") }));
    tabSpectators.hidden = hideSpectators;
    hideToggle.hidden = mine !== "players";
    setText(hideToggle, t(hideSpectators ? "chat_show_spectators" : "chat_hide_spectators"));
    for (const [tab, room] of [[tabPlayers, "players"], [tabSpectators, "spectators"]]) tab.setAttribute("aria-selected", String(room === shown));
    form.hidden = shown !== mine; // a line goes to its writer's own room
    list.dataset.room = shown;
    const last = all[all.length - 1];
    const next = `${shown}:${hideSpectators}:${all.length}:${last ? last.id : ""}`;
    if (next === key) return;
    key = next;
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    fill(
      list,
      lines.length
        ? lines.map((line) =>
            h(
              "li",
              { class: line.spectator ? "chat-line spectator" : "chat-line", testid: "chat-line" },
              h("time", { class: "chat-time", title: new Date(line.at).toLocaleString(dateLocale()) }, clockTime(line.at)),
              h("span", { class: "chat-name" }, line.name),
              line.spectator ? h("span", { class: "chat-spec", testid: "chat-spectator" }, t("chat_spectator")) : null,
              h("span", { class: "chat-text", testid: "chat-text" }, line.text)
            )
          )
        : h("li", { class: "muted chat-empty" }, t("chat_empty"))
    );
    if (atBottom || stick) list.scrollTop = list.scrollHeight;
    stick = false;
  };
  const tabs = h("div", { class: "chat-tabs" }, h("div", { class: "chat-rooms", role: "tablist", "aria-label": t("chat") }, tabPlayers, tabSpectators), hideToggle);
  return { el: h("aside", { class: "card chat", testid: "chat" }, h("h3", {}, t("chat")), tabs, list, form, errEl), render };
}

// -- fairness ----------------------------------------------------------------------

/** The fair-play check, folded (a player reads its one line, the hex only
 * when they open it): the published seed hash while playing, the seed once
 * revealed (checked against the hash, the one place the page shows it), and
 * beside it the replay link (the viewer opens in this page; the table is
 * kept meanwhile: see destroy): {el, render(view)}. */
function fairness(id) {
  const hashEl = h("code", { class: "seed-hash", testid: "seed-hash" });
  const seedEl = h("code", { class: "seed-revealed", testid: "seed" });
  const seedRow = h("div", { class: "kv", hidden: true }, h("span", { class: "muted" }, t("fair_seed")), seedEl);
  const checkEl = h("span", { class: "seed-check", testid: "seed-check" });
  const replayLink = h("a", { class: "button", testid: "replay", hidden: true }, t("replay"));
  const details = h(
    "details",
    { class: "fair-check", testid: "fair-check" },
    h("summary", { testid: "fair-summary" }, h("span", { class: "fair-title" }, t("fair_title")), h("span", { class: "fair-sep" }, t("fair_sep")), checkEl),
    h("p", { class: "muted" }, t("fair_help")),
    h("div", { class: "kv" }, h("span", { class: "muted" }, t("fair_hash")), hashEl),
    seedRow
  );
  const el = h("div", { class: "fair-row", testid: "fairness", hidden: true }, details, replayLink);
  let checked = null;
  const render = (v) => {
    el.hidden = !v.seed_hash;
    if (!v.seed_hash) return;
    setText(hashEl, v.seed_hash);
    seedRow.hidden = !v.seed;
    setText(seedEl, v.seed || "");
    if (!v.seed) {
      checked = null;
      delete checkEl.dataset.ok;
      setText(checkEl, t("fair_sealed"));
    } else if (checked !== v.seed + v.seed_hash) {
      const key = (checked = v.seed + v.seed_hash);
      delete checkEl.dataset.ok;
      setText(checkEl, "");
      sha256Hex(v.seed).then(
        (digest) => {
          if (checked !== key) return;
          checkEl.dataset.ok = digest === v.seed_hash ? "1" : "0";
          setText(checkEl, digest === v.seed_hash ? t("fair_ok") : t("fair_bad"));
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
    }
  };
  return { el, render };
}

// -- between games -----------------------------------------------------------------

/** Who is ready for the next game, Play again and Leave: {el, render(entry),
 * tick(view, now)}. */
function nextPanel(id, leaveBtn) {
  const readyList = h("ul", { class: "ready-list", testid: "ready-list" });
  const countdown = h("div", { class: "next-countdown", testid: "next-countdown" });
  let entry = null;
  const playAgainBtn = actionButton({ class: "primary big", testid: "play-again" }, t("play_again"), () => net.ready(id), { done: () => entry && render(entry) });
  // on phones a bar at the screen's foot (style.css), so no one scrolls to the panel
  const actions = h("div", { class: "row next-actions" }, playAgainBtn, leaveBtn);
  const title = h("h3", {}, t("next_title"));
  const help = h("p", { class: "muted small", testid: "next-help" }, t("next_help"));
  const el = h("div", { class: "card next-panel", testid: "next-panel", hidden: true }, title, countdown, readyList, actions, help);
  const render = (e) => {
    entry = e;
    const v = e.view;
    const open = v.status === "finished" && !!v.next;
    el.hidden = !open;
    if (!open) return;
    const spectator = e.seat === null || e.seat === undefined;
    const me = spectator ? null : v.seats[e.seat];
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
          h("span", { class: "ready-name" }, markedName(s)),
          i === e.seat ? h("span", { class: "badge badge-you" }, t("you")) : null,
          h("span", { class: "ready-state" }, s.left ? t("left") : ok ? t("ready_yes") : t("ready_no"))
        );
      })
    );
    const mineReady = !spectator && !!ready[e.seat];
    actions.hidden = playAgainBtn.hidden = leaveBtn.hidden = spectator || !me || me.left;
    alone = !actions.hidden && tooFewToPlayOn(v);
    // who has no Play again (a spectator, a seat left) is told what happens, not what to press;
    // one left too few (the others gone) is offered what can happen: to wait for players
    setText(title, t(actions.hidden ? "next_title_watching" : alone ? "next_title_alone" : "next_title"));
    setText(help, t(actions.hidden ? "next_help_watching" : alone ? (v.coins_to_sit ? "next_help_alone_coins" : "next_help_alone") : "next_help"));
    playAgainBtn.disabled = mineReady || isRunning(playAgainBtn);
    setText(playAgainBtn, mineReady ? t("waiting_others") : alone ? t("wait_for_players") : t("play_again"));
  };
  let alone = false;
  const tick = (v, now) => {
    if (v && v.status === "finished" && v.next && typeof v.next.deadline === "number") {
      const s = Math.max(0, Math.ceil((v.next.deadline - now) / 1000));
      setText(countdown, t(alone ? "next_in_alone" : "next_in", { s }));
      countdown.classList.toggle("urgent", s <= 5);
    } else {
      setText(countdown, "");
    }
  };
  return { el, render, tick };
}

/** Whether finished table view `v`'s next game cannot start with who is
 * still seated: fewer than the game's minimum stay (seats not left, bots
 * included) — Play again would only put the table back to waiting for
 * players (lobby/tables.py begin: ready fills no seat with bots). */
function tooFewToPlayOn(v) {
  const info = gameInfo(v.game);
  const staying = (v.seats || []).filter((s) => s && !s.left).length;
  return !!info && staying < info.min_players;
}

/** A stand-up notice's words by its reason (sat_out, and not_ready from
 * older servers, is neutral: not pressing start or ready is no fault). */
const NOTICE_KEYS = { sat_out: "notice_sat_out", not_ready: "notice_sat_out", insufficient_coins: "notice_insufficient_coins", moved: "notice_moved", absent: "notice_absent", nobody_came: "notice_nobody_came", left: "notice_left" };

function noticeText(n) {
  return t(NOTICE_KEYS[n.reason] || "notice_other", { name: n.name });
}

/** The table-over panel's title and text for table view `v`: why it closed
 * (`closed_reason`), said kindly (with bots seated: their "ready" does not
 * start a game alone); [title key, text key, params]. */
function overWords(v) {
  if (v.closed_reason === "nobody_came") return ["over_nobody_came", "over_nobody_came_help", { wait: waitLength(v.waiting_ttl_ms || 0) }];
  if (v.closed_reason === "too_few") return ["over_no_next_game", "over_too_few_help", {}];
  if (v.closed_reason === "no_next_game") return ["over_no_next_game", (v.seats || []).some(isBot) ? "over_no_next_game_help_bots" : "over_no_next_game_help", {}];
  if (v.closed_reason === "games_played" || (v.games && v.game_no >= v.games)) return ["over_games_played", "over_games_played_help", { n: v.games || v.game_no }];
  return ["table_over", "table_over_help", {}];
}

/** A waiting table's wait (`ms`) in words: "15 min", "12 s". */
function waitLength(ms) {
  return ms >= 60000 ? t("wait_minutes", { n: Math.round(ms / 60000) }) : t("wait_seconds", { n: Math.round(ms / 1000) });
}

/** A waiting table counts down to its close (the view's wait_until) in its last this many ms. */
const CLOSE_WARN_MS = 120000;
/** After an arena table's game, the next table the arena seated me at opens by itself this long after it is offered (ms): its turn clock runs. */
const ARENA_NEXT_MS = 5000;

/** `ms` as m:ss ("1:45", "0:09"). */
function clockLength(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** The waiting card's line once someone pressed Start now (table view `v`,
 * our `seat` or null, server time `now` in ms), or "": who asked, and for a
 * seated person who has not pressed that they must, else at `start_at`
 * the game starts without them and their seat is given up (lobby/tables.py
 * due); for one who pressed, whom they wait for; for a spectator, the same. */
function startVoteText(v, seat, now) {
  const votes = v.start_votes || [];
  const people = v.seats.map((s, i) => (s && !s.bot && !s.left ? i : null)).filter((i) => i !== null);
  const asked = people.filter((i) => votes.includes(i));
  const waitingFor = people.filter((i) => !votes.includes(i));
  if (!asked.length || !waitingFor.length) return "";
  const s = Math.max(0, Math.ceil((v.start_at - now) / 1000));
  const names = (list) => namesList(list.map((i) => markedName(v.seats[i])));
  const mine = seat !== null && seat !== undefined && people.includes(seat);
  if (mine && waitingFor.includes(seat)) return t("start_vote_you", { names: names(asked), k: asked.length, s });
  if (mine) return t("start_vote_waiting", { names: names(waitingFor), s });
  return t("start_vote_watch", { names: names(asked), k: asked.length, s });
}

// -- the screen --------------------------------------------------------------------

/** What style.css and games/*.css may pin to the screen on a phone (position
 * sticky or fixed): the felt's status bar at the top; at the foot what one
 * acts with, and Play again after a game.  The page keeps room for them
 * (pinnedRoom). */
const PINNED = {
  top: ".table-body .statusbar",
  bottom: [
    ".table-body .actions",
    ".table-body .move-box",
    ".table-body .stud-middle",
    ".table-body .stb-actions",
    ".table-body .yz-controls",
    ".sn-handbox",
    ".sn-prompt",
    ".next-panel .next-actions",
  ].join(", "),
};

export function tableScreen(id) {
  const titleEl = h("h2", { class: "table-title", testid: "table-name" }, tableName(id));
  const gameEl = h("span", { class: "game-name" });
  const gameNoEl = h("span", { class: "badge badge-game-no", testid: "game-no", hidden: true });
  const statusEl = h("span", { class: "badge status", testid: "table-status", "data-status": "loading" }, statusText(null));
  const specEl = h("span", { class: "badge badge-spectating", testid: "spectating", hidden: true }, t("spectating"));
  const seatEl = h("span", { class: "muted", testid: "my-seat" });
  // where coins move: the stake (or stud's tier) and what sitting needs, for
  // players, joiners and spectators alike (in the meta row: no extra line
  // above the felt; a play-chip tier is said by stud's own view)
  const stakeEl = h("span", { class: "table-stake", testid: "table-stake", hidden: true });
  const errEl = h("div", { class: "form-error", testid: "table-error", role: "alert" });

  let game = null;
  let entry = net.tables.get(id) || null;
  let view = null; // the game's table view
  let viewGame = null;
  let lastCue = null;
  let alive = true;

  const toLobby = () => (location.hash = game ? `#game=${game}` : "#");
  // leaving a running game asks first, in the page: a bot plays the seat
  // to the end and it counts as a loss in the record and rating; where it costs coins
  // or play chips (stud's escape, which ends the game at once: the table
  // view's leave_cost) naming the amount, and
  // again if it grew meanwhile.  A waiting or finished table asks nothing,
  // nor a seat that leaves freely (leave_free: stud after folding).  An open
  // question follows the table: re-worded each version, closed when what
  // it asked no longer applies.
  const leaveCost = () => {
    const v = entry && entry.view;
    return v && v.leave_cost && entry.seat !== null && entry.seat !== undefined ? v.leave_cost[entry.seat] || 0 : 0;
  };
  const playing = () => {
    const v = entry && entry.view;
    const me = v && entry.seat !== null && entry.seat !== undefined ? v.seats[entry.seat] : null;
    return !!(v && v.status === "playing" && me && !me.left);
  };
  const leaveFree = () => {
    const v = entry && entry.view;
    return !!(v && v.leave_free && entry.seat !== null && entry.seat !== undefined && v.leave_free[entry.seat]);
  };
  /** What leaving asks now: null (nothing), or {key ("bot" | "cost"), cost, text, yes}. */
  const leaveAsk = () => {
    if (!playing() || leaveFree()) return null;
    const cost = leaveCost();
    if (!cost) return { key: "bot", cost: 0, text: t(entry.view.coins_to_sit ? "leave_running_ask_coins" : "leave_running_ask"), yes: t("leave_yes") };
    // what the player keeps, against the balance before this hand (the header shows it less the bets in the pot)
    const after = Math.max(0, (net.player ? net.player.coins : 0) - cost);
    // one wording at every table; no coins move (stud's casual and training rooms): play chips, no balance after
    const coins = !!entry.view.coins_to_sit;
    const amount = t(coins ? "coins" : "play_chips_n", { n: cost });
    // the payee as the settlement picks it (the view's leave_to: the dealer, or the best up cards among the others)
    const to = entry.view.leave_to ? entry.view.leave_to[entry.seat] : null;
    const payee = to !== null && to !== undefined ? seatName(entry.view, to) : t("leave_payee_unknown");
    return { key: "cost", cost, text: t("leave_escape_ask", { to: payee, amount, after: coins ? t("leave_after_coins", { after }) : "" }), yes: t("leave_pay", { n: cost }) };
  };
  let asking = null; // the open leave question: {ask: leaveAsk()'s, dlg: its confirmDialog}
  /** Keep an open leave question true to the table (each version). */
  const followAsk = () => {
    if (!asking) return;
    const now = leaveAsk();
    if (!now || now.key !== asking.ask.key) asking.dlg.cancel();
    else if (now.text !== asking.ask.text || now.yes !== asking.ask.yes) {
      asking.ask = now;
      asking.dlg.set(now.text, now.yes);
    }
  };
  const leaveButton = (attrs) => {
    const btn = h("button", { class: "danger", ...attrs }, t("leave"));
    btn.addEventListener("click", async () => {
      for (let ask = leaveAsk(), agreed; ask; ask = leaveAsk()) {
        if (asking) return; // one question at a time
        asking = { ask, dlg: confirmDialog(ask.text, ask.yes, t("leave_stay")) };
        const yes = await asking.dlg;
        agreed = asking.ask;
        asking = null;
        if (!yes) return;
        const now = leaveAsk();
        if (!now || (now.key === agreed.key && now.cost <= agreed.cost)) break; // else it grew meanwhile: ask again
      }
      runAction(btn, () => net.leave(id), { keep: true, done: toLobby });
    });
    return btn;
  };
  const backBtn = h("button", { testid: "back", onclick: toLobby }, t("back"));
  const leaveBtn = leaveButton({ testid: "leave", hidden: true });
  // the waiting card: what starts the game here (bots or not), and Start
  // disabled, saying why, while the table could not start
  const startErr = h("div", { class: "form-error", testid: "start-error", role: "alert" });
  // pressed, it stays so (the protocol has no taking it back): "Start requested", disabled
  const startBtn = actionButton({ class: "primary", testid: "start" }, t("start"), () => net.startTable(id), { errorEl: startErr, keep: true });
  const joinBtn = actionButton({ class: "primary", testid: "join-table", hidden: true }, t("join"), () => net.request({ t: "join", table: id }), { errorEl: startErr });
  const startsIn = h("span", { class: "starts-in", testid: "starts-in" });
  // once someone pressed Start now: who asked, and what each seated person must do before the window ends
  const startVote = h("p", { class: "start-vote", testid: "start-vote", role: "status", hidden: true });
  const startHelp = h("p", { class: "muted", testid: "start-help" });
  const startNote = h("p", { class: "form-note", testid: "start-note", hidden: true });
  // the server's close of a waiting table (view.wait_until), counted down in its last minutes; a join starts it again
  const closesIn = h("p", { class: "closes-in", testid: "closes-in", role: "status", hidden: true });
  const waiting = h("div", { class: "card waiting", testid: "waiting", hidden: true }, startHelp, startVote, h("div", { class: "row" }, startBtn, joinBtn, startsIn), closesIn, startNote, startErr);
  const renderWaiting = (v, ctx) => {
    const info = gameInfo(v.game);
    const min = info ? info.min_players : 1;
    const canFill = v.bots && !v.coins_to_sit;
    const seated = v.seats.filter((s) => s && !s.left).length;
    setText(startHelp, canFill ? t("start_help_bots") : `${t("start_help_people", { n: min })} ${t(v.coins_to_sit ? "start_help_coins" : "start_help_no_bots")}`);
    const short = !canFill && seated < min;
    const pressed = !ctx.spectator && (v.start_votes || []).includes(ctx.seat);
    setText(startBtn, t(pressed ? "start_pressed" : "start"));
    startBtn.disabled = short || pressed || isRunning(startBtn);
    startNote.hidden = !short || ctx.spectator;
    setText(startNote, short ? t("start_needs", { n: min, k: seated }) : "");
  };
  const share = h("input", { class: "share", testid: "share-link", readOnly: true, value: `${location.origin}/#table=${id}`, onfocus: (e) => e.target.select() });
  const body = h("div", { class: "table-body" });
  const fair = fairness(id);

  // away: a bot plays my seat until I say I'm back (the status bar's notice says so: the bar holds the button)
  const imBackBtn = actionButton({ class: "primary", testid: "im-back" }, t("im_back"), () => {
    if (entry && actedAt(id, entry.seat)) renderView(); // my time's-up notice ends when I am back
    return net.back(id);
  });
  // the banner says it in words, with the button in it
  const awayBar = h(
    "div",
    { class: "away-bar", testid: "away-bar", role: "status", hidden: true },
    h("span", { class: "away-banner-text", testid: "away-banner-text" }, t("away_banner")),
    imBackBtn
  );

  const next = nextPanel(id, leaveButton({ testid: "next-leave" }));
  const overTitle = h("h3", { testid: "table-over-title" });
  const overText = h("p", { class: "muted", testid: "table-over-text" });
  const overPanel = h(
    "div",
    { class: "card over-panel", testid: "table-over", hidden: true },
    overTitle,
    overText,
    h("div", { class: "row" }, h("button", { class: "primary", testid: "over-back", onclick: toLobby }, t("back")))
  );
  // a link to a table that does not exist (or expired): this alone, with the way back
  const goneText = h("p", { testid: "gone-text" });
  const gone = h(
    "div",
    { class: "card gone", testid: "no-such-table", role: "alert", hidden: true },
    h("h2", {}, t("gone_title")),
    goneText,
    h("p", { class: "muted" }, t("gone_help")),
    h("div", { class: "row" }, h("button", { class: "primary", testid: "gone-back", onclick: toLobby }, t("gone_back")))
  );
  const noticesEl = h("ul", { class: "notices", testid: "notices", hidden: true });
  const chat = chatPanel(id);
  // an arena's table (view.arena): the way back to the arena's page, and
  // once the game is over the next table the arena seated me at
  // (arena_paired, its game not over), which opens by itself ARENA_NEXT_MS
  // after it is offered (its clock runs), or at once by its button
  const arenaText = h("span", { testid: "arena-bar-text" });
  const arenaBack = h("a", { class: "button", testid: "arena-back" }, t("table_arena_back"));
  const arenaNext = h("a", { class: "button primary", testid: "arena-next-link" }, t("play"));
  const arenaNextIn = h("span", { class: "muted", testid: "arena-next-in" });
  const arenaNextBox = h("span", { class: "arena-next", testid: "arena-next", hidden: true }, t("table_arena_next"), " ", arenaNext, " ", arenaNextIn);
  const arenaBar = h("div", { class: "arena-bar", testid: "arena-bar", hidden: true }, arenaText, arenaBack, arenaNextBox);
  let arenaNextAt = null; // when the next table opens by itself (server ms), while offered
  const renderArena = (v) => {
    arenaBar.hidden = !v.arena;
    if (!v.arena) return;
    setText(arenaText, t("table_arena", { name: tableName(v) }));
    arenaBack.href = `#arena=${encodeURIComponent(v.arena)}`;
    const paired = net.arenaPaired.get(v.arena);
    const over = (x) => x === "finished" || x === "closed";
    const next = paired && paired.table !== id ? net.tables.get(paired.table) : null;
    const offered = over(v.status) && !!paired && paired.table !== id && !(next && next.view && over(next.view.status));
    arenaNextBox.hidden = !offered;
    if (offered) arenaNext.href = `#table=${encodeURIComponent(paired.table)}`;
    if (offered && arenaNextAt === null) arenaNextAt = net.serverNow() + ARENA_NEXT_MS;
    if (!offered) arenaNextAt = null;
  };
  const tickArena = (now) => {
    if (arenaNextAt === null) return;
    setText(arenaNextIn, t("table_arena_next_in", { s: Math.max(0, Math.ceil((arenaNextAt - now) / 1000)) }));
    if (now >= arenaNextAt && alive) location.hash = arenaNext.getAttribute("href");
  };

  // the view's moves: one gate; a move sent or answered draws the view
  // again; a refusal is said in the view, beside its controls, until the
  // next move goes out
  const moveError = (err) => (view ? showErrorIn(view.errorEl, err) : showError(err));
  const gate = new MoveGate(net, id, () => alive && renderView(), moveError);
  const renderView = () => {
    if (view && gate.sent) showErrorIn(view.errorEl, null);
    if (view && entry && entry.view) view.update(entry.view, tableContext(entry, gate));
    pins.measure();
  };

  // the parts every game shares: next game, table over, away, notices, chat, fairness
  const renderLife = (e) => {
    const v = e.view;
    next.render(e);
    renderArena(v);
    overPanel.hidden = !(v.status === "closed" || (v.status === "finished" && !v.next));
    if (!overPanel.hidden) {
      const [title, text, params] = overWords(v);
      setText(overTitle, t(title, params));
      setText(overText, t(text, params));
      overPanel.dataset.reason = v.closed_reason || "";
    }
    awayBar.hidden = !myAway(v, e.seat);
    const notices = (v.notices || []).slice(-3);
    noticesEl.hidden = notices.length === 0;
    fill(noticesEl, notices.map((n) => h("li", { testid: "notice" }, noticeText(n))));
    chat.render(e);
    fair.render(v);
    gameNoEl.hidden = !v.game_no;
    setText(gameNoEl, v.game_no ? t("game_no", { n: v.game_no }) : "");
  };

  const update = (e) => {
    entry = e;
    const v = e.view;
    if (!v) return;
    game = v.game;
    showErrorIn(errEl, null);
    if (!view || viewGame !== v.game) {
      if (view) view.destroy();
      const View = VIEWS[v.game] || GenericView;
      view = new View({ id, games: () => net.games, now: () => net.serverNow(), onError: moveError, keep: true });
      viewGame = v.game;
      fill(body, view.el);
    }
    const info = gameInfo(v.game);
    setText(gameEl, info ? gameTitle(info) : v.game);
    setText(titleEl, tableName(v));
    setScreenTitle(`${tableName(v)} · ${info ? gameTitle(info) : v.game}`);
    const stake = v.coins_to_sit > 0 ? stakeLine(info, v.options, v.coins_to_sit) : [];
    stakeEl.hidden = !stake.length;
    fill(stakeEl, stake);
    statusEl.dataset.status = v.status;
    setText(statusEl, statusText(v.status));
    const ctx = tableContext(e, gate);
    specEl.hidden = !ctx.spectator;
    setText(seatEl, ctx.spectator ? "" : t("your_seat", { n: ctx.seat + 1 }));
    leaveBtn.hidden = ctx.spectator || !(v.status === "waiting" || v.status === "playing");
    waiting.hidden = v.status !== "waiting";
    if (v.status === "waiting") renderWaiting(v, ctx);
    startBtn.hidden = ctx.spectator;
    joinBtn.hidden = !ctx.spectator || v.status !== "waiting" || !v.seats.some((x) => x === null);
    renderLife(e);
    view.update(v, ctx);
    setLiveCoins(view.liveBalance());
    pins.measure();
    tick();

    // your-turn cue: title prefix while it is your turn; a beep when it becomes so
    setTitle(ctx.turn ? t("your_turn_title") : "");
    if (ctx.turn && ctx.turn !== lastCue) cue.beep();
    lastCue = ctx.turn;
    followAsk();
  };

  const tick = () => {
    const v = entry && entry.view;
    const now = net.serverNow();
    const vote = v && v.status === "waiting" && typeof v.start_at === "number" ? startVoteText(v, entry.seat, now) : "";
    startVote.hidden = !vote;
    setText(startVote, vote);
    if (v && v.status === "waiting" && typeof v.start_at === "number" && !vote) {
      setText(startsIn, t("starts_in", { s: Math.max(0, (v.start_at - now) / 1000).toFixed(1) }));
    } else {
      setText(startsIn, "");
    }
    const until = v && v.status === "waiting" && typeof v.wait_until === "number" ? v.wait_until : null;
    closesIn.hidden = until === null || until - now > CLOSE_WARN_MS;
    closesIn.dataset.until = until === null ? "" : String(until);
    setText(closesIn, closesIn.hidden ? "" : t("closes_in", { time: clockLength(until - now) }));
    closesIn.classList.toggle("urgent", !closesIn.hidden && until - now <= 30000);
    next.tick(v, now);
    tickArena(now);
    if (view && view.view) view.tick(now);
  };

  net.open(id);
  setTitle("");
  if (entry && entry.view) setTimeout(() => alive && update(net.tables.get(id) || entry), 0);
  const parts = [
    h(
      "div",
      { class: "table-head" },
      h("div", { class: "title-row" }, titleEl, h("div", { class: "table-meta" }, gameEl, gameNoEl, statusEl, specEl, seatEl, stakeEl)),
      h("div", { class: "row" }, rulesButton(() => game), backBtn, leaveBtn)
    ),
    h("div", { class: "info-row" }, h("label", { class: "share-row" }, h("span", { class: "muted" }, t("share")), share), fair.el),
    errEl,
    arenaBar,
    awayBar,
    h(
      "div",
      { class: "table-layout" },
      h("div", { class: "table-main" }, waiting, body),
      h("div", { class: "table-side" }, next.el, overPanel, noticesEl, chat.el)
    ),
  ];
  const el = h("section", { class: "screen screen-table", testid: "table-screen", "data-table": id }, parts, gone);
  const pins = pinnedRoom(el, PINNED);
  return {
    el,
    onTable: (e) => {
      if (e.id === id) update(e);
    },
    onArenaPaired: () => entry && entry.view && renderArena(entry.view),
    onChat: (e) => {
      if (e.id !== id) return;
      entry = e;
      chat.render(e);
    },
    onTableError: ({ id: tid, error }) => {
      if (tid !== id) return;
      if (error && error.code === "no_such_table" && !(entry && entry.view)) {
        // nothing was ever shown: no half-loaded table beside the error
        for (const part of parts) part.hidden = true;
        setText(goneText, errorText(error));
        gone.hidden = false;
        return;
      }
      showErrorIn(errEl, error);
    },
    tick,
    /** `rebuilding`: the same table's screen is made again at once (a
     * language change); `next`: the key of the screen that follows (app.js):
     * keep following the table through either, or its replay viewer. */
    destroy: ({ rebuilding = false, next = "" } = {}) => {
      alive = false;
      if (asking) asking.dlg.cancel();
      if (view) view.destroy();
      pins.stop();
      setLiveCoins(null);
      setTitle("");
      if (!rebuilding && !next.startsWith(`replay:${id}:`)) net.close(id);
    },
  };
}
