// An arena's page (#arena=ID): its countdown, players and games in play,
// Join / Pause (Withdraw before the start) / Resume, the standings (the top
// 10 and my own row, live: the page follows the arena and applies its
// arena_deltas, net.js), the top game in play to watch, and once it is over
// the podium (the page stays readable: a finished arena is kept a week).
// When the arena pairs me, app.js takes me to the table (arena_paired).

import { t, gameTitle, num } from "../i18n.js";
import { h, fill, setText } from "../dom.js";
import { net, gameInfo, errorText, runAction, setScreenTitle } from "../shell.js";
import { rulesButton } from "../rules.js";
import { arenaPhase, countdownText, myState, podium, rulesText, sheetText, standingRows } from "../arenas.js";
import { arenaTitle, arenaFacts } from "./arenas.js";
import { bareName } from "../games/seats.js";

/** One row of the standings: rank, name (mine marked; a streak's doubling
 * and a pause said), the sheet of points under it, points, games. */
function standingRow(r) {
  return h(
    "tr",
    { class: `${r.you ? "you" : ""}${r.gap ? " gap" : ""}${r.paused ? " paused" : ""}`, testid: `arena-row-${r.rank}`, "data-you": r.you ? "true" : "false", "data-points": r.points, "data-games": r.games, "data-name": r.name },
    h("td", { class: "num rank" }, String(r.rank)),
    h(
      "td",
      { class: "player" },
      h("span", { class: "name" }, bareName(r)), // a name that reads as one above it: with its mark ("Zed ②")
      r.you ? h("span", { class: "badge" }, t("you")) : null,
      r.streak >= 2 ? h("span", { class: "badge streak", title: t("arena_streak"), testid: `arena-streak-${r.rank}` }, "×2") : null,
      r.paused ? h("span", { class: "badge muted" }, t("arena_pause_mark")) : null,
      h("div", { class: "sheet small muted", title: t("arena_col_sheet") }, sheetText(r.sheet))
    ),
    h("td", { class: "num points" }, num(r.points)),
    h("td", { class: "num" }, String(r.games))
  );
}

/** The podium of a finished arena: its first three who played, by rank. */
function podiumEl(standings) {
  const rows = podium(standings);
  if (!rows.length) return null;
  return h(
    "div",
    { class: "card podium", testid: "arena-podium" },
    h("h3", {}, t("arena_podium")),
    h(
      "ol",
      {},
      rows.map((r) => h("li", { class: `place place-${r.rank}`, testid: `podium-${r.rank}` }, h("span", { class: "place-rank" }, String(r.rank)), h("span", { class: "name" }, bareName(r)), h("span", { class: "points" }, t("arena_points", { n: r.points }))))
    )
  );
}

/** The arena page of arena `id`. */
export function arenaScreen(id) {
  const title = h("h2", { testid: "arena-title" });
  const facts = h("p", { class: "muted small", testid: "arena-facts" });
  const rules = h("p", { class: "muted small", testid: "arena-rules" });
  const countdown = h("div", { class: "arena-countdown big-line", testid: "arena-countdown" });
  const counts = h("div", { class: "small", testid: "arena-counts" });
  const meLine = h("p", { testid: "arena-me" });
  const actions = h("div", { class: "row arena-actions" });
  const err = h("div", { class: "form-error", testid: "arena-error", role: "alert" });
  const podiumBox = h("div", {});
  const tbody = h("tbody", {});
  const table = h(
    "table",
    { class: "standings", testid: "arena-standings" },
    h("thead", {}, h("tr", {}, h("th", { class: "num" }, t("arena_col_rank")), h("th", {}, t("arena_col_player")), h("th", { class: "num" }, t("arena_col_points")), h("th", { class: "num" }, t("arena_col_games")))),
    tbody
  );
  const nobody = h("p", { class: "muted", testid: "arena-nobody", hidden: true }, t("arena_nobody"));
  const body = h("div", { hidden: true });
  const loading = h("p", { class: "muted" }, t("stats_loading"));
  const el = h(
    "section",
    { class: "screen screen-arena", testid: "arena-screen", "data-arena": id },
    h("a", { href: "#", class: "back", testid: "back-to-games" }, t("arena_back")),
    loading,
    body
  );
  let view = null;
  let phase = null;
  let actionsKey = null; // what the buttons were drawn for

  const button = (testid, label, request) => {
    const btn = h("button", { class: testid === "arena-join" ? "primary" : "", testid }, label);
    btn.addEventListener("click", () => runAction(btn, request, { errorEl: err }));
    return btn;
  };

  /** The buttons and my line, for my state in the arena and its phase. */
  const renderActions = () => {
    const state = myState(view.standings);
    const over = phase === "ending" || phase === "finished";
    const before = phase === "upcoming";
    const me = view.standings.me;
    el.dataset.me = state;
    setText(meLine, over ? t("arena_me_over") : state === "out" ? t("arena_me_out") : state === "paused" ? t("arena_me_paused") : state === "playing" ? t("arena_me_playing") : before ? t("arena_me_before") : t("arena_me_waiting"));
    // the same buttons stay while they would be the same: one pressed as a push comes still acts
    const key = [state, over, before, me && me.playing, view.standings.featured].join("|");
    if (key === actionsKey) return;
    actionsKey = key;
    fill(
      actions,
      !over && state === "out" ? button("arena-join", t("arena_join"), () => net.joinArena(id)) : null,
      !over && state === "paused" ? button("arena-join", t("arena_resume"), () => net.joinArena(id)) : null,
      !over && (state === "waiting" || state === "playing") ? button("arena-pause", before ? t("arena_withdraw") : t("arena_pause"), () => net.pauseArena(id)) : null,
      me && me.playing ? h("a", { class: "button primary", href: `#table=${encodeURIComponent(me.playing)}`, testid: "arena-to-game" }, t("arena_to_game")) : null,
      view.standings.featured && !(me && me.playing === view.standings.featured)
        ? h("a", { class: "button", href: `#table=${encodeURIComponent(view.standings.featured)}`, testid: "arena-featured" }, t("arena_featured"))
        : null
    );
  };

  const render = () => {
    const a = view.arena;
    const game = gameInfo(a.game);
    loading.hidden = true;
    body.hidden = false;
    setText(title, arenaTitle(a));
    setScreenTitle(arenaTitle(a));
    setText(facts, `${game ? gameTitle(game) : a.game} · ${arenaFacts(a)}`);
    setText(rules, rulesText(a.seats));
    phase = arenaPhase(a, net.serverNow());
    el.dataset.phase = phase;
    el.dataset.status = a.status;
    setText(countdown, countdownText(a, net.serverNow()));
    setText(counts, `${t("arena_players", { n: a.players })} · ${t("arena_playing", { n: a.playing })}`);
    counts.dataset.players = a.players;
    counts.dataset.playing = a.playing;
    renderActions();
    fill(podiumBox, phase === "finished" ? podiumEl(view.standings) : null);
    const rows = standingRows(view.standings);
    nobody.hidden = rows.length > 0;
    table.hidden = rows.length === 0;
    fill(tbody, rows.map(standingRow));
  };

  fill(
    body,
    h("div", { class: "title-row" }, title, rulesButton(() => view && view.arena.game)),
    facts,
    // its link, to share (a private arena is found by it alone)
    h("label", { class: "share-row" }, h("span", { class: "muted" }, t("share")), h("input", { class: "share", testid: "arena-share", readOnly: true, value: `${location.origin}/#arena=${id}`, onfocus: (e) => e.target.select() })),
    h("div", { class: "card arena-status" }, countdown, counts, meLine, actions, err),
    podiumBox,
    h("h3", {}, t("arena_standings")),
    nobody,
    table,
    rules
  );

  let alive = true;
  const held = net.arenas.get(id);
  if (held && net.arenaSub === id) {
    view = held;
    render();
  }
  net.followArena(id).then(
    () => {},
    (e) => {
      if (!alive) return;
      loading.hidden = false;
      setText(loading, errorText(e));
      loading.dataset.testid = "arena-missing";
    }
  );

  return {
    el,
    onArena: (body) => {
      if (!alive || body.arena.id !== id) return;
      view = body;
      render();
    },
    tick: () => {
      if (!view) return;
      const now = net.serverNow();
      setText(countdown, countdownText(view.arena, now));
      const next = arenaPhase(view.arena, now);
      if (next !== phase) render(); // started, or its time is up: other buttons
    },
    destroy: ({ rebuilding } = {}) => {
      alive = false;
      if (!rebuilding) net.unfollowArena();
    },
  };
}
