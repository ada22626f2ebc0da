// Helpers shared by the table views of every game.

import { t } from "../i18n.js";
import { h, setText } from "../dom.js";

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
