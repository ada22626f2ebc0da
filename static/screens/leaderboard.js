// A game's leaderboard (#leaderboard=GAME[&page=P], P from 0): its players
// by rating ordinal, best first, each with the shown rating ("?" while
// provisional), 50 a page, our own row marked and our place named; each
// name opens that player's profile (#player=ID).  A guest's name is marked
// "guest": it may be an account's name, taken before the claim.

import { t, gameTitle } from "../i18n.js";
import { h, fill, setText } from "../dom.js";
import { gameInfo, errorText } from "../shell.js";
import { leaderboard } from "../account.js";
import { ratingEl, ratingText, provisionalNote } from "../ratings.js";
import { bareName } from "../games/seats.js";

/** The leaderboard screen of game `gameId`, page `page`. */
export function leaderboardScreen(gameId, page = 0) {
  const game = gameInfo(gameId);
  const body = h("div", { class: "board-body" }, h("p", { class: "muted" }, t("stats_loading")));
  const el = h(
    "section",
    { class: "screen screen-leaderboard", testid: "leaderboard", "data-game": gameId, "data-page": page },
    h("a", { href: `#game=${encodeURIComponent(gameId)}`, class: "back", testid: "back-to-game" }, t("lb_back_to_game")),
    h("h2", {}, t("lb_title", { game: game ? gameTitle(game) : gameId })),
    body
  );
  let alive = true;
  const at = (p) => `#leaderboard=${encodeURIComponent(gameId)}&page=${p}`;
  leaderboard(gameId, page).then(
    (board) => {
      if (!alive) return;
      const you = board.you;
      fill(
        body,
        h("p", { testid: "lb-you" }, you ? t("lb_your_place", { rank: you.rank, rating: ratingText(you) }) : t("lb_not_ranked")),
        board.players.length === 0
          ? h("p", { class: "muted", testid: "lb-empty" }, t("lb_empty"))
          : h(
              "table",
              { class: "stats-table board", testid: "lb-table" },
              h("thead", {}, h("tr", {}, h("th", { class: "num" }, "#"), h("th", {}, t("lb_player")), h("th", { class: "num" }, t("lb_rating")))),
              h(
                "tbody",
                {},
                board.players.map((p) =>
                  h(
                    "tr",
                    { testid: `lb-row-${p.rank}`, class: you && you.rank === p.rank ? "me" : "", "data-id": p.id, "aria-current": you && you.rank === p.rank ? "true" : null },
                    h("td", { class: "num" }, String(p.rank)),
                    h(
                      "td",
                      { class: "name", "data-claimed": p.claimed ? "true" : "false" },
                      h("a", { href: `#player=${p.id}`, testid: `lb-name-${p.rank}` }, bareName(p)), // with its mark when it reads as one above it
                      p.claimed ? null : [" ", h("span", { class: "badge guest", testid: `lb-guest-${p.rank}` }, t("guest_mark"))]
                    ),
                    h("td", { class: "num", "data-ordinal": p.ordinal, "data-rating": p.rating }, ratingEl(p))
                  )
                )
              )
            ),
        board.players.some((p) => p.provisional) ? provisionalNote() : null,
        board.pages > 1
          ? h(
              "div",
              { class: "row pager" },
              page > 0 ? h("a", { class: "button", href: at(page - 1), testid: "lb-prev" }, t("lb_prev")) : null,
              h("span", { class: "muted" }, t("lb_page", { n: page + 1, of: board.pages })),
              page + 1 < board.pages ? h("a", { class: "button", href: at(page + 1), testid: "lb-next" }, t("lb_next")) : null
            )
          : null
      );
    },
    (err) => alive && setText(body, errorText(err))
  );
  return { el, destroy: () => (alive = false) };
}
