// A game's lobby (#game=ID): quick match, the Open a table form (the
// game's own options from its GameInfo), and the live tables of the game
// (the `tables` subscription) to join or watch.

import { t, gameTitle, localized } from "../i18n.js";
import { h, fill } from "../dom.js";
import { net, gameInfo, statusText, runAction, actionButton } from "../shell.js";
import { VIEWS } from "../games/index.js";

/** Go to table `id` (a join or open reply names it as `table`). */
const toTable = (joined) => {
  location.hash = `#table=${joined.table}`;
};

function quickMatch(gameId) {
  const botsBox = h("input", { type: "checkbox", testid: "bots-checkbox", checked: true });
  const quickBtn = actionButton({ class: "primary big", testid: "quick-match" }, t("quick_match"), () => net.quick(gameId, botsBox.checked), { keep: true, done: toTable });
  return h(
    "div",
    { class: "card quick" },
    h("h3", {}, t("quick_match")),
    h("p", { class: "muted" }, t("quick_help")),
    h("label", { class: "check" }, botsBox, " ", t("fill_bots")),
    quickBtn
  );
}

/** One input of the game's option `o` (an OptionSpec's dict), in its label. */
function optionField(o) {
  let input;
  if (o.kind === "choice") {
    const choiceLabel = (c) => localized((o.choice_labels || {})[String(c)], String(c));
    input = h("select", { testid: `open-opt-${o.name}` }, (o.choices || []).map((c) => h("option", { value: String(c), selected: c === o.default }, choiceLabel(c))));
  } else {
    input = h("input", { type: "number", testid: `open-opt-${o.name}`, min: o.lo, max: o.hi, step: 1, value: String(o.default) });
  }
  return { spec: o, input, label: h("label", { title: o.doc || "" }, h("span", {}, localized(o.label, o.name)), input) };
}

function openForm(game) {
  const seatsIn = h("input", { type: "number", testid: "open-seats", min: game.min_players, max: game.max_players, step: 1, value: String(game.default_players) });
  const turnIn = h("input", { type: "number", testid: "open-turn", min: 1, max: 300, step: 1, value: "20" });
  const fields = (game.options || []).map(optionField);
  const openBots = h("input", { type: "checkbox", testid: "open-bots", checked: true });
  const openPrivate = h("input", { type: "checkbox", testid: "open-private" });
  const openBtn = h("button", { type: "submit", class: "primary", testid: "open-table" }, t("open"));
  const open = () => {
    const options = {};
    for (const { spec, input } of fields) {
      options[spec.name] = spec.kind === "int" ? parseInt(input.value, 10) : input.value;
      if (spec.kind === "choice" && typeof spec.default === "number") options[spec.name] = Number(input.value);
    }
    return net.openTable({
      game: game.id,
      seats: parseInt(seatsIn.value, 10),
      turn_ms: Math.round(parseFloat(turnIn.value) * 1000),
      bots: openBots.checked,
      priv: openPrivate.checked,
      options,
    });
  };
  return h(
    "form",
    {
      class: "card open-form",
      onsubmit: (e) => {
        e.preventDefault();
        runAction(openBtn, open, { keep: true, done: toTable });
      },
    },
    h("h3", {}, t("open_table")),
    h("div", { class: "fields" }, h("label", {}, h("span", {}, t("seats")), seatsIn), h("label", {}, h("span", {}, t("turn_time")), turnIn), fields.map((f) => f.label)),
    h("label", { class: "check" }, openBots, " ", t("bots")),
    h("label", { class: "check" }, openPrivate, " ", t("private")),
    openBtn
  );
}

/** One row of the live tables: id, status, seats, spectators, join/play/watch. */
function tableRow(s) {
  const mine = net.isSeated(s.id);
  const free = s.status === "waiting" && s.seats.some((x) => x === null);
  const join = () => net.request({ t: "join", table: s.id });
  return h(
    "tr",
    { testid: `table-row-${s.id}`, "data-status": s.status },
    h("td", {}, h("code", {}, s.id)),
    h("td", { class: `status status-${s.status}` }, statusText(s.status)),
    h(
      "td",
      { class: "seat-chips" },
      s.seats.map((seat) => (seat ? h("span", { class: seat.bot ? "chip bot" : "chip", title: seat.name }, seat.name) : h("span", { class: "chip empty" }, t("empty_seat"))))
    ),
    h("td", { class: "num", testid: `spectators-${s.id}` }, String(s.spectators)),
    h(
      "td",
      { class: "actions" },
      mine
        ? h("a", { class: "button", href: `#table=${s.id}`, testid: `open-${s.id}` }, t("play"))
        : free
        ? actionButton({ class: "primary", testid: `join-${s.id}` }, t("join"), join, { keep: true, done: () => toTable({ table: s.id }) })
        : null,
      mine ? null : h("a", { class: "button", href: `#table=${s.id}`, testid: `watch-${s.id}` }, t("watch"))
    )
  );
}

export function gameScreen(gameId) {
  const game = gameInfo(gameId);
  const back = h("a", { href: "#", class: "back", testid: "back-to-games" }, t("back_to_games"));
  if (!game) {
    return { el: h("section", { class: "screen" }, back, h("p", {}, t("error", { msg: `unknown game ${gameId}` }))) };
  }

  const tbody = h("tbody", {});
  const empty = h("p", { class: "muted", testid: "no-tables" }, t("no_tables"));
  const table = h(
    "table",
    { class: "tables", testid: "tables-list" },
    h("thead", {}, h("tr", {}, h("th", {}, t("col_table")), h("th", {}, t("col_status")), h("th", {}, t("col_seats")), h("th", {}, t("col_spectators")), h("th", {}))),
    tbody
  );
  const renderTables = () => {
    const rows = (net.lobbyList || []).filter((s) => s.game === gameId).sort((a, b) => b.created - a.created);
    empty.hidden = rows.length > 0;
    table.hidden = rows.length === 0;
    fill(tbody, rows.map(tableRow));
  };
  renderTables();
  net.subscribeTables(gameId).catch(() => {}); // the reply arrives as a `tables` event

  return {
    el: h(
      "section",
      { class: "screen screen-game", testid: `lobby-${gameId}` },
      back,
      h("h2", {}, gameTitle(game), VIEWS[gameId] ? null : h("span", { class: "badge badge-preview" }, t("preview"))),
      h("p", {}, h("a", { href: `#leaderboard=${encodeURIComponent(gameId)}`, testid: "leaderboard-link" }, t("lb_link"))),
      h("div", { class: "lobby-forms" }, quickMatch(gameId), openForm(game)),
      h("h3", {}, t("live_tables")),
      empty,
      table
    ),
    onTables: renderTables,
    destroy: () => net.unsubscribeTables(),
  };
}
