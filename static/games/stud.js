// The five-card stud 同花顺 table view (28-card deck, QQ rules; RULES.md 2):
// seats with names, bet totals (本手已下注数) and, in coin tiers, balances;
// the viewer's own hole card face up and every other hole card face down
// until the showdown; up cards; the pot; the dealer 庄 marker; whose turn
// with its countdown; the legal actions of the seat to act as buttons with a
// bet/raise amount chooser; the showdown hands named in the page's language;
// each player's coin (or play-chip) change at the end; the tier name; and a
// log of this game's public events.  No rule is worked out here: the bet and
// raise totals are the table view's `moves`, hand names come with the
// showdown, the tier's names with the view (`tier_name`; before the first
// deal, from the game's board).  State shape: engines/stud.py (Stud.view)
// and docs/protocol.md.

import { t, getLang, localized, signed } from "../i18n.js";
import { h, fill, patch, setText } from "../dom.js";
import { seatNo, seatHead, boardSeat, awayName, mineKey, youBadge } from "./seats.js";
import { markAway, forcedList, forcedTag, forcedLine, foldTimeouts, oneTimeMark } from "./forced.js";
import { tableLog, showLog, LOG_GAP, gapText } from "./event_log.js";
import { TableView, translator } from "./table_view.js";

// -- texts ----------------------------------------------------------------------

const TEXTS = {
  en: {
    tier_line: "{tier} · ante {ante} · max {max}",
    play_chips: "play chips",
    coins_unit: "coins",
    chips_unit: "chips",
    deal_of: "Deal {d} of 5",
    cap: "round cap {cap}",
    pot: "Pot",
    bet_total: "Bet {n}",
    balance: "Coins {n}",
    dealer: "Dealer",
    dealer_short: "D",
    hole: "hole",
    hidden_card: "face-down card",
    card_name: "{rank} {suit}",
    suit_S: "spades",
    suit_H: "hearts",
    suit_C: "clubs",
    suit_D: "diamonds",
    folded: "folded",
    allin: "all-in",
    escaped: "escaped",
    winner: "winner",
    your_turn: "Your turn",
    to_call: "{n} to call",
    amount: "Amount (your total)",
    range: "{lo}–{hi}, steps of {step}",
    range_one: "{lo}",
    check: "Check",
    call: "Call {n}",
    bet: "Bet to {n}",
    raise: "Raise to {n}",
    allin_btn: "All-in ({n})",
    fold: "Fold",
    sending: "Sending…",
    waiting_for: "Waiting for {name}",
    game_over: "Game over",
    win_showdown: "{name} wins the pot of {pot} at the showdown",
    win_fold: "{name} wins the pot of {pot}: every other player folded",
    win_escape: "{esc} escaped: {name} receives {paid}",
    with_hand: "with",
    changes: "Change per player",
    changes_label: "{what} ({unit}):",
    no_coins: "Play chips only: no coins move at this table.",
    log_started: "Game {n} started",
    log_hole: "Hole cards dealt",
    log_deal: "Deal {d}: {cards}",
    log_round: "Betting after deal {d}: {name} is dealer and acts first (cap {cap})",
    log_check: "{name} checks",
    log_bet: "{name} bets to {to}",
    log_call: "{name} calls to {to}",
    log_raise: "{name} raises to {to}",
    log_allin: "{name} goes all-in to {to}",
    log_fold: "{name} folds",
    log_check_mine: "You check",
    log_bet_mine: "You bet to {to}",
    log_call_mine: "You call to {to}",
    log_raise_mine: "You raise to {to}",
    log_allin_mine: "You go all-in to {to}",
    log_fold_mine: "You fold",
    // my own seat a bot played while I was away: {name} "You (away — a bot played for you)"
    log_check_away_mine: "{name} check",
    log_bet_away_mine: "{name} bet to {to}",
    log_call_away_mine: "{name} call to {to}",
    log_raise_away_mine: "{name} raise to {to}",
    log_allin_away_mine: "{name} go all-in to {to}",
    log_fold_away_mine: "{name} fold",
    log_showdown_mine: "Showdown: you {cards} — {hand}",
    log_round_mine: "Betting after deal {d}: you are dealer and act first (cap {cap})",
    log_escape_mine: "You escaped: you pay {paid} to {to}",
    log_escape_you: "{name} escaped: pays {paid} to you",
    log_stood_up_mine: "You were stood up (not enough coins)",
    win_showdown_mine: "You win the pot of {pot} at the showdown",
    win_fold_mine: "You win the pot of {pot}: every other player folded",
    win_escape_mine: "You escaped: {name} receives {paid}",
    win_escape_you: "{esc} escaped: you receive {paid}",
    log_pot: "{text} (pot {pot})",
    log_showdown: "Showdown: {name} {cards} — {hand}",
    log_escape: "{name} escaped: pays {paid} to {to}",
    log_left: "{name} left (already folded)",
    log_stood_up: "{name} was stood up (not enough coins)",
    act_check: "checked",
    act_bet: "bet {to}",
    act_call: "called {to}",
    act_raise: "raised to {to}",
    act_allin: "all-in {to}",
    act_fold: "folded",
    not_started: "The cards are dealt when the game starts.",
    // time's up (#15 item 2): RULES.md 2, a player whose time runs out folds
    timeout_mine: "Time's up — you folded",
    timeout_other: "Time's up for {name} — folded",
    hurry: "Hurry — at 0 you fold",
  },
  zh: {
    tier_line: "{tier} · 底注 {ante} · 每手最大注 {max}",
    play_chips: "娱乐筹码",
    coins_unit: "金币",
    chips_unit: "筹码",
    deal_of: "第 {d} / 5 张",
    cap: "本轮最大注 {cap}",
    pot: "底池",
    bet_total: "已下注 {n}",
    balance: "金币 {n}",
    dealer: "庄家",
    dealer_short: "庄",
    hole: "底牌",
    hidden_card: "暗牌",
    card_name: "{suit} {rank}",
    suit_S: "黑桃",
    suit_H: "红心",
    suit_C: "梅花",
    suit_D: "方块",
    folded: "已弃牌",
    allin: "全压",
    escaped: "逃跑",
    winner: "赢家",
    your_turn: "轮到你了",
    to_call: "需跟 {n}",
    amount: "下注额（本手总数）",
    range: "{lo}–{hi}，每档 {step}",
    range_one: "{lo}",
    check: "过牌",
    call: "跟注 {n}",
    bet: "下注到 {n}",
    raise: "加注到 {n}",
    allin_btn: "全压（{n}）",
    fold: "弃牌",
    sending: "发送中…",
    waiting_for: "等待 {name}",
    game_over: "本场结束",
    win_showdown: "{name} 开牌获胜，赢得底池 {pot}",
    win_fold: "{name} 赢得底池 {pot}：其他玩家都已弃牌",
    win_escape: "{esc} 逃跑：{name} 获得 {paid}",
    with_hand: "牌型",
    changes: "各玩家输赢",
    changes_label: "{what}（{unit}）：",
    no_coins: "本桌只用娱乐筹码，不动金币。",
    log_started: "第 {n} 场开始",
    log_hole: "发底牌",
    log_deal: "第 {d} 张：{cards}",
    log_round: "第 {d} 张后下注：{name} 为庄家，先说话（本轮最大注 {cap}）",
    log_check: "{name} 过牌",
    log_bet: "{name} 下注到 {to}",
    log_call: "{name} 跟注到 {to}",
    log_raise: "{name} 加注到 {to}",
    log_allin: "{name} 全压到 {to}",
    log_fold: "{name} 弃牌",
    log_check_mine: "你过牌",
    log_bet_mine: "你下注到 {to}",
    log_call_mine: "你跟注到 {to}",
    log_raise_mine: "你加注到 {to}",
    log_allin_mine: "你全压到 {to}",
    log_fold_mine: "你弃牌",
    log_check_away_mine: "{name}过牌",
    log_bet_away_mine: "{name}下注到 {to}",
    log_call_away_mine: "{name}跟注到 {to}",
    log_raise_away_mine: "{name}加注到 {to}",
    log_allin_away_mine: "{name}全压到 {to}",
    log_fold_away_mine: "{name}弃牌",
    log_showdown_mine: "开牌：你 {cards}——{hand}",
    log_round_mine: "第 {d} 张后下注：你为庄家，先说话（本轮最大注 {cap}）",
    log_escape_mine: "你逃跑：付给 {to} {paid}",
    log_escape_you: "{name} 逃跑：付给你 {paid}",
    log_stood_up_mine: "你金币不足，已离座",
    win_showdown_mine: "你开牌获胜，赢得底池 {pot}",
    win_fold_mine: "你赢得底池 {pot}：其他玩家都已弃牌",
    win_escape_mine: "你逃跑：{name} 获得 {paid}",
    win_escape_you: "{esc} 逃跑：你获得 {paid}",
    log_pot: "{text}（底池 {pot}）",
    log_showdown: "开牌：{name} {cards}——{hand}",
    log_escape: "{name} 逃跑：付给 {to} {paid}",
    log_left: "{name} 离开（已弃牌）",
    log_stood_up: "{name} 金币不足，已离座",
    act_check: "过牌",
    act_bet: "下注 {to}",
    act_call: "跟注 {to}",
    act_raise: "加注到 {to}",
    act_allin: "全压 {to}",
    act_fold: "弃牌",
    not_started: "开始后发牌。",
    // 超时的玩家被判罚弃牌（#15 第 2 项）
    timeout_mine: "超时——你被判弃牌",
    timeout_other: "{name} 超时——被判弃牌",
    hurry: "快！超时将判你弃牌",
  },
};

const tr = translator(TEXTS);

/** A tier's name ({en, zh}, from the engine) in the page's language: "Casual" / "普通场". */
export function tierName(tier, names) {
  const name = localized(names, String(tier || ""));
  return getLang() === "zh" ? name : `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

/** A hand's name ({en, zh}, from the engine) in the page's language: "full house" / "葫芦". */
export function handName(hand) {
  return localized(hand && hand.name, String((hand && hand.category) || ""));
}

// -- cards ----------------------------------------------------------------------

const SUIT_SYMBOLS = { S: "♠", H: "♥", C: "♣", D: "♦" };

/** "TS" -> {rank: "10", suit: "♠", red: false, text: "10♠", suitName: "spades" (黑桃: the page's language)}. */
export function cardParts(card) {
  const r = String(card || "").slice(0, 1);
  const s = String(card || "").slice(1, 2);
  const rank = r === "T" ? "10" : r;
  const suit = SUIT_SYMBOLS[s] || s;
  return { rank, suit, red: s === "H" || s === "D", text: `${rank}${suit}`, suitName: SUIT_SYMBOLS[s] ? tr(`suit_${s}`) : s };
}

/** Card ranks from low to high, as the wire writes them ("T" for 10). */
const RANKS = "23456789TJQKA";

/** A hand's cards (wire codes: "JH", "TS") grouped as poker sites show a
 * hand: the rank held most times first (three jacks, then a pair …), a
 * higher rank first among groups of one size; cards of one rank keep their
 * order.  "QC JH JD TS JS" → "JH JD JS QC TS".  Pure. */
export function groupedHand(cards) {
  const count = new Map();
  for (const c of cards) count.set(c[0], (count.get(c[0]) || 0) + 1);
  const order = (c) => [-count.get(c[0]), -RANKS.indexOf(c[0])];
  return cards
    .map((c, i) => [c, i])
    .sort(([a, i], [b, j]) => {
      const [x, y] = [order(a), order(b)];
      return x[0] - y[0] || x[1] - y[1] || i - j;
    })
    .map(([c]) => c);
}

export function cardText(card) {
  return cardParts(card).text;
}

/** A face-up card (rank + suit symbol, red for hearts and diamonds). */
export function faceCard(card, extra = {}) {
  const p = cardParts(card);
  return h(
    "span",
    { class: `pcard pc-face${p.red ? " pc-red" : ""}${extra.cls ? " " + extra.cls : ""}`, "data-card": card, testid: extra.testid, role: "img", "aria-label": tr("card_name", { rank: p.rank, suit: p.suitName }), title: p.text },
    h("span", { class: "pc-rank" }, p.rank),
    h("span", { class: "pc-suit" }, p.suit),
    extra.tag ? h("span", { class: "pc-tag" }, extra.tag) : null
  );
}

/** A face-down card: no card text anywhere in it. */
export function backCard(extra = {}) {
  return h("span", { class: `pcard pc-down${extra.cls ? " " + extra.cls : ""}`, testid: extra.testid, role: "img", "aria-label": tr("hidden_card"), title: tr("hidden_card") });
}

// -- amounts --------------------------------------------------------------------

/** The legal bet/raise totals, ascending: the `to` of my legal bet and raise
 * moves (the table view's `moves`, as engines/stud.legal_moves lists them). */
export function amounts(moves) {
  return (moves || []).filter((m) => m.type === "bet" || m.type === "raise").map((m) => m.to);
}

/** The legal total nearest to `value` (ties go up). */
export function snap(value, list) {
  if (!list.length) return null;
  const v = Number(value);
  if (!Number.isFinite(v)) return list[0];
  let best = list[0];
  for (const a of list) if (Math.abs(a - v) < Math.abs(best - v) || (Math.abs(a - v) === Math.abs(best - v) && a > best)) best = a;
  return best;
}

/** `events` with each person's time's-up event folded into the fold it
 * made (foldTimeouts: one line per fold, marked forcedLine, as every
 * game's forced moves; the lobby's event follows the engine's, which may
 * end the game).  A time's-up event with no fold before it stays. */
function timeoutsIntoFolds(events) {
  return foldTimeouts(events, (ev) => ev.type === "action" && ev.action === "fold");
}

/** The log's lines ({kind, text}) of public `events` (`names` by seat;
 * `timeoutLine(event, name)` words a time's-up event; an action a bot played
 * for an away seat, `away` by markAway, is marked, "for you" on `mySeat`). */
function logLines(events, names, timeoutLine, mySeat = null) {
  const lines = [];
  let dealGroup = null;
  for (const ev of timeoutsIntoFolds(events)) {
    const name = (s) => (typeof s === "number" ? names[s] || seatNo(s) : "?");
    if (ev.type === "deal") {
      if (ev.deal === 1) {
        if (!dealGroup || dealGroup.deal !== 1) {
          dealGroup = { deal: 1, cards: [] };
          lines.push({ kind: "deal", text: tr("log_hole") });
        }
        continue;
      }
      if (!dealGroup || dealGroup.deal !== ev.deal) {
        dealGroup = { deal: ev.deal, cards: [], line: { kind: "deal", text: "" } };
        lines.push(dealGroup.line);
      }
      dealGroup.cards.push(t(ev.seat === mySeat ? "you_figure" : "name_figure", { name: name(ev.seat), n: cardText(ev.card) }));
      dealGroup.line.text = tr("log_deal", { d: ev.deal, cards: dealGroup.cards.join(" · ") });
      continue;
    }
    dealGroup = null;
    if (ev.type === LOG_GAP) {
      lines.push({ kind: "gap muted", text: gapText() });
    } else if (ev.type === "game_started") {
      lines.push({ kind: "start", text: tr("log_started", { n: ev.game_no }) }); // the hash is in the fair-play check
    } else if (ev.type === "round") {
      lines.push({ kind: "round", text: tr(mineKey("log_round", { seat: ev.dealer }, mySeat), { d: ev.deal, name: name(ev.dealer), cap: ev.cap }) });
    } else if (ev.type === "action") {
      const key = `log_${ev.action}`;
      if (TEXTS.en[key]) {
        // my own away seat: "You (away — …) call", its verb the "you" form's
        const words = ev.away === true && ev.seat === mySeat && mySeat !== null ? `${key}_away_mine` : mineKey(key, ev, mySeat);
        const text = tr("log_pot", { text: tr(words, { name: awayName(name(ev.seat), ev.away || false, ev.seat === mySeat), to: ev.to }), pot: ev.pot });
        lines.push({ kind: `action act-${ev.action}${ev.away ? " log-away" : ""}${ev.forced ? " log-timeout" : ""}`, text: ev.forced ? forcedLine(text) : text });
      }
    } else if (ev.type === "showdown") {
      for (const [seat, hand] of Object.entries(ev.hands || {})) {
        lines.push({ kind: "showdown", text: tr(mineKey("log_showdown", { seat: Number(seat) }, mySeat), { name: name(Number(seat)), cards: groupedHand(hand.cards || []).map(cardText).join(" "), hand: handName(hand) }) });
      }
    } else if (ev.type === "escape") {
      lines.push({ kind: "result", text: tr(ev.seat === mySeat ? "log_escape_mine" : ev.to === mySeat && mySeat !== null ? "log_escape_you" : "log_escape", { name: name(ev.seat), paid: ev.paid, to: name(ev.to) }) });
    } else if (ev.type === "left") {
      lines.push({ kind: "left", text: tr("log_left", { name: name(ev.seat) }) });
    } else if (ev.type === "stood_up") {
      lines.push({ kind: "left", text: tr(mineKey("log_stood_up", ev, mySeat), { name: name(ev.seat) }) });
    } else if (ev.type === "timeout" && !ev.bot) {
      lines.push({ kind: "timeout", text: timeoutLine(ev, name(ev.seat)) });
    } else if (ev.type === "game_over" && ev.how !== "escape") {
      lines.push({ kind: "result", text: resultText(ev, names, mySeat) });
    }
  }
  return lines;
}

// -- the view -------------------------------------------------------------------

/** Per table: this game's public events, kept across view instances (a table
 * screen makes a new view). */
const LOGS = new Map();
const LOG_MAX = 400;

export class StudView extends TableView {
  constructor(host) {
    super(host, "/static/games/stud.css");
    this.actionKey = null;
    this.amount = null;
    this.logKey = null;
    this.log = tableLog(LOGS, this.id, LOG_MAX);

    this.tierEl = h("span", { class: "tier", testid: "tier" });
    this.dealEl = h("span", { class: "deal", testid: "deal" });
    this.seatsEl = h("div", { class: "stud-seats", testid: "seats" });
    this.potEl = h("div", { class: "stud-pot", testid: "pot" });
    this.actionsEl = h("div", { class: "stud-actions", testid: "actions", hidden: true });
    this.finalEl.classList.add("stud-final");
    this.logTitle = h("h3", {});
    this.logEl = h("ol", { class: "log stud-log", testid: "log" });

    this.el = this.frame(
      { class: "stud" },
      [this.tierEl, this.dealEl],
      this.seatsEl,
      h("div", { class: "stud-middle" }, this.potEl, this.actionsEl),
      (this.logDetails = h("details", { class: "log-box stud-log-box", open: true, hidden: true }, h("summary", {}, this.logTitle), this.logEl))
    );
  }

  // -- log ------------------------------------------------------------------------

  take(view, ctx) {
    for (const ev of this.log.take(view, ctx.version)) {
      if (!ev || typeof ev !== "object") continue;
      if (ev.type === "game_started") this.log.items = [];
      this.log.items.push(ev);
    }
    this.log.trim();
  }

  eventLines(events, names) {
    return logLines(markAway(events), names, this.timeoutLine(), this.ctx ? this.ctx.seat : null).map((l) => l.text);
  }

  /** How the log words a timeout event: (event, name) -> text. */
  timeoutLine() {
    return (ev, name) => this.timeoutText({ ev }, ev.seat === (this.ctx ? this.ctx.seat : null), name);
  }

  renderLog(view, names) {
    const lines = logLines(this.log.items, names, this.timeoutLine(), this.ctx.seat);
    const key = this.ctx.lang + "\n" + lines.map((l) => l.text).join("\n");
    if (key === this.logKey) return;
    this.logKey = key;
    this.logDetails.hidden = !lines.length;
    showLog(this.logEl, lines.map((l) => h("li", { class: `log-${l.kind}` }, l.text)));
  }

  /** In coin tiers my seat's `balance` (the engine's: my balance less what
   * I put in, settled once over), which the header shows too. */
  liveBalance() {
    const state = this.view && this.view.state;
    const seat = this.ctx && this.ctx.seat;
    const p = state && state.players && seat !== null ? state.players[seat] : null;
    return p && typeof p.balance === "number" ? p.balance : null;
  }

  timeoutText(note, mine, name) {
    return tr(mine ? "timeout_mine" : "timeout_other", { name });
  }

  timeoutWarning() {
    return tr("hurry");
  }

  /** The latest action of each seat in the current betting round. */
  lastActions() {
    const out = {};
    for (const ev of this.log.items) {
      if (ev.type === "round" || ev.type === "game_started") for (const k of Object.keys(out)) delete out[k];
      else if (ev.type === "action") out[ev.seat] = ev;
    }
    return out;
  }

  // -- rendering --------------------------------------------------------------------

  render() {
    const { view, ctx, names } = this;
    const state = view.state;
    setText(this.logTitle, t("log"));

    // tier, deal, pot
    const tier = (state && state.tier) || (view.options && view.options.tier) || "casual";
    // before the first deal the tier's figures come from the game's board (GameInfo.board)
    const fig = state ? null : (this.board("stud").tiers || {})[tier] || { ante: null, max: null, coins: true };
    const ante = state ? state.ante : fig.ante;
    const max = state ? state.max : fig.max;
    const coinsMode = state ? state.coins_mode : fig.coins;
    let tierText = tierName(tier, state ? state.tier_name : fig.name);
    if (ante !== null) tierText = tr("tier_line", { tier: tierText, ante, max }) + (coinsMode ? "" : ` · ${tr("play_chips")}`);
    setText(this.tierEl, tierText);
    this.tierEl.dataset.tier = tier;
    if (state && !state.over) setText(this.dealEl, `${tr("deal_of", { d: state.deal })} · ${tr("cap", { cap: state.round_cap })}`);
    else setText(this.dealEl, "");
    if (state) {
      fill(this.potEl, h("span", { class: "pot-label" }, tr("pot")), h("span", { class: "pot-amount", testid: "pot-amount" }, String(state.pot)));
      this.potEl.dataset.pot = state.pot;
    } else {
      fill(this.potEl, h("span", { class: "muted-light" }, view.status === "waiting" ? tr("not_started") : ""));
    }

    this.renderSeats(view, state, ctx.seat, ctx.acting, names);
    this.renderActions();
    this.renderFinal(view, state, names);
    this.renderLog(view, names);
  }

  renderSeats(view, state, mySeat, acting, names) {
    const n = view.seats.length;
    if (this.seatsEl.children.length !== n) {
      fill(this.seatsEl, view.seats.map((_, i) => h("div", { class: "stud-seat", testid: `seat-${i}`, "data-seat": i })));
    }
    this.seatsEl.dataset.n = n;
    const players = (state && state.players) || [];
    const showdown = state && state.showdown ? state.showdown.hands || {} : {};
    const last = state && !state.over ? this.lastActions() : {};
    // a timeout always folds (RULES.md): a seat with one in the table's record was folded by the clock
    const clockFolded = new Set(forcedList(view).filter((f) => f.how === false).map((f) => f.seat));
    view.seats.forEach((_, i) => {
      const s = boardSeat(view, i); // the game on show's player
      const el = this.seatsEl.children[i];
      const p = players[i];
      const winner = state && state.over && state.winner === i;
      el.classList.toggle("to-act", acting.includes(i));
      el.classList.toggle("me", i === mySeat);
      el.classList.toggle("empty", !s);
      el.classList.toggle("folded", !!(p && p.folded));
      el.classList.toggle("winner", !!winner);

      const head = seatHead(
        view,
        i,
        mySeat,
        state && state.dealer === i ? h("span", { class: "dealer-chip", testid: "dealer-marker", "data-seat": i, title: tr("dealer") }, tr("dealer_short")) : null
      );

      let cards = null;
      if (p) {
        const hole = i === mySeat && state.you && state.you.hole ? state.you.hole : p.hole;
        const mine = i === mySeat;
        const cardEls = [];
        if (hole) cardEls.push(faceCard(hole, { testid: `hole-${i}`, cls: mine && !showdown[i] ? "hole mine" : "hole", tag: tr("hole") }));
        else if (p.has_hole) cardEls.push(backCard({ testid: `hole-${i}`, cls: "hole" }));
        p.up.forEach((c, k) => cardEls.push(faceCard(c, { testid: `up-${i}-${k}`, cls: "up" })));
        // a card new on the table is dealt onto it (motion.js)
        for (const el of cardEls) Object.assign(el.dataset, { motion: "deal", msig: el.dataset.card || "down" });
        for (let k = p.up.length; k < 4 && !p.folded && !state.over; k++) cardEls.push(h("span", { class: "pcard slot" }));
        cards = h("div", { class: "stud-cards", testid: `cards-${i}` }, cardEls);
      } else {
        cards = h("div", { class: "stud-cards", testid: `cards-${i}` });
      }

      const info = [];
      if (p) {
        // after an escape every bet was returned: no bet figures
        if (!(state.over && state.escaped !== null)) info.push(h("span", { class: "bet", testid: `bet-${i}`, "data-put": p.put, "data-motion": "chip", "data-mto": "pot", "data-msig": p.put > 0 ? p.put : "" }, tr("bet_total", { n: p.put })));
        if (typeof p.balance === "number") info.push(h("span", { class: "balance", testid: `balance-${i}`, "data-balance": p.balance }, tr("balance", { n: p.balance })));
        if (p.folded) info.push(h("span", { class: "tag tag-folded" }, tr("folded"), clockFolded.has(i) ? forcedTag(false, `forced-${i}`) : null));
        if (state.escaped === i) info.push(h("span", { class: "tag tag-escaped" }, tr("escaped")));
        else if (!p.folded && state.max && p.put >= state.max) info.push(h("span", { class: "tag tag-allin" }, tr("allin")));
        if (winner) info.push(h("span", { class: "tag tag-winner" }, tr("winner")));
        const act = last[i];
        if (act && !p.folded) info.push(h("span", { class: "last-act", testid: `action-${i}` }, tr(`act_${act.action}`, { to: act.to })));
      }
      const hand = showdown[i] ? h("div", { class: "hand-name", testid: `hand-${i}`, "data-category": showdown[i].category }, handName(showdown[i])) : null;
      patch(el, head, cards, h("div", { class: "seat-info" }, info), hand);
      oneTimeMark(el); // a fold the clock made is marked once, in its folded pill
    });
  }

  renderActions() {
    const { view, ctx } = this;
    const state = view.state;
    const { turn, busy } = ctx;
    const legal = turn && state && state.you ? state.you.legal : null;
    if (ctx.spectator || !turn || !legal) {
      this.actionsEl.hidden = true;
      if (this.actionsEl.firstChild) this.actionsEl.replaceChildren();
      this.actionKey = null;
      return;
    }
    const key = `${turn}|${busy}|${ctx.lang}|${JSON.stringify(legal)}`;
    this.actionsEl.hidden = false;
    if (key === this.actionKey) return;
    const sameTurn = this.actionKey && this.actionKey.startsWith(`${turn}|`);
    this.actionKey = key;

    const list = amounts(view.moves);
    if (!sameTurn || this.amount === null || !list.includes(this.amount)) this.amount = list.length ? list[0] : null;

    const buttons = [];
    const btn = (action, label, move, cls = "") =>
      h("button", { class: `act act-${action} ${cls}`.trim(), testid: `act-${action}`, "data-action": action, disabled: busy, onclick: () => move && this.ctx.send(move()) }, label);

    let betBtn = null;
    let chooser = null;
    for (const a of legal.actions) {
      if (a === "check") buttons.push(btn("check", tr("check"), () => ({ type: "check" })));
      else if (a === "call") buttons.push(btn("call", tr("call", { n: legal.to_call }), () => ({ type: "call" }), "primary"));
      else if (a === "bet" || a === "raise") {
        betBtn = btn(a, tr(a, { n: this.amount }), () => ({ type: a, to: snap(this.amount, list) }), "primary");
        buttons.push(betBtn);
      } else if (a === "allin") buttons.push(btn("allin", tr("allin_btn", { n: legal.allin_to }), () => ({ type: "allin" }), "warn"));
      else if (a === "fold") buttons.push(btn("fold", tr("fold"), () => ({ type: "fold" }), "danger"));
    }

    if (betBtn && list.length) {
      const kind = betBtn.dataset.action;
      const range = h("input", { type: "range", testid: "amount-range", min: 0, max: list.length - 1, step: 1, value: String(Math.max(0, list.indexOf(this.amount))), disabled: busy || list.length < 2, "aria-label": tr("amount") });
      const number = h("input", { type: "number", class: "amount-input", testid: "amount-input", min: list[0], max: list[list.length - 1], step: state.ante, value: String(this.amount), disabled: busy, "aria-label": tr("amount") });
      const setAmount = (v, from) => {
        this.amount = snap(v, list);
        if (from !== "range") range.value = String(list.indexOf(this.amount));
        if (from !== "typing") number.value = String(this.amount);
        betBtn.textContent = tr(kind, { n: this.amount });
      };
      range.addEventListener("input", () => setAmount(list[Number(range.value)] ?? list[0], "range"));
      number.addEventListener("input", () => {
        if (number.value !== "") setAmount(number.value, "typing");
      });
      number.addEventListener("change", () => setAmount(number.value, "number"));
      number.addEventListener("keydown", (e) => {
        if (e.key === "Enter") {
          setAmount(number.value, "number");
          betBtn.click();
        }
      });
      chooser = h(
        "div",
        { class: "amount", testid: "amount" },
        h("label", {}, h("span", { class: "amount-label" }, tr("amount")), range, number),
        h("span", { class: "amount-range-text", testid: "amount-bounds" }, tr(list.length === 1 ? "range_one" : "range", { lo: list[0], hi: list[list.length - 1], step: state.ante }))
      );
    }

    fill(
      this.actionsEl,
      h("div", { class: "act-head" }, h("span", { class: "act-you" }, busy ? tr("sending") : tr("your_turn")), legal.to_call ? h("span", { class: "to-call" }, tr("to_call", { n: legal.to_call })) : null),
      h("div", { class: "act-buttons" }, buttons),
      chooser
    );
  }

  renderFinal(view, state, names) {
    const result = state && state.over ? state.result : null;
    if (!result || !(view.status === "finished" || view.status === "closed" || state.over)) {
      this.showFinal(null);
      return;
    }
    const coinsMode = !!state.coins_mode;
    const nets = result.nets || (view.result && view.result.scores) || [];
    const coins = (view.result && view.result.coins) || result.coins || [];
    const change = coinsMode ? coins : nets;
    const hand = state.showdown && state.showdown.hands ? state.showdown.hands[String(result.winner)] : null;
    const unit = coinsMode ? tr("coins_unit") : tr("chips_unit");
    this.showFinal([
      h("h3", {}, tr("game_over")),
      h("div", { class: "winners", testid: "winners", "data-winner": result.winner }, resultText(result, names, this.ctx.seat)),
      hand
        ? h(
            "div",
            { class: "win-hand", testid: "win-hand", "data-category": hand.category },
            h("span", { class: "win-hand-name" }, handName(hand)),
            h("span", { class: "win-cards" }, groupedHand(hand.cards || []).map((c) => faceCard(c, { cls: "pc-small" })))
          )
        : null,
      h(
        "div",
        { class: "changes", testid: "changes" },
        h("span", { class: "changes-label" }, tr("changes_label", { what: tr("changes"), unit })),
        names.map((nm, i) => {
          const v = change[i] || 0;
          return h("span", { class: `change ${v > 0 ? "plus" : v < 0 ? "minus" : ""}`, testid: `change-${i}`, "data-change": v }, h("span", { class: "change-name" }, nm), youBadge(view, i, this.ctx.seat), ` ${signed(v)}`);
        })
      ),
      coinsMode ? null : h("div", { class: "muted-note" }, tr("no_coins")),
    ]);
  }
}

/** The result line of a finished game (a state.result or game_over event),
 * seen from seat `mySeat` (null: nobody is "you"): "You win the pot …". */
function resultText(result, names, mySeat = null) {
  const name = (s) => (typeof s === "number" ? names[s] || seatNo(s) : "?");
  const won = mySeat !== null && result.winner === mySeat;
  if (result.how === "escape") return tr(result.escaped === mySeat && mySeat !== null ? "win_escape_mine" : won ? "win_escape_you" : "win_escape", { esc: name(result.escaped), name: name(result.winner), paid: result.paid });
  if (result.how === "fold") return tr(won ? "win_fold_mine" : "win_fold", { name: name(result.winner), pot: result.pot });
  return tr(won ? "win_showdown_mine" : "win_showdown", { name: name(result.winner), pot: result.pot });
}
