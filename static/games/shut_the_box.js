// The Shut the Box table view (RULES.md 5): the nine tiles of the turn being
// played (shut ones turned down), the dice and the throw, a choice of one or
// two dice when 7, 8 and 9 are shut, and tiles to click: only tiles of a set
// that covers the throw can be selected, and only a whole such set can be
// shut.  Below: every player's score per round, rounds won (and coins at a
// table with a stake), each round's result, recent moves and the match
// result; after the match the box gives way to how each player finished
// the last round (their tiles, when this page saw their turn end, and score).  The rules are the engine's: the sets a throw lets you shut
// (`coverings`) and whether one die may be thrown (`one_die`) come with the
// view.  State shape: engines/shut_the_box.py (ShutTheBox.view): n, rounds,
// round, seat, open, throw, dice, scores, wins, stake, coins, history,
// coverings, one_die.

import { t, signed } from "../i18n.js";
import { h, patch, setText } from "../dom.js";
import { seatNo, seatBadges, seatNameEl, mineKey, youBadge, logName } from "./seats.js";
import { markAway, forcedList, forcedTag, forcedLine, oneTimeMark } from "./forced.js";
import { outcome, winnersSaid, winnersLine, figureList } from "./results.js";
import { awayTurn } from "./clocks.js";
import { tableLog, showLog, LOG_GAP, gapText, emptyLog } from "./event_log.js";
import { TableView, translator } from "./table_view.js";
import { die } from "./sibala.js";

const TILES = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const LOG_MAX = 40;

const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const tilesLabel = (tiles) => [...tiles].sort((a, b) => b - a).join(" + ");

const TEXTS = {
  en: {
    round_of: "Round {r} of {n}",
    throw_two: "Throw the dice",
    throw_two_choice: "Throw two dice",
    throw_one: "Throw one die",
    shut: "Shut {tiles}",
    shut_none: "Shut",
    clear: "Clear",
    throw_is: "Throw: {n}",
    no_throw: "no throw yet",
    legal_sets: "Sets you may shut:",
    hint_throw: "Throw the dice.",
    hint_choice: "7, 8 and 9 are shut: throw one die or two.",
    hint_shut: "Choose tiles summing to {n}, then Shut.",
    hint_selected: "Selected {s} of {n}.",
    hint_ready: "Shut {tiles} = {n}?",
    hint_wait: "Waiting for {name}.",
    tiles_of: "{name}'s tiles",
    tiles_of_mine: "Your tiles",
    player: "Player",
    round_col: "R{r}",
    round_title: "Round {r}: score (lowest wins; 0 = box shut)",
    wins: "Rounds won",
    coins: "Coins",
    playing: "playing",
    not_played: "–",
    shut_star: "shut!",
    results: "Round results",
    res_shut: "Round {r}: {name} shut the box!",
    res_win: "Round {r}: {names} won with {s}",
    res_tie: "Round {r}: {names} tied with {s}",
    res_solo: "Round {r}: {name} scored {s}",
    res_shut_you: "Round {r}: you shut the box!",
    res_win_you: "Round {r}: you won with {s}",
    res_tie_you: "Round {r}: {names} tied with {s}", // {names} starts with "you" (winnersSaid)
    res_solo_you: "Round {r}: you scored {s}",
    log_rolled: "{name} threw {dice} = {n}",
    log_rolled_one: "{name} threw {n}",
    log_shut: "{name} shut {tiles}",
    log_stuck: "{name}: no set for {n} — turn over, score {s}",
    log_box: "{name} shut the box!",
    log_rolled_mine: "You threw {dice} = {n}",
    log_rolled_one_mine: "You threw {n}",
    log_shut_mine: "You shut {tiles}",
    log_stuck_mine: "No set for {n} — your turn is over, score {s}",
    log_box_mine: "You shut the box!",
    log_ended: "{name}: turn over, score {s}", // a turn the clock ended: forcedLine marks it
    log_ended_mine: "Your turn is over, score {s}",
    last_turn: "Last turn",
    // the last turn's box: the log's line of the turn's end ({line}), then the tiles it left open
    // (a turn the clock ended: the notice, the seat's mark and the log say the time's up, not this line)
    last_open: "{line} (open: {open})",
    winner_coins: "Coins: {list}",
    tile_label: "Tile {n}",
    tile_shut: "Tile {n} (shut)",
    // after the match: each player's tiles as their turn of the last round left them
    final_boards: "Round {r}: how each player finished",
    board_score: "score {s}",
    board_box: "box shut: score 0",
    board_not_played: "did not play (the box was shut)",
    board_tiles: "{name}: open {open}",
    // time's up (#15 item 2): RULES.md 5, a timeout ends the turn, scored on the open tiles
    timeout_mine: "Time's up — your turn is over: score {s}",
    timeout_other: "Time's up for {name} — turn over: score {s}",
    hurry: "Hurry — at 0 your turn ends, scored on the open tiles",
  },
  zh: {
    round_of: "第 {r} / {n} 局",
    throw_two: "掷骰",
    throw_two_choice: "掷两颗",
    throw_one: "掷一颗",
    shut: "关上 {tiles}",
    shut_none: "关上",
    clear: "清除",
    throw_is: "点数：{n}",
    no_throw: "尚未掷骰",
    legal_sets: "可关上的组合：",
    hint_throw: "请掷骰。",
    hint_choice: "7、8、9 已关上：可掷一颗或两颗。",
    hint_shut: "选合计为 {n} 的数字牌，再按“关上”。",
    hint_selected: "已选 {s} / {n}。",
    hint_ready: "关上 {tiles} = {n}？",
    hint_wait: "等待 {name}。",
    tiles_of: "{name} 的数字牌",
    tiles_of_mine: "你的数字牌",
    player: "玩家",
    round_col: "第 {r} 局",
    round_title: "第 {r} 局得分（低者胜；0 = 闭箱）",
    wins: "赢局",
    coins: "金币",
    playing: "进行中",
    not_played: "–",
    shut_star: "全关！",
    results: "各局结果",
    res_shut: "第 {r} 局：{name} 闭箱！",
    res_win: "第 {r} 局：{names} 以 {s} 分获胜",
    res_tie: "第 {r} 局：{names} 以 {s} 分并列",
    res_solo: "第 {r} 局：{name} 得 {s} 分",
    res_shut_you: "第 {r} 局：你闭箱！",
    res_win_you: "第 {r} 局：你以 {s} 分获胜",
    res_tie_you: "第 {r} 局：{names} 以 {s} 分并列",
    res_solo_you: "第 {r} 局：你得 {s} 分",
    log_rolled: "{name} 掷出 {dice} = {n}",
    log_rolled_one: "{name} 掷出 {n}",
    log_shut: "{name} 关上 {tiles}",
    log_stuck: "{name}：{n} 无可关上的组合——回合结束，得分 {s}",
    log_box: "{name} 闭箱！",
    log_rolled_mine: "你掷出 {dice} = {n}",
    log_rolled_one_mine: "你掷出 {n}",
    log_shut_mine: "你关上 {tiles}",
    log_stuck_mine: "{n} 无可关上的组合——你的回合结束，得分 {s}",
    log_box_mine: "你闭箱！",
    log_ended: "{name}：回合结束，得分 {s}",
    log_ended_mine: "你的回合结束，得分 {s}",
    last_turn: "上一回合",
    last_open: "{line}（剩余：{open}）",
    winner_coins: "金币：{list}",
    tile_label: "数字牌 {n}",
    tile_shut: "数字牌 {n}（已关上）",
    final_boards: "第 {r} 局：各玩家的最后牌面",
    board_score: "得分 {s}",
    board_box: "闭箱：得分 0",
    board_not_played: "未上场（已有人闭箱）",
    board_tiles: "{name}：剩余 {open}",
    // 超时（#15 第 2 项）
    timeout_mine: "超时——你的回合结束，得分 {s}",
    timeout_other: "{name} 超时——回合结束，得分 {s}",
    hurry: "快！超时则回合结束，按剩余数字牌计分",
  },
};

const tr = translator(TEXTS);

/** The rounds whose turn the clock ended for a person (the table view's
 * `forced`, keyed by the engine's turn id "r{round}.s{seat}…"): "round:seat"
 * → false (forcedMarks' "time ran out"). */
function roundsForced(view) {
  const out = new Map();
  for (const { seat, key, how } of forcedList(view)) {
    const m = /^r(\d+)\./.exec(key);
    if (m && how === false) out.set(`${m[1]}:${seat}`, how); // the clock's only: a bot's seat has its badge
  }
  return out;
}

/** Seat `seat`'s one time's-up mark (forcedTag, testid "forced-{seat}"),
 * or null: its latest scored round (`state`'s current one once it has a
 * score there, else the last in `history`) was ended by the clock
 * (`forced`: roundsForced) and the seat is not to act (`acting`: the
 * seats to act), as its passing badge.  A score cell shows the score
 * only: the round's time's up is said by this mark, the notice and the log. */
function seatMark(state, forced, seat, acting) {
  if (!state || acting.includes(seat)) return null;
  let round = null;
  if (state.round < state.rounds && state.scores[seat] !== null && state.scores[seat] !== undefined) round = state.round;
  else for (const rec of state.history || []) if (rec.scores[seat] !== null && rec.scores[seat] !== undefined) round = rec.round;
  return round === null ? null : forcedTag(forced.get(`${round}:${seat}`), `forced-${seat}`);
}

/** The rounds a bot played a seat's turn in because its player had left
 * (the table view's `forced` [seat, kind, turn id "r{round}.…"]): a Set of
 * "round:seat" (round 0-based).  A round its player played before leaving
 * is not in it. */
function roundsLeft(view) {
  const out = new Set();
  for (const [seat, kind, key] of (view && view.forced) || []) {
    const m = kind === "left" && /^r(\d+)\./.exec(String(key));
    if (m) out.add(`${m[1]}:${seat}`);
  }
  return out;
}

/** The log's items of one version's `events`: its throws and shut tiles,
 * and each turn's end (a stuck one with the throw that left no set). */
function logItems(events) {
  const items = [];
  let lastRoll = null;
  for (const ev of events) {
    if (ev.type === "rolled") lastRoll = ev;
    if (ev.type === "rolled" || ev.type === "shut") items.push(ev);
    else if (ev.type === "turn_over") {
      const stuck = ev.reason === "stuck" && lastRoll;
      items.push({ ...ev, throw: stuck ? lastRoll.throw : null, dice: stuck ? lastRoll.dice : null });
    }
  }
  return items;
}

/** A log item's line (`names` by seat; "you" on `mySeat`): with `marked`
 * (the step list's one string per line), one a bot played for an away
 * seat or one its player left (`ev.away`) names it so ("Ann (away, a bot
 * played) threw …"); without, the seat's bare name or "you", for the log
 * that puts the one-word mark after it (awayMark); a turn the clock ended
 * marked time's up unless `clock` is false (the last turn's box: the
 * notice and the seat's mark say it there). */
function logText(ev, names, mySeat = null, marked = true, clock = true) {
  const name = marked ? logName(ev, names, mySeat) : names[ev.seat] || seatNo(ev.seat);
  const key = (k) => mineKey(k, marked ? ev : { ...ev, away: false }, mySeat); // my own: "you"
  if (ev.type === "rolled") return tr(key(ev.dice.length === 1 ? "log_rolled_one" : "log_rolled"), { name, dice: ev.dice.join(" + "), n: ev.throw });
  if (ev.type === "shut") return tr(key("log_shut"), { name, tiles: tilesLabel(ev.tiles) });
  if (ev.reason === "box_shut") return tr(key("log_box"), { name });
  if (ev.reason === "timeout") {
    const line = tr(key("log_ended"), { name, s: ev.score });
    return clock ? forcedLine(line) : line; // the clock ended it: one line, marked
  }
  return tr(key("log_stuck"), { name, n: ev.throw === null ? "?" : ev.throw, s: ev.score });
}

/** The one-word mark after a log line a bot played for a person (`ev.away`:
 * true, its player away; "left", its player left): forcedTag's "away" /
 * "托管" pill (or "left"), the whole story in its title (awayName's); null
 * for a line its player played. */
function awayMark(ev, names, mySeat) {
  return ev.away ? forcedTag(ev.away, undefined, logName(ev, names, mySeat)) : null;
}

// Each table's recent public events (kept across view instances).
const LOGS = new Map();

export class ShutTheBoxView extends TableView {
  constructor(host) {
    super(host, "/static/games/shut_the_box.css");
    this.selected = new Set();
    this.selKey = null; // the throw the selection belongs to
    this.log = tableLog(LOGS, this.id, LOG_MAX);

    this.roundEl = h("span", { class: "round", testid: "round" });
    this.boardTitle = h("div", { class: "stb-board-title", testid: "board-title" });
    this.tilesEl = h("div", { class: "stb-tiles", testid: "tiles" });
    this.diceEl = h("div", { class: "dice stb-dice", testid: "dice" });
    this.throwEl = h("div", { class: "stb-throw", testid: "throw" });
    this.rollBtn = h("button", { class: "roll primary big", testid: "roll", onclick: () => this.roll(2) });
    this.rollOneBtn = h("button", { class: "roll big", testid: "roll-one", onclick: () => this.roll(1) });
    this.shutBtn = h("button", { class: "primary big", testid: "shut", onclick: () => this.shut() });
    this.clearBtn = h("button", { testid: "clear", onclick: () => this.clearSelection() });
    this.setsEl = h("div", { class: "stb-sets", testid: "legal-sets" });
    this.hintEl = h("div", { class: "stb-hint", testid: "hint" });
    this.actionsEl = h("div", { class: "stb-actions", testid: "actions" }, this.rollBtn, this.rollOneBtn, this.shutBtn, this.clearBtn);
    this.lastEl = h("div", { class: "stb-last", testid: "last-turn", hidden: true });
    this.throwRow = h("div", { class: "stb-throw-row" }, this.diceEl, this.throwEl);
    this.boardsEl = h("ul", { class: "stb-final-boards", testid: "final-boards", hidden: true });
    this.playersEl = h("table", { class: "stb-players", testid: "players" });
    this.resultsTitle = h("h3", {});
    this.resultsEl = h("ul", { class: "stb-results", testid: "round-results" });

    this.el = this.frame(
      { class: "shut-the-box" },
      [this.roundEl],
      h(
        "div",
        { class: "stb-main" },
        h(
          "div",
          { class: "stb-board" },
          this.boardTitle,
          this.boardsEl,
          this.tilesEl,
          this.throwRow,
          this.actionsEl,
          this.setsEl,
          this.hintEl,
          this.lastEl
        ),
        h(
          "div",
          { class: "stb-side" },
          h("div", { class: "stb-players-wrap" }, this.playersEl),
          h("div", { class: "stb-results-box" }, this.resultsTitle, this.resultsEl),
          this.logBox("stb-log")
        )
      )
    );
  }

  // -- moves ---------------------------------------------------------------

  state() {
    return this.view ? this.view.state : null;
  }

  roll(dice) {
    const state = this.state();
    if (!state || state.throw !== null) return;
    if (dice === 1 && !state.one_die) return;
    this.ctx.send(dice === 1 ? { type: "roll", dice: 1 } : { type: "roll" });
  }

  /** The sets this throw lets me shut (the engine's `coverings`; my turn only), or []. */
  sets() {
    const state = this.state();
    if (!state || !this.ctx.turn) return [];
    return state.coverings || [];
  }

  toggleTile(tile) {
    if (this.ctx.busy) return;
    const sets = this.sets();
    if (!sets.some((c) => c.includes(tile))) return; // not part of any legal set
    if (this.selected.has(tile)) {
      this.selected.delete(tile);
    } else {
      const want = [...this.selected, tile];
      // keep the selection a part of some legal set; else start over with this tile
      if (sets.some((c) => want.every((x) => c.includes(x)))) this.selected.add(tile);
      else this.selected = new Set([tile]);
    }
    this.redraw();
  }

  choose(set) {
    if (this.ctx.busy) return;
    this.selected = new Set(set);
    this.redraw();
  }

  clearSelection() {
    this.selected.clear();
    this.redraw();
  }

  /** The selected tiles if they are exactly one legal set, else null. */
  chosenSet() {
    const sel = [...this.selected].sort((a, b) => a - b);
    const hit = this.sets().find((c) => c.length === sel.length && c.every((x, i) => x === sel[i]));
    return hit || null;
  }

  shut() {
    const set = this.chosenSet();
    if (!set) return;
    this.ctx.send({ type: "shut", tiles: set });
  }

  // -- rendering -----------------------------------------------------------

  take(view, ctx) {
    const events = this.log.take(view, ctx.version);
    const over = events.find((ev) => ev.type === "round_over");
    const round = over ? over.round : view.state ? view.state.round : 0;
    for (const item of logItems(events)) {
      this.log.items.push(item);
      if (item.type !== "turn_over") continue;
      this.log.last = { ...item, round }; // the round: its dice's signature (renderLast)
      // each seat's tiles as its turn left them, in the round of the newest turn
      const notes = this.log.notes;
      if (!notes.boards || notes.boards.round !== round) notes.boards = { round, seats: {} };
      notes.boards.seats[item.seat] = item.open;
    }
    this.log.trim();
  }

  eventLines(events, names) {
    return logItems(markAway(events)).map((item) => logText(item, names, this.ctx ? this.ctx.seat : null));
  }

  render() {
    const { view, ctx, names } = this;
    const state = view.state;
    const { turn, busy, acting } = ctx;

    // the selection belongs to one throw of my turn
    const key = state && turn && state.throw !== null ? `${state.round}.${state.seat}.${state.open.join(",")}.${state.throw}` : null;
    if (key !== this.selKey) {
      this.selected = new Set();
      this.selKey = key;
    }

    // status bar
    if (state) {
      const r = Math.min(state.round + 1, state.rounds);
      setText(this.roundEl, tr("round_of", { r, n: state.rounds }));
    } else setText(this.roundEl, "");

    const playing = view.status === "playing" && state && state.round < state.rounds;
    // after the match the box shows no fresh ownerless tiles: how each player finished instead
    const done = !!state && state.round >= state.rounds && state.history.length > 0;
    const lastRound = done ? state.history[state.history.length - 1] : null;
    setText(this.boardTitle, playing ? (state.seat === ctx.seat ? tr("tiles_of_mine") : tr("tiles_of", { name: names[state.seat] })) : done ? tr("final_boards", { r: lastRound.round + 1 }) : "");
    this.tilesEl.hidden = done;
    this.throwRow.hidden = done;
    this.renderBoards(view, lastRound, names, ctx.seat);

    // tiles
    const open = state && playing ? state.open : TILES;
    const sets = this.sets();
    const legal = new Set(sets.flat());
    const sel = [...this.selected];
    const fits = new Set(sets.filter((c) => sel.every((x) => c.includes(x))).flat());
    const canPick = !!turn && !busy && sets.length > 0;
    this.tilesEl.dataset.open = open.join(" ");
    this.tilesEl.classList.toggle("choosing", canPick);
    patch(
      this.tilesEl,
      TILES.map((n) => {
        const isOpen = open.includes(n);
        const isSel = this.selected.has(n);
        const isLegal = legal.has(n);
        const cls = ["stb-tile", isOpen ? "open" : "shut", isSel ? "selected" : "", isLegal ? "legal" : "", isLegal && fits.has(n) && !isSel ? "fits" : ""];
        return h(
          "button",
          {
            class: cls.filter(Boolean).join(" "),
            testid: `tile-${n}`,
            "data-state": isSel ? "selected" : isOpen ? "open" : "shut",
            "data-legal": isLegal ? "true" : "false",
            "data-motion": "shut",
            "data-msig": isOpen ? "open" : "shut",
            "aria-pressed": isSel ? "true" : "false",
            "aria-label": tr(isOpen ? "tile_label" : "tile_shut", { n }),
            disabled: !(canPick && isLegal),
            onclick: () => this.toggleTile(n),
          },
          h("span", { class: "stb-num" }, String(n))
        );
      })
    );

    // dice and throw
    const dice = state && playing && state.dice ? state.dice : null;
    this.diceEl.dataset.dice = dice ? dice.join(" ") : "";
    // each throw comes after a shut or at a new turn: a new signature (motion.js)
    this.diceEl.dataset.motion = "roll";
    this.diceEl.dataset.msig = dice ? `${state.round}:${state.seat}:${open.length}:${dice.join("")}` : "";
    patch(this.diceEl, dice ? dice.map(die) : h("span", { class: "muted stb-nothrow" }, state && playing ? tr("no_throw") : ""));
    const thr = state && playing && state.throw !== null && state.throw !== undefined ? state.throw : null;
    this.throwEl.dataset.throw = thr === null ? "" : String(thr);
    setText(this.throwEl, thr === null ? "" : tr("throw_is", { n: thr }));

    // actions: my turn only
    const mine = !ctx.spectator && !!turn;
    this.actionsEl.hidden = !mine;
    if (mine) {
      const throwing = state.throw === null;
      const one = throwing && state.one_die;
      this.rollBtn.hidden = !throwing;
      this.rollOneBtn.hidden = !one;
      this.rollBtn.disabled = busy;
      this.rollOneBtn.disabled = busy;
      this.rollBtn.classList.toggle("pulse", throwing && !busy);
      setText(this.rollBtn, busy && throwing ? t("rolling") : tr(one ? "throw_two_choice" : "throw_two"));
      setText(this.rollOneBtn, tr("throw_one"));
      const chosen = this.chosenSet();
      this.shutBtn.hidden = throwing;
      this.clearBtn.hidden = throwing;
      this.shutBtn.disabled = busy || !chosen;
      this.shutBtn.classList.toggle("pulse", !!chosen && !busy);
      setText(this.shutBtn, chosen ? tr("shut", { tiles: tilesLabel(chosen) }) : tr("shut_none"));
      setText(this.clearBtn, tr("clear"));
      this.clearBtn.disabled = busy || this.selected.size === 0;
    }

    // the legal sets (quick picks)
    this.setsEl.hidden = !(mine && sets.length);
    if (mine && sets.length) {
      patch(
        this.setsEl,
        h("span", { class: "muted" }, tr("legal_sets")),
        sets.map((c) => {
          const on = this.selected.size === c.length && c.every((x) => this.selected.has(x));
          return h(
            "button",
            { class: `stb-set${on ? " on" : ""}`, testid: `set-${c.join("-")}`, "data-tiles": c.join(" "), disabled: busy, onclick: () => this.choose(c) },
            tilesLabel(c)
          );
        })
      );
    }

    // hint
    let hint = "";
    if (playing) {
      if (turn && awayTurn(this.view, this.ctx)) hint = t("away_hint");
      else if (turn) {
        if (state.throw === null) hint = state.one_die ? tr("hint_choice") : tr("hint_throw");
        else {
          const chosen = this.chosenSet();
          if (chosen) hint = tr("hint_ready", { tiles: tilesLabel(chosen), n: state.throw });
          else if (this.selected.size) hint = tr("hint_selected", { s: sum(sel), n: state.throw });
          else hint = tr("hint_shut", { n: state.throw });
        }
      } else if (acting.length) hint = tr("hint_wait", { name: acting.map((s) => names[s]).join(t("list_sep")) });
    }
    setText(this.hintEl, hint);
    this.hintEl.hidden = done;
    this.hintEl.classList.toggle("mine", !!turn);

    this.renderLast(names);
    this.renderPlayers(view, state, names, ctx.seat, acting);
    this.renderResults(state, names, roundsLeft(view), ctx.seat);
    this.renderFinal(view, state, names, ctx.seat);
    this.renderLog(names);
  }

  timeoutText(note, mine, name) {
    const over = (note.events || []).find((e) => e.type === "turn_over" && e.seat === note.ev.seat);
    return tr(mine ? "timeout_mine" : "timeout_other", { name, s: over ? over.score : "?" });
  }

  timeoutWarning() {
    return tr("hurry");
  }

  /** After the match (`rec`: the last round's record, else null): each
   * seat's tiles as its turn left them (when this page saw that turn; a
   * reload knows the scores only) and its score (a round the clock ended
   * is marked on its seat, seatMark, not here). */
  renderBoards(view, rec, names, mySeat) {
    this.boardsEl.hidden = !rec;
    if (!rec) return;
    const seen = this.log.notes.boards && this.log.notes.boards.round === rec.round ? this.log.notes.boards.seats : {};
    patch(
      this.boardsEl,
      view.seats.map((_, i) => {
        const s = rec.scores[i];
        const open = seen[i];
        const won = rec.winners.includes(i);
        const text = s === null ? tr("board_not_played") : s === 0 ? tr("board_box") : tr("board_score", { s });
        return h(
          "li",
          { class: `stb-final-board${won ? " won" : ""}`, testid: `final-board-${i}`, "data-score": s === null ? "" : s, "data-open": open ? open.join(" ") : null, "data-won": won ? "true" : "false" },
          h("span", { class: "stb-final-name", title: names[i] }, names[i], youBadge(view, i, mySeat)),
          open
            ? h(
                "span",
                { class: "stb-mini-tiles", role: "img", "aria-label": tr("board_tiles", { name: names[i], open: open.length ? open.join(" ") : "–" }) },
                TILES.map((n) => h("span", { class: `stb-mini-tile ${open.includes(n) ? "open" : "shut"}` }, String(n)))
              )
            : null,
          h("span", { class: "stb-final-score" }, text)
        );
      })
    );
  }

  renderLast(names) {
    // after the match too: the match's last turn (a stuck throw's dice there, nowhere else)
    const last = this.log.last;
    this.lastEl.hidden = !last;
    if (!last) return;
    // the log's words for the turn's end (one wording: logText), then the tiles it left open
    const line = logText({ ...last, type: "turn_over" }, names, this.ctx.seat, false, false);
    const text = last.reason === "box_shut" ? line : tr("last_open", { line, open: last.open.length ? last.open.join(" ") : "–" });
    patch(
      this.lastEl,
      h("span", { class: "stb-last-label" }, tr("last_turn")),
      // the throw that ended the turn rolls here: the box's dice never showed it (motion.js)
      last.dice ? h("span", { class: "dice stb-mini-dice", testid: "last-dice", "data-dice": last.dice.join(" "), "data-motion": "roll", "data-msig": `${last.round}:${last.seat}:${last.dice.join("")}` }, last.dice.map(die)) : null,
      h("span", { class: "stb-last-text", testid: "last-turn-text", "data-seat": last.seat, "data-score": last.score }, text)
    );
  }

  renderPlayers(view, state, names, mySeat, acting) {
    const n = view.seats.length;
    const rounds = state ? state.rounds : (view.options && view.options.rounds) || 3;
    const history = (state && state.history) || [];
    const stake = state ? state.stake : (view.options && view.options.stake) || 0;
    const forced = roundsForced(view);
    const head = h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { class: "name-col" }, tr("player")),
        Array.from({ length: rounds }, (_, r) => h("th", { class: `r-col${state && r === state.round ? " current" : ""}`, title: tr("round_title", { r: r + 1 }) }, tr("round_col", { r: r + 1 }))),
        h("th", { class: "wins-col" }, tr("wins")),
        stake ? h("th", { class: "coins-col" }, tr("coins")) : null
      )
    );
    const body = h(
      "tbody",
      {},
      Array.from({ length: n }, (_, i) => {
        const cells = Array.from({ length: rounds }, (_, r) => {
          // data-head: the cell's own head where a phone stacks the rows (thead hidden: shut_the_box.css)
          const attrs = { class: "r-col", testid: `round-score-${i}-${r}`, "data-head": tr("round_col", { r: r + 1 }), title: tr("round_title", { r: r + 1 }) };
          const rec = history[r];
          if (rec) {
            const s = rec.scores[i];
            const won = rec.winners.includes(i);
            return h(
              "td",
              { ...attrs, class: `r-col${won ? " won" : ""}`, "data-score": s === null ? "" : s, "data-won": won ? "true" : "false" },
              s === null ? tr("not_played") : String(s),
              won && rec.box_shut ? h("span", { class: "stb-shut-star" }, ` ${tr("shut_star")}`) : null
            );
          }
          if (state && r === state.round && state.round < state.rounds) {
            const s = state.scores[i];
            if (s !== null && s !== undefined) return h("td", { ...attrs, "data-score": s }, String(s));
            if (i === state.seat) return h("td", { ...attrs, class: "r-col playing" }, tr("playing"));
          }
          return h("td", attrs, "");
        });
        const wins = state ? state.wins[i] : 0;
        const coins = state ? state.coins[i] : 0;
        return h(
          "tr",
          { class: `${acting.includes(i) ? "to-act" : ""}${i === mySeat ? " me" : ""}`, testid: `seat-${i}`, "data-seat": i },
          h(
            "th",
            { class: "name-col" },
            oneTimeMark(h("div", { class: "seat-head" }, seatNameEl(view, i), seatBadges(view, i, mySeat), seatMark(state, forced, i, acting)))
          ),
          cells,
          h("td", { class: "wins-col", testid: `wins-${i}`, "data-wins": wins, "data-head": tr("wins") }, String(wins)),
          stake ? h("td", { class: "coins-col", testid: `coins-${i}`, "data-coins": coins, "data-head": tr("coins") }, signed(coins)) : null
        );
      })
    );
    patch(this.playersEl, head, body);
  }

  /** Each finished round's result line (`names` by seat; `left`:
   * roundsLeft, the rounds a seat is named "Mei (left)" in; `mySeat`: the
   * viewer's seat, said "you", or null). */
  renderResults(state, names, left, mySeat) {
    const history = (state && state.history) || [];
    setText(this.resultsTitle, tr("results"));
    this.resultsTitle.parentElement.hidden = history.length === 0;
    patch(
      this.resultsEl,
      history.map((rec) => {
        const r = rec.round + 1;
        const named = names.map((n, s) => (left.has(`${rec.round}:${s}`) ? t("left_name", { name: n }) : n));
        const w = winnersSaid(rec.winners, named, mySeat);
        const you = (k) => (w.mine ? `${k}_you` : k); // a round I won: "you"
        const best = rec.winners.length ? rec.scores[rec.winners[0]] : 0;
        let text;
        if (rec.box_shut) text = tr(you("res_shut"), { r, name: w.names });
        else if (rec.scores.length === 1) text = tr(you("res_solo"), { r, name: w.names, s: best });
        else text = tr(w.mine ? (w.alone ? "res_win_you" : "res_tie_you") : w.alone ? "res_win" : "res_tie", { r, names: w.names, s: best });
        return h("li", { testid: `round-result-${rec.round}`, class: rec.box_shut ? "box-shut" : "" }, text);
      })
    );
  }

  renderFinal(view, state, names, mySeat) {
    const o = outcome(view, names);
    this.showFinal(
      o && [
        h("h3", {}, t("final_result")),
        h("div", { class: "winners", testid: "winners" }, winnersLine(t, "winner", o, names, mySeat)),
        o.coins.some((c) => c) ? h("div", { class: "coins" }, tr("winner_coins", { list: figureList(names, o.coins.map(signed), mySeat).join(" · ") })) : null,
      ]
    );
  }

  renderLog(names) {
    const items = this.log.items.map((ev) =>
      ev.type === LOG_GAP ? h("li", { class: "log-gap muted" }, gapText()) : h("li", { class: `${ev.type === "turn_over" ? "log-result" : ""}${ev.away ? " log-away" : ""}${ev.type === "turn_over" && ev.reason === "timeout" ? " log-timeout" : ""}`.trim() }, logText(ev, names, this.ctx.seat, false), ...(ev.away ? [" ", awayMark(ev, names, this.ctx.seat)] : []))
    );
    showLog(this.logEl, items, emptyLog());
  }
}
