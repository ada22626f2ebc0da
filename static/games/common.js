// Helpers shared by the table views of every game.

import { t, getLang, onLangChange } from "../i18n.js";
import { h, fill, setText } from "../dom.js";

/** A seat's player name (as sent by the server: render it as text). */
export function seatName(view, seat) {
  const s = view && view.seats ? view.seats[seat] : null;
  return s ? s.name : t("empty_seat");
}

/** Small badges after a seat's name: bot, away (a bot plays it meanwhile),
 * left, you. */
export function seatBadges(view, seat, mySeat) {
  const s = view.seats[seat];
  const out = [];
  if (!s) return out;
  if (s.bot && !s.left) out.push(h("span", { class: "badge badge-bot", title: t("bot") }, t("bot")));
  if (s.away && !s.left && !s.bot) out.push(h("span", { class: "badge badge-away", testid: `away-${seat}`, title: t("away_title") }, t("away")));
  if (s.left) out.push(h("span", { class: "badge badge-left" }, t("left")));
  if (seat === mySeat) out.push(h("span", { class: "badge badge-you" }, t("you")));
  return out;
}

/** Who must act now and how many seconds each has left, by the server's
 * deadlines corrected with the clock offset: [{seat, seconds|null}]. */
export function clocks(view, net) {
  if (!view || view.status !== "playing") return [];
  return (view.to_act || []).map((seat) => {
    const due = view.deadlines ? view.deadlines[String(seat)] : undefined;
    const seconds = typeof due === "number" ? Math.max(0, (due - net.serverNow()) / 1000) : null;
    return { seat, seconds };
  });
}

export function fmtSeconds(seconds) {
  return seconds === null || seconds === undefined ? "–" : seconds.toFixed(1);
}

/** One seat's countdown text ("Ann: 12.3 s") by its clock {seat, seconds}. */
export function clockText(view, c) {
  return t("seconds_left", { name: seatName(view, c.seat), s: fmtSeconds(c.seconds) });
}

/** The countdown text of the seats to act ("Ann: 12.3 s"). */
export function countdownText(view, net) {
  return clocks(view, net)
    .map((c) => clockText(view, c))
    .join(" · ");
}

/** The current turn id of my seat, or null when I need not act. */
export function myTurn(entry) {
  const view = entry && entry.view;
  if (!view || view.status !== "playing" || entry.seat === null || entry.seat === undefined) return null;
  if (!(view.to_act || []).includes(entry.seat)) return null;
  return (view.turns || {})[String(entry.seat)] || null;
}

/** The status bar's turn text: mine, whose it is (`acting`: the seats to
 * act), or nothing. */
export function turnText(view, turn, acting) {
  if (turn) return t("your_turn");
  if (acting.length) return t("turn_of", { name: acting.map((s) => seatName(view, s)).join(", ") });
  return "";
}

/** Show a countdown in `el`: its text, marked urgent under 5 s, with the
 * seconds of clock `c` ({seat, seconds} or null) in data-seconds. */
export function showCountdown(el, text, c) {
  setText(el, text);
  el.classList.toggle("urgent", !!(c && c.seconds !== null && c.seconds < 5));
  if (c && c.seconds !== null) el.dataset.seconds = c.seconds.toFixed(1);
  else delete el.dataset.seconds;
}

/** The countdown of every seat to act, urgent by the first one's clock. */
export function tickCountdown(el, view, net) {
  showCountdown(el, view ? countdownText(view, net) : "", view ? clocks(view, net)[0] : null);
}

/** A seat's name as text, the whole of it in the title. */
export function seatNameEl(view, seat) {
  const name = seatName(view, seat);
  return h("span", { class: "seat-name", testid: `seat-name-${seat}`, title: name }, name);
}

/** A seat's head: number, name, badges, then `extra` (nodes or null). */
export function seatHead(view, seat, mySeat, ...extra) {
  return h("div", { class: "seat-head" }, h("span", { class: "seat-no" }, `#${seat}`), seatNameEl(view, seat), seatBadges(view, seat, mySeat), extra);
}

/** The game's seed once the server reveals it (at the end), or null. */
export function seedLine(view) {
  return view.seed ? h("div", { class: "seed" }, `${t("seed")}: ${view.seed}`) : null;
}

/** The static figures of game `gameId` (the server's GameInfo.board: what
 * a board shows before a game has a state, 6 Nimmt!'s bull heads) for view
 * `v`: from its ctx's `games` (a list, or a function giving it: the replay
 * screen) or else its net's welcome games; {} while none are known. */
export function board(v, gameId) {
  const games = (typeof v.games === "function" ? v.games() : v.games) || (v.net && v.net.games) || [];
  const info = games.find((g) => g.id === gameId);
  return (info && info.board) || {};
}

/** Send view `v`'s move for `turn` (v.net, v.id); render again when the
 * server has answered; on a refusal `undo()` first, then report it with
 * v.onError. */
export function sendMove(v, turn, move, undo) {
  v.net.move(v.id, turn, move).then(
    () => v.render(),
    (err) => {
      undo();
      v.onError(err);
      v.render();
    }
  );
}

/** A move of view `v` sent at a table version: its controls wait until
 * the next version arrives (or the move is refused). */
export class MoveGate {
  constructor(v) {
    this.view = v;
    this.sentAt = null; // the table version when we sent a move
  }

  busy() {
    const entry = this.view.entry;
    return this.sentAt !== null && entry && entry.version === this.sentAt;
  }

  /** A new entry: a new version settles the move sent. */
  update(entry) {
    if (this.sentAt !== null && entry.version !== this.sentAt) this.sentAt = null;
  }

  /** Send `move` on my turn, unless a move is waiting already. */
  send(move) {
    const v = this.view;
    const turn = myTurn(v.entry);
    if (!turn || this.busy()) return;
    this.sentAt = v.entry.version;
    v.render();
    sendMove(v, turn, move, () => {
      this.sentAt = null;
    });
  }
}

/** A game's own texts: tr(key, params) is `texts[lang][key]` (else the
 * English one, else the key) with its {name} placeholders filled. */
export function translator(texts) {
  return function tr(key, params) {
    const table = texts[getLang()] || texts.en;
    let text = key in table ? table[key] : texts.en[key] !== undefined ? texts.en[key] : key;
    if (params) text = text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
    return text;
  };
}

/** Link a game's stylesheet (a URL beside its module) into the page, once
 * however many views are made. */
export function loadStylesheet(url) {
  const href = String(url);
  for (const link of document.querySelectorAll('link[rel="stylesheet"]')) if (link.href === href) return;
  document.head.appendChild(h("link", { rel: "stylesheet", href }));
}

/** The views of one game alive now, each given to `relabel` when the
 * language changes: add a view when it is made, delete it in destroy(). */
export function liveViews(relabel) {
  const live = new Set();
  onLangChange(() => {
    for (const v of live) relabel(v);
  });
  return live;
}

/** A table's recent public events, newest last, at most `max`: kept per
 * table across view instances (the lobby makes a new view when the
 * language changes).  `last` is an item a view keeps apart (cleared with
 * the rest when a new game starts). */
export class EventLog {
  constructor(max) {
    this.max = max;
    this.version = null;
    this.gameNo = null;
    this.items = [];
    this.last = null;
  }

  /** The events of a table version not taken yet (none for one taken); a
   * new game starts the log afresh. */
  take(entry) {
    const view = entry.view;
    if (!view || this.version === entry.version) return [];
    if (view.game_no !== this.gameNo) {
      this.items = [];
      this.last = null;
      this.gameNo = view.game_no;
    }
    this.version = entry.version;
    return view.events || [];
  }

  /** Drop the oldest items beyond `max`. */
  trim() {
    if (this.items.length > this.max) this.items.splice(0, this.items.length - this.max);
  }
}

/** Table `id`'s EventLog in `logs` (a Map of one game's tables). */
export function tableLog(logs, id, max) {
  if (!logs.has(id)) logs.set(id, new EventLog(max));
  return logs.get(id);
}

/** Show a log's lines in list `el`, scrolled to the newest; `empty` (a node
 * or null) when there are none. */
export function showLog(el, items, empty = null) {
  fill(el, items.length ? items : empty);
  el.scrollTop = el.scrollHeight;
}
