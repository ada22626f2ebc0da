// A game's lobby (#game=ID): quick match, the Open a table form (the
// game's own options from its GameInfo; it offers bots only where no coins
// move, by each option's no_coins, and says why in place), and the live
// tables of the game (the `tables` subscription) to join or watch.

import { t, getLang, gameTitle, gameVariant, localized, dateLocale } from "../i18n.js";
import { h, patchKeyed, setText } from "../dom.js";
import { net, showErrorIn, gameInfo, statusText, runAction, actionButton, tableName, coinsNeeded, stakeLine, spendableCoins } from "../shell.js";
import { VIEWS } from "../games/index.js";
import { markedName, bareName, isBot } from "../games/seats.js";
import { rulesButton } from "../rules.js";

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

/** Option `o`'s tooltip in the page's language (i18n's opt_doc_<name>;
 * an English page falls back on the spec's English doc, another on none). */
function optionDoc(o) {
  const key = `opt_doc_${o.name}`;
  if (t(key) !== key) return t(key);
  return getLang() === "en" ? o.doc || "" : "";
}

/** One input of the game's option `o` (an OptionSpec's dict), in its
 * label; its test id `<prefix>-<name>`. */
export function optionField(o, prefix = "open-opt") {
  let input;
  if (o.kind === "choice") {
    const choiceLabel = (c) => localized((o.choice_labels || {})[String(c)], String(c));
    input = h("select", { testid: `${prefix}-${o.name}` }, (o.choices || []).map((c) => h("option", { value: String(c), selected: c === o.default, "data-label": choiceLabel(c) }, choiceLabel(c))));
  } else {
    input = h("input", { type: "number", testid: `${prefix}-${o.name}`, min: o.lo, max: o.hi, step: 1, required: true, value: String(o.default) });
  }
  return { spec: o, input, label: h("label", { title: optionDoc(o) }, h("span", {}, localized(o.label, o.name)), input) };
}

/** The line under a tier choice (stud's `tier`: the game's board `tiers`)
 * saying what the chosen tier plays for: its ante, its per-game max, play
 * chips or the coins sitting needs (`need`, coins); "" for any other
 * option. */
function tierHint(game, spec, value, need) {
  const tier = ((game.board || {}).tiers || {})[value];
  if (spec.kind !== "choice" || !tier) return "";
  return t(tier.coins ? "tier_hint_coins" : "tier_hint_chips", { ante: tier.ante, max: tier.max, n: need });
}

/** The value an option's field holds, typed as its spec's values. */
export function fieldValue({ spec, input }) {
  return spec.kind === "int" || typeof spec.default === "number" ? Number(input.value) : input.value;
}

/** The fields whose value makes coins move (outside their spec's no_coins). */
export function coinFields(fields) {
  return fields.filter((f) => f.spec.no_coins && !f.spec.no_coins.includes(fieldValue(f)));
}

function openForm(game) {
  const seatsIn = h("input", { type: "number", testid: "open-seats", min: game.min_players, max: game.max_players, step: 1, required: true, value: String(game.default_players) });
  // the server's bounds (the welcome's turn_ms, ms): no person acts in 1 s
  const limits = net.turnLimits;
  // whole seconds, or tenths where a server allows turns under a second (a test lobby's)
  const fine = limits.min < 1000;
  const turnIn = h("input", { type: "number", testid: "open-turn", min: fine ? limits.min / 1000 : Math.ceil(limits.min / 1000), max: Math.floor(limits.max / 1000), step: fine ? 0.1 : 1, required: true, value: String(Math.round(limits.default / 1000)) });
  const fields = (game.options || []).map((o) => optionField(o));
  // a tier's figures in place, under its choice (casual and training read alike otherwise)
  const tierField = fields.find((f) => tierHint(game, f.spec, f.input.value, 0));
  const tierNote = h("div", { class: "form-hint", testid: "open-tier-hint", hidden: !tierField });
  if (tierField) tierField.label.append(tierNote);
  const openBots = h("input", { type: "checkbox", testid: "open-bots", checked: true });
  const botsNote = h("div", { class: "form-note", testid: "open-bots-note", hidden: true });
  const openPrivate = h("input", { type: "checkbox", testid: "open-private" });
  const openBtn = h("button", { type: "submit", class: "primary", testid: "open-table" }, t("open"));
  const openErr = h("div", { class: "form-error", testid: "open-table-error", role: "alert" });
  const coinsNote = h("div", { class: "form-error", testid: "open-coins-note", role: "alert", hidden: true });
  const optionValues = () => {
    const options = {};
    for (const f of fields) options[f.spec.name] = fieldValue(f);
    return options;
  };
  // bots only where no coins move: while an option makes coins move, the
  // box is off and disabled, and the note says so; the player's own
  // choice comes back when none does.  What the player cannot afford is
  // refused here, before sending: a tier beyond the balance is disabled
  // (saying what it needs), a stake too high says so and Open waits.
  let wantBots = true;
  openBots.addEventListener("change", () => (wantBots = openBots.checked));
  const check = () => {
    const costly = coinFields(fields);
    openBots.disabled = costly.length > 0;
    openBots.checked = costly.length ? false : wantBots;
    botsNote.hidden = !costly.length;
    setText(botsNote, costly.length ? t("bots_no_coins") : "");
    const have = spendableCoins(); // the figure the header and the table show: the bets in a running pot are not spendable
    for (const f of fields) {
      if (f.spec.kind !== "choice" || !game.coins || game.coins.option !== f.spec.name) continue;
      for (const opt of f.input.options) {
        const need = coinsNeeded(game, { ...optionValues(), [f.spec.name]: opt.value });
        opt.disabled = need > have;
        setText(opt, need > have ? `${opt.dataset.label} · ${t("coins_short", { need, have })}` : opt.dataset.label);
      }
    }
    const need = coinsNeeded(game, optionValues());
    if (tierField) setText(tierNote, tierHint(game, tierField.spec, tierField.input.value, need));
    const short = need > have;
    coinsNote.hidden = !short;
    setText(coinsNote, short ? t("open_coins_short", { need, have }) : "");
    openBtn.disabled = short;
    return !short;
  };
  // a refusal shown from the last try goes as soon as the form is edited
  const edited = () => {
    showErrorIn(openErr, null);
    check();
  };
  for (const input of [seatsIn, turnIn, openPrivate, ...fields.map((f) => f.input)]) {
    input.addEventListener("input", edited);
    input.addEventListener("change", edited);
  }
  check();
  // the form is novalidate (the browser's bubbles speak the browser's
  // language): a number out of its range is said in the error line.
  /** The first number field out of its range, worded, or null. */
  const numberProblem = () => {
    const labelled = [[seatsIn, t("seats")], [turnIn, t("turn_time")], ...fields.filter((f) => f.input.tagName === "INPUT").map((f) => [f.input, localized(f.spec.label, f.spec.name)])];
    for (const [input, field] of labelled) {
      const n = Number(input.value.trim());
      const lo = input.min === "" ? -Infinity : Number(input.min); // an option may have no bound
      const hi = input.max === "" ? Infinity : Number(input.max);
      const whole = Number.isInteger(n) || (input === turnIn && fine && Number.isFinite(n)); // tenths where the server allows them
      if (input.value.trim() === "" || !whole || n < lo || n > hi) {
        input.focus();
        if (hi === Infinity) return t("form_whole_number_from", { field, lo });
        return t("form_whole_number", { field, lo, hi });
      }
    }
    return null;
  };
  const open = () => {
    const options = optionValues();
    return net.openTable({
      game: game.id,
      seats: parseInt(seatsIn.value, 10),
      turn_ms: Math.round(parseFloat(turnIn.value) * 1000),
      bots: openBots.checked,
      priv: openPrivate.checked,
      options,
    });
  };
  const form = h(
    "form",
    {
      class: "card open-form",
      novalidate: true,
      onsubmit: (e) => {
        e.preventDefault();
        const problem = numberProblem();
        if (problem) setText(openErr, problem);
        else if (check()) runAction(openBtn, open, { keep: true, done: toTable, errorEl: openErr });
      },
    },
    h("h3", {}, t("open_table")),
    h("div", { class: "fields" }, h("label", {}, h("span", {}, t("seats")), seatsIn), h("label", {}, h("span", {}, t("turn_time")), turnIn), fields.map((f) => f.label)),
    h("label", { class: "check" }, openBots, " ", t("bots")),
    botsNote,
    h("label", { class: "check" }, openPrivate, " ", t("private")),
    coinsNote,
    openBtn,
    openErr
  );
  form.recheck = check; // our balance changed
  return form;
}

/** When a table was opened (`created`: ms), as the page's language writes a time of day. */
const openedAt = (created) => new Date(created).toLocaleTimeString(dateLocale(), { hour: "numeric", minute: "2-digit" });

/** A seated chip of a table's row: the name (a bot's marked), a seat whose
 * player left mid-game with the "left" badge's word (a bot plays it out). */
function seatChip(seat) {
  const text = seat.left ? t("left_name", { name: bareName(seat) }) : markedName(seat);
  return h("span", { class: seat.left ? "chip left" : isBot(seat) ? "chip bot" : "chip", title: text }, text);
}

/** One row of the live tables: name and when it was opened (the id only in
 * links and the name's tooltip), status, seats, spectators (in words: a
 * phone's list has no column heads), join/play/watch. */
function tableRow(s) {
  const mine = net.isSeated(s.id);
  const free = s.status === "waiting" && s.seats.some((x) => x === null);
  const join = () => net.request({ t: "join", table: s.id });
  const stake = stakeLine(gameInfo(s.game), s.options, s.coins_to_sit);
  return h(
    "tr",
    { testid: `table-row-${s.id}`, "data-key": s.id, "data-status": s.status },
    h(
      "td",
      { class: "table-cell" },
      h(
        "div",
        { class: "table-line" },
        h("span", { class: "table-name", testid: `table-name-${s.id}`, title: t("table_id_tip", { id: s.id }) }, tableName(s)),
        s.created ? h("span", { class: "table-opened muted", testid: `table-opened-${s.id}` }, " · ", t("table_opened", { time: openedAt(s.created) })) : null
      ),
      stake.length ? h("div", { class: "table-stake small", testid: `table-stake-${s.id}` }, stake) : null
    ),
    h("td", { class: `status status-${s.status}` }, statusText(s.status)),
    h(
      "td",
      { class: "seat-chips" },
      s.seats.map((seat) => (seat ? seatChip(seat) : h("span", { class: "chip empty" }, t("empty_seat"))))
    ),
    h("td", { class: "num spectators", testid: `spectators-${s.id}` }, t("spectators_n", { n: s.spectators })),
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
    patchKeyed(tbody, rows.map(tableRow)); // a Join pressed while a push redraws the list still joins
  };
  renderTables();
  const form = openForm(game);
  net.subscribeTables(gameId).catch(() => {}); // the reply arrives as a `tables` event

  return {
    el: h(
      "section",
      { class: "screen screen-game", testid: `lobby-${gameId}` },
      back,
      h("div", { class: "title-row" }, h("h2", {}, gameTitle(game), VIEWS[gameId] ? null : h("span", { class: "badge badge-preview" }, t("preview"))), rulesButton(gameId)),
      gameVariant(game) ? h("p", { class: "game-variant", testid: "game-variant" }, gameVariant(game)) : null,
      h("p", {}, h("a", { href: `#leaderboard=${encodeURIComponent(gameId)}`, testid: "leaderboard-link" }, t("lb_link"))),
      h("div", { class: "lobby-forms" }, quickMatch(gameId), form),
      h("h3", { testid: "tables-title" }, t("live_tables")),
      empty,
      table
    ),
    onTables: renderTables,
    onBalance: () => form.recheck(),
    destroy: () => net.unsubscribeTables(),
  };
}
