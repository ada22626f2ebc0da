// Rating figures as the page shows them: the server's shown rating (an
// integer, 1000 for a newcomer: docs/protocol.md `ratings`, lobby/ratings.py
// `shown`) with a mark while it is provisional, a change as a signed
// difference of that figure, and the result panel's line of every seat's change.

import { t, signed, num } from "./i18n.js";
import { h } from "./dom.js";

/** A rating ({rating, provisional, ordinal}: the API's figures) as text:
 * "1037", "1037?" while provisional; an older server's figure without
 * `rating`: its ordinal with one decimal. */
export function ratingText(r) {
  if (!r) return "—";
  if (typeof r.rating !== "number") return (Math.round((r.ordinal || 0) * 10) / 10).toFixed(1).replace("-", "\u2212");
  return r.provisional ? `${num(r.rating)}?` : num(r.rating);
}

/** A rating as an element: its text, and while provisional a title saying so
 * (the "?" is the mark). */
export function ratingEl(r, attrs = {}) {
  const provisional = !!(r && r.provisional);
  return h("span", { ...attrs, class: provisional ? "rating provisional" : "rating", title: provisional ? t("rating_provisional") : null }, ratingText(r));
}

/** A change of the shown rating with its sign: "+37", "−12", "±0". */
export function deltaText(d) {
  return signed(Math.round(d), "±0");
}

/** The rating changes of a rated finished game (the table view's
 * `ratings`: per seat null or {rating, rating_delta, provisional, before,
 * after, delta}), one line per rated seat named by `names` (by seat); null
 * while the game is not rated. */
export function ratingChanges(view, names) {
  const per = view && view.ratings;
  const seats = (view && (view.players || view.seats)) || []; // who played the game (games/common.js gameSeats)
  if (!Array.isArray(per) || !per.some((r) => r)) {
    // a finished game with fewer than two people is never rated: say so rather than nothing
    const people = seats.filter((s) => s && !s.bot).length;
    return view && view.result && people < 2 ? h("p", { class: "muted rating-note", testid: "rating-not-rated" }, t("rating_not_rated")) : null;
  }
  const list = h(
    "ul",
    { class: "rating-changes", testid: "rating-changes" },
    per.map((r, seat) => {
      const person = seats[seat] && !seats[seat].bot;
      if (!r) {
        // a person not rated while others were: fewer than two people played it to the end (the others left)
        return person ? h("li", { testid: `rating-change-${seat}`, class: "unrated" }, h("span", { class: "name" }, names[seat] || `#${seat}`), " ", t("rating_unrated_seat")) : null;
      }
      const delta = typeof r.rating_delta === "number" ? r.rating_delta : r.delta;
      return h(
        "li",
        { testid: `rating-change-${seat}`, "data-after": r.after, "data-rating": r.rating, "data-delta": delta, class: delta > 0 ? "up" : delta < 0 ? "down" : "" },
        h("span", { class: "name" }, names[seat] || `#${seat}`),
        " ",
        t("rating_change", { rating: ratingText(r), delta: deltaText(delta) })
      );
    })
  );
  // the "?" said in words, where a phone shows no title
  return [list, per.some((r) => r && r.provisional) ? provisionalNote() : null, roseNote(view, names)];
}

/** Why a rated seat's shown rating rose although it did not win alone (a
 * tie, a loss): each game makes a rating surer (σ smaller), and the shown
 * figure, 1000 + 20 × (μ − 3σ), rises with that (lobby/ratings.py); null
 * when no seat's did. */
function roseNote(view, names) {
  const winners = (view.result && view.result.winners) || [];
  const rose = view.ratings
    .map((r, seat) => ({ r, seat }))
    .filter(({ r, seat }) => r && (typeof r.rating_delta === "number" ? r.rating_delta : r.delta) > 0 && !(winners.length === 1 && winners[0] === seat));
  if (!rose.length) return null;
  const who = rose.map(({ seat }) => names[seat] || `#${seat}`).join(t("list_sep"));
  return h("p", { class: "muted rating-note", testid: "rating-rose-note" }, t("rating_rose_note", { names: who }));
}

/** What the "?" of a provisional rating means, as visible text. */
export function provisionalNote() {
  return h("p", { class: "muted rating-note", testid: "rating-provisional-note" }, t("rating_provisional_note"));
}
