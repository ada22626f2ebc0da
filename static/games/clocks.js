// Turns and clocks: whose turn it is, each person's countdown and my last
// seconds' urgency, and whether my seat is away (a bot plays it).

import { t } from "../i18n.js";
import { setText } from "../dom.js";
import { seatName } from "./seats.js";

/** Which people must act now and how many seconds each has left at server
 * time `now` (epoch ms) by the server's deadlines: [{seat, seconds|null}],
 * never more than the table's turn time (`turn_ms`): during the pause after
 * a result the deadline lies that pause further, and the clock stands at
 * the full turn until the turn begins.  Bots' seats and away seats (a bot
 * plays them) have none: their deadline is the bot's thinking time, not a
 * turn time. */
export function clocks(view, now) {
  if (!view || view.status !== "playing") return [];
  const people = (view.to_act || []).filter((seat) => {
    const s = view.seats[seat];
    return s && !s.bot && !s.away;
  });
  return people.map((seat) => {
    const due = view.deadlines ? view.deadlines[String(seat)] : undefined;
    const full = typeof view.turn_ms === "number" ? view.turn_ms / 1000 : Infinity;
    const seconds = typeof due === "number" ? Math.min(full, Math.max(0, (due - now) / 1000)) : null;
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

/** The last seconds of a turn in which its player is warned (s): 5, or
 * the welcome's `turn_ms.urgent` once net.js has it (setUrgentMs). */
export let URGENT_S = 5;

/** Take the lobby's urgent part of a turn (`ms`, the welcome's
 * `turn_ms.urgent`; anything but a positive number is ignored). */
export function setUrgentMs(ms) {
  if (typeof ms === "number" && ms > 0) URGENT_S = ms / 1000;
}

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
