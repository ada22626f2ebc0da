// A player's profile (#player=REF: a public player id or an account's
// name): the rating, place and record (games, wins, losses, escapes, games
// with a timeout: the header's record popover's columns) in every game they
// have played, their last games, each opening its replay, and the arenas
// they played (how many, their best place, the last ones with their place).

import { t, gameTitle, dateLocale, num as numText } from "../i18n.js";
import { h, fill, setText } from "../dom.js";
import { gameInfo, errorText, tableName } from "../shell.js";
import { profile } from "../account.js";
import { ratingEl } from "../ratings.js";
import { statHeading } from "../header.js";

/** The record's columns a profile shows, as the header's record popover words them (statHeading). */
const RECORD = ["games", "wins", "losses", "escapes", "disconnects"];

const title = (id) => {
  const info = gameInfo(id);
  return info ? gameTitle(info) : id;
};

/** The games a player played, most played first: [game id, figures]. */
const byGames = (games) => Object.entries(games).sort((a, b) => (b[1].games || 0) - (a[1].games || 0));

const cell = (v) => h("td", { class: "num" }, v === null || v === undefined ? "—" : typeof v === "number" ? numText(v) : String(v));

/** The game's name, opening its leaderboard. */
const gameCell = (g) => h("td", {}, h("a", { href: `#leaderboard=${encodeURIComponent(g)}` }, title(g)));

/** The ratings by game: rating, place on the leaderboard, rated games. */
function gamesTable(games) {
  const rows = byGames(games);
  if (!rows.length) return h("p", { class: "muted", testid: "profile-no-games" }, t("stats_none"));
  return h(
    "table",
    { class: "stats-table", testid: "profile-games" },
    h("thead", {}, h("tr", {}, h("th", {}, t("stat_game")), ["lb_rating", "pf_rank", "pf_rated"].map((k) => h("th", { class: "num" }, t(k))))),
    h(
      "tbody",
      {},
      rows.map(([g, s]) =>
        h(
          "tr",
          { testid: `profile-game-${g}`, "data-ordinal": s.ordinal, "data-rating": s.rating },
          gameCell(g),
          s.rated ? h("td", { class: "num", testid: `profile-rating-${g}` }, ratingEl(s)) : cell(null),
          cell(s.rank),
          cell(s.rated)
        )
      )
    )
  );
}

/** The record by game, in the columns and words of the header's record
 * popover (statHeading): games, wins, losses, escapes, games with a
 * timeout.  A table of its own beside the ratings: nine columns do not fit
 * a phone. */
function recordTable(games) {
  const rows = byGames(games);
  if (!rows.length) return null;
  return h(
    "table",
    { class: "stats-table", testid: "profile-record" },
    h("thead", {}, h("tr", {}, h("th", {}, t("stat_game")), RECORD.map(statHeading))),
    h(
      "tbody",
      {},
      rows.map(([g, s]) => h("tr", { testid: `profile-record-${g}` }, gameCell(g), RECORD.map((f) => h("td", { class: "num", "data-field": f }, numText(s[f] || 0)))))
    )
  );
}

/** A recent game's when (`at`: ms) in the page's language: "Dec 1, 2026, 5:19 PM". */
const when = (at) => new Date(at).toLocaleString(dateLocale(), { dateStyle: "medium", timeStyle: "short" });

/** A recent game's result for the profile's player ("won", "lost", "left",
 * "escaped": lobby/ratings.py game_result) as a tag, or null (an entry from
 * before results). */
const resultTag = (result) => (result ? h("span", { class: `recent-result ${result}`, testid: "recent-result", "data-result": result }, t(`pf_result_${result}`)) : null);

/** The last games, each by game, table name and game number, the
 * player's result, then when; the table id only in the replay link (and
 * its tooltip). */
function recentList(recent) {
  if (!recent.length) return h("p", { class: "muted" }, t("none"));
  return h(
    "ul",
    { class: "recent", testid: "profile-recent" },
    recent.map((r) =>
      h(
        "li",
        {},
        h(
          "a",
          { href: `#replay=${encodeURIComponent(r.table)}&game=${r.game_no}`, testid: `recent-${r.table}-${r.game_no}`, title: `${r.table} #${r.game_no}` },
          `${title(r.game)} · ${tableName({ id: r.table, name: r.name, opened_by: r.opened_by })} · ${t("game_no", { n: r.game_no })}`
        ),
        " ",
        resultTag(r.result),
        h("span", { class: "muted", testid: "recent-at" }, ` — ${when(r.at)}`)
      )
    )
  );
}

/** The arenas played: how many and the best final place, then the last
 * ones (game, place of how many, when), each opening its arena's page;
 * null when none. */
function arenasPart(arenas) {
  if (!arenas || !arenas.played) return null;
  return [
    h("h3", {}, t("pf_arenas")),
    h("p", { testid: "profile-arenas", "data-played": arenas.played, "data-best": arenas.best_rank ?? "" }, t("pf_arenas_line", { n: arenas.played, rank: arenas.best_rank ?? "—" })),
    h(
      "ul",
      { class: "recent", testid: "profile-arenas-recent" },
      (arenas.recent || []).map((a) =>
        h(
          "li",
          {},
          h("a", { href: `#arena=${encodeURIComponent(a.arena)}`, testid: `profile-arena-${a.arena}` }, `${title(a.game)} · ${t("pf_arena_place", { rank: a.rank, players: a.players })}`),
          h("span", { class: "muted" }, ` — ${when(a.end)}`)
        )
      )
    ),
  ];
}

/** The profile screen of player `ref`. */
export function profileScreen(ref) {
  const body = h("div", {}, h("p", { class: "muted" }, t("stats_loading")));
  const el = h("section", { class: "screen screen-profile", testid: "profile" }, h("a", { href: "#", class: "back" }, t("back_to_games")), body);
  let alive = true;
  profile(ref).then(
    (p) => {
      if (!alive) return;
      el.dataset.player = p.id;
      fill(
        body,
        h(
          "h2",
          { testid: "profile-name", "data-claimed": p.claimed ? "true" : "false" },
          p.name,
          " ",
          p.claimed ? h("span", { class: "badge" }, t("pf_account")) : h("span", { class: "badge guest", testid: "profile-guest" }, t("guest_mark"))
        ),
        gamesTable(p.games || {}),
        Object.keys(p.games || {}).length ? h("h3", {}, t("pf_record")) : null,
        recordTable(p.games || {}),
        h("h3", {}, t("pf_recent")),
        recentList(p.recent || []),
        arenasPart(p.arenas)
      );
    },
    (err) => alive && setText(body, errorText(err))
  );
  return { el, destroy: () => (alive = false) };
}
