// The home screen's Arenas: the listed arenas (the lobby's scheduled ones
// and those players created; docs/protocol.md `arenas`), each with its game,
// countdown and players, opening its page (#arena=ID: screens/arena.js), and
// the Create an arena form for a claimed account (arena_create; a guest is
// told to keep the player with a password first).

import { t, gameTitle } from "../i18n.js";
import { h, fill, setText } from "../dom.js";
import { net, gameInfo, runAction, showErrorIn, arenaName } from "../shell.js";
import { optionField, fieldValue } from "./game.js";
import { countdownText, arenaPhase } from "../arenas.js";

/** How often the list is asked for again while shown (ms): counts change, arenas come and go. */
const REFRESH_MS = 10000;
/** The Create form's bounds (lobby/arenas.py): minutes long, minutes ahead. */
const MINUTES = { lo: 5, hi: 120, default: 30 };
const AHEAD_MAX = 7 * 24 * 60;

/** An arena's name in the page's language (shell.js arenaName). */
export function arenaTitle(arena) {
  return arenaName(arena.name, arena.game);
}

/** The line of an arena's settings: seats a table and turn time; its length, who made it. */
export function arenaFacts(arena) {
  const parts = [t("arena_settings", { seats: arena.seats, turn: Math.round(arena.turn_ms / 1000) }), t("arena_length", { n: Math.round((arena.end - arena.start) / 60000) })];
  if (arena.scheduled) parts.push(t("arena_scheduled"));
  else if (arena.by) parts.push(t("arena_by", { name: arena.by }));
  if (arena.private) parts.push(t("arena_private"));
  return parts.join(" · ");
}

/** One arena of the list: its name (opening its page), game, countdown, players and games in play. */
function arenaItem(a) {
  const info = gameInfo(a.game);
  const countdown = h("span", { class: "arena-countdown", testid: `arena-countdown-${a.id}` }, countdownText(a, net.serverNow()));
  const li = h(
    "li",
    { class: "card arena-item", testid: `arena-item-${a.id}`, "data-phase": arenaPhase(a, net.serverNow()) },
    h("a", { class: "arena-title", href: `#arena=${encodeURIComponent(a.id)}`, testid: `arena-link-${a.id}` }, arenaTitle(a)),
    h("div", { class: "muted small" }, info ? gameTitle(info) : a.game, " · ", countdown),
    h("div", { class: "small" }, h("span", { class: "keep-together" }, t("arena_players", { n: a.players })), " · ", h("span", { class: "keep-together" }, t("arena_playing", { n: a.playing })))
  );
  li.tick = (now) => {
    setText(countdown, countdownText(a, now));
    li.dataset.phase = arenaPhase(a, now);
  };
  return li;
}

/** The Create an arena form (claimed accounts), or the note saying how to get one. */
function createForm() {
  if (!(net.player && net.player.claimed)) {
    return h("div", { class: "card arena-create", testid: "arena-create-claim" }, h("h3", {}, t("arena_create")), h("p", { class: "muted" }, t("arena_create_claim"), " ", h("a", { href: "#account" }, t("acct_claim_link"))));
  }
  const games = net.games;
  const gameIn = h("select", { testid: "arena-game" }, games.map((g) => h("option", { value: g.id }, gameTitle(g))));
  const seatsIn = h("input", { type: "number", testid: "arena-seats", step: 1, required: true });
  const limits = net.turnLimits;
  const turnIn = h("input", { type: "number", testid: "arena-turn", min: Math.ceil(limits.min / 1000), max: Math.floor(limits.max / 1000), step: 1, value: String(Math.round(limits.default / 1000)) });
  const aheadIn = h("input", { type: "number", testid: "arena-start", min: 0, max: AHEAD_MAX, step: 1, value: "0" });
  const minutesIn = h("input", { type: "number", testid: "arena-minutes", min: MINUTES.lo, max: MINUTES.hi, step: 1, value: String(MINUTES.default) });
  const privateIn = h("input", { type: "checkbox", testid: "arena-private" });
  const optionsBox = h("div", { class: "fields" });
  const btn = h("button", { type: "submit", class: "primary", testid: "arena-create" }, t("arena_create_btn"));
  const err = h("div", { class: "form-error", testid: "arena-create-error", role: "alert" });
  let fields = [];
  // the chosen game's seats and options; an option that moves coins starts at a value where none move (arenas play for points)
  const pickGame = () => {
    const g = gameInfo(gameIn.value);
    seatsIn.min = g.min_players;
    seatsIn.max = g.max_players;
    seatsIn.value = String(g.default_players);
    fields = (g.options || []).map((o) => optionField(o, "arena-opt"));
    for (const f of fields) {
      const free = f.spec.no_coins;
      if (!free) continue;
      if (f.input.tagName === "SELECT") {
        for (const opt of f.input.options) opt.disabled = !free.includes(fieldValue({ spec: f.spec, input: { value: opt.value } }));
      }
      if (!free.includes(fieldValue(f))) f.input.value = String(free[0]);
    }
    fill(optionsBox, fields.map((f) => f.label));
    showErrorIn(err, null);
  };
  gameIn.addEventListener("change", pickGame);
  pickGame();
  const labelled = () => [[seatsIn, t("seats")], [turnIn, t("turn_time")], [aheadIn, t("arena_start_field")], [minutesIn, t("arena_minutes_field")], ...fields.filter((f) => f.input.tagName === "INPUT").map((f) => [f.input, f.label.textContent])];
  /** The first number out of its range, worded (the form is novalidate: the browser's bubbles speak its own language), or null. */
  const problem = () => {
    for (const [input, field] of labelled()) {
      const n = Number(input.value.trim());
      const lo = input.min === "" ? -Infinity : Number(input.min);
      const hi = input.max === "" ? Infinity : Number(input.max);
      if (input.value.trim() === "" || !Number.isInteger(n) || n < lo || n > hi) {
        input.focus();
        return hi === Infinity ? t("form_whole_number_from", { field, lo }) : t("form_whole_number", { field, lo, hi });
      }
    }
    return null;
  };
  const create = () => {
    const options = {};
    for (const f of fields) options[f.spec.name] = fieldValue(f);
    const ahead = Number(aheadIn.value);
    const msg = { game: gameIn.value, seats: Number(seatsIn.value), turn_ms: Number(turnIn.value) * 1000, minutes: Number(minutesIn.value), private: privateIn.checked, options };
    if (ahead > 0) msg.start = Math.round(net.serverNow() + ahead * 60000);
    return net.createArena(msg);
  };
  return h(
    "form",
    {
      class: "card arena-create",
      novalidate: true,
      testid: "arena-create-form",
      onsubmit: (e) => {
        e.preventDefault();
        const bad = problem();
        if (bad) setText(err, bad);
        else runAction(btn, create, { keep: true, errorEl: err, done: (reply) => (location.hash = `#arena=${encodeURIComponent(reply.arena.id)}`) });
      },
    },
    h("h3", {}, t("arena_create")),
    h(
      "div",
      { class: "fields" },
      h("label", {}, h("span", {}, t("arena_game")), gameIn),
      h("label", {}, h("span", {}, t("seats")), seatsIn),
      h("label", {}, h("span", {}, t("turn_time")), turnIn),
      h("label", {}, h("span", {}, t("arena_start_field")), aheadIn),
      h("label", {}, h("span", {}, t("arena_minutes_field")), minutesIn)
    ),
    optionsBox,
    h("label", { class: "check" }, privateIn, " ", t("arena_private_field")),
    btn,
    err
  );
}

/** The home screen's Arenas section: {el, tick(now), destroy()}. */
export function arenasSection() {
  const list = h("ul", { class: "arena-list", testid: "arena-list" });
  let items = [];
  const render = (arenas) => {
    // running first (soonest end), then upcoming (soonest start), then those over
    const order = { running: 0, upcoming: 1, ending: 2, finished: 3 };
    const now = net.serverNow();
    const sorted = [...arenas].sort((a, b) => order[arenaPhase(a, now)] - order[arenaPhase(b, now)] || (now < a.start ? a.start - b.start : a.end - b.end));
    items = sorted.map(arenaItem);
    fill(list, items.length ? items : h("li", { class: "muted", testid: "arenas-none" }, t("arenas_none")));
  };
  let alive = true;
  const load = () =>
    net.listArenas().then(
      (reply) => alive && render(reply.arenas || []),
      () => {}
    );
  load();
  const timer = setInterval(load, REFRESH_MS);
  const el = h("section", { class: "arenas", testid: "arenas" }, h("h2", {}, t("arenas")), h("p", { class: "muted" }, t("arenas_help")), h("div", { class: "arena-columns" }, list, createForm()));
  return {
    el,
    tick: () => {
      const now = net.serverNow();
      for (const item of items) item.tick(now);
    },
    destroy: () => {
      alive = false;
      clearInterval(timer);
    },
  };
}
