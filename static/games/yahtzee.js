// The Yahtzee table view (RULES.md 4): five dice you click to hold between
// rolls, a Roll button with the rolls left, and a score card with a column
// per player: every category in the rules' order, the points each open
// category would give for the dice on the table (the engine's
// `options_scores`), click one to score it on your turn.  No rule is worked
// out here: what I may do is the table view's `moves`, the card's rows and
// the rolls left come with the engine's view.  State shape:
// engines/yahtzee.py (Yahtzee.view): n, turn, dice, rolls, sheets, totals,
// categories, rolls_left, options_scores.

import { t } from "../i18n.js";
import { h, patch, setText } from "../dom.js";
import { seatNo, seatBadges, seatNameEl, markedName, mineKey, logName } from "./seats.js";
import { markAway, forcedList, forcedTag, forcedLine, foldTimeouts } from "./forced.js";
import { outcome, winnersLine, figureList } from "./results.js";
import { awayTurn } from "./clocks.js";
import { tableLog, showLog, LOG_GAP, gapText, cutText, emptyLog } from "./event_log.js";
import { TableView, translator } from "./table_view.js";
import { die } from "./sibala.js";

const TEXTS = {
  en: {
    chance: "Chance",
    yahtzee: "Yahtzee",
    ones: "Ones",
    twos: "Twos",
    threes: "Threes",
    fours: "Fours",
    fives: "Fives",
    sixes: "Sixes",
    pair: "Pair",
    two_pairs: "Two pairs",
    three_of_a_kind: "Three of a kind",
    four_of_a_kind: "Four of a kind",
    small_straight: "Small straight",
    large_straight: "Large straight",
    full_house: "Full house",
    doc_chance: "Sum of all dice",
    doc_yahtzee: "50 if all five dice are equal",
    doc_ones: "Sum of the dice showing 1",
    doc_twos: "Sum of the dice showing 2",
    doc_threes: "Sum of the dice showing 3",
    doc_fours: "Sum of the dice showing 4",
    doc_fives: "Sum of the dice showing 5",
    doc_sixes: "Sum of the dice showing 6",
    doc_pair: "The highest face appearing exactly twice, summed (3 3 3 4 4 → 8)",
    doc_two_pairs: "Two faces each appearing exactly twice: their sum (1 1 2 3 3 → 8)",
    doc_three_of_a_kind: "A face appearing exactly three times: 3 × face (3 3 3 3 1 → 0)",
    doc_four_of_a_kind: "A face appearing exactly four times: 4 × face (2 2 2 2 2 → 0)",
    doc_small_straight: "1 2 3 4 5: 15",
    doc_large_straight: "2 3 4 5 6: 20",
    doc_full_house: "One face three times and another twice: sum of all dice",
    category: "Category",
    total: "Total",
    turn_no: "Turn {k} of {n}",
    roll_first: "Roll ({n} left)",
    reroll: "Re-roll ({n} left)",
    no_rolls: "No rolls left",
    roll_wait: "Roll (not your turn)",
    sending: "…",
    hint_roll: "Roll the dice to start your turn.",
    hint_hold: "Choose dice to hold, re-roll the rest, or choose a category to score.",
    hint_score: "No rolls left: pick a category to score.",
    hint_all_held: "All five dice held: release one to re-roll, or pick a category.",
    hint_wait: "Waiting for {name}.",
    held: "held",
    hold_die: "Die {i}: {f} — choose to hold",
    release_die: "Die {i}: {f} — held, choose to release",
    score_it: "Score {points} in {cat}",
    scored_dice: "{name} scored these dice in {cat}",
    scored_dice_mine: "You scored these dice in {cat}",
    log_rolled: "{name} rolled {dice} (roll {k})",
    log_rolled_kept: "{name} kept {kept}, rolled {rolled}: {dice} (roll {k})",
    log_scored: "{name} scored {points} in {cat} with {dice} (total {total})",
    log_rolled_mine: "You rolled {dice} (roll {k})",
    log_rolled_kept_mine: "You kept {kept}, rolled {rolled}: {dice} (roll {k})",
    log_scored_mine: "You scored {points} in {cat} with {dice} (total {total})",
    winner_one: { one: "Winner: {names} with {n} point", other: "Winner: {names} with {n} points" },
    winner_many: { one: "Winners: {names} with {n} point each", other: "Winners: {names} with {n} points each" },
    winner_you: { one: "You win with {n} point", other: "You win with {n} points" },
    winner_you_and: { one: "Winners: {names} with {n} point each", other: "Winners: {names} with {n} points each" }, // {names} starts with "you" (winnersSaid)
    scores_line: "Totals: {list}",
    waiting_dice: "no dice yet",
    // time's up (#15 item 2): RULES.md 4, a timeout scores a category for you
    timeout_mine: "Time's up — {points} in {cat} was scored for you",
    timeout_other: "Time's up for {name} — {points} in {cat} was scored for them",
    hurry: "Hurry — at 0 a category is scored for you",
  },
  zh: {
    chance: "机会",
    yahtzee: "快艇",
    ones: "一点",
    twos: "二点",
    threes: "三点",
    fours: "四点",
    fives: "五点",
    sixes: "六点",
    pair: "一对",
    two_pairs: "两对",
    three_of_a_kind: "三条",
    four_of_a_kind: "四条",
    small_straight: "小顺",
    large_straight: "大顺",
    full_house: "葫芦",
    doc_chance: "五颗骰子点数之和",
    doc_yahtzee: "五颗相同得 50 分",
    doc_ones: "点数为 1 的骰子之和",
    doc_twos: "点数为 2 的骰子之和",
    doc_threes: "点数为 3 的骰子之和",
    doc_fours: "点数为 4 的骰子之和",
    doc_fives: "点数为 5 的骰子之和",
    doc_sixes: "点数为 6 的骰子之和",
    doc_pair: "恰好出现两次的最大点数之和（3 3 3 4 4 → 8）",
    doc_two_pairs: "两个各恰好出现两次的点数之和（1 1 2 3 3 → 8）",
    doc_three_of_a_kind: "恰好出现三次的点数 × 3（3 3 3 3 1 → 0）",
    doc_four_of_a_kind: "恰好出现四次的点数 × 4（2 2 2 2 2 → 0）",
    doc_small_straight: "1 2 3 4 5：15 分",
    doc_large_straight: "2 3 4 5 6：20 分",
    doc_full_house: "一个点数三次加另一个点数两次：五颗之和",
    category: "项目",
    total: "总分",
    turn_no: "第 {k} / {n} 轮",
    roll_first: "掷骰（剩 {n} 次）",
    reroll: "重掷（剩 {n} 次）",
    no_rolls: "没有掷骰次数了",
    roll_wait: "掷骰（还没轮到你）",
    sending: "…",
    hint_roll: "掷骰开始你的回合。",
    hint_hold: "点骰子可保留，重掷其余的；或选一个项目计分。",
    hint_score: "掷骰次数已用完：选一个项目计分。",
    hint_all_held: "五颗都保留了：取消保留一颗才能重掷，或选项目计分。",
    hint_wait: "等待 {name}。",
    held: "保留",
    hold_die: "第 {i} 颗：{f}——选中保留",
    release_die: "第 {i} 颗：{f}——已保留，再选取消",
    score_it: "在「{cat}」记 {points} 分",
    scored_dice: "{name} 用这些骰子记了「{cat}」",
    scored_dice_mine: "你用这些骰子记了「{cat}」",
    log_rolled: "{name} 掷出 {dice}（第 {k} 掷）",
    log_rolled_kept: "{name} 保留 {kept}，重掷出 {rolled}：{dice}（第 {k} 掷）",
    log_scored: "{name} 在「{cat}」记 {points} 分，骰子 {dice}（总分 {total}）",
    log_rolled_mine: "你掷出 {dice}（第 {k} 掷）",
    log_rolled_kept_mine: "你保留 {kept}，重掷出 {rolled}：{dice}（第 {k} 掷）",
    log_scored_mine: "你在「{cat}」记 {points} 分，骰子 {dice}（总分 {total}）",
    winner_one: "胜者：{names}，{n} 分",
    winner_many: "胜者：{names}，各 {n} 分",
    winner_you: "你赢了，{n} 分",
    winner_you_and: "胜者：{names}，各 {n} 分",
    scores_line: "总分：{list}",
    waiting_dice: "尚未掷骰",
    // 超时（#15 第 2 项）
    timeout_mine: "超时——已替你在「{cat}」记 {points} 分",
    timeout_other: "{name} 超时——已替其在「{cat}」记 {points} 分",
    hurry: "快！超时将替你选一个项目计分",
  },
};

const tr = translator(TEXTS);

const diceText = (faces) => faces.join(" ");
/** Dice drawn before the first roll (the view's `dice` is null then). */
const DICE = 5;
const LOG_MAX = 400; // a whole game's lines: 13 turns of 6 seats, up to 3 rolls and a score each

const categoryDoc = (cat) => tr(`doc_${cat}`);

/** My legal moves of table view `view` (its `moves`) of one type. */
function movesOf(view, type) {
  return ((view && view.moves) || []).filter((m) => m.type === type);
}

/** Whether the log shows event `ev` (a roll, a score). */
const logged = (ev) => ev.type === "rolled" || ev.type === "scored";

/** Each die's motion signature (motion.js): "{turn}:{roll}:{face}", the
 * roll of the turn that last threw it, so a roll turns the dice it threw,
 * and holding a die or scoring the dice turns none.  `items`: the log's
 * rolled and scored events, oldest first (rolled: {hold: die indexes kept,
 * roll: 1..3}); `dice`: the faces on show (null: none); `turn`: the turn
 * they belong to (the state's, one less for a scored turn's dice, then
 * `scored` true); `rolls`: the turn's rolls, for a die no roll the log saw
 * threw (after a reload: the roll before the oldest seen; the clock's roll
 * and score in one version: "s").  [sig] per die, "" for no face.  Pure. */
export function dieSigs(items, dice, turn, rolls, scored = false) {
  const mine = []; // this turn's rolls the log saw, newest first
  for (let i = items.length - 1 - (scored && items.length && items[items.length - 1].type === "scored" ? 1 : 0); i >= 0 && items[i].type === "rolled"; i--) mine.push(items[i]);
  return (dice || []).map((face, d) => {
    if (face === null || face === undefined) return "";
    const ev = mine.find((e) => !(e.hold || []).includes(d));
    // unseen: the roll before the oldest seen (held since), else the state's
    const unseen = mine.length ? mine[mine.length - 1].roll - 1 : scored ? "s" : rolls;
    return `${turn}:${ev ? ev.roll : unseen}:${face}`;
  });
}

/** The log's line for a rolled or scored event (`names` by seat; one a bot
 * played for an away seat, `ev.away`, names it so, "for you" on `mySeat`). */
function logText(ev, names, mySeat = null) {
  const name = logName(ev, names, mySeat);
  const key = (k) => mineKey(k, ev, mySeat); // my own: "you"
  if (ev.type === "scored") return tr(key("log_scored"), { name, points: ev.points, cat: tr(ev.category), dice: diceText(ev.dice), total: ev.total });
  // kept dice, the ones rolled anew, then all five as they lie
  if (ev.hold && ev.hold.length) return tr(key("log_rolled_kept"), { name, kept: diceText(ev.hold.map((i) => ev.dice[i])), rolled: diceText(ev.dice.filter((_, i) => !ev.hold.includes(i))), dice: diceText(ev.dice), k: ev.roll });
  return tr(key("log_rolled"), { name, dice: diceText(ev.dice), k: ev.roll });
}

/** `events` (one version's or step's) with each person's time's-up event
 * folded into the score it spent (foldTimeouts: that one line, marked);
 * a roll the clock made first, before that score in the same version
 * (the turn had no roll yet), is said by the score's line and not apart. */
function foldForced(events) {
  const out = foldTimeouts(events, (ev) => ev.type === "scored");
  return out.filter((ev, i) => !(ev && ev.type === "rolled" && out.slice(i + 1).some((x) => x && x.type === "scored" && x.forced && x.seat === ev.seat)));
}

/** The score move a `timeout` event `ev` played for its seat ({category}), or {}. */
const timeoutScore = (ev) => (ev.moves || []).find((m) => m.type === "score") || {};

/** The categories the lobby scored for a person (the table view's
 * `forced`, keyed by the engine's turn id "t{turn}.s{seat}.r{rolls}"):
 * "seat:category" → how (forcedMarks': false time ran out, true a bot for
 * the away seat, "left" a bot for a seat its player left; a turn with a
 * timeout is the clock's).  A seat's sheet lists its
 * categories in the order it scored them (the engine adds each at the
 * end), so turn T of seat s (its floor(T / n)-th) spent its sheet's
 * floor(T / n)-th category. */
function spentFor(view, sheets, n) {
  const out = new Map();
  for (const { seat, key, how } of forcedList(view)) {
    const m = /^t(\d+)\./.exec(key);
    const sheet = sheets[seat];
    if (!m || !sheet) continue;
    const cat = Object.keys(sheet)[Math.floor(Number(m[1]) / n)];
    if (cat !== undefined && out.get(`${seat}:${cat}`) !== false) out.set(`${seat}:${cat}`, how);
  }
  return out;
}

/** The points timeout `ev` scored: its category on the seat's score card in
 * `state` (the engine's view after the move; "?" if the card lacks it). */
function timeoutPoints(ev, state) {
  const sheet = (state && state.sheets && state.sheets[ev.seat]) || {};
  const cat = timeoutScore(ev).category;
  return cat in sheet ? sheet[cat] : "?";
}

// Each table's recent moves (kept across view instances: a table screen
// makes a new view).
const LOGS = new Map();

export class YahtzeeView extends TableView {
  constructor(host) {
    super(host, "/static/games/yahtzee.css");
    this.holds = new Set(); // dice indices I hold (my turn only)
    this.holdKey = null; // the turn the holds belong to
    this.log = tableLog(LOGS, this.id, LOG_MAX);

    this.rollBtn = h("button", { class: "roll primary big", testid: "roll", disabled: true, onclick: () => this.roll() });
    // the layout, naming the parts render() fills
    this.el = this.frame(
      { class: "yahtzee" },
      [(this.turnNoEl = h("span", { class: "round", testid: "turn-no" }))],
      h(
        "div",
        { class: "yz-main" },
        h(
          "div",
          { class: "yz-play" },
          // phones: the dice, Roll (and, on a tall phone, the card's choices)
          // are one bar pinned to the screen's foot (yahtzee.css), below the
          // card wherever one scrolls
          h(
            "div",
            { class: "yz-controls" },
            (this.diceEl = h("div", { class: "yz-dice", testid: "dice" })),
            (this.actionsEl = h("div", { class: "yz-actions" }, this.rollBtn, (this.choicesEl = h("div", { class: "yz-choices", testid: "score-choices" }))))
          ),
          (this.hintEl = h("div", { class: "yz-hint", testid: "hint" })),
          this.logBox("yz-log")
        ),
        h(
          "div",
          { class: "yz-sheet" },
          h("div", { class: "yz-card-wrap" }, (this.cardEl = h("table", { class: "yz-card", testid: "score-card" }))),
          // every seat's full name: a narrow column head cuts a long one
          (this.seatsEl = h("ol", { class: "yz-seats", testid: "yz-seats" }))
        )
      )
    );
  }

  // -- moves ---------------------------------------------------------------

  roll() {
    const state = this.view && this.view.state;
    if (!state) return;
    const hold = state.rolls === 0 ? [] : [...this.holds].sort((a, b) => a - b);
    // only a roll my legal moves hold (a re-roll rolls at least one die)
    if (!movesOf(this.view, "roll").some((m) => (m.hold || []).join() === hold.join())) return;
    this.ctx.send(hold.length ? { type: "roll", hold } : { type: "roll" });
  }

  toggleHold(i) {
    if (!this.canHold()) return;
    if (this.holds.has(i)) this.holds.delete(i);
    else this.holds.add(i);
    this.redraw();
  }

  canHold() {
    const state = this.view && this.view.state;
    return !!(this.ctx.turn && state && state.dice && movesOf(this.view, "roll").some((m) => m.hold && m.hold.length) && !this.ctx.busy);
  }

  score(category) {
    this.ctx.send({ type: "score", category });
  }

  // -- rendering -----------------------------------------------------------

  /** Remember the public events of each new version (rolls, scores). */
  take(view, ctx) {
    for (const ev of foldForced(this.log.take(view, ctx.version))) if (logged(ev)) this.log.items.push(ev);
    this.log.trim();
  }

  render() {
    const { view, ctx, names } = this;
    const state = view.state;
    const { turn, busy, acting } = ctx;

    // holds belong to one turn of mine
    const key = state && turn ? `${state.turn}` : null;
    if (key !== this.holdKey) {
      this.holds.clear();
      this.holdKey = key;
    }
    if (state && (!state.dice || state.rolls === 0)) this.holds.clear();

    // status bar
    if (state) {
      const turns = state.categories.length; // one category filled a turn
      const k = Math.min(turns, Math.floor(state.turn / state.n) + 1);
      setText(this.turnNoEl, tr("turn_no", { k, n: turns }));
    } else setText(this.turnNoEl, "");

    // dice: those on the table, else (a turn just scored, the next not rolled
    // yet) the dice that were scored, marked so
    const lastRoll = [...this.log.items].reverse().find(logged);
    const scored = !(state && state.dice) && lastRoll && lastRoll.type === "scored" && view.status !== "waiting" ? lastRoll : null;
    const dice = state && state.dice ? state.dice : scored ? scored.dice : null;
    const canHold = this.canHold();
    const keptByOther = !turn && lastRoll && lastRoll.type === "rolled" && state && state.dice && lastRoll.roll === state.rolls ? new Set(lastRoll.hold) : new Set();
    this.diceEl.dataset.dice = state && state.dice ? state.dice.join(" ") : "";
    this.diceEl.dataset.scored = scored ? scored.dice.join(" ") : "";
    this.diceEl.classList.toggle("scored", !!scored);
    this.diceEl.title = scored ? tr(mineKey("scored_dice", scored, ctx.seat), { name: names[scored.seat] || seatNo(scored.seat), cat: tr(scored.category) }) : "";
    this.diceEl.dataset.rolls = state ? String(state.rolls) : "";
    const sigs = dice ? dieSigs(this.log.items, dice, scored ? state.turn - 1 : state.turn, state.rolls, !!scored) : [];
    patch(
      this.diceEl,
      Array.from({ length: DICE }, (_, i) => {
        const face = dice ? dice[i] : null;
        const held = turn ? this.holds.has(i) : keptByOther.has(i);
        const label = face === null ? "?" : scored ? String(face) : tr(held ? "release_die" : "hold_die", { i: i + 1, f: face });
        return h(
          "button",
          {
            class: `yz-die${held ? " held" : ""}${face === null ? " blank" : ""}`,
            testid: `die-${i}`,
            "data-face": face === null ? "" : face,
            "data-held": held ? "true" : "false",
            // a roll turns the dice it threw; holding or scoring turns none (motion.js)
            "data-motion": "roll",
            "data-msig": face === null ? "" : sigs[i],
            "aria-pressed": held ? "true" : "false",
            "aria-label": label,
            title: canHold ? label : "",
            disabled: !canHold,
            onclick: () => this.toggleHold(i),
          },
          face === null ? h("span", { class: "die die-blank" }) : die(face),
          h("span", { class: "yz-held-tag" }, held ? tr("held") : "")
        );
      })
    );

    // roll button and hint: players only
    this.actionsEl.hidden = ctx.spectator || view.status !== "playing";
    if (!ctx.spectator && state) {
      const left = state.rolls_left;
      const allHeld = state.rolls > 0 && this.holds.size >= DICE;
      this.rollBtn.disabled = !turn || busy || left <= 0 || allHeld;
      this.rollBtn.dataset.rollsLeft = String(left);
      this.rollBtn.classList.toggle("pulse", !!turn && !busy && state.rolls === 0);
      // the rolls left are the seat to act's: while another seat acts, the button says only that it is not my turn
      setText(this.rollBtn, busy ? t("rolling") : !turn ? tr("roll_wait") : left <= 0 ? tr("no_rolls") : tr(state.rolls === 0 ? "roll_first" : "reroll", { n: left }));
    }
    let hint = "";
    if (view.status === "playing" && state) {
      if (turn && awayTurn(view, ctx)) hint = t("away_hint");
      else if (turn) {
        if (state.rolls === 0) hint = tr("hint_roll");
        else if (state.rolls_left <= 0) hint = tr("hint_score");
        else if (this.holds.size >= DICE) hint = tr("hint_all_held");
        else hint = tr("hint_hold");
      } else if (acting.length) hint = tr("hint_wait", { name: acting.map((s) => names[s]).join(t("list_sep")) });
    }
    setText(this.hintEl, hint);
    this.hintEl.classList.toggle("mine", !!turn);

    const canScore = turn && !busy && movesOf(view, "score").length > 0;
    this.renderCard(view, state, names, ctx.seat, acting, canScore);
    this.renderChoices(state, canScore);
    this.renderFinal(view, names, ctx.seat);
    this.renderLog(names);
  }

  renderCard(view, state, names, mySeat, acting, canScore) {
    const n = view.seats.length;
    const sheets = (state && state.sheets) || [];
    const totals = (state && state.totals) || [];
    const options = (state && state.options_scores) || {};
    const actor = acting.length ? acting[0] : null;
    const colClass = (i) => `seat-col${i === actor ? " to-act" : ""}${i === mySeat ? " me" : ""}`;
    const spent = spentFor(view, sheets, n);

    const head = h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { class: "cat-col" }, tr("category")),
        Array.from({ length: n }, (_, i) =>
          h(
            "th",
            { class: colClass(i), testid: `seat-${i}`, "data-seat": i },
            h("div", { class: "seat-head" }, seatNameEl(view, i)),
            h("div", { class: "yz-badges" }, seatBadges(view, i, mySeat))
          )
        )
      )
    );
    const body = h(
      "tbody",
      {},
      ((state && state.categories) || this.board("yahtzee").categories || []).map((cat) =>
        h(
          "tr",
          { testid: `row-${cat}`, class: cat === "sixes" || cat === "yahtzee" ? "yz-sep" : "" },
          h("th", { class: "cat-col", title: categoryDoc(cat) }, h("span", { class: "cat-name" }, tr(cat)), h("span", { class: "cat-doc" }, categoryDoc(cat))),
          Array.from({ length: n }, (_, i) => {
            const sheet = sheets[i] || {};
            const attrs = { class: colClass(i), testid: `cell-${i}-${cat}` };
            if (cat in sheet) {
              const how = spent.get(`${i}:${cat}`);
              return h(
                "td",
                { ...attrs, "data-state": "filled", "data-score": sheet[cat], "data-forced": how === undefined ? null : String(how), class: `${attrs.class} filled${sheet[cat] === 0 ? " zero" : ""}` },
                String(sheet[cat]),
                forcedTag(how, `forced-${i}-${cat}`)
              );
            }
            if (i === actor && cat in options) {
              const pts = options[cat];
              if (canScore && i === mySeat) {
                const label = tr("score_it", { points: pts, cat: tr(cat) });
                return h(
                  "td",
                  { ...attrs, "data-state": "option", "data-option": pts },
                  h("button", { class: `yz-score${pts === 0 ? " zero" : ""}`, testid: `score-${cat}`, "data-points": pts, title: label, "aria-label": label, onclick: () => this.score(cat) }, String(pts))
                );
              }
              return h("td", { ...attrs, "data-state": "preview", "data-option": pts, class: `${attrs.class} preview` }, String(pts));
            }
            return h("td", { ...attrs, "data-state": "open" }, "");
          })
        )
      )
    );
    const foot = h(
      "tfoot",
      {},
      h(
        "tr",
        {},
        h("th", { class: "cat-col" }, tr("total")),
        Array.from({ length: n }, (_, i) => h("td", { class: colClass(i), testid: `total-${i}`, "data-total": totals[i] || 0 }, String(totals[i] || 0)))
      )
    );
    patch(this.cardEl, head, body, foot);
    patch(
      this.seatsEl,
      Array.from({ length: n }, (_, i) =>
        h(
          "li",
          { class: i === mySeat ? "me" : "", testid: `yz-seat-${i}` },
          h("span", { class: "seat-no" }, seatNo(i)),
          h("span", { class: "yz-seat-name" }, view.seats[i] ? markedName(view.seats[i]) : t("empty_seat")),
          i === mySeat ? h("span", { class: "badge badge-you" }, t("you")) : null
        )
      )
    );
  }

  /** The score choices of the controls' bar (shown on phones taller than
   * 900 px: lower, the card's own buttons are all in sight above the bar):
   * a button per open category with the points it would give, while I may
   * score. */
  renderChoices(state, canScore) {
    const options = canScore && state ? state.options_scores || {} : {};
    patch(
      this.choicesEl,
      ((state && state.categories) || [])
        .filter((cat) => cat in options)
        .map((cat) => {
          const pts = options[cat];
          const label = tr("score_it", { points: pts, cat: tr(cat) });
          return h(
            "button",
            { class: `yz-choice${pts === 0 ? " zero" : ""}`, testid: `choice-${cat}`, "data-points": pts, title: label, "aria-label": label, onclick: () => this.score(cat) },
            h("span", { class: "yz-choice-cat" }, tr(cat)),
            h("b", {}, String(pts))
          );
        })
    );
    this.choicesEl.hidden = !this.choicesEl.childElementCount;
  }

  renderFinal(view, names, mySeat) {
    const o = outcome(view, names);
    this.showFinal(
      o && [
        h("h3", {}, t("final_result")),
        h("div", { class: "winners", testid: "winners" }, winnersLine(tr, "winner", o, names, mySeat)),
        h("div", { class: "yz-scores" }, tr("scores_line", { list: figureList(names, o.scores, mySeat).join(" · ") })),
      ]
    );
  }

  timeoutText(note, mine, name) {
    const move = timeoutScore(note.ev);
    const points = note.ev.points !== undefined ? note.ev.points : timeoutPoints(note.ev, note.state);
    return tr(mine ? "timeout_mine" : "timeout_other", { name, cat: tr(move.category || "?"), points });
  }

  timeoutWarning() {
    return tr("hurry");
  }

  /** The log: rolls and scores, a score the clock spent for a person in
   * its own line marked (forcedLine); first, if the log dropped its oldest
   * lines, a line saying so (cutText). */
  renderLog(names) {
    // (a log kept from before folding may hold a lone time's-up item: said by its score's line)
    const items = this.log.items.filter((ev) => ev.type === LOG_GAP || logged(ev)).map((ev) => {
      if (ev.type === LOG_GAP) return h("li", { class: "log-gap muted" }, gapText());
      const text = logText(ev, names, this.ctx.seat);
      return h("li", { class: `${ev.type === "scored" ? "log-result" : ""}${ev.away ? " log-away" : ""}${ev.forced ? " log-timeout" : ""}`.trim() }, ev.forced ? forcedLine(text) : text);
    });
    if (this.log.cut) items.unshift(h("li", { class: "log-gap muted", testid: "log-cut" }, cutText()));
    showLog(this.logEl, items, emptyLog());
  }

  eventLines(events, names, state) {
    const mySeat = this.ctx ? this.ctx.seat : null;
    // as the log: rolls and scores, a score the clock spent marked
    return markAway(foldForced(events))
      .filter(logged)
      .map((ev) => (ev.forced ? forcedLine(logText(ev, names, mySeat)) : logText(ev, names, mySeat)));
  }
}
