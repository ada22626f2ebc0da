// Rating figures as the page shows them: an ordinal (the server's μ − 3σ,
// docs/protocol.md `ratings`) with one decimal, a change with its sign, and
// the result panel's line of every seat's change.

import { t } from "./i18n.js";
import { h } from "./dom.js";

/** An ordinal (number) with one decimal: "12.3". */
export function ordinalText(x) {
  return (Math.round(x * 10) / 10).toFixed(1);
}

/** A change with its sign: "+1.4", "−0.6", "±0.0". */
export function deltaText(d) {
  const r = Math.round(d * 10) / 10;
  return r > 0 ? `+${r.toFixed(1)}` : r < 0 ? `−${(-r).toFixed(1)}` : "±0.0";
}

/** The rating changes of a rated finished game (the table view's
 * `ratings`: per seat null or {before, after, delta}), one line per rated
 * seat named by `names` (by seat); null while the game is not rated. */
export function ratingChanges(view, names) {
  const per = view && view.ratings;
  if (!Array.isArray(per) || !per.some((r) => r)) return null;
  return h(
    "ul",
    { class: "rating-changes", testid: "rating-changes" },
    per.map((r, seat) =>
      r
        ? h(
            "li",
            { testid: `rating-change-${seat}`, "data-after": r.after, "data-delta": r.delta, class: r.delta > 0 ? "up" : r.delta < 0 ? "down" : "" },
            h("span", { class: "name" }, names[seat] || `#${seat}`),
            " ",
            t("rating_change", { rating: ordinalText(r.after), delta: deltaText(r.delta) })
          )
        : null
    )
  );
}
