// Seat names and badges: how a seat is numbered and named (bare, marked
// "(bot)", "empty", a log line's away or "you" form) and the badges
// after its name on a board.

import { t } from "../i18n.js";
import { h } from "../dom.js";
import { seatNotice } from "./notices.js";

/** Seat `seat` (0-based, as on the wire) as people count it: "#1" for seat 0. */
export function seatNo(seat) {
  return `#${seat + 1}`;
}

/** Whether seat `s` ({name, bot, left}: a table view's) is a bot's own
 * (bot set on a seat its player left means a bot finishes it for them). */
export function isBot(s) {
  return !!(s && s.bot && !s.left);
}

/** How a seat's `mark` (an int from 2: the server gives it to a name that
 * reads as one already at the table) is drawn after its name: "②".."⑳",
 * then "(21)" (lobby/name_keys.py mark_text: the server checks the names
 * shown so against each other). */
export function markText(mark) {
  return mark >= 2 && mark <= 20 ? String.fromCodePoint(0x2460 + mark - 1) : `(${mark})`;
}

/** Seat `s`'s name without a bot marker, with its mark when it has one
 * ("Ana ②"): a bot's bare name ("Ada"; records and tables from before bare
 * names said "Ada (bot)"). */
export function bareName(s) {
  const name = isBot(s) ? s.name.replace(/ \(bot\)$/, "") : s.name;
  return s.mark ? `${name} ${markText(s.mark)}` : name;
}

/** Seat `s`'s name in running text (log, results, lists): a bot's with the
 * page language's marker ("Ada (bot)", "Ada（机器人）"), a marked one with its mark ("Ana ②"). */
export function markedName(s) {
  return isBot(s) ? t("bot_name", { name: bareName(s) }) : bareName(s);
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
  const note = seatNotice(view, seat);
  if (note) out.push(h("span", { class: "badge badge-timeout", testid: `timeout-${seat}`, role: "status", title: note.text }, t("timed_out")));
  return out;
}

/** Whether seat `s` ({name, bot, left}: a table view's) was left by its
 * player mid-game: a bot plays it to the end. */
export function leftSeat(s) {
  return !!(s && s.left && s.bot);
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
