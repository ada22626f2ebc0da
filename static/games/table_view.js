// The contract of a game's table view: the TableView base and the render
// context (tableContext).  The helpers the views share are modules of one
// idea each beside it: seats.js (seat names and badges), forced.js (time's-up
// marks), notices.js (timeout notices), clocks.js (turns and countdowns),
// results.js (a result in words), move_gate.js (the move gate),
// event_log.js and log_keep.js (the event log, kept across a reload).
//
// A table view (games/<id>.js; generic.js for a game without its own)
// draws one table for one viewer from the server's table view (`tv`:
// docs/protocol.md, "The table view").  Its host is the table screen
// (screens/table.js) or the replay viewer (screens/replay.js).  Every view
// extends TableView and keeps this contract:
//
//   new View(host)      host: {id, games(), now(), onError(err)}: the table
//                       id, the games' static figures (welcome.games: each
//                       GameInfo's `board`), the server clock (epoch ms) and
//                       where errors go (the table screen: the view's
//                       errorEl, under its status bar, beside its controls);
//                       `keep` true (the table screen's): the log is kept
//                       across a reload of the tab (keepTable).  Made once per table screen (the
//                       screen, and so the view, is built again after a
//                       language change: see app.js).
//   view.el             its root element, built by the constructor; the
//                       host puts it in the page.
//   view.update(tv, ctx)  a table view and its render context (below), for
//                       every version the host gets and whenever the context
//                       changes (a move sent or answered).  TableView.update
//                       keeps them (this.view, this.ctx, this.names), gives
//                       the version to take(tv, ctx) (events to remember),
//                       sets the turn line, then calls render() and tick().
//   view.tick(now)      about five times a second: the countdowns (`now`:
//                       server time, epoch ms).
//   view.destroy()      the view is gone: stop its animations.
//   view.liveBalance()  my seat's coins as the view shows them while I play
//                       (stud's balance less what I put in), which the
//                       header shows too; null (the default) where none.
//
// A game words what the lobby played for a seat whose time ran out by
// overriding timeoutText(note, mine, name) ("Time's up — 14 was played for
// you") and what a timeout would do by timeoutWarning() (my last seconds);
// TableView shows them in the status bar (one at a time: the warning alone
// in my last seconds) and seatBadges marks the seat.
//   view.eventLines(events, names, state)  the words the view's log gives
//                       `events` (one version's public events, as
//                       tv.events; `names` by seat; `state`: the engine
//                       view after them): a list of strings, [] for none
//                       (TableView's); the replay viewer's step lines.
//
// A view draws in render() (called again with this.redraw() after a local
// change: a die held, a tile picked) from this.view and this.ctx only.
// The render context, made once per render by tableContext():
//
//   seat        my seat (int), or null: a spectator, or a replay
//   spectator   seat === null
//   version     the table version drawn
//   turn        my seat's turn id now, or null when I need not act
//   acting      the seats to act now ([] unless the game is playing)
//   busy        a move of mine is on its way: controls wait
//   sending     that move (the map sent), or null
//   lang        the UI language ("en" | "zh")
//   stepEvents  a replay's step: the events of that step alone (its board's
//               notices are that step's only); null at a live table
//   send(move, turn?)  play `move` for my turn (or the turn id named) through the screen's one MoveGate
//               (nothing while busy, off my turn, or in a replay)
//
// A view works out no rule: what I may do is tv.moves, the figures are the
// engine's (tv.state) and the game's board.

import { t, getLang, fillText } from "../i18n.js";
import { h, fill, setText } from "../dom.js";
import { ratingChanges } from "../ratings.js";
import { gameSeats, gameName } from "./seats.js";
import { firstPlaceText } from "./results.js";
import { tableNotices, drawnWith } from "./notices.js";
import { clocks, clockText, myTurn, turnText, myAway, awayTurn, urgent, showCountdown } from "./clocks.js";
import { keepTable } from "./log_keep.js";
import { snapshot, play } from "./motion.js";

/** The render context of table entry `entry` ({seat, version, view}: a
 * net.js table entry, or the replay's synthetic one) for its view, with
 * `gate`'s move in flight (a MoveGate, or null: nothing can be sent).
 * Fields: see the top of this file. */
export function tableContext(entry, gate = null) {
  const view = entry.view;
  const seat = entry.seat === null || entry.seat === undefined ? null : entry.seat;
  if (gate) gate.see(entry);
  const sent = gate ? gate.sent : null;
  return {
    seat,
    spectator: seat === null,
    version: entry.version,
    turn: myTurn(view, seat),
    acting: view.status === "playing" ? view.to_act || [] : [],
    busy: !!sent,
    sending: sent ? sent.move : null,
    lang: getLang(),
    stepEvents: entry.replay ? entry.step_events || [] : null,
    send: gate ? (move, turn) => gate.send(move, turn) : () => {},
  };
}

/** The base of every table view: the contract at the top of this file.  A
 * subclass builds its elements in its constructor (after super(host,
 * stylesheet URL or null)) and this.el = this.frame(...) (the status bar
 * with this.turnEl and this.countdownEl, then this.finalEl), using
 * logBox(), and draws in render() (showFinal() fills the final result). */
export class TableView {
  constructor(host, stylesheet = null) {
    if (stylesheet) loadStylesheet(stylesheet);
    this.id = host.id;
    this.games = host.games || (() => []);
    this.now = host.now || (() => Date.now());
    this.onError = host.onError || (() => {});
    this.keep = !!host.keep; // the table screen's view: its log is kept across a reload (keepTable)
    this.view = null; // the table view drawn
    this.ctx = null; // its render context
    this.names = []; // the names of the game's seats (gameName)
    this.turnEl = h("span", { class: "turn", testid: "turn" });
    this.countdownEl = h("span", { class: "countdown", testid: "countdown", "aria-live": "off" });
    this.noticeEl = h("span", { class: "timeout-notice", testid: "timeout-notice", role: "status", hidden: true });
    this.timeouts = tableNotices(this.id);
    this.finalEl = h("div", { class: "final", testid: "final-result", hidden: true });
    this.errorEl = h("div", { class: "form-error move-error", testid: "move-error", role: "alert" });
  }

  /** The view's root element (h's `attrs`): the status bar (`lead`, a list
   * of elements, then the turn line and the countdown), the line where a
   * refused move is said (this.errorEl: the host fills it), the final
   * result (this.finalEl: at the top, so who won is on the first screen
   * at a game's end), then `body`. */
  frame(attrs, lead, ...body) {
    return h("div", attrs, h("div", { class: "statusbar" }, lead, this.turnEl, this.countdownEl, this.noticeEl), this.errorEl, this.finalEl, body);
  }

  update(view, ctx) {
    this.view = view;
    this.ctx = ctx;
    this.names = gameSeats(view).map((_, i) => gameName(view, i));
    this.timeouts.take(view, ctx.version, this.now(), (note) => this.timeoutText(note, note.mine, this.names[note.ev.seat] || `#${note.ev.seat}`), ctx.seat, ctx.stepEvents || null);
    drawnWith(view, this.timeouts);
    if (this.keep) keepTable(this.id, this.log || null);
    this.take(view, ctx);
    setText(this.turnEl, awayTurn(view, ctx) ? t("away_turn") : this.turnLine());
    const before = this.drawn ? snapshot(this.el) : null; // motion.js: what this version changes animates
    this.render();
    this.drawn = true;
    play(this.el, before);
    this.tick(this.now());
  }

  /** A version arrives (once or more): remember what a view keeps of it. */
  take(view, ctx) {}

  /** The status bar's turn text. */
  turnLine() {
    return turnText(this.view, this.ctx.turn, this.ctx.acting);
  }

  /** Draw this.view with this.ctx. */
  render() {}

  /** My seat's balance as the game shows it on my seat while I play (coins),
   * for the header to show the same figure; null where the game shows none. */
  liveBalance() {
    return null;
  }

  /** The log's words for `events` (one version's public events; `names`
   * by seat, `state` the engine view after them): one string per line the
   * view's log would show; none here. */
  eventLines(events, names, state) {
    return [];
  }

  /** Draw again after a local change (nothing before the first update). */
  redraw() {
    if (this.view) this.render();
  }

  /** The countdown of every person to act, urgent in my last seconds;
   * then the status bar's notice. */
  tick(now) {
    const cl = clocks(this.view, now);
    const mine = cl.find((c) => c.seat === this.ctx.seat) || null;
    showCountdown(this.countdownEl, cl.map((c) => clockText(this.view, c)).join(" · "), mine || cl[0] || null, urgent(mine, this.ctx.seat));
    this.showNotice(now, mine);
  }

  /** The status bar's notice, one message at a time: while I must act in
   * my last seconds the warning of what a timeout would play
   * (timeoutWarning(): it is about now), else my own time's-up sentence,
   * else while my seat is away (a bot plays it) that I am and what to
   * press ("You are away: a bot plays for you — press I'm back": the table
   * screen's away bar holds the button; my time's-up note, of the timeout
   * that made me away, ends with the bot's first move for me), else the
   * latest time's-up sentence of another seat; a seat's badge goes
   * when its notice expires (the view is drawn again). */
  showNotice(now, mine) {
    const expired = [...this.timeouts.bySeat.values()].some((n) => n.until <= now);
    this.timeouts.now = now;
    if (expired) {
      for (const [seat, n] of this.timeouts.bySeat) if (n.until <= now) this.timeouts.bySeat.delete(seat);
      this.redraw();
    }
    const hurry = urgent(mine, this.ctx.seat) && !!this.ctx.turn;
    const latest = hurry ? null : this.timeouts.latest(this.ctx.seat); // a past turn's note waits out the hurry (it stays: see TimeoutNotices)
    // while a bot plays my seat, said here, where I look; my own time's-up note first (what the clock played: until the bot's first move for me)
    const away = !hurry && !(latest && latest.mine) && myAway(this.view, this.ctx.seat);
    const note = away ? null : latest;
    const text = hurry ? this.timeoutWarning() : away ? t("away_notice") : note ? note.text : "";
    setText(this.noticeEl, text);
    this.noticeEl.hidden = !text;
    this.noticeEl.dataset.kind = hurry ? "hurry" : away ? "away" : note ? (note.ev.seat === this.ctx.seat ? "mine" : "other") : "";
  }

  /** A `timeout` note ({ev, state, events}: see TimeoutNotices) as a
   * sentence: `mine` (my seat's) "Time's up — … for you" (no "last turn":
   * it may be this turn's, 6 Nimmt!'s pick before its row), else of player
   * `name`.  A game words its forced moves by overriding this. */
  timeoutText(note, mine, name) {
    return mine ? t("timeout_mine") : t("timeout_other", { name });
  }

  /** What my last seconds' warning says (what a timeout would do); a game overrides it. */
  timeoutWarning() {
    return t("hurry");
  }

  /** The log's box: a title (this.logTitle: i18n's "log", one word for
   * every game's log) over the list (this.logEl: class "log" and `listClass`). */
  logBox(listClass = "", title = t("log")) {
    this.logTitle = h("h3", {}, title);
    this.logEl = h("ol", { class: `log ${listClass}`.trim(), testid: "log" });
    return h("div", { class: "log-box" }, this.logTitle, this.logEl);
  }

  /** Show `nodes` as the final result (and under it each seat's rating
   * change once the game is rated), or hide it (`nodes` null).  The
   * game's headline (its node of testid "winners") gives way to
   * firstPlaceText's where a first place counts as a loss, so it agrees
   * with the rating line. */
  showFinal(nodes) {
    this.finalEl.hidden = !nodes;
    if (!nodes) return;
    const mySeat = this.ctx ? this.ctx.seat : null;
    fill(this.finalEl, nodes, ratingChanges(this.view, this.names, mySeat));
    const head = this.finalEl.querySelector('[data-testid="winners"]');
    const honest = head ? firstPlaceText(this.view, this.names, mySeat) : null;
    if (honest) {
      setText(head, honest);
      head.dataset.counted = "loss";
    }
  }

  /** The game's static figures (the server's GameInfo.board: what a board
   * shows before a game has a state, 6 Nimmt!'s bull heads); {} while none
   * are known. */
  board(gameId) {
    const info = (this.games() || []).find((g) => g.id === gameId);
    return (info && info.board) || {};
  }

  destroy() {}
}

/** A game's own texts: tr(key, params) is `texts[lang][key]` (else the
 * English one, else the key) with its {name} placeholders filled (a
 * count's forms as i18n.fillText takes them). */
export function translator(texts) {
  return function tr(key, params) {
    const lang = getLang();
    const table = texts[lang] || texts.en;
    if (key in table) return fillText(table[key], params, lang);
    return fillText(texts.en[key] !== undefined ? texts.en[key] : key, params, "en");
  };
}

const sheets = new Map(); // href -> Promise, settled when the sheet has loaded (or failed)

/** Link a game's stylesheet (its URL, e.g. "/static/games/stud.css") into the page, once
 * however many views are made.  Until it has loaded, <html> carries
 * data-styling (a count) and style.css keeps the table's felt hidden, so a
 * board is never drawn without its sheet (a phone once got a 421 px wide
 * score card for a moment: layout checks and people saw it).  Returns a
 * Promise that settles when the sheet is in (or could not load). */
export function loadStylesheet(url) {
  const href = new URL(url, document.baseURI).href;
  if (sheets.has(href)) return sheets.get(href);
  for (const link of document.querySelectorAll('link[rel="stylesheet"]')) {
    if (link.href === href) {
      sheets.set(href, Promise.resolve());
      return sheets.get(href);
    }
  }
  const root = document.documentElement;
  const link = h("link", { rel: "stylesheet", href });
  root.dataset.styling = String(Number(root.dataset.styling || 0) + 1);
  const loaded = new Promise((resolve) => {
    link.addEventListener("load", resolve, { once: true });
    link.addEventListener("error", resolve, { once: true });
  }).then(() => {
    const left = Number(root.dataset.styling || 1) - 1;
    if (left > 0) root.dataset.styling = String(left);
    else delete root.dataset.styling;
  });
  sheets.set(href, loaded);
  document.head.appendChild(link);
  return loaded;
}
