// The page header: the connection status, our name and coins, Change name
// (guests: an account keeps its name), the account link (#account),
// the language switch's label, and the record popover the coins open (the
// `me` message: coins and per-game stats).

import { t, gameTitle, num, getLang } from "./i18n.js";
import { h, fill, patch, setText } from "./dom.js";
import { net, ui, gameInfo, spendableCoins } from "./shell.js";

const STAT_FIELDS = ["games", "wins", "losses", "escapes", "disconnects", "score"];

const stats = h("div", { class: "stats-popover card", testid: "stats-popover", role: "dialog", "aria-label": t("stats_title"), hidden: true });
document.body.appendChild(stats);
let statsLoaded = false;
let live = null; // my seat's live balance at the table shown (its view's figure), or null
let hooks = { signedIn: () => false, rename: () => {} };

/** Give the header what it asks the router: signedIn() (welcomed once on
 * this page), rename() (open the rename form). */
export function headerHooks(next) {
  hooks = next;
}

/** Ask for our player and stats again (the reply updates net.player and
 * net.stats, then the "me" event draws them). */
export function refreshMe() {
  if (!net.signedIn) return;
  net.me().catch(() => {});
}

/** After a game: now, and once more when the settlement has surely been applied. */
export function refreshMeSoon() {
  refreshMe();
  setTimeout(refreshMe, 1500);
}

/** The coins the header shows while a table shows my seat's balance live
 * (`coins`: the game's figure, the same as on my seat: stud's balance less
 * what I put in; null: none, the account's balance is shown). */
export function setLiveCoins(coins) {
  const next = typeof coins === "number" ? coins : null;
  if (next === live) return;
  live = next;
  renderHeader();
}

export function renderHeader() {
  setText(ui.brand, t("app_title"));
  // the label names the other language in its own words, marked as that
  // language (whoever reads it finds the button); the title is in the page's
  const other = getLang() === "zh" ? "en" : "zh-CN";
  const label = ui.lang.firstElementChild;
  if (!label || label.lang !== other || label.textContent !== t("lang_other")) fill(ui.lang, h("span", { lang: other }, t("lang_other")));
  ui.lang.title = t("lang_switch_title");
  const status = net.status;
  ui.conn.dataset.status = status;
  setText(ui.conn, status === "online" ? t("online") : status === "offline" ? t("offline") : status === "stopped" ? "" : t("connecting"));
  ui.conn.hidden = status === "idle" || status === "stopped";
  if (!(hooks.signedIn() && net.player)) {
    fill(ui.who);
    return;
  }
  // patched, not filled: a button pressed while the header is drawn again
  // (the record or the balance came) is the same button when it comes up
  // one figure everywhere: at the table its live one, elsewhere the balance less a running pot's bets
  const shown = live === null ? spendableCoins() : live;
  patch(
    ui.who,
    h("span", { class: "player-name", testid: "player-name" }, net.player.name),
    h(
      "button",
      {
        class: "coins",
        testid: "coins",
        title: shown === net.player.coins ? t("coins_title") : `${t("coins_live_title")} — ${t("coins_title")}`,
        "data-live": shown === net.player.coins ? "false" : "true",
        "aria-haspopup": "dialog",
        "aria-expanded": stats.hidden ? "false" : "true",
        onclick: (e) => {
          e.stopPropagation();
          toggleStats();
        },
      },
      t("coins", { n: shown })
    ),
    net.player.claimed ? null : h("button", { class: "link", testid: "change-name", onclick: () => hooks.rename() }, t("change_name")),
    h("a", { class: "link", href: "#account", testid: "account-link" }, net.player.claimed ? t("acct_account") : t("acct_claim_link"))
  );
}

/** The heading of record field `f` (games, wins, losses, escapes,
 * disconnects, score: a player's record, `me`'s stats and a profile's
 * games), one wording for the popover and the profile. */
export function statHeading(f) {
  return h("th", { class: "num", title: f === "disconnects" ? t("stat_disconnects_title") : null }, t(`stat_${f}`));
}

export function renderStats() {
  stats.setAttribute("aria-label", t("stats_title")); // the language may have changed since
  if (stats.hidden) return;
  const byGame = new Map();
  for (const [key, value] of Object.entries(net.stats || {})) {
    const at = key.lastIndexOf(":");
    if (at <= 0) continue;
    const g = key.slice(0, at);
    if (!byGame.has(g)) byGame.set(g, {});
    byGame.get(g)[key.slice(at + 1)] = value;
  }
  const rows = [...byGame].sort((a, b) => (b[1].games || 0) - (a[1].games || 0));
  fill(
    stats,
    h("h3", {}, t("stats_title")),
    h("div", { class: "stats-coins" }, t("coins", { n: spendableCoins() })),
    net.player && net.player.id
      ? h("p", {}, h("a", { href: `#player=${encodeURIComponent(net.player.id)}`, testid: "stats-profile", onclick: () => toggleStats(false) }, t("acct_my_profile")))
      : null,
    !statsLoaded
      ? h("p", { class: "muted" }, t("stats_loading"))
      : rows.length === 0
      ? h("p", { class: "muted", testid: "stats-none" }, t("stats_none"))
      : h(
          "table",
          { class: "stats-table", testid: "stats-table" },
          h("thead", {}, h("tr", {}, h("th", {}, t("stat_game")), STAT_FIELDS.map(statHeading))),
          h(
            "tbody",
            {},
            rows.map(([g, st]) => {
              const info = gameInfo(g);
              return h("tr", { testid: `stats-${g}` }, h("td", {}, info ? gameTitle(info) : g), STAT_FIELDS.map((f) => h("td", { class: "num", "data-field": f }, num(st[f] || 0))));
            })
          )
        )
  );
}

function toggleStats(show) {
  const next = show === undefined ? stats.hidden : show;
  stats.hidden = !next;
  const btn = ui.who.querySelector('[data-testid="coins"]');
  if (btn) btn.setAttribute("aria-expanded", next ? "true" : "false");
  if (next) {
    renderStats();
    refreshMe();
  }
}

document.addEventListener("click", (e) => {
  if (!stats.hidden && !stats.contains(e.target)) toggleStats(false);
});
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && !stats.hidden) toggleStats(false);
});

net.on("me", () => {
  statsLoaded = true;
  renderHeader();
  renderStats();
});
