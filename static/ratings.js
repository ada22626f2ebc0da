// Rating figures as the page shows them: the server's shown rating (an
// integer, 1000 for a newcomer: docs/protocol.md `ratings`, lobby/ratings.py
// `shown`) with a mark while it is provisional, a change as a signed
// difference of that figure, and the result panel's line of every seat's change.

import { t, signed, num, namesList } from "./i18n.js";
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

/** How seat `seat`'s player did not play table view `view`'s game to its
 * end (lobby/ratings.py, *Who left*: counted and rated as a loss): "left"
 * (they left mid-game, a bot finished the seat: `players`' left and bot),
 * else null (they played it; a seat away at the end keeps its result). */
export function notToTheEnd(view, seat) {
  const seats = (view && (view.players || view.seats)) || [];
  const s = seats[seat];
  return s && s.left && s.bot ? "left" : null;
}

/** The rating changes of a rated finished game (the table view's
 * `ratings`: per seat null or {rating, rating_delta, provisional, before,
 * after, delta}), one line per rated seat named by `names` (by seat), my
 * own seat `mySeat` (null: a spectator) said "you": each line's subject is
 * the seat it is about (its name, or "you" on my own), and one that blames
 * those who did not play to the end names them from my seat too ("Bo is
 * not rated because you …"); null while the game is not rated. */
export function ratingChanges(view, names, mySeat = null) {
  const per = view && view.ratings;
  const seats = (view && (view.players || view.seats)) || []; // who played the game (games/seats.js gameSeats)
  // a person's seat a bot finished (they left it mid-game: `players`' left and bot)
  const gone = (seat) => notToTheEnd(view, seat) !== null;
  const person = (seat) => !!(seats[seat] && (!seats[seat].bot || seats[seat].left));
  const mine = (seat) => mySeat !== null && mySeat !== undefined && seat === mySeat;
  const named = (seat) => (mine(seat) ? t("you") : names[seat] || `#${seat}`);
  // another seat's line: its text, a sentence whose subject is that seat's name (every such text begins with {name}), the name in bold
  const about = (seat, key, params) => {
    const name = names[seat] || `#${seat}`;
    const text = t(key, { ...params, name });
    return text.startsWith(name) ? [h("span", { class: "name" }, name), text.slice(name.length)] : [text];
  };
  if (!Array.isArray(per) || !per.some((r) => r)) {
    // a finished game with fewer than two people is never rated: say so rather than nothing
    const people = seats.filter((s, seat) => person(seat)).length;
    return view && view.result && people < 2 ? h("p", { class: "muted rating-note", testid: "rating-not-rated" }, t("rating_not_rated")) : null;
  }
  // who did not play it to its end: rated as a loss of their own, which moves no one else's (lobby/ratings.py, *Who left*)
  const leavers = per.map((r, seat) => seat).filter((seat) => per[seat] && gone(seat));
  const list = h(
    "ul",
    { class: "rating-changes", testid: "rating-changes" },
    per.map((r, seat) => {
      if (!r) {
        // a person who stayed, not rated: fewer than two people played it to the end (the others left)
        if (!person(seat)) return null;
        // one phrase, "you" first: "you and Dee", "Bo, Dee and Eve" (你和小红)
        const all = namesList([...leavers.filter(mine), ...leavers.filter((s) => !mine(s))].map(named));
        const key = !leavers.length ? "rating_unrated_seat" : "rating_unrated_after_leave";
        if (mine(seat)) return h("li", { testid: `rating-change-${seat}`, class: "unrated" }, t(`${key}_mine`, { names: all }));
        // I did not play it to its end: the seat is the subject, "you" the one who left (alone, or with others)
        const form = !leavers.some(mine) ? "" : leavers.length === 1 ? "_you" : "_you_and";
        return h("li", { testid: `rating-change-${seat}`, class: "unrated" }, ...about(seat, key + form, { names: all }));
      }
      const delta = typeof r.rating_delta === "number" ? r.rating_delta : r.delta;
      const figures = { rating: ratingText(r), delta: deltaText(delta) };
      const key = leavers.includes(seat) ? "rating_change_left" : "rating_change";
      return h(
        "li",
        { testid: `rating-change-${seat}`, "data-after": r.after, "data-rating": r.rating, "data-delta": delta, class: delta > 0 ? "up" : delta < 0 ? "down" : "" },
        // my own seat: one sentence of "you" ("You left …", "Your rating …")
        ...(mine(seat) ? [t(`${key}_mine`, figures)] : about(seat, key, figures))
      );
    })
  );
  // the "?" said in words, where a phone shows no title
  return [list, per.some((r) => r && r.provisional) ? provisionalNote() : null, roseNote(view, names.map((n, seat) => named(seat)))];
}

/** Why a rated seat's shown rating rose although it beat no one for it to
 * rise: a loss (not among the winners), or a tie of every seat (all are
 * winners); each game makes a rating surer (σ smaller), and the shown
 * figure, 1000 + 20 × (μ − 3σ), rises with that (lobby/ratings.py). A
 * winner, alone or sharing the win with others who beat a seat, needs no
 * such word. Null when no seat's rose so. */
function roseNote(view, names) {
  const winners = (view.result && view.result.winners) || [];
  const seats = view.players || view.seats || view.ratings;
  const allTied = seats.length > 1 && seats.every((s, seat) => winners.includes(seat));
  const rose = view.ratings
    .map((r, seat) => ({ r, seat }))
    .filter(({ r, seat }) => r && (typeof r.rating_delta === "number" ? r.rating_delta : r.delta) > 0 && (allTied || !winners.includes(seat)));
  if (!rose.length) return null;
  const who = rose.map(({ seat }) => names[seat] || `#${seat}`).join(t("list_sep"));
  return h("p", { class: "muted rating-note", testid: "rating-rose-note" }, t(allTied ? "rating_rose_tie_note" : "rating_rose_loss_note", { names: who }));
}

/** What the "?" of a provisional rating means, as visible text. */
export function provisionalNote() {
  return h("p", { class: "muted rating-note", testid: "rating-provisional-note" }, t("rating_provisional_note"));
}
