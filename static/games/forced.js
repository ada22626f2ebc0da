// Time's-up marks: the moves the lobby played for a person (its clock, or a
// bot for an away seat or one its player left), from the table view's
// `forced` record and a version's `timeout` events, as a board marks them
// and a log words them.

import { t } from "../i18n.js";
import { h } from "../dom.js";
import { leftSeat } from "./seats.js";

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
