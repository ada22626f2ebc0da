// The contract of a game's table view, and the helpers the views share.
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

import { t, getLang, fillText, namesList } from "../i18n.js";
import { h, fill, setText } from "../dom.js";
import { ratingChanges, notToTheEnd } from "../ratings.js";

/** Seat `seat` (0-based, as on the wire) as people count it: "#1" for seat 0. */
export function seatNo(seat) {
  return `#${seat + 1}`;
}

/** Whether seat `s` ({name, bot, left}: a table view's) is a bot's own
 * (bot set on a seat its player left means a bot finishes it for them). */
export function isBot(s) {
  return !!(s && s.bot && !s.left);
}

/** Seat `s`'s name without a marker: a bot's bare name ("Ada"; records and
 * tables from before bare names said "Ada (bot)"). */
export function bareName(s) {
  return isBot(s) ? s.name.replace(/ \(bot\)$/, "") : s.name;
}

/** Seat `s`'s name in running text (log, results, lists): a bot's with the
 * page language's marker ("Ada (bot)", "Ada（机器人）"). */
export function markedName(s) {
  return isBot(s) ? t("bot_name", { name: bareName(s) }) : s.name;
}

/** A seat's player name in running text (as sent by the server, a bot's
 * marked: render it as text). */
export function seatName(view, seat) {
  const s = view && view.seats ? view.seats[seat] : null;
  return s ? markedName(s) : t("empty_seat");
}

/** Who sat in each seat of the game on show (the table view's `players`,
 * [null | {name, bot, left}] by seat), else its `seats` (a table before
 * its first game, or a server before `players`): what a game's result,
 * ratings and log name, though a leaver's seat may be empty or someone
 * else's by now. */
export function gameSeats(view) {
  return (view && (view.players || view.seats)) || [];
}

/** Seat `seat`'s name in running text about the game on show (gameSeats):
 * marked as markedName; "empty" for a seat nobody played. */
export function gameName(view, seat) {
  const s = gameSeats(view)[seat];
  return s ? markedName(s) : t("empty_seat");
}

/** Who a game's board shows in seat `seat` ({name, bot, left} or null):
 * while a game is on show but not running (finished, or the table back to
 * waiting under the last game's board) its player (the table view's
 * `players`: a leaver marked left, though the seat is empty or someone
 * else's by now), else (or where nobody played it) who sits there now. */
export function boardSeat(view, seat) {
  const now = view && view.seats ? view.seats[seat] || null : null;
  if (!view || view.status === "playing" || !view.players) return now;
  return view.players[seat] || now;
}

/** Seat `seat`'s board name (boardSeat) in running text, marked as markedName; "empty" for none. */
export function boardName(view, seat) {
  const s = boardSeat(view, seat);
  return s ? markedName(s) : t("empty_seat");
}

/** The "you" badge (seatBadges') after my own seat's name in a result's
 * standings (`seat` is `mySeat` and still the game's player), else null. */
export function youBadge(view, seat, mySeat) {
  const s = boardSeat(view, seat);
  const now = view.seats[seat];
  return s && seat === mySeat && now && now.name === s.name ? h("span", { class: "badge badge-you", testid: `you-${seat}` }, t("you")) : null;
}

/** Small badges after a seat's name (the board's: boardSeat): bot, away (a bot plays it meanwhile:
 * while the game runs, none once it is over), left, you (not beside an
 * earlier game's player in my seat now), and "time's up" while the seat's timeout notice lasts (its
 * sentence in the title: see TimeoutNotices). */
export function seatBadges(view, seat, mySeat) {
  const s = boardSeat(view, seat);
  const now = view.seats[seat];
  const out = [];
  if (!s) return out;
  if (isBot(s)) out.push(h("span", { class: "badge badge-bot", title: t("bot") }, t("bot")));
  if (s.away && !s.left && !s.bot && view.status === "playing") out.push(h("span", { class: "badge badge-away", testid: `away-${seat}`, title: t("away_title") }, t("away")));
  if (s.left) out.push(h("span", { class: "badge badge-left" }, t("left")));
  if (seat === mySeat && now && now.name === s.name) out.push(h("span", { class: "badge badge-you" }, t("you")));
  const notes = NOTICES_OF.get(view); // the notices of the game view drawing it (a replay's own, not the live table's)
  const note = notes ? notes.shown(seat) : null;
  // my own notice outlasts my turn's end (until I act); its badge shows only while I am not to act
  if (note && !(note.mine && turnOf(view, seat) !== null)) out.push(h("span", { class: "badge badge-timeout", testid: `timeout-${seat}`, role: "status", title: note.text }, t("timed_out")));
  return out;
}

// -- time's up ------------------------------------------------------------------

/** The moves the lobby played for a person's seat in the game on show, by
 * the table view's `forced` ([seat, kind, key] in order: the table's record,
 * so a late spectator, a reload and the replay mark the same): a Map
 * "key:seat" → false (time ran out), true (a bot played the away seat) or
 * "left" (a bot plays the seat its player left); keys are the engine's
 * move_key (Sibala's round, 6 Nimmt!'s "round.turn").  A decision's
 * time's-up mark stands when a bot later plays on it (6 Nimmt!'s row
 * after a timed-out pick). */
export function forcedMarks(view) {
  return new Map(forcedList(view).map((e) => [`${e.key}:${e.seat}`, e.how]));
}

/** Each move the lobby played for a person as {seat, key (the engine's
 * move_key, a string), how (as forcedMarks: a timeout wins over a bot's
 * later move on the same decision), then (where a timeout and a bot's
 * move share the decision, 6 Nimmt!'s row a bot took for the card the
 * clock played: the bot's how, true or "left"; else undefined: away and
 * time's up are said apart)}, in the table's order (the first entry of
 * each decision), walked from the table view's `forced` itself. */
export function forcedList(view) {
  const out = [];
  const at = new Map(); // "key:seat" -> its entry in out
  for (const [seat, kind, key] of (view && view.forced) || []) {
    const how = kind === "timeout" ? false : kind === "bot" ? true : "left";
    const k = `${key}:${seat}`;
    const entry = at.get(k);
    if (!entry) {
      const made = { seat: Number(seat), key: String(key), how, then: undefined };
      at.set(k, made);
      out.push(made);
    } else if (how === false && entry.how !== false) {
      entry.then = entry.how;
      entry.how = false;
    } else if (how !== false && entry.how === false) entry.then = how;
  }
  return out;
}

/** The log line of a move the lobby played for a person whose time ran
 * out: `text`, that move's own line as the game words a move its player
 * makes, marked ("Ann folds (pot 40) — time's up", "…——超时").  Every
 * game's log (and the replay's step list) says a forced move in this one
 * line, in its place among the others. */
export function forcedLine(text) {
  return t("forced_line", { text });
}

/** `events` (one version's, or a replay step's) with each person's
 * time's-up event (the lobby's `timeout` with `bot` false, which follows
 * the engine's events of the moves it made) folded into the event that
 * says its move: the latest earlier event of the same seat that
 * `carries(ev, timeout)` accepts, copied with `forced: true` (its line is
 * then forcedLine's), and the timeout event dropped.  A timeout with no
 * such event stays as it is. */
export function foldTimeouts(events, carries) {
  const out = [];
  for (const ev of events) {
    if (ev && ev.type === "timeout" && !ev.bot) {
      let k = out.length - 1;
      while (k >= 0 && !(out[k] && out[k].type !== "timeout" && out[k].seat === ev.seat && carries(out[k], ev))) k--;
      if (k >= 0) {
        out[k] = { ...out[k], forced: true };
        continue;
      }
    }
    out.push(ev);
  }
  return out;
}

/** The board's mark on a move the lobby played for a person, for as long
 * as that move is on the board (`how` as forcedMarks gives it: false time
 * ran out "time's up", true a bot for the away seat, "left" a bot for the
 * seat its player left); null for undefined (its player's own move).
 * `title` (optional): the mark's whole story on hover (a log line's:
 * awayName's "Mei (away, a bot played)"). */
export function forcedTag(how, testid, title) {
  if (how === undefined) return null;
  const kind = how === false ? "timeout" : how === "left" ? "left" : "away";
  return h("span", { class: `forced-mark forced-${kind}`, testid, title, "data-how": kind }, t(how === false ? "timed_out" : kind));
}

/** One time's-up mark per seat: where seat element `el` shows the clock's
 * move on its board (forcedTag's "time's up", from the table's record, so
 * a spectator, a reload and the replay see it too), the seat's passing
 * time's-up badge (seatBadges) is taken out of it.  Returns `el`. */
export function oneTimeMark(el) {
  if (el.querySelector(".forced-timeout")) for (const b of el.querySelectorAll(".badge-timeout")) b.remove();
  return el;
}

/** Whether seat `s` ({name, bot, left}: a table view's) was left by its
 * player mid-game: a bot plays it to the end. */
export function leftSeat(s) {
  return !!(s && s.left && s.bot);
}

/** `events` (one version's) with each event of a seat a bot played because
 * its player is away (the lobby's `timeout` event with `bot` true, after the
 * engine's) copied with `away: true`, and with `seats` (the table view's,
 * or null) each event of a seat its player left (leftSeat) with `away:
 * "left"`; the same list when there is none. */
export function markAway(events, seats = null) {
  const how = new Map();
  for (const ev of events) if (ev && ev.type === "timeout" && ev.bot) how.set(ev.seat, true);
  (seats || []).forEach((s, i) => leftSeat(s) && how.set(i, "left"));
  if (!how.size) return events;
  return events.map((ev) => (ev && ev.type !== "timeout" && how.has(ev.seat) ? { ...ev, away: how.get(ev.seat) } : ev));
}

/** Seat `seat`'s name `name` in a log line of a move a bot played while its
 * player was away: "Mei (away, a bot played)" (Chinese "Mei（托管）"); my
 * own seat's (`mine`) says "you", not my name: "You (away — a bot played
 * for you)", "你（托管，机器人代你操作）" (a game whose verbs follow the
 * person picks a "you" form for it: stud's `_away_mine`); `away` "left"
 * (its player left): "Mei (left, a bot plays)"; `name` itself when `away`
 * is false. */
export function awayName(name, away, mine) {
  if (away === "left") return t("left_played", { name });
  return away ? t(mine ? "away_played_mine" : "away_played", { name }) : name;
}

/** The name a log line gives event `ev`'s seat (`names` by seat): marked
 * when a bot played it for its away player or one who left (`ev.away`:
 * markAway, EventLog); `mySeat`: mine, or null. */
export function logName(ev, names, mySeat) {
  return awayName(names[ev.seat] || seatNo(ev.seat), ev.away || false, ev.seat === mySeat);
}

/** Log key `key` for event `ev` seen from seat `mySeat` (null: a spectator
 * or a replay): its "you" form `${key}_mine` ("You threw 4 and 3") for my
 * own seat's move, unless a bot played it for me (away: its line names my
 * seat "You (away — a bot played for you)", awayName). */
export function mineKey(key, ev, mySeat) {
  return mySeat !== null && mySeat !== undefined && ev && ev.seat === mySeat && !ev.away ? `${key}_mine` : key;
}

/** Who won, as a result line says it to seat `mySeat` (null: nobody is
 * "you"): {mine (I am among `winners`), alone (one winner), names (the
 * winners as one phrase of the page's language, namesList: "Ann and Bo",
 * "Ann, Bo and Cy"; with me among others, `you` first in my place: "you
 * and Bo", "You, Bo and Cy"; `you` alone when I won alone)}; `names` by
 * seat, `you` the word for me where the line puts the list (t("you"), or
 * t("you_start") at a sentence's start).  A game picks its "you" key from
 * it ("You win", "Winners: you and Bo"). */
export function winnersSaid(winners, names, mySeat, you = t("you")) {
  const mine = mySeat !== null && mySeat !== undefined && winners.includes(mySeat);
  const others = winners.filter((s) => !mine || s !== mySeat).map((s) => names[s]);
  return { mine, alone: winners.length === 1, names: namesList(mine ? [you, ...others] : others) };
}

/** The result's headline where a first place counts as a loss, or null
 * where the game's own headline is true.  A winner (table view `view`'s
 * result.winners) whose player did not play to the end (notToTheEnd: left
 * while a bot finished; a seat away at the end keeps its result) counts a
 * loss in the record and the ratings, so "You win" would contradict the
 * rating line below: "You finished first, but you left: counted as a loss"
 * to that seat (`mySeat`), the same of it by name (`names` by seat) to
 * the others and to spectators; a shared first place names who shared it,
 * then each who counts a loss. */
export function firstPlaceText(view, names, mySeat) {
  const winners = (view && view.result && view.result.winners) || [];
  const gone = winners.filter((s) => notToTheEnd(view, s) !== null);
  if (!gone.length) return null;
  const mine = (s) => mySeat !== null && mySeat !== undefined && s === mySeat;
  const said = (s, key) => (mine(s) ? t(`${key}_mine_${notToTheEnd(view, s)}`) : t(`${key}_${notToTheEnd(view, s)}`, { name: names[s] }));
  if (winners.length === 1) return said(winners[0], "first_lost");
  const others = namesList(winners.filter((s) => !mine(s)).map((s) => names[s]));
  const head = t(winners.some(mine) ? "first_shared_you" : "first_shared", { names: others });
  return [head, ...gone.map((s) => said(s, "shared_lost"))].join(t("sentence_sep"));
}

/** The winners' line of a match result `o` (outcome()) with keys `base`_one,
 * _many, _you (me alone), _you_and (me and others: {names} the others), of
 * translator `tr` (t for the shared ones), `n` o.best; `names` by seat. */
export function winnersLine(tr, base, o, names, mySeat) {
  const w = winnersSaid(o.winners, resultNames(o.view, names), mySeat);
  const form = w.mine ? (w.alone ? "you" : "you_and") : w.alone ? "one" : "many";
  return tr(`${base}_${form}`, { names: w.names, n: o.best });
}

/** "Name figure" items of a result's list ("Ann +10", my own seat's "you
 * +10"): `figures` by seat, `names` by seat. */
export function figureList(names, figures, mySeat) {
  return names.map((name, i) => t(i === mySeat ? "you_figure" : "name_figure", { name, n: figures[i] }));
}

/** `names` (by seat) for results: a seat its player left during the game
 * (gameSeats) marked "Mei (left)". */
export function resultNames(view, names) {
  const seats = gameSeats(view);
  return names.map((n, i) => (seats[i] && seats[i].left ? t("left_name", { name: n }) : n));
}

/** How long a timeout notice stays on its seat and in the status bar (ms, server time). */
export const NOTICE_MS = 8000;

/** Per table id: its TimeoutNotices (kept across view instances). */
const TIMEOUTS = new Map();

/** Per table view drawn (TableView.update's `view` object): the
 * TimeoutNotices of the game view drawing it, for its seats' badges (a
 * replay's view carries the table's id, its notices are its own). */
const NOTICES_OF = new WeakMap();

/** Seat `seat`'s turn id in table view `view`, or null while it need not act. */
function turnOf(view, seat) {
  return (view.to_act || []).includes(seat) ? (view.turns || {})[String(seat)] || null : null;
}

/** A table's recent forced moves of people's seats (the lobby's `timeout`
 * events with `bot` false; away seats played by a bot are said by their
 * badge): per seat the latest {ev, state, events (of its version), turn
 * (the seat's turn id then, or null), mine (my seat's), away (the seat
 * was away since), until (server ms;
 * Infinity for mine), text (worded by the view: TableView.timeoutText)}.
 * Another seat's notice belongs to the turn that ran out: it goes when the
 * seat's next turn starts (none is made when that turn starts with the
 * timeout itself: Shut the Box's next round, 6 Nimmt!'s next pick), else
 * after NOTICE_MS; an away seat's lasts until a bot plays its next move,
 * its player is back (or the game ends with the seat no longer away), or
 * NOTICE_MS.  My own ("Time's up — … for you") speaks of my seat's
 * latest move while that is the forced one: it stays until a later move of
 * my seat is played (acted(): a move I send, or I'm back; a bot's for my
 * away seat; the clock's again, which it then names), so it is seen even
 * when my next turn starts at once (6 Nimmt!).  When
 * the game ends the status bar shows its result, not a notice, while the
 * seats keep their badges; a new game (or the table back to waiting)
 * drops them.  The log keeps every one. */
export class TimeoutNotices {
  constructor() {
    this.version = null;
    this.gameNo = null;
    this.bySeat = new Map();
    this.now = 0;
    this.over = false; // the game is over: badges only, no status-bar notice
  }

  /** The timeout events of table view `view` at `version` (each once), as
   * seen from seat `mySeat` (or null): notices until `now` + NOTICE_MS or
   * the seat's next turn (mine: until acted()); `word(note)` gives each
   * its sentence.  `stepEvents` (a replay step's events, else null): the
   * step's notices are those of its own events alone, for as long as it
   * is shown (not a step before it: another step is another moment). */
  take(view, version, now, word, mySeat = null, stepEvents = null) {
    this.now = now;
    if (version !== this.version) {
      this.version = version;
      if (stepEvents) this.bySeat.clear();
      if (view.game_no !== this.gameNo || view.status === "waiting") this.bySeat.clear(); // another game's
      this.gameNo = view.game_no;
      for (const [seat, note] of this.bySeat) {
        const s = view.seats[seat];
        const away = !!(s && s.away);
        // back from away (its player acts again, or the game ended with no bot's move for it): that turn is behind it
        if (!note.mine && !away && (note.away || turnOf(view, seat) !== note.turn)) this.bySeat.delete(seat);
        else if (away) note.away = true;
      }
      for (const ev of stepEvents || view.events || []) {
        if (ev && ev.type === "timeout" && ev.bot) this.bySeat.delete(ev.seat); // a bot played its next move (mine too: no longer my latest)
        if (!ev || ev.type !== "timeout" || ev.bot) continue;
        const s = view.seats[ev.seat];
        const turn = turnOf(view, ev.seat);
        const mine = ev.seat === mySeat;
        if (!mine && turn !== null && !(s && s.away)) {
          this.bySeat.delete(ev.seat); // its next turn has started: the notice was the last one's
          continue;
        }
        this.bySeat.set(ev.seat, { ev, state: view.state, events: view.events, turn, mine, away: !!(s && s.away), until: mine || stepEvents ? Infinity : now + NOTICE_MS, text: "" });
      }
    }
    this.over = view.status !== "playing"; // its result, not a notice, in the bar (the seats keep their badges)
    for (const [seat, note] of this.bySeat) {
      if (note.until <= now) this.bySeat.delete(seat);
      else note.text = word(note);
    }
  }

  /** Seat `seat` acted (a move sent, or I'm back): its notice ends;
   * whether there was one. */
  acted(seat) {
    return this.bySeat.delete(seat);
  }

  /** Seat `seat`'s notice while it lasts, or null. */
  shown(seat) {
    const note = this.bySeat.get(seat);
    return note && note.until > this.now ? note : null;
  }

  /** The notice to show in the status bar: `mySeat`'s, else the newest;
   * none once the game is over. */
  latest(mySeat) {
    if (this.over) return null;
    const live = [...this.bySeat.values()].filter((n) => n.until > this.now);
    return live.find((n) => n.ev.seat === mySeat) || live[live.length - 1] || null;
  }
}

/** Seat `seat` of table `id` acted (a move it sent, or I'm back): its
 * time's-up notice ends (TimeoutNotices.acted); whether it had one. */
export function actedAt(id, seat) {
  return TIMEOUTS.has(id) && seat !== null && seat !== undefined ? TIMEOUTS.get(id).acted(seat) : false;
}

/** Which people must act now and how many seconds each has left at server
 * time `now` (epoch ms) by the server's deadlines: [{seat, seconds|null}].
 * Bots' seats and away seats (a bot plays them) have none: their deadline
 * is the bot's thinking time, not a turn time. */
export function clocks(view, now) {
  if (!view || view.status !== "playing") return [];
  const people = (view.to_act || []).filter((seat) => {
    const s = view.seats[seat];
    return s && !s.bot && !s.away;
  });
  return people.map((seat) => {
    const due = view.deadlines ? view.deadlines[String(seat)] : undefined;
    const seconds = typeof due === "number" ? Math.max(0, (due - now) / 1000) : null;
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

/** My seat's current turn id in table view `view`, or null when I need not
 * act (`seat`: mine, or null for a spectator). */
export function myTurn(view, seat) {
  if (!view || view.status !== "playing" || seat === null || seat === undefined) return null;
  if (!(view.to_act || []).includes(seat)) return null;
  return (view.turns || {})[String(seat)] || null;
}

/** The status bar's turn text: mine, whose it is (`acting`: the seats to
 * act), or nothing. */
export function turnText(view, turn, acting) {
  if (turn) return t("your_turn");
  if (acting.length) return t("turn_of", { name: acting.map((s) => seatName(view, s)).join(t("list_sep")) });
  return "";
}

/** Whether seat `seat` (mine, or null for a spectator) of table view `view`
 * is away while its game runs: a bot plays it until I act or press I'm back. */
export function myAway(view, seat) {
  const s = view && view.status === "playing" && seat !== null && seat !== undefined ? view.seats[seat] : null;
  return !!(s && s.away && !s.left);
}

/** Whether it is my turn (`ctx`: a render context) while my seat is away:
 * a bot plays it unless I act (a move of mine, or I'm back, ends away). */
export function awayTurn(view, ctx) {
  const s = ctx.turn && ctx.seat !== null ? view.seats[ctx.seat] : null;
  return !!(s && s.away && !s.left);
}

/** The last seconds of a turn in which its player is warned (s). */
export const URGENT_S = 5;

/** Whether clock `c` ({seat, seconds} or null) is `mySeat`'s and in its
 * last URGENT_S seconds: the one countdown that turns urgent. */
export function urgent(c, mySeat) {
  return !!(c && c.seat === mySeat && c.seconds !== null && c.seconds < URGENT_S);
}

/** Show a countdown in `el`: its text, marked urgent (class and
 * data-urgent) when `hurry`, with the seconds of clock `c` ({seat,
 * seconds} or null) in data-seconds. */
export function showCountdown(el, text, c, hurry = false) {
  setText(el, text);
  el.classList.toggle("urgent", hurry);
  el.dataset.urgent = hurry ? "true" : "false";
  if (c && c.seconds !== null) el.dataset.seconds = c.seconds.toFixed(1);
  else delete el.dataset.seconds;
}

/** A board seat's name (boardSeat) as text (a bot's bare: its badge says bot), the whole of
 * it, marked, in the title. */
export function seatNameEl(view, seat) {
  const s = boardSeat(view, seat);
  return h("span", { class: "seat-name", testid: `seat-name-${seat}`, title: s ? markedName(s) : t("empty_seat") }, s ? bareName(s) : t("empty_seat"));
}

/** A seat's head: number, name, badges, then `extra` (nodes or null). */
export function seatHead(view, seat, mySeat, ...extra) {
  return h("div", { class: "seat-head" }, h("span", { class: "seat-no" }, seatNo(seat)), seatNameEl(view, seat), seatBadges(view, seat, mySeat), extra);
}

/** The match result of a finished (or closed) table, or null:
 * {view, winners, scores, coins, best (the first winner's score), who (the
 * winners' names, a leaver's marked, joined by the page language's list separator)}; `names` by seat. */
export function outcome(view, names) {
  if (!((view.status === "finished" || view.status === "closed") && view.result)) return null;
  const winners = view.result.winners || [];
  const scores = view.result.scores || [];
  const marked = resultNames(view, names);
  return { view, winners, scores, coins: view.result.coins || [], best: winners.length ? scores[winners[0]] : 0, who: winners.map((s) => marked[s]).join(t("list_sep")) };
}

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

/** The one way a move waits for its answer (a table screen has one gate).
 * send(move) names my current turn and marks the move in flight; it is
 * settled by its reply (a refusal at once, the error going to `onError`; an
 * `ok` once the table shows the version the move was committed as: the
 * server sends that delta before the ok) or by a version in which my turn
 * moved on (a forced move, the game over).  `changed()` is called when a
 * move goes out or is settled by its reply, for the host to render again;
 * see(entry) is told every version (tableContext does it). */
export class MoveGate {
  constructor(net, id, changed, onError) {
    this.net = net;
    this.id = id;
    this.changed = changed;
    this.onError = onError;
    this.entry = null; // the latest table entry
    this.sent = null; // {turn, move, committed: the ok's version, or null before it}
  }

  /** The table's latest entry: settles the move in flight if it shows the
   * move answered. */
  see(entry) {
    this.entry = entry;
    const s = this.sent;
    if (s && (myTurn(entry.view, entry.seat) !== s.turn || (s.committed !== null && entry.version >= s.committed))) this.sent = null;
  }

  /** Send `move` for my turn (or for `named`, a turn id I may still act in
   * though nobody waits for me: 6 Nimmt!'s changed pick), unless there is
   * none or a move is in flight. */
  send(move, named = null) {
    const entry = this.entry;
    const turn = entry ? myTurn(entry.view, entry.seat) : null;
    if (!(turn || named) || this.sent) return;
    const sent = (this.sent = { turn, move, committed: null });
    actedAt(this.id, entry.seat); // my time's-up notice ends with my own next move
    this.changed();
    this.net.move(this.id, named || turn, move).then(
      (ok) => {
        if (this.sent !== sent) return;
        sent.committed = ok && typeof ok.version === "number" ? ok.version : -Infinity;
        this.see(this.entry);
        if (!this.sent) this.changed();
      },
      (err) => {
        if (this.sent === sent) this.sent = null;
        this.onError(err);
        this.changed();
      }
    );
  }
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
    if (!TIMEOUTS.has(this.id)) TIMEOUTS.set(this.id, new TimeoutNotices());
    this.timeouts = TIMEOUTS.get(this.id);
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
    NOTICES_OF.set(view, this.timeouts);
    if (this.keep) keepTable(this.id, this.log || null);
    this.take(view, ctx);
    setText(this.turnEl, awayTurn(view, ctx) ? t("away_turn") : this.turnLine());
    this.render();
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

/** Link a game's stylesheet (a URL beside its module) into the page, once
 * however many views are made. */
export function loadStylesheet(url) {
  const href = String(url);
  for (const link of document.querySelectorAll('link[rel="stylesheet"]')) if (link.href === href) return;
  document.head.appendChild(h("link", { rel: "stylesheet", href }));
}

/** A table's recent public events, newest last, at most `max`: kept per
 * table across view instances (a table screen makes a new view, and the
 * screen is made again when the language changes).  `last` is an item a view keeps apart, `notes` what
 * else a view keeps of the game's events (both cleared with the rest when a new game starts). */
export class EventLog {
  constructor(max) {
    this.max = max;
    this.version = null;
    this.gameNo = null;
    this.items = [];
    this.last = null;
    this.notes = {};
    this.cut = false; // whether trim() dropped lines of this game (a view may say so: cutText)
    this.saved = null; // what an earlier page of the tab kept (keepTable), until the first take
  }

  /** The events of table view `view` at `version` not taken yet (none for one taken),
   * those of seats a bot played while away or after their player left
   * marked (markAway); a
   * new game, or a version below the last one taken (a replay stepping
   * back: its versions are steps), starts the log afresh; a version past
   * the next one (versions passed unseen; not a replay's jump, whose
   * events are every step's since) leaves a LOG_GAP item. */
  take(view, version) {
    if (!view) return [];
    if (this.saved) this.restore(view, version);
    if (this.version === version) return [];
    if (view.game_no !== this.gameNo || (this.version !== null && version < this.version)) {
      this.reset();
      this.gameNo = view.game_no;
    } else if (this.version !== null && version > this.version + 1 && !view.replay) {
      // versions passed unseen (the table screen was left and opened again, or a sync's snapshot): lines may be missing here
      if (!this.items.length || this.items[this.items.length - 1].type !== LOG_GAP) this.items.push({ type: LOG_GAP });
      this.trim();
    }
    this.version = version;
    return markAway(view.events || [], view.seats);
  }

  /** What keepTable saves of this log: {gameNo, version, items, last, notes, cut}. */
  dump() {
    return { gameNo: this.gameNo, version: this.version, items: this.items, last: this.last, notes: this.notes, cut: this.cut };
  }

  /** The first version after a reload (`view` at `version`): take up the
   * saved log (this.saved, a dump()) when it is this game's and not newer;
   * when versions passed unseen meanwhile (more than the one whose events
   * `view` carries), take() then leaves its LOG_GAP item there. */
  restore(view, version) {
    const saved = this.saved;
    this.saved = null;
    if (this.version !== null || !Array.isArray(saved.items) || saved.gameNo !== view.game_no || !(saved.version <= version)) return;
    this.gameNo = saved.gameNo;
    this.version = saved.version;
    this.items = saved.items;
    this.last = saved.last || null;
    this.notes = saved.notes || {};
    this.cut = !!saved.cut; // versions passed unseen meanwhile: take's gap, as for any other jump
  }

  /** Forget every item: the next take() starts afresh. */
  reset() {
    this.items = [];
    this.last = null;
    this.notes = {};
    this.cut = false;
    this.version = null;
  }

  /** Drop the oldest items beyond `max` (noted in `cut`). */
  trim() {
    if (this.items.length <= this.max) return;
    this.items.splice(0, this.items.length - this.max);
    this.cut = true;
  }
}

// -- the log across a reload ------------------------------------------------------

/** The log item that stands where versions passed while the page was gone
 * (EventLog.restore): a view's log shows it as gapText(). */
export const LOG_GAP = "log_gap";

/** The line of a LOG_GAP item: "… any moves made while you were away are not listed". */
export function gapText() {
  return t("log_gap");
}

/** The first line of a log whose oldest lines were dropped (EventLog's `cut`):
 * "… earlier moves are not listed". */
export function cutText() {
  return t("log_cut");
}

/** sessionStorage keys of the kept tables: KEEP_PREFIX + table id. */
const KEEP_PREFIX = "tablelog:";
/** At most this many tables are kept in a tab's sessionStorage (the oldest go). */
const KEEP_TABLES = 8;
/** Table id -> its EventLog or null (a view without one), for saveKept. */
const KEPT = new Map();

function session() {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled
  }
}

/** Keep table `id`'s log (`log`: its EventLog, or null where the view has
 * none; Sibala's is drawn from the state, its marks from the table view's
 * `forced`) in the tab's sessionStorage when the page goes (pagehide) or
 * is hidden; the first call for `id` in a page takes up what an earlier
 * page of the tab saved, on the log's first version (EventLog.restore:
 * the same game only). */
export function keepTable(id, log) {
  if (KEPT.has(id) && KEPT.get(id) === log) return;
  const first = !KEPT.has(id);
  KEPT.set(id, log);
  if (!first) return;
  let saved = null;
  try {
    const store = session();
    saved = store && JSON.parse(store.getItem(KEEP_PREFIX + id) || "null");
  } catch {
    saved = null;
  }
  if (!saved) return;
  if (log && log.version === null && saved.log) log.saved = saved.log;
}

/** Save every kept table (keepTable), newest first, KEEP_TABLES at most. */
function saveKept() {
  const store = session();
  if (!store) return;
  const at = Date.now();
  for (const [id, log] of KEPT) {
    const data = { at, log: log ? log.dump() : null };
    try {
      store.setItem(KEEP_PREFIX + id, JSON.stringify(data));
    } catch {
      // full: what is not saved starts afresh after a reload
    }
  }
  const keys = [];
  for (let i = 0; i < store.length; i++) if (store.key(i).startsWith(KEEP_PREFIX)) keys.push(store.key(i));
  if (keys.length <= KEEP_TABLES) return;
  const when = (k) => {
    try {
      return JSON.parse(store.getItem(k)).at || 0;
    } catch {
      return 0;
    }
  };
  keys.sort((a, b) => when(b) - when(a));
  for (const k of keys.slice(KEEP_TABLES)) store.removeItem(k);
}

if (typeof window !== "undefined") {
  window.addEventListener("pagehide", saveKept);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") saveKept();
  });
}

/** Table `id`'s EventLog in `logs` (a Map of one game's tables). */
export function tableLog(logs, id, max) {
  if (!logs.has(id)) logs.set(id, new EventLog(max));
  return logs.get(id);
}

/** Show a log's lines in list `el`, scrolled to the newest; `empty` (a node
 * or null) when there are none. */
/** The line an empty log shows ("No moves yet"; not numbered: .log-empty). */
export function emptyLog() {
  return h("li", { class: "muted log-empty", testid: "log-empty" }, t("log_empty"));
}

export function showLog(el, items, empty = null) {
  fill(el, items.length ? items : empty);
  el.scrollTop = el.scrollHeight;
}
