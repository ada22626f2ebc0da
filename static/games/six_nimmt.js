// The 6 Nimmt! 谁是牛头王 table view (RULES.md section 3): your hand as cards
// with their bull heads (click one to pick it; it stays yours, face up for
// you only, until the reveal), the four rows, who has picked (never what),
// the last reveal in placing order with each card flying to its row, the
// row choice when it is yours (click a row), penalty totals and this round's
// piles per player, the countdown, and the final standings (fewest bull
// heads wins).  Every figure is the engine's: bull heads by card (the
// game's static board, GameInfo.board.heads), row points (`row_points`),
// the row a timeout takes (`cheapest_row`) and where each hand card would
// go (`targets`).  State shape:
// engines/six_nimmt.py (SixNimmt.view).

import { t, getLang } from "../i18n.js";
import { h, fill, patch, setText } from "../dom.js";
import { seatNo, seatName, bareName, boardSeat, boardName, seatBadges, awayName, logName, youBadge, mineKey } from "./seats.js";
import { forcedList, markAway, forcedTag, forcedLine, foldTimeouts } from "./forced.js";
import { resultNames, winnersSaid } from "./results.js";
import { clocks, clockText, fmtSeconds, showCountdown, urgent, awayTurn } from "./clocks.js";
import { tableLog, showLog, LOG_GAP, gapText, emptyLog } from "./event_log.js";
import { TableView, translator } from "./table_view.js";
import { revealSteps, motionOff } from "./motion.js";

export const ROWS = 4;
export const ROW_LIMIT = 5;
export const HAND_SIZE = 10;
/** One card's flight from the reveal to its row (ms).  The server holds
 * the same figures (engines/six_nimmt.py PLACE_MS and FLIP_MS: no clock runs
 * while a reveal's cards are placed; tests/lobby/test_pacing.py holds them
 * equal). */
const FLY_MS = 400;
/** The flip of the revealed cards before the first flight (ms). */
const FLIP_MS = 220;

// -- texts (this game's own; the shared ones come from i18n.js) -------------

const TEXT = {
  en: {
    round_turn: "Round {r} · Turn {t}/10",
    game_over: "Game over",
    threshold: "Ends after a round in which someone passes {n}",
    waiting_start: "Waiting for the game to start.",
    pick_prompt: "Choose a card, then confirm it.",
    picked_wait: "You picked {card} (you can change it until everyone has picked). Waiting for {names}…",
    confirm_pick: "Play {card}",
    change_pick: "Change to {card}",
    choose_prompt: "Your card {card} is lower than every row: choose a row to take it (when time's up: row {row}).",
    other_choosing: "{name} is choosing a row to take for card {card}.",
    waiting_for: "Waiting for {names}",
    still_picking: "{n} still to pick: {names}",
    placing: "Placing the cards…",
    your_turn_pick: "Your turn: pick a card",
    your_turn_choose: "Your turn: take a row",
    your_hand: "Your hand",
    your_pick: "Your pick",
    hand_of: "{name}'s hand",
    pick_label: "Pick",
    hidden_note: "only you see it until the reveal; choose another card to change it",
    sending: "sending…",
    row: "Row {n}",
    take: "Take",
    cheapest: "taken when time's up",
    sixth: "the 6th card takes the row",
    reveal_title: "Reveal · round {r}, turn {t}",
    reveal_none: "No cards revealed yet.",
    to_row: "→ row {n}",
    took_title: { count: "p", one: "took {cards}: {p} bull head", other: "took {cards}: {p} bull heads" },
    choosing: "taking a row…",
    queued: "waiting",
    players: "Players",
    col_pile: "Round",
    col_total: "Total",
    col_total_title: "penalty points over all rounds",
    col_total_sum: "{title}: {sum}",
    col_pile_title: "bull heads taken this round",
    picked: "picked",
    thinking: "thinking…",
    choosing_row: "choosing",
    card_label: { one: "Card {card}, {n} bull head", other: "Card {card}, {n} bull heads" },
    pile_title: "This round's pile: {cards}",
    pile_empty: "This round's pile: empty",
    standings: "Final standings — fewest bull heads wins",
    winner_one: { one: "Winner: {names} with {n} bull head", other: "Winner: {names} with {n} bull heads" },
    winner_many: { one: "Winners: {names} with {n} bull head each", other: "Winners: {names} with {n} bull heads each" },
    winner_you: { one: "You win with {n} bull head", other: "You win with {n} bull heads" },
    winner_you_and: { one: "Winners: you and {names} with {n} bull head each", other: "Winners: you and {names} with {n} bull heads each" },
    col_player: "Player",
    col_round_title: "round {n}",
    n_to_act: "{n} to pick: {s} s",
    // time's up (#15 item 2): RULES.md 3, a timeout plays your lowest card, takes the cheapest row
    timeout_pick_mine: "Time's up — {card} was played for you",
    timeout_pick_other: "Time's up for {name} — {card} was played for them",
    timeout_pick_hidden: "Time's up for {name} — a card was picked for them",
    timeout_pick_hidden_mine: "Time's up — a card was picked for you",
    timeout_row_mine: "Time's up — row {n} was taken for you{heads}",
    timeout_row_other: "Time's up for {name} — row {n} was taken for them{heads}",
    row_heads: { count: "p", one: " ({p} bull head)", other: " ({p} bull heads)" },
    // my pick the clock made is lower than every row: the row is mine to take (the notice at once, and its warning)
    timeout_pick_low_mine: "Time's up — {card} was played for you, lower than every row: take a row",
    hurry_row_low: "Time's up — {card} was played for you, lower than every row: take a row, or at 0 the one with the fewest bull heads is taken",
    hurry_pick: "Hurry — at 0 your lowest card is played",
    hurry_row: "Hurry — at 0 the row with the fewest bull heads is taken",
    log_picked: "{name} picked a card",
    log_revealed: "Cards revealed: {list}",
    log_placed: "{name}: {card} → row {n}",
    log_took: { count: "p", one: "{name}: {card} takes row {n} ({p} bull head)", other: "{name}: {card} takes row {n} ({p} bull heads)" },
    log_row_choice: "{name} must take a row for {card}",
    log_below: "{name}: {card}, lower than every row", // a card the clock played, its row still to take: forcedLine marks it
    log_round_over: "Round {r} over",
    // the table's log: one line per reveal, its cards in placing order
    log_turn: "Turn {t}: {list}",
    log_list_sep: "; ",
    log_placed_mine: "You: {card} → row {n}",
    log_took_mine: { count: "p", one: "You: {card} takes row {n} ({p} bull head)", other: "You: {card} takes row {n} ({p} bull heads)" },
    log_row_choice_mine: "You must take a row for {card}",
    log_below_mine: "You: {card}, lower than every row",
  },
  zh: {
    round_turn: "第 {r} 轮 · 第 {t} / 10 回合",
    game_over: "本场结束",
    threshold: "某人总分超过 {n} 的那一轮结束后，本场结束",
    waiting_start: "等待开始。",
    pick_prompt: "选一张牌，再确认出牌。",
    picked_wait: "你选了 {card}（所有人选好之前都可以更换）。等待 {names}…",
    confirm_pick: "打出 {card}",
    change_pick: "改为 {card}",
    choose_prompt: "你的牌 {card} 比每一行的末张都小：选一行收走（超时则收第 {row} 行）。",
    other_choosing: "{name} 正在为 {card} 选择要收走的一行。",
    waiting_for: "等待 {names}",
    still_picking: "还有 {n} 人未选：{names}",
    placing: "正在放牌…",
    your_turn_pick: "轮到你：选一张牌",
    your_turn_choose: "轮到你：收走一行",
    your_hand: "你的手牌",
    your_pick: "你选的牌",
    hand_of: "{name} 的手牌",
    pick_label: "所选的牌",
    hidden_note: "翻牌前只有你看得到；选另一张牌即可更换",
    sending: "发送中…",
    row: "第 {n} 行",
    take: "收走",
    cheapest: "超时将收这一行",
    sixth: "第 6 张牌收走整行",
    reveal_title: "翻牌 · 第 {r} 轮第 {t} 回合",
    reveal_none: "尚未翻牌。",
    to_row: "→ 第 {n} 行",
    took_title: "收走 {cards}：{p} 个牛头",
    choosing: "选择中…",
    queued: "等待放牌",
    players: "玩家",
    col_pile: "本轮",
    col_total: "总分",
    col_total_title: "各轮罚分合计",
    col_total_sum: "{title}：{sum}",
    col_pile_title: "本轮收到的牛头",
    picked: "已选",
    thinking: "思考中…",
    choosing_row: "选行中",
    card_label: "{card} 号牌，{n} 个牛头",
    pile_title: "本轮收牌：{cards}",
    pile_empty: "本轮收牌：无",
    standings: "最终排名——牛头最少者胜",
    winner_one: "胜者：{names}，{n} 个牛头",
    winner_many: "胜者：{names}，各 {n} 个牛头",
    winner_you: "你赢了，{n} 个牛头",
    winner_you_and: "胜者：你和 {names}，各 {n} 个牛头",
    col_player: "玩家",
    col_round_title: "第 {n} 轮",
    n_to_act: "{n} 人待选：{s} 秒",
    // 超时（#15 第 2 项）
    timeout_pick_mine: "超时——已替你出 {card}",
    timeout_pick_other: "{name} 超时——已替其出 {card}",
    timeout_pick_hidden: "{name} 超时——已替其选了一张牌",
    timeout_pick_hidden_mine: "超时——已替你选了一张牌",
    timeout_row_mine: "超时——已替你收走第 {n} 行{heads}",
    timeout_row_other: "{name} 超时——已替其收走第 {n} 行{heads}",
    row_heads: "（{p} 个牛头）",
    timeout_pick_low_mine: "超时——已替你出 {card}，它比每一行都小：请选一行收走",
    hurry_row_low: "超时——已替你出 {card}，它比每一行都小：快选一行收走，再超时将替你收走牛头最少的一行",
    hurry_pick: "快！超时将替你出最小的牌",
    hurry_row: "快！超时将替你收走牛头最少的一行",
    log_picked: "{name} 选好了一张牌",
    log_revealed: "翻牌：{list}",
    log_placed: "{name}：{card} → 第 {n} 行",
    log_took: "{name}：{card} 收走第 {n} 行（{p} 个牛头）",
    log_row_choice: "{name} 须为 {card} 收走一行",
    log_below: "{name}：{card} 比每一行都小",
    log_round_over: "第 {r} 轮结束",
    log_turn: "第 {t} 回合：{list}",
    log_list_sep: "；",
    log_placed_mine: "你：{card} → 第 {n} 行",
    log_took_mine: "你：{card} 收走第 {n} 行（{p} 个牛头）",
    log_row_choice_mine: "你须为 {card} 收走一行",
    log_below_mine: "你：{card} 比每一行都小",
  },
};

const tr = translator(TEXT);

function listNames(names, max = 3) {
  const sep = getLang() === "zh" ? "、" : ", ";
  if (names.length <= max) return names.join(sep);
  return `${names.slice(0, max).join(sep)} +${names.length - max}`;
}

// -- the engine's figures ------------------------------------------------------

/** Total bull heads of `cards` by the view's `heads` (bull heads by card number). */
/** The picking's turn id (every seat's one while picking: a seat that has
 * picked is out of `turns` but may change its pick with it), or null. */
function pickingTurn(view) {
  if (!view || view.status !== "playing" || !view.state || view.state.phase !== "pick") return null;
  const ids = Object.values(view.turns || {});
  return ids.length ? ids[0] : null;
}

function pointsOf(heads, cards) {
  return (cards || []).reduce((sum, c) => sum + heads[c], 0);
}

// -- drawing -----------------------------------------------------------------

const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element `tag` with attributes `attrs`. */
function svg(tag, attrs) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  return el;
}

/** A small bull's head (horns and face), drawn in currentColor. */
export function bullIcon() {
  const icon = svg("svg", { viewBox: "0 0 12 11", class: "sn-bull", "aria-hidden": "true" });
  icon.append(
    svg("path", { d: "M1 1.2 Q1.2 4.6 4.2 4.4 M11 1.2 Q10.8 4.6 7.8 4.4", fill: "none", stroke: "currentColor", "stroke-width": "1.5", "stroke-linecap": "round" }),
    svg("path", { d: "M3.4 4.2 H8.6 Q9.4 7 7.6 9.6 Q6 10.8 4.4 9.6 Q2.6 7 3.4 4.2 Z", fill: "currentColor" })
  );
  return icon;
}

/** "5" followed by a bull's head. */
function heads(n, testid) {
  return h("span", { class: "sn-points", testid, "data-points": n }, String(n), bullIcon());
}

/** A card face: its number and its bull heads (`heads`: the view's bull
 * heads by card number; colour by heads, as the printed cards).  `tag`
 * "button" for a playable hand card. */
export function cardFace(card, heads, { tag = "div", size = "", testid, attrs = {} } = {}) {
  const n = heads[card];
  const label = tr("card_label", { card, n });
  const headsEl = h("span", { class: "sn-heads" });
  for (let i = 0; i < n; i++) headsEl.appendChild(bullIcon());
  return h(
    tag,
    { class: `sn-card h${n}${size ? ` ${size}` : ""}`, testid, "data-card": card, "data-heads": n, title: label, "aria-label": label, ...attrs },
    headsEl,
    h("span", { class: card >= 100 ? "sn-num sn-num3" : "sn-num" }, String(card)) // three digits: narrower (six_nimmt.css)
  );
}


/** Per table id: the cards of this game's reveals the page saw,
 * {gameNo, cards: "round.turn:seat" → card}, so a card the lobby played
 * for a person keeps its mark while it lies in a row (the table's
 * `forced` says which, by reveal; kept across view instances). */
const PLAYED = new Map();

/** Table `id`'s reveal cards of the game on show in `view` (PLAYED's map). */
function playedCards(id, view) {
  const kept = PLAYED.get(id);
  if (kept && kept.gameNo === view.game_no) return kept.cards;
  const cards = new Map();
  PLAYED.set(id, { gameNo: view.game_no, cards });
  return cards;
}

/** Row card element `el`'s time's-up (or bot) mark: `how` as forcedMarks
 * gives it, undefined for none. */
function markRowCard(el, how) {
  const want = how === undefined ? "" : String(how);
  if ((el.dataset.forced || "") === want) return;
  if (want) el.dataset.forced = want;
  else delete el.dataset.forced;
  const old = el.querySelector(".forced-mark");
  if (old) old.remove();
  const tag = forcedTag(how, `row-forced-${el.dataset.card}`);
  if (tag) el.appendChild(tag);
}

// -- the log -------------------------------------------------------------------

/** Each table's log (kept across view instances): items {type: "reveal",
 * round, turn, cards: [{seat, card}] in placing order, placed: [{seat,
 * card, row, points (bull heads taken, 0 for none), away}]}, {type:
 * "round_over", round} or LOG_GAP.  What the clock played for a person is
 * marked in its reveal's line (the table view's `forced`), never a line
 * of its own. */
const LOGS = new Map();
/** The most log items kept per table. */
const LOG_MAX = 40;

/** Add version's events `events` (EventLog.take's: away seats marked) to
 * `log`: a reveal opens its item, placings (a row choice's in a later
 * version too) join the latest reveal's; picks are not logged (a pick is
 * hidden until the reveal). */
function logEvents(log, events) {
  for (const ev of events) {
    if (ev.type === "revealed") log.items.push({ type: "reveal", round: ev.round, turn: ev.turn, cards: ev.cards.map((c) => ({ seat: c.seat, card: c.card })), placed: [] });
    else if (ev.type === "placed") {
      const item = [...log.items].reverse().find((x) => x.type === "reveal");
      if (item) item.placed.push({ seat: ev.seat, card: ev.card, row: ev.row, points: ev.took && ev.took.length ? ev.points : 0, away: ev.away || false });
    } else if (ev.type === "round_over") log.items.push({ type: "round_over", round: ev.round });
  }
  log.trim();
}

/** The card a time's-up note's pick played (its `ev`'s last move; a pick
 * hides its card until the reveal: my own view knows it, `mine`, from the
 * note's state's my_pick), or null (none known, or the note is a row's). */
function noteCard(note, mine) {
  const move = note.ev.moves[note.ev.moves.length - 1] || {};
  if (move.type !== "pick") return null;
  const card = move.card !== undefined ? move.card : mine && note.state ? note.state.my_pick : null;
  return card === undefined ? null : card;
}

/** The step list's words of one engine event (eventLines'): `name(seat,
 * ev)` its seat's name, `sep` the reveal's list separator. */
function eventLine(ev, name, sep) {
  if (ev.type === "picked") return [tr("log_picked", { name: name(ev.seat, ev) })];
  if (ev.type === "revealed") return [tr("log_revealed", { list: ev.cards.map((c) => t("name_figure", { name: name(c.seat), n: c.card })).join(sep) })];
  if (ev.type === "placed" && ev.took && ev.took.length) return [tr("log_took", { name: name(ev.seat, ev), card: ev.card, n: ev.row + 1, p: ev.points })];
  if (ev.type === "placed") return [tr("log_placed", { name: name(ev.seat, ev), card: ev.card, n: ev.row + 1 })];
  if (ev.type === "row_choice") return [tr("log_row_choice", { name: name(ev.seat, ev), card: ev.card })];
  if (ev.type === "round_over") return [tr("log_round_over", { r: ev.round + 1 })];
  return [];
}

// -- the view ----------------------------------------------------------------

export class SixNimmtView extends TableView {
  constructor(host) {
    super(host, "/static/games/six_nimmt.css");
    this.cardEls = new Map(); // row cards by number (kept so flights survive re-renders)
    this.forced = new Map(); // reveal entries the lobby played for a person, "round.turn:seat" → how (forcedMarks)
    this.botAfter = new Map(); // of those the clock's card whose row a bot took: "round.turn:seat" → the bot's how (forcedList's `then`)
    this.rowSigs = [];
    this.revealSig = null;
    this.handSig = null;
    this.animShown = null; // the reveal as last shown: motion.js revealSteps
    this.selected = null; // the hand card chosen, not yet confirmed: {key: "round.turn", card}
    this.animations = [];
    this.openPiles = new Set(); // seats whose pile is shown card by card
    // a hidden tab draws no frames: its flights end at once, not when it comes back
    this.onHidden = () => document.hidden && this.settle();
    document.addEventListener("visibilitychange", this.onHidden);

    this.roundEl = h("span", { class: "round", testid: "sn-round" });
    this.thresholdEl = h("div", { class: "sn-threshold", testid: "threshold" });
    this.finalEl.classList.add("sn-final");

    this.rowsEl = h("div", { class: "sn-rows", testid: "rows" });
    this.rowEls = [];
    for (let r = 0; r < ROWS; r++) {
      const label = h("span", { class: "sn-row-label" });
      const points = h("span", { class: "sn-row-points" });
      const take = h("button", { class: "primary sn-take", testid: `take-row-${r}`, hidden: true, onclick: (e) => { e.stopPropagation(); this.chooseRow(r); } });
      const cards = h("div", { class: "sn-row-cards" });
      const el = h(
        "div",
        { class: "sn-row", testid: `row-${r}`, "data-row": r, onclick: () => this.chooseRow(r) },
        h("div", { class: "sn-row-head" }, h("div", { class: "sn-row-title" }, label, points), take),
        cards
      );
      el.addEventListener("keydown", (e) => {
        if ((e.key === "Enter" || e.key === " ") && e.target === el && this.canChoose()) {
          e.preventDefault();
          this.chooseRow(r);
        }
      });
      this.rowEls.push({ el, label, points, take, cards });
      this.rowsEl.appendChild(el);
    }

    this.revealTitle = h("h4", { class: "sn-reveal-title", testid: "reveal-title" });
    this.revealList = h("div", { class: "sn-reveal-list" });
    this.revealEl = h("div", { class: "sn-reveal", testid: "reveal" }, this.revealTitle, this.revealList);

    this.playersHead = h("div", { class: "sn-player sn-player-head" });
    this.playersList = h("div", { class: "sn-player-list" });
    this.playersEl = h("div", { class: "sn-players", testid: "players" }, this.playersHead, this.playersList, this.thresholdEl);
    this.playerEls = [];

    this.promptEl = h("div", { class: "sn-prompt", testid: "prompt", "aria-live": "polite" });
    this.handLabel = h("div", { class: "sn-hand-label", hidden: true });
    this.handEl = h("div", { class: "sn-hand", testid: "hand" });
    this.pickLabel = h("div", { class: "sn-hand-label" });
    this.pickSlot = h("div", { class: "sn-pick-slot", testid: "my-pick" });
    this.pickNote = h("div", { class: "sn-pick-note muted" });
    this.confirmBtn = h("button", { type: "button", class: "primary sn-confirm", testid: "pick-confirm", hidden: true, onclick: () => this.confirm() });
    this.handBox = h(
      "div",
      { class: "sn-handbox", hidden: true },
      h("div", { class: "sn-hand-wrap" }, this.handLabel, this.handEl),
      h("div", { class: "sn-pick-wrap" }, this.pickLabel, this.pickSlot, this.confirmBtn, this.pickNote)
    );

    this.log = tableLog(LOGS, this.id, LOG_MAX);
    this.el = this.frame(
      { class: "six-nimmt", testid: "six-nimmt" },
      [this.roundEl],
      h("div", { class: "sn-main" }, this.rowsEl, this.revealEl, this.playersEl),
      this.promptEl,
      this.handBox,
      this.logBox("sn-log")
    );
  }

  /** The reveal entries the lobby played for a person's seat (time's up, a
   * bot for an away seat, or for one its player left: a pick, or the row
   * its card took), "round.turn:seat" → how: the table view's record
   * (forcedList; `botAfter` where the clock played the card and a bot took
   * its row). */
  take(view, ctx) {
    const list = forcedList(view);
    this.forced = new Map(list.map((e) => [`${e.key}:${e.seat}`, e.how]));
    this.botAfter = new Map(list.filter((e) => e.then !== undefined).map((e) => [`${e.key}:${e.seat}`, e.then]));
    const played = playedCards(this.id, view);
    const at = view.state && view.state.last_reveal_at;
    if (at) for (const e of view.state.last_reveal || []) played.set(`${at.round}.${at.turn}:${e.seat}`, e.card);
    logEvents(this.log, this.log.take(view, ctx.version));
  }

  /** The log's lines: a reveal's in placing order ("Turn 3: Ann: 14 → row
   * 2; You: 55 takes row 1 (7 bull heads)"), each card the lobby played for
   * a person by the table view's `forced`: a bot's with its mark after it,
   * spaced (forcedTag: "away" / "托管", its name not marked again), the
   * clock's in its own words marked (forcedLine: one line per forced move,
   * in the reveal's place; a card lower than every row, its row still to
   * take, "You: 5, lower than every row — time's up"), both where a bot
   * took the row for the clock's card; round ends. */
  renderLog(names) {
    const mySeat = this.ctx.seat;
    const name = (e) => names[e.seat] || seatNo(e.seat); // a bot's move is said by its mark
    const own = (key, e) => mineKey(key, { ...e, away: false }, mySeat);
    // (a log kept from before may hold a lone time's-up item: its reveal's line says it)
    const items = this.log.items.filter((item) => item.type !== "timeout").map((item) => {
      if (item.type === LOG_GAP) return h("li", { class: "log-gap muted" }, gapText());
      if (item.type === "round_over") return h("li", { class: "log-result" }, tr("log_round_over", { r: item.round + 1 }));
      const key = `${item.round}.${item.turn}`;
      const parts = [];
      const placed = new Set();
      const how = (e) => this.forced.get(`${key}:${e.seat}`);
      for (const e of item.placed) {
        placed.add(e.seat);
        const text = e.points ? tr(own("log_took", e), { name: name(e), card: e.card, n: e.row + 1, p: e.points }) : tr(own("log_placed", e), { name: name(e), card: e.card, n: e.row + 1 });
        parts.push([text, how(e), this.botAfter.get(`${key}:${e.seat}`), e]);
      }
      // a card below every row waits for its row choice (the clock's: what it played)
      const waiting = item.cards.find((c) => !placed.has(c.seat));
      if (waiting) parts.push([tr(own(how(waiting) === false ? "log_below" : "log_row_choice", waiting), { name: name(waiting), card: waiting.card }), how(waiting), undefined, waiting]);
      const body = [];
      parts.forEach(([text, mark, then, e], k) => {
        if (k) body.push(tr("log_list_sep"));
        body.push(mark === false ? h("span", { class: "sn-log-timeout", "data-seat": k }, forcedLine(text)) : text);
        const bot = mark === false ? then : mark;
        if (bot !== undefined) body.push(" ", forcedTag(bot, undefined, awayName(name(e), bot, e.seat === mySeat)));
      });
      const [head, tail] = tr("log_turn", { t: item.turn + 1, list: "\u0000" }).split("\u0000");
      const timedOut = parts.some(([, how]) => how === false);
      return h("li", { class: `sn-log-turn${timedOut ? " log-timeout" : ""}`, "data-key": key }, head, body, tail);
    });
    showLog(this.logEl, items, emptyLog());
  }

  /** The row cards the clock played for a person: card → false
   * (forcedMarks' "time ran out"), by the reveals this page saw (playedCards). */
  forcedCards() {
    const played = PLAYED.has(this.id) ? PLAYED.get(this.id).cards : new Map();
    const out = new Map();
    for (const [k, how] of this.forced) if (how === false && played.has(k)) out.set(played.get(k), how); // the clock's: the reveal marks a bot's
    return out;
  }

  // -- moves -------------------------------------------------------------------

  /** A hand card tapped: chosen, shown, sent only by confirm(). */
  select(card) {
    const state = this.view && this.view.state;
    if (!state || !this.canPick(state)) return;
    this.selected = { key: `${state.round}.${state.turn}`, card };
    this.redraw();
  }

  /** Play the chosen card: my pick, or a change of it until the reveal
   * (with the picking's turn id: one id for every seat, docs/protocol.md). */
  confirm() {
    const state = this.view && this.view.state;
    const card = this.chosen(state);
    if (card === null || !this.canPick(state)) return;
    this.selected = null;
    if (state.my_pick === null) this.ctx.send({ type: "pick", card });
    else this.ctx.send({ type: "pick", card }, pickingTurn(this.view));
  }

  /** The chosen card still to confirm (this picking's, in my hand), or null. */
  chosen(state) {
    const sel = this.selected;
    if (!sel || !state || sel.key !== `${state.round}.${state.turn}` || !(state.hand || []).includes(sel.card)) return null;
    return sel.card;
  }

  /** Whether I may pick now: a first pick on my turn, or a change of my pick before the reveal. */
  canPick(state) {
    const { spectator, turn, busy } = this.ctx || {};
    if (spectator || busy || !state || state.phase !== "pick" || !this.view || this.view.status !== "playing") return false;
    return !!turn || (state.my_pick !== null && pickingTurn(this.view) !== null);
  }

  chooseRow(row) {
    if (this.canChoose()) this.ctx.send({ type: "choose_row", row });
  }

  canChoose() {
    const state = this.view && this.view.state;
    const { turn, seat, busy } = this.ctx || {};
    return !!(turn && state && state.phase === "choose" && state.choosing && state.choosing.seat === seat && !busy);
  }

  /** The card of my pick: the one on its way (a pick or its change), else the server's (`my_pick`). */
  myPick(state) {
    const sending = this.ctx.sending;
    return sending && sending.type === "pick" && state.phase === "pick" ? sending.card : state.my_pick;
  }

  // -- rendering -------------------------------------------------------------------

  togglePile(seat) {
    if (this.openPiles.has(seat)) this.openPiles.delete(seat);
    else this.openPiles.add(seat);
    this.redraw();
  }

  turnLine() {
    const { view, ctx, names } = this;
    const state = view.state;
    if (ctx.turn) return state && state.phase === "choose" ? tr("your_turn_choose") : tr("your_turn_pick");
    if (ctx.acting.length) return tr("waiting_for", { names: listNames(ctx.acting.map((s) => names[s])) });
    return "";
  }

  render() {
    const { view, ctx, names } = this;
    const state = view.state;
    const { seat: mySeat, turn, acting } = ctx;

    this.el.dataset.phase = state ? state.phase : "";
    this.el.dataset.round = state ? state.round : "";
    this.el.dataset.turn = state ? state.turn : "";

    // status bar
    if (!state) setText(this.roundEl, "");
    else if (state.phase === "over") setText(this.roundEl, tr("game_over"));
    else setText(this.roundEl, tr("round_turn", { r: state.round + 1, t: Math.min(state.turn + 1, HAND_SIZE) }));
    setText(this.thresholdEl, state ? tr("threshold", { n: state.end_threshold }) : "");

    this.renderRows(view, state, mySeat);
    this.renderReveal(view, state, mySeat);
    this.renderPlayers(view, state, mySeat, acting);
    this.renderPrompt(view, state, mySeat, turn, acting, names);
    this.renderHand(view, state, ctx.spectator, turn);
    this.renderFinal(view, state, names, ctx.seat);
    this.renderLog(names);
    this.animate(state);
  }

  /** Bull heads by card number (the game's static board). */
  headsTable() {
    return this.board("six_nimmt").heads || [];
  }

  rowCard(card, heads) {
    let el = this.cardEls.get(card);
    if (!el) {
      el = cardFace(card, heads, { testid: `row-card-${card}` });
      this.cardEls.set(card, el);
    }
    return el;
  }

  renderRows(view, state, mySeat) {
    const rows = state ? state.rows : [];
    const choose = this.canChoose();
    const cheap = state && rows.length === ROWS ? state.cheapest_row : -1;
    this.rowsEl.classList.toggle("choosable", choose);
    this.rowsEl.dataset.sig = rows.map((r) => r.join(" ")).join("|");
    const forcedCards = this.forcedCards();
    for (let r = 0; r < ROWS; r++) {
      const parts = this.rowEls[r];
      const cards = rows[r] || [];
      setText(parts.label, tr("row", { n: r + 1 }));
      const pts = cards.length ? state.row_points[r] : 0;
      fill(parts.points, cards.length ? heads(pts, `row-points-${r}`) : null);
      parts.el.dataset.cards = cards.join(" ");
      parts.el.dataset.points = pts;
      parts.el.classList.toggle("choosable", choose);
      parts.el.classList.toggle("full", cards.length >= ROW_LIMIT);
      parts.el.setAttribute("role", choose ? "button" : "group");
      parts.el.tabIndex = choose ? 0 : -1;
      parts.take.hidden = !choose;
      setText(parts.take, tr("take"));
      parts.take.title = r === cheap ? tr("cheapest") : "";
      for (const c of cards) markRowCard(this.rowCard(c, this.headsTable()), forcedCards.get(c));
      const sig = cards.join(",");
      if (this.rowSigs[r] === sig) continue;
      this.rowSigs[r] = sig;
      const slots = [];
      for (let i = cards.length; i < ROW_LIMIT; i++) slots.push(h("span", { class: "sn-slot" }));
      fill(parts.cards, cards.map((c) => this.rowCard(c, this.headsTable())), slots, h("span", { class: "sn-slot sn-sixth", title: tr("sixth") }, "6"));
    }
  }

  /** The words of `events` (one step's or version's): picks, the reveal,
   * placings, a row choice, the round's end; a seat a bot played
   * (`ev.away`: markAway) named so, and what the clock played for a person
   * (the lobby's `timeout` event) in that move's own line, marked
   * (forcedLine: its pick's, or the placing of its row choice). */
  eventLines(events, names, state) {
    const mySeat = this.ctx ? this.ctx.seat : null;
    const name = (seat, ev = null) => (ev ? logName(ev, names, mySeat) : names[seat] || seatNo(seat));
    const sep = getLang() === "zh" ? "、" : ", ";
    const carries = (ev, to) => ((to.moves || []).some((m) => m.type === "choose_row") ? ev.type === "placed" : ev.type === "picked");
    return markAway(foldTimeouts(events, carries)).flatMap((ev) => {
      // a time's-up with no move of its own here: the status bar's words
      if (ev.type === "timeout") return ev.bot ? [] : [this.timeoutText({ ev, state }, ev.seat === mySeat, name(ev.seat))];
      const lines = eventLine(ev, name, sep);
      return ev.forced ? lines.map(forcedLine) : lines;
    });
  }

  renderReveal(view, state, mySeat) {
    const list = (state && state.last_reveal) || [];
    const at = state && state.last_reveal_at;
    const key = at ? `${at.round}.${at.turn}` : "";
    this.revealEl.dataset.key = key;
    this.revealEl.dataset.placed = list.filter((e) => e.row !== null).length;
    const forced = (e) => this.forced.get(`${key}:${e.seat}`); // undefined: its player's; false: time ran out; true: a bot, the seat away; "left": a bot, its player left
    const bot = (e) => (forced(e) === false ? this.botAfter.get(`${key}:${e.seat}`) : forced(e)); // a bot's move in it: the card, or the row it took for the clock's card
    const sig = `${this.ctx.lang}|${key}|${list.map((e) => `${e.seat}:${e.card}:${e.row}:${e.took ? e.took.join(",") : "-"}:${forced(e)}:${bot(e)}`).join(";")}|${view.seats.map((_, i) => boardName(view, i)).join("\u0000")}`;
    if (sig === this.revealSig) return;
    this.revealSig = sig;
    setText(this.revealTitle, at ? tr("reveal_title", { r: at.round + 1, t: at.turn + 1 }) : tr("reveal_none"));
    const pending = list.find((e) => e.row === null);
    fill(
      this.revealList,
      list.map((e, k) => {
        let out;
        let cls = "sn-rev";
        if (e.row === null) {
          cls += e === pending && state.phase === "choose" ? " choosing" : " queued";
          out = e === pending && state.phase === "choose" ? tr("choosing") : tr("queued");
        } else if (e.took && e.took.length) {
          cls += " took";
          out = tr("to_row", { n: e.row + 1 });
        } else {
          cls += " placed";
          out = tr("to_row", { n: e.row + 1 });
        }
        if (e.seat === mySeat) cls += " me";
        return h(
          "div",
          {
            class: cls,
            testid: `reveal-${k}`,
            "data-seat": e.seat,
            "data-card": e.card,
            "data-row": e.row === null ? "" : e.row,
            "data-took": e.took ? e.took.join(" ") : "",
          },
          h(
            "div",
            { class: "sn-rev-face" },
            cardFace(e.card, this.headsTable()),
            e.took && e.took.length
              ? h("span", { class: "sn-rev-took", testid: `reveal-took-${k}`, title: tr("took_title", { cards: e.took.join(", "), p: pointsOf(this.headsTable(), e.took) }) }, "+", heads(pointsOf(this.headsTable(), e.took)))
              : null
          ),
          // a bot's bare name (the full, marked one in the title): the card is narrow
          h("div", { class: "sn-rev-name", title: boardName(view, e.seat) }, boardSeat(view, e.seat) ? bareName(boardSeat(view, e.seat)) : boardName(view, e.seat)),
          h("div", { class: "sn-rev-out" }, out),
          forced(e) === false ? h("div", { class: "sn-rev-mark sn-rev-timeout", testid: `reveal-timeout-${k}` }, t("timed_out")) : null,
          bot(e) === true ? h("div", { class: "sn-rev-mark sn-rev-away", testid: `reveal-away-${k}`, title: awayName(boardName(view, e.seat), true, e.seat === mySeat) }, t("away")) : null,
          bot(e) === "left" ? h("div", { class: "sn-rev-mark sn-rev-away sn-rev-left", testid: `reveal-left-${k}`, title: awayName(boardName(view, e.seat), "left", false) }, t("left")) : null
        );
      })
    );
  }

  renderPlayers(view, state, mySeat, acting) {
    const n = view.seats.length;
    if (this.playerEls.length !== n) {
      this.playerEls = view.seats.map((_, i) => {
        const name = h("span", { class: "sn-pname", testid: `seat-name-${i}` });
        const badges = h("span", { class: "sn-badges" });
        const status = h("span", { class: "sn-pstatus", testid: `picked-${i}` });
        const pile = h("button", { type: "button", class: "sn-pile num", testid: `pile-${i}`, onclick: () => this.togglePile(i) });
        const total = h("span", { class: "sn-total num", testid: `score-${i}` });
        const cards = h("div", { class: "sn-pile-cards", testid: `pile-cards-${i}`, hidden: true });
        const el = h("div", { class: "sn-player", testid: `seat-${i}`, "data-seat": i }, h("span", { class: "seat-no" }, seatNo(i)), h("span", { class: "sn-who" }, name, badges), status, pile, total, cards);
        return { el, name, badges, status, pile, total, cards };
      });
      fill(this.playersList, this.playerEls.map((p) => p.el));
    }
    fill(
      this.playersHead,
      h("span", {}),
      h("span", {}, tr("players")),
      h("span", {}),
      h("span", { class: "num", title: tr("col_pile_title") }, tr("col_pile")),
      h("span", { class: "num", title: tr("col_total_title") }, tr("col_total"))
    );
    const choosingSeat = state && state.choosing ? state.choosing.seat : null;
    view.seats.forEach((s, i) => {
      const p = this.playerEls[i];
      p.el.classList.toggle("to-act", acting.includes(i));
      p.el.classList.toggle("me", i === mySeat);
      const shown = boardSeat(view, i);
      p.el.classList.toggle("empty", !shown);
      setText(p.name, shown ? bareName(shown) : t("empty_seat"));
      p.name.title = boardName(view, i);
      fill(p.badges, seatBadges(view, i, mySeat));
      let status = "";
      let statusCls = "";
      if (state && view.status === "playing") {
        if (state.phase === "pick") {
          const picked = !!(state.picked && state.picked[i]);
          status = picked ? tr("picked") : tr("thinking");
          statusCls = picked ? "picked" : "thinking";
        } else if (state.phase === "choose" && choosingSeat === i) {
          status = tr("choosing_row");
          statusCls = "choosing";
        }
      }
      p.status.className = `sn-pstatus ${statusCls}`;
      p.status.title = status;
      p.status.setAttribute("aria-label", status);
      p.status.dataset.state = statusCls;
      p.el.dataset.picked = state && state.picked && state.picked[i] ? "true" : "false";
      const pileCards = state && state.piles ? state.piles[i] || [] : [];
      const pilePts = state ? pointsOf(this.headsTable(), pileCards) : 0;
      const open = this.openPiles.has(i) && pileCards.length > 0;
      fill(p.pile, state ? heads(pilePts) : null, pileCards.length ? h("span", { class: "sn-caret" }, open ? "▾" : "▸") : null);
      p.pile.title = pileCards.length ? tr("pile_title", { cards: pileCards.join(", ") }) : tr("pile_empty");
      p.pile.disabled = !pileCards.length;
      p.pile.setAttribute("aria-expanded", open ? "true" : "false");
      p.pile.dataset.cards = pileCards.join(" ");
      p.cards.hidden = !open;
      const pileSig = open ? pileCards.join(",") : "";
      if (p.cards.dataset.sig !== pileSig) {
        p.cards.dataset.sig = pileSig;
        fill(p.cards, open ? pileCards.map((c) => h("span", { class: `sn-mini h${this.headsTable()[c]}`, title: tr("card_label", { card: c, n: this.headsTable()[c] }) }, String(c))) : null);
      }
      const history = state && state.history ? state.history.map((pts) => pts[i]) : [];
      p.total.title = history.length ? tr("col_total_sum", { title: tr("col_total_title"), sum: history.join(" + ") + (state.phase === "over" ? "" : " + …") }) : tr("col_total_title");
      const score = state && state.scores ? state.scores[i] : 0;
      setText(p.total, state ? String(score) : "");
      p.el.dataset.score = score;
    });
  }

  renderPrompt(view, state, mySeat, turn, acting, names) {
    let text = "";
    let mine = false;
    if (view.status === "waiting" || !state) text = view.status === "waiting" ? tr("waiting_start") : "";
    else if (view.status === "playing") {
      const others = acting.filter((s) => s !== mySeat).map((s) => names[s]);
      if (state.phase === "choose" && state.choosing) {
        if (state.choosing.seat === mySeat) {
          text = tr("choose_prompt", { card: state.choosing.card, row: state.cheapest_row + 1 });
          mine = true;
        } else {
          text = tr("other_choosing", { name: names[state.choosing.seat], card: state.choosing.card });
        }
      } else if (state.phase === "pick") {
        const myPick = mySeat !== null ? this.myPick(state) : null;
        if (turn && myPick === null) {
          text = tr("pick_prompt");
          mine = true;
        } else if (myPick !== null) text = tr("picked_wait", { card: myPick, names: listNames(others) || "…" });
        else if (acting.length) text = tr("still_picking", { n: acting.length, names: listNames(acting.map((s) => names[s])) });
      }
    }
    // away: a bot acts for me; what Back does, not how to act
    if (mine && awayTurn(view, this.ctx)) text = t("away_hint");
    setText(this.promptEl, text);
    this.promptEl.classList.toggle("mine", mine);
    // a phone pins what you act with: the row to take's instruction here, else the hand (renderHand)
    this.promptEl.classList.toggle("pinned", mine && state.phase === "choose");
  }

  renderHand(view, state, spectator, turn) {
    // a seat's hand: ours; or, in a replay from a seat's point of view, that
    // seat's (read only; a live spectator's view has no hand)
    const hand = state && Array.isArray(state.hand) ? state.hand : null;
    this.handBox.hidden = !hand || view.status !== "playing";
    if (this.handBox.hidden) return;
    const pov = spectator && Number.isInteger(state.seat) ? seatName(view, state.seat) : null;
    const canPick = !spectator && this.canPick(state);
    const chosen = canPick ? this.chosen(state) : null;
    this.handEl.setAttribute("aria-label", pov ? tr("hand_of", { name: pov }) : tr("your_hand"));
    setText(this.handLabel, pov ? tr("hand_of", { name: pov }) : "");
    this.handLabel.hidden = !pov;
    setText(this.pickLabel, pov ? tr("pick_label") : tr("your_pick"));
    const pick = this.myPick(state);
    const sig = `${this.ctx.lang}|${hand.join(",")}|${canPick}|${pick}|${chosen}`;
    if (sig !== this.handSig) {
      this.handSig = sig;
      this.handEl.classList.toggle("can-pick", canPick);
      // "pick": my first pick is asked; "change": picked, changeable until the reveal
      this.handEl.dataset.mode = !canPick ? "" : state.my_pick === null ? "pick" : "change";
      this.handBox.classList.toggle("pinned", canPick); // a phone pins the hand only while it can be played
      patch(
        this.handEl,
        hand.map((c, k) =>
          cardFace(c, this.headsTable(), {
            tag: "button",
            size: "sn-big",
            testid: `hand-card-${c}`,
            // the row the card would go to now (the engine's `targets`; "" below every row)
            attrs: {
              type: "button",
              disabled: !canPick || c === pick,
              "aria-pressed": c === chosen ? "true" : "false",
              onclick: () => this.select(c),
              "data-target": state.targets && state.targets[k] !== null ? state.targets[k] : "",
            },
          })
        )
      );
      for (const b of this.handEl.children) {
        b.classList.toggle("sending", Number(b.dataset.card) === pick);
        b.classList.toggle("selected", Number(b.dataset.card) === chosen);
      }
      this.confirmBtn.hidden = chosen === null;
      setText(this.confirmBtn, chosen === null ? "" : tr(state.my_pick === null ? "confirm_pick" : "change_pick", { card: chosen }));
      patch(this.pickSlot, pick !== null ? cardFace(pick, this.headsTable(), { size: "sn-big", testid: "my-pick-card" }) : h("span", { class: "sn-slot sn-big" }));
      this.pickSlot.classList.toggle("sending", pick !== null && pick !== state.my_pick);
      this.pickSlot.dataset.card = pick === null ? "" : pick;
    }
    setText(this.pickNote, pick === null || pov ? "" : pick !== state.my_pick ? tr("sending") : tr("hidden_note"));
  }

  renderFinal(view, state, names, mySeat = null) {
    if (!((view.status === "finished" || view.status === "closed") && view.result && state)) {
      this.showFinal(null);
      return;
    }
    const result = view.result;
    const scores = result.scores || state.scores || [];
    const winners = result.winners || [];
    const best = winners.length ? scores[winners[0]] : 0;
    const marked = resultNames(view, names);
    const w = winnersSaid(winners, marked, mySeat); // a game I won: "you"
    const who = listNames(winners.filter((s) => !w.mine || s !== mySeat).map((s) => marked[s]), 10);
    const order = scores.map((_, i) => i).sort((a, b) => scores[a] - scores[b] || a - b);
    const history = state.history || [];
    let rank = 0;
    let prev = null;
    const rows = order.map((seat, k) => {
      if (scores[seat] !== prev) rank = k + 1;
      prev = scores[seat];
      return h(
        "tr",
        { class: winners.includes(seat) ? "winner" : "", testid: `standing-${seat}`, "data-seat": seat, "data-score": scores[seat] },
        h("td", { class: "num" }, String(rank)),
        h(
          "td",
          { class: "name", title: names[seat] },
          h("div", { class: "sn-name" }, names[seat], youBadge(view, seat, mySeat)),
          // each round's points under the name, as a sum that wraps: never a sideways scroll
          history.length > 1 ? h("div", { class: "sn-rounds", testid: `standing-rounds-${seat}` }, history.flatMap((pts, r) => [r ? " + " : null, h("span", { class: "round", title: tr("col_round_title", { n: r + 1 }) }, String(pts[seat]))])) : null
        ),
        h("td", { class: "num total" }, String(scores[seat]))
      );
    });
    this.showFinal([
      h("h3", {}, tr("standings")),
      h("div", { class: "winners", testid: "winners" }, tr(w.mine ? (w.alone ? "winner_you" : "winner_you_and") : w.alone ? "winner_one" : "winner_many", { names: who, n: best })),
      // three columns whatever the game's length: the rank, the name (with
      // its rounds' points beneath), the total
      h(
        "div",
        { class: "sn-standings-wrap", testid: "standings-wrap" },
        h(
          "table",
          { class: "sn-standings", testid: "standings" },
          h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", { class: "name" }, tr("col_player")), h("th", { class: "num total", title: tr("col_total_title") }, tr("col_total")))),
          h("tbody", {}, rows)
        )
      ),
    ]);
  }

  // -- the reveal animation ------------------------------------------------------

  /** When the view shows a new reveal (or more of its cards placed after a
   * row choice), flip the revealed cards and fly each placed one to its row
   * in placing order.  Rows are already in their final state: the cards only
   * travel there, so input is never held back. */
  animate(state) {
    if (!state) return;
    const list = state.last_reveal || [];
    const at = state.last_reveal_at;
    const key = at ? `${at.round}.${at.turn}` : null;
    const step = revealSteps(this.animShown, key, list);
    this.animShown = step;
    const { placed, from, flip } = step;
    if (from === placed && !flip) return;
    this.settle();
    // a game over shows its last rows as they are: nothing left in flight under the result
    if (!key || state.phase === "over" || motionOff()) return;
    const items = [...this.revealList.children];
    const start = flip ? FLIP_MS : 0;
    if (flip) {
      for (const item of items) {
        const face = item.querySelector(".sn-card");
        if (face) this.animations.push(face.animate([{ transform: "rotateY(90deg) scale(0.9)", opacity: 0.2 }, { transform: "none", opacity: 1 }], { duration: FLIP_MS, easing: "ease-out" }));
      }
    }
    // rows were dealt again after the last turn of a round: nothing to fly to
    const sameRound = at.round === state.round;
    this.revealEl.dataset.animating = "true";
    this.revealEl.dataset.animated = (Number(this.revealEl.dataset.animated) || 0) + 1;
    let last = start;
    for (let i = from; i < placed; i++) {
      const e = list[i];
      const k = i - from;
      const delay = start + k * FLY_MS;
      last = delay + FLY_MS;
      const item = items[i];
      const src = item && item.querySelector(".sn-card");
      if (item) this.animations.push(item.animate([{ transform: "scale(1.12)", offset: 0 }, { transform: "scale(1)" }], { duration: FLY_MS, delay, easing: "ease-out" }));
      const dst = sameRound ? this.rowsEl.querySelector(`.sn-row-cards [data-card="${e.card}"]`) : null;
      if (src && dst) {
        const a = src.getBoundingClientRect();
        const b = dst.getBoundingClientRect();
        const dx = a.left + a.width / 2 - (b.left + b.width / 2);
        const dy = a.top + a.height / 2 - (b.top + b.height / 2);
        const fly = dst.animate(
          [
            { transform: `translate(${dx}px, ${dy}px) scale(1.05)`, boxShadow: "0 10px 24px rgba(0,0,0,0.45)" },
            { transform: "translate(0, 0) scale(1)", boxShadow: "0 1px 2px rgba(0,0,0,0.3)" },
          ],
          { duration: FLY_MS, delay, easing: "cubic-bezier(0.25, 0.7, 0.3, 1)", fill: "backwards" }
        );
        dst.classList.add("flying");
        fly.finished.then(() => dst.classList.remove("flying"), () => dst.classList.remove("flying"));
        this.animations.push(fly);
      } else if (sameRound && e.row !== null) {
        const rowEl = this.rowEls[e.row] && this.rowEls[e.row].el;
        if (rowEl) this.animations.push(rowEl.animate([{ boxShadow: "0 0 0 3px rgba(246,195,67,0.9)" }, { boxShadow: "0 0 0 0 rgba(246,195,67,0)" }], { duration: FLY_MS, delay }));
      }
      if (e.took && e.took.length) {
        // the row taken: its old cards swept off under the new one (a red sweep over the row)
        const taken = sameRound && e.row !== null && this.rowEls[e.row] ? this.rowEls[e.row].el : null;
        if (taken) this.animations.push(taken.animate([{ boxShadow: "inset 0 0 0 200px rgba(180, 35, 44, 0.55)" }, { boxShadow: "inset 0 0 0 200px rgba(180, 35, 44, 0)" }], { duration: FLY_MS, delay }));
        const p = this.playerEls[e.seat];
        if (p) this.animations.push(p.el.animate([{ backgroundColor: "rgba(180, 35, 44, 0.85)" }, { backgroundColor: "rgba(180, 35, 44, 0)" }], { duration: FLY_MS, delay: delay + FLY_MS / 2 }));
      }
    }
    const token = {};
    this.animToken = token;
    setTimeout(() => {
      if (this.animToken === token) this.settle();
    }, last + 50);
  }

  /** End every animation of the reveal at once: each card drawn in its
   * place (the game ends, the tab is hidden, a new reveal, the flights' time
   * is up). */
  settle() {
    for (const a of this.animations) a.finish();
    this.animations = [];
    for (const el of this.rowsEl.querySelectorAll(".flying")) el.classList.remove("flying");
    delete this.revealEl.dataset.animating;
  }

  tick(now) {
    const view = this.view;
    if (!view) return;
    const cl = clocks(view, now);
    const mine = cl.find((c) => c.seat === this.ctx.seat);
    let text = "";
    let c = null;
    if (mine) {
      c = mine;
      text = clockText(view, c);
    } else if (cl.length === 1) {
      c = cl[0];
      text = clockText(view, c);
    } else if (cl.length > 1) {
      c = cl.reduce((a, b) => ((b.seconds || 0) > (a.seconds || 0) ? b : a));
      text = tr("n_to_act", { n: cl.length, s: fmtSeconds(c.seconds) });
    }
    showCountdown(this.countdownEl, text, c, urgent(mine, this.ctx.seat));
    this.showNotice(now, mine || null);
  }

  /** A time's-up note's sentence: the row the clock took ("Time's up —
   * row 2 was taken for you (3 bull heads)": its bull heads from the
   * note's events, where they are), else the card it played; my card the
   * clock played whose row is mine to take now says so ("… lower than
   * every row: take a row"). */
  timeoutText(note, mine, name) {
    const move = note.ev.moves[note.ev.moves.length - 1] || {};
    if (move.type === "choose_row") {
      const took = (note.events || []).find((e) => e.type === "placed" && e.seat === note.ev.seat && e.took && e.took.length);
      return tr(mine ? "timeout_row_mine" : "timeout_row_other", { name, n: move.row + 1, heads: took ? tr("row_heads", { p: took.points }) : "" });
    }
    const card = noteCard(note, mine);
    if (card === null) return tr(mine ? "timeout_pick_hidden_mine" : "timeout_pick_hidden", { name });
    if (mine && this.lowPick() === card) return tr("timeout_pick_low_mine", { card });
    return tr(mine ? "timeout_pick_mine" : "timeout_pick_other", { name, card });
  }

  /** The card of mine whose row I must take now (a row choice of mine), or null. */
  lowPick() {
    const state = this.view && this.view.state;
    const seat = this.ctx ? this.ctx.seat : null;
    return state && state.phase === "choose" && state.choosing && state.choosing.seat === seat && seat !== null ? state.choosing.card : null;
  }

  /** My last seconds' warning: the row the clock would take; while that
   * row choice follows my pick the clock made (its note is then about this
   * very turn), the note's words with it, so the hurry does not hide what
   * was played for me. */
  timeoutWarning() {
    const state = this.view && this.view.state;
    const note = this.ctx ? this.timeouts.shown(this.ctx.seat) : null;
    const low = this.lowPick();
    if (low !== null && note && noteCard(note, true) === low) return tr("hurry_row_low", { card: low });
    return tr(state && state.phase === "choose" ? "hurry_row" : "hurry_pick");
  }

  destroy() {
    document.removeEventListener("visibilitychange", this.onHidden);
    for (const a of this.animations) a.cancel();
    this.animations = [];
  }
}
