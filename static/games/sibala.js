// The Sibala 十八啦 table view: seats, whose turn with its countdown, this
// round's dice (marked "time's up" where the clock rolled them), rounds won, the round result line (worded in the page's
// language from the round record; the kata's English line as its tooltip),
// a log of rolls and results, and the match result.  State shape:
// engines/sibala.py (Sibala.view) and docs/protocol.md.

import { t, localized, signed } from "../i18n.js";
import { h, fill, patch, setText, keepBrackets } from "../dom.js";
import { seatHead, boardSeat, awayName, logName, mineKey } from "./seats.js";
import { forcedMarks, forcedTag, oneTimeMark, markAway, forcedLine, foldTimeouts } from "./forced.js";
import { outcome, winnersSaid, winnersLine, figureList } from "./results.js";
import { awayTurn } from "./clocks.js";
import { showLog } from "./event_log.js";
import { TableView } from "./table_view.js";

const NO_POINT = "no point";

/** The kata's words for a hand: "normal point: 9", "all of a kind: 5", "no point". */
export function describe(category, value) {
  return category === NO_POINT ? NO_POINT : `${category}: ${value}`;
}

/** The kata's result line of a finished round (a state.history record),
 * with the players' names: "Ann win. - with normal point: 9",
 * "Ann, Bo tie. - with normal point: 9", "Tie." (engines/sibala.round_line);
 * the English page shows it as the result line's tooltip. */
export function resultLine(names, record) {
  if (record.tie_all) return "Tie.";
  const who = record.winners.map((s) => names[s]).join(", ");
  const verb = record.winners.length === 1 ? "win" : "tie";
  return `${who} ${verb}. - with ${describe(record.category, record.value)}`;
}

/** A hand in the page's language: "normal point: 9" / "点数 9", "no point" /
 * "无点"; `categories`: the game's board names ({category: {en, zh}}). */
export function handWords(categories, category, value) {
  const name = localized((categories || {})[category], category);
  return category === NO_POINT ? name : t("sibala_hand", { name, value });
}

/** A finished round's result (a state.history record) in the page's
 * language: "Ann wins with normal point: 9", "Ann and Bo tie with … — the
 * round counts for each", "Everyone ties — the round counts for every
 * player" (the same figures as the kata's line; RULES.md 1: a shared round
 * is a win for each who shares it); seen from seat `mySeat` (null: nobody
 * is "you") a round I won says "You win with …", "You and Bo tie …";
 * names joined as the language joins them (namesList: "Ann, Bo and Cy"). */
export function roundResult(names, categories, record, mySeat = null) {
  if (record.tie_all) return t("sibala_tie_all");
  const w = winnersSaid(record.winners, names, mySeat, t("you_start")); // the list starts the sentence
  const key = w.alone ? "sibala_win" : "sibala_tie";
  return t(w.mine ? `${key}_you` : key, { names: w.names, hand: handWords(categories, record.category, record.value) });
}

// Pip positions in a 3x3 grid (0..8, row by row) for each face.
const PIPS = { 1: [4], 2: [2, 6], 3: [2, 4, 6], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };
const FACE_CHARS = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

/** A die drawn with CSS pips (its face in data-face and the accessible label). */
export function die(face) {
  const el = h("span", { class: "die", "data-face": face, role: "img", "aria-label": String(face), title: String(face) });
  const on = new Set(PIPS[face] || []);
  for (let i = 0; i < 9; i++) el.appendChild(h("span", { class: on.has(i) ? "pip on" : "pip" }));
  return el;
}

export function diceText(faces) {
  return faces.map((f) => FACE_CHARS[f] || String(f)).join("");
}

/** A log line's nodes: `text` with its dice (diceText(faces) in it) drawn
 * as small pip dice like the seats'; the glyphs stay in the text, unseen,
 * for screen readers and a copied log.  A short bracketed value ("（点数 8）")
 * stays on one line (keepBrackets). */
export function withPips(text, faces) {
  const glyphs = diceText(faces);
  const at = text.indexOf(glyphs);
  if (at < 0) return keepBrackets(text);
  const dice = h("span", { class: "log-dice", testid: "log-dice", "data-dice": faces.join(" ") }, h("span", { class: "log-glyphs" }, glyphs), h("span", { class: "log-pips", "aria-hidden": "true" }, faces.map(die)));
  return [keepBrackets(text.slice(0, at)), dice, keepBrackets(text.slice(at + glyphs.length))];
}

export class SibalaView extends TableView {
  constructor(host) {
    super(host);
    this.logKey = null;
    this.forced = new Map(); // the rolls the lobby made for a person, "round:seat" → how (forcedMarks)

    this.roundEl = h("span", { class: "round", testid: "round" });
    this.seatsEl = h("div", { class: "seats", testid: "seats" });
    this.rollBtn = h("button", { class: "roll primary big", testid: "roll", disabled: true, onclick: () => this.ctx.send({ type: "roll" }) });
    this.hintEl = h("span", { class: "hint", testid: "turn-hint" });
    this.actionsEl = h("div", { class: "actions" }, this.rollBtn, this.hintEl);
    this.resultEl = h("div", { class: "result-line", testid: "result-line" });

    this.el = this.frame(
      { class: "sibala" },
      [this.roundEl],
      this.seatsEl,
      this.actionsEl,
      (this.resultBox = h("div", { class: "result-box", testid: "result-box", hidden: true }, (this.resultLabel = h("div", { class: "label", testid: "result-label" })), this.resultEl)),
      this.logBox()
    );
  }

  /** The rolls the lobby made for a person's seat (time's up, a bot for an
   * away seat, or for one its player left), "round:seat" → how: the table
   * view's record (forcedMarks). */
  take(view) {
    this.forced = forcedMarks(view);
  }

  timeoutText(note, mine, name) {
    return mine ? t("sibala_timeout_mine") : t("sibala_timeout_other", { name });
  }

  timeoutWarning() {
    return t("sibala_hurry");
  }

  render() {
    const { view, ctx, names } = this;
    const state = view.state;
    const { turn, busy } = ctx;

    // round
    if (state) {
      setText(
        this.roundEl,
        state.round < state.rounds ? t("round_of", { r: state.round + 1, n: state.rounds }) : t("round_of", { r: state.rounds, n: state.rounds })
      );
    } else {
      setText(this.roundEl, "");
    }

    // seats
    this.renderSeats(view, state, ctx.seat, ctx.acting);

    // roll button: players only, enabled only on our turn
    this.actionsEl.hidden = ctx.spectator || view.status !== "playing";
    if (ctx.spectator) {
      this.rollBtn.remove();
    } else {
      if (this.rollBtn.parentNode !== this.actionsEl) this.actionsEl.prepend(this.rollBtn); // a spectator who took a seat
      this.rollBtn.disabled = !turn || busy;
      this.rollBtn.classList.toggle("pulse", !!turn && !busy);
      setText(this.rollBtn, busy ? t("rolling") : t("roll"));
      setText(this.hintEl, turn ? t(awayTurn(view, this.ctx) ? "away_hint" : "your_turn") : "");
    }

    // round result line (the last finished round)
    const history = (state && state.history) || [];
    const last = history[history.length - 1];
    setText(this.resultEl, last ? roundResult(this.namesOfRound(names, history.length - 1), this.categories(), last, ctx.seat) : "");
    setText(this.resultLabel, last ? t("result_line", { r: history.length }) : ""); // the round it belongs to, not the one being played
    this.resultBox.hidden = !last; // no heading before the first result
    // the kata's own line, for who knows it (English only)
    this.resultEl.title = last && ctx.lang === "en" ? resultLine(names, last) : "";

    // match result
    const o = outcome(view, names);
    // after the match the last round's result comes right under who won, so
    // both are on the first screen (a phone's pinned Play again bar covered it
    // below the seats); during the match it is under the dice and Roll
    const home = o ? this.finalEl : this.actionsEl;
    if (this.resultBox.previousElementSibling !== home) home.after(this.resultBox);
    this.showFinal(
      o && [
        h("h3", {}, t("final_result")),
        h("div", { class: "winners", testid: "winners" }, winnersLine(t, "winner", o, names, ctx.seat)),
        o.coins.some((c) => c) ? h("div", { class: "coins" }, figureList(names, o.coins.map(signed), ctx.seat).join(" · ")) : null,
      ]
    );

    this.renderLog(names, state);
  }

  /** `names` as round `r` (0-based) names them: "Mei (left)" only for a
   * seat a bot rolled for in that round because its player had left; a
   * round played before someone left names them as they were then. */
  namesOfRound(names, r) {
    return names.map((n, s) => (this.forced.get(`${r}:${s}`) === "left" ? t("left_name", { name: n }) : n));
  }

  /** The hand categories' names ({category: {en, zh}}: the game's board). */
  categories() {
    return this.board("sibala").categories;
  }

  renderSeats(view, state, mySeat, acting) {
    const history = (state && state.history) || [];
    const last = history[history.length - 1];
    if (this.seatsEl.children.length !== view.seats.length) {
      fill(this.seatsEl, view.seats.map((_, i) => h("div", { class: "seat", testid: `seat-${i}`, "data-seat": i })));
    }
    view.seats.forEach((_, i) => {
      const s = boardSeat(view, i); // the game on show's player
      const card = this.seatsEl.children[i];
      card.classList.toggle("to-act", acting.includes(i));
      card.classList.toggle("me", i === mySeat);
      card.classList.toggle("bot", !!(s && s.bot));
      card.classList.toggle("empty", !s);
      let faces = state && state.rolls ? state.rolls[i] : null;
      let hd = faces ? state.hands[i] : null; // the engine's {category, value} of the roll
      let old = false;
      let r = state ? state.round : 0; // the round of the dice on show
      if (!faces && last && view.status !== "waiting") {
        faces = last.rolls[i];
        hd = last.hands[i];
        old = true;
        r = history.length - 1;
      }
      // the dice's signature is their round's and faces, "old" or not: the
      // roll that ends a round shows its dice as the last round's at once and
      // rolls them (motion.js); dice already on show keep their signature
      // the clock's roll is marked while its dice are on the seat (a bot's: the seat's away badge says it)
      const mark = faces && this.forced.get(`${r}:${i}`) === false ? forcedTag(false, `forced-${i}`) : null;
      const wins = state && state.wins ? state.wins[i] : 0;
      const shared = history.filter((rec) => rec.winners.length > 1 && rec.winners.includes(i)).length; // counted in wins
      const dice = h(
        "div",
        { class: old ? "dice old" : "dice", testid: `dice-${i}`, "data-dice": faces ? faces.join(" ") : "", "data-motion": "roll", "data-msig": faces ? `${r}:${faces.join("")}` : "" },
        faces ? faces.map(die) : h("span", { class: "muted" }, state ? t("not_rolled") : "")
      );
      let handText = "";
      if (faces) {
        const hand = handWords(this.categories(), hd.category, hd.value);
        handText = old ? t("hand_last_round", { hand }) : hand;
      }
      patch(
        card,
        seatHead(view, i, mySeat),
        dice,
        h("div", { class: "hand-text" }, handText, mark),
        state ? h("div", { class: "wins", testid: `wins-${i}`, "data-wins": wins, "data-shared": shared }, t(shared ? "rounds_won_shared" : "rounds_won", { n: wins, k: shared })) : null
      );
      oneTimeMark(card); // the dice's mark, not a badge beside it too
    });
  }

  /** A roll's line (its round from the round_over it ended, else the
   * state's round) and a round's result line, as in the log: a roll the
   * clock made (the lobby's `timeout` event among `events`, folded into it)
   * is forcedLine's ("… — time's up"), one a bot made (`ev.away`:
   * markAway) names the seat so. */
  eventLines(events, names, state) {
    const over = events.find((ev) => ev.type === "round_over");
    const r = (over ? over.round : state ? state.round : 0) + 1;
    const categories = this.categories();
    const mySeat = this.ctx ? this.ctx.seat : null;
    return markAway(foldTimeouts(events, (ev) => ev.type === "rolled")).flatMap((ev) => {
      if (ev.type === "rolled") {
        const text = t(mineKey("log_rolled", ev, mySeat), { r, name: logName(ev, names, mySeat), dice: diceText(ev.dice), hand: handWords(categories, ev.category, ev.value) });
        return [ev.forced && !ev.away ? forcedLine(text) : text];
      }
      if (ev.type === "round_over") return [t("log_result", { r: ev.round + 1, line: roundResult(names, categories, ev, mySeat) })];
      return [];
    });
  }


  /** The log from the state's rounds (`names` by seat; a round's result names
   * a leaver as she was in that round: namesOfRound). */
  renderLog(names, state) {
    const lines = [];
    const rolled = (r, s, faces, hd) => {
      const how = this.forced.get(`${r}:${s}`); // undefined: its player rolled; false: time ran out; true: a bot, the seat away; "left": a bot, its player left
      const away = how === true || how === "left" ? how : false;
      const name = awayName(names[s], away, s === this.ctx.seat);
      const text = t(mineKey("log_rolled", { seat: s, away }, this.ctx.seat), { r: r + 1, name, dice: diceText(faces), hand: handWords(this.categories(), hd.category, hd.value) });
      if (how === true || how === "left") lines.push({ kind: "roll log-away", text, faces });
      else if (how === false) lines.push({ kind: "roll log-timeout", text: forcedLine(text), faces });
      else lines.push({ kind: "roll", text, faces });
    };
    if (state && state.history) {
      state.history.forEach((rec, r) => {
        for (const s of rec.order) rolled(r, s, rec.rolls[s], rec.hands[s]);
        lines.push({ kind: "result", text: t("log_result", { r: r + 1, line: roundResult(this.namesOfRound(names, r), this.categories(), rec, this.ctx.seat) }) });
      });
      if (state.round < state.rounds && state.order) {
        for (const s of state.order.slice(0, state.pos)) {
          if (state.rolls[s]) rolled(state.round, s, state.rolls[s], state.hands[s]);
        }
      }
    }
    const key = lines.map((l) => l.text).join("\n");
    if (key === this.logKey) return;
    this.logKey = key;
    showLog(this.logEl, lines.map((l) => h("li", { class: `log-${l.kind}` }, l.faces ? withPips(l.text, l.faces) : keepBrackets(l.text))));
  }
}
