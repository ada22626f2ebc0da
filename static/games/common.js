// Helpers shared by the table views of every game.

import { t } from "../i18n.js";
import { h } from "../dom.js";

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

/** The countdown text of the seats to act ("Ann: 12.3 s"). */
export function countdownText(view, net) {
  return clocks(view, net)
    .map((c) => t("seconds_left", { name: seatName(view, c.seat), s: fmtSeconds(c.seconds) }))
    .join(" · ");
}

/** The current turn id of my seat, or null when I need not act. */
export function myTurn(entry) {
  const view = entry && entry.view;
  if (!view || view.status !== "playing" || entry.seat === null || entry.seat === undefined) return null;
  if (!(view.to_act || []).includes(entry.seat)) return null;
  return (view.turns || {})[String(entry.seat)] || null;
}
