// The home screen: the games (from the welcome), the tables we sit at, and
// the arenas (screens/arenas.js: the list and the Create an arena form).

import { t, gameTitle, gameVariant } from "../i18n.js";
import { h, patchKeyed } from "../dom.js";
import { net, gameInfo, statusText, tableName } from "../shell.js";
import { VIEWS } from "../games/index.js";
import { arenasSection } from "./arenas.js";

/** The ids of the tables where we hold a seat that is still in play (or may
 * play again), and those we asked to sit at and have no view of yet. */
function myTableIds() {
  const ids = new Set();
  for (const entry of net.tables.values()) {
    const v = entry.view;
    const live = v && (v.status === "waiting" || v.status === "playing" || (v.status === "finished" && !!v.next));
    if (entry.seat !== null && entry.seat !== undefined && live) ids.add(entry.id);
  }
  for (const [id, role] of net.interest) if (role === "play" && !net.tables.has(id)) ids.add(id);
  return [...ids];
}

export function homeScreen() {
  const games = h(
    "div",
    { class: "games-grid" },
    net.games.map((g) =>
      h(
        "a",
        { class: "card game-card", href: `#game=${encodeURIComponent(g.id)}`, testid: `game-${g.id}` },
        h("h3", {}, gameTitle(g)),
        gameVariant(g) ? h("div", { class: "game-variant", testid: `variant-${g.id}` }, gameVariant(g)) : null,
        h("div", { class: "muted" }, t("players_range", { lo: g.min_players, hi: g.max_players })),
        VIEWS[g.id] ? null : h("div", { class: "badge badge-preview" }, t("preview"))
      )
    )
  );
  const mine = h("ul", { class: "my-tables", testid: "my-tables" });
  const renderMine = () => {
    const ids = myTableIds();
    // patched: a link pressed while a table's version redraws the list still leads there
    patchKeyed(
      mine,
      ids.length
        ? ids.map((id) => {
            const entry = net.tables.get(id);
            const game = entry && entry.view ? gameInfo(entry.view.game) : null;
            return h(
              "li",
              { "data-key": id },
              h("a", { href: `#table=${id}`, testid: `my-table-${id}` }, `${game ? gameTitle(game) + " · " : ""}${tableName(entry && entry.view ? entry.view : id)}`),
              entry && entry.view ? h("span", { class: "muted" }, ` — ${statusText(entry.view.status)}`) : null
            );
          })
        : h("li", { class: "muted" }, t("none"))
    );
  };
  renderMine();
  const arenas = arenasSection();
  return {
    el: h("section", { class: "screen screen-home", testid: "home" }, h("h2", {}, t("games")), games, h("h2", {}, t("your_tables")), mine, arenas.el),
    onTable: renderMine,
    tick: arenas.tick,
    destroy: arenas.destroy,
  };
}
