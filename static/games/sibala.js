// The Sibala 十八啦 table view: seats, whose turn with its countdown, this
// round's dice, rounds won, the round result line in the kata's words, a
// log of rolls and results, and the match result.  State shape:
// engines/sibala.py (Sibala.view) and docs/protocol.md.

import { t, getLang } from "../i18n.js";
import { h, fill, setText } from "../dom.js";
import { TableView, seatHead, seedLine, outcome, showLog } from "./common.js";

const ALL_OF_A_KIND = "all of a kind";
const NORMAL_POINT = "normal point";
const NO_POINT = "no point";

/** The kata's words for a hand: "normal point: 9", "all of a kind: 5", "no point". */
export function describe(category, value) {
  return category === NO_POINT ? NO_POINT : `${category}: ${value}`;
}

const ZH_CATEGORY = { [ALL_OF_A_KIND]: "一色", [NORMAL_POINT]: "点数", [NO_POINT]: "无点" };

function describeLocal(category, value) {
  if (getLang() !== "zh") return describe(category, value);
  return category === NO_POINT ? ZH_CATEGORY[NO_POINT] : `${ZH_CATEGORY[category] || category} ${value}`;
}

/** The kata's result line of a finished round (a state.history record),
 * with the players' names: "Ann win. - with normal point: 9",
 * "Ann, Bo tie. - with normal point: 9", "Tie." (engines/sibala.round_line). */
export function resultLine(names, record) {
  if (record.tie_all) return "Tie.";
  const who = record.winners.map((s) => names[s]).join(", ");
  const verb = record.winners.length === 1 ? "win" : "tie";
  return `${who} ${verb}. - with ${describe(record.category, record.value)}`;
}

/** The same line in Chinese (shown beside the English one in 中文 mode). */
export function resultLineZh(names, record) {
  if (record.tie_all) return "平局。";
  const who = record.winners.map((s) => names[s]).join("、");
  const verb = record.winners.length === 1 ? "胜" : "平手";
  const what = record.category === NO_POINT ? "无点" : `${ZH_CATEGORY[record.category]} ${record.value}`;
  return `${who} ${verb}——${what}`;
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

export class SibalaView extends TableView {
  constructor(host) {
    super(host);
    this.logKey = null;

    this.roundEl = h("span", { class: "round", testid: "round" });
    this.seatsEl = h("div", { class: "seats", testid: "seats" });
    this.rollBtn = h("button", { class: "roll primary big", testid: "roll", disabled: true, onclick: () => this.ctx.send({ type: "roll" }) });
    this.hintEl = h("span", { class: "hint", testid: "turn-hint" });
    this.actionsEl = h("div", { class: "actions" }, this.rollBtn, this.hintEl);
    this.resultEl = h("div", { class: "result-line", testid: "result-line" });
    this.resultZhEl = h("div", { class: "result-line-zh", testid: "result-line-zh", lang: "zh-CN" });

    this.el = this.frame(
      { class: "sibala" },
      [this.roundEl],
      this.seatsEl,
      this.actionsEl,
      h("div", { class: "result-box" }, h("div", { class: "label" }, t("result_line")), this.resultEl, this.resultZhEl),
      this.finalEl,
      this.logBox("", t("log"))
    );
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
      setText(this.hintEl, turn ? t("your_turn") : "");
    }

    // round result line (the last finished round)
    const history = (state && state.history) || [];
    const last = history[history.length - 1];
    const zh = ctx.lang === "zh";
    setText(this.resultEl, last ? resultLine(names, last) : "");
    setText(this.resultZhEl, last && zh ? resultLineZh(names, last) : "");
    this.resultZhEl.hidden = !zh;

    // match result
    const o = outcome(view, names);
    this.showFinal(
      o && [
        h("h3", {}, t("final_result")),
        h("div", { class: "winners", testid: "winners" }, t(o.winners.length === 1 ? "winner_one" : "winner_many", { names: o.who, n: o.best })),
        o.coins.some((c) => c) ? h("div", { class: "coins" }, names.map((n, i) => `${n}: ${o.coins[i] > 0 ? "+" : ""}${o.coins[i]}`).join(" · ")) : null,
        seedLine(view),
      ]
    );

    this.renderLog(names, state);
  }

  renderSeats(view, state, mySeat, acting) {
    const history = (state && state.history) || [];
    const last = history[history.length - 1];
    if (this.seatsEl.children.length !== view.seats.length) {
      fill(this.seatsEl, view.seats.map((_, i) => h("div", { class: "seat", testid: `seat-${i}`, "data-seat": i })));
    }
    view.seats.forEach((s, i) => {
      const card = this.seatsEl.children[i];
      card.classList.toggle("to-act", acting.includes(i));
      card.classList.toggle("me", i === mySeat);
      card.classList.toggle("bot", !!(s && s.bot));
      card.classList.toggle("empty", !s);
      let faces = state && state.rolls ? state.rolls[i] : null;
      let hd = faces ? state.hands[i] : null; // the engine's {category, value} of the roll
      let old = false;
      if (!faces && last && view.status !== "waiting") {
        faces = last.rolls[i];
        hd = last.hands[i];
        old = true;
      }
      const wins = state && state.wins ? state.wins[i] : 0;
      const dice = h(
        "div",
        { class: old ? "dice old" : "dice", testid: `dice-${i}`, "data-dice": faces ? faces.join(" ") : "" },
        faces ? faces.map(die) : h("span", { class: "muted" }, state ? t("not_rolled") : "")
      );
      let handText = "";
      if (faces) {
        handText = describeLocal(hd.category, hd.value) + (old ? ` (${t("last_round")})` : "");
      }
      fill(
        card,
        seatHead(view, i, mySeat),
        dice,
        h("div", { class: "hand-text" }, handText),
        state ? h("div", { class: "wins", testid: `wins-${i}`, "data-wins": wins }, t("rounds_won", { n: wins })) : null
      );
    });
  }

  renderLog(names, state) {
    const lines = [];
    if (state && state.history) {
      state.history.forEach((rec, r) => {
        for (const s of rec.order) {
          const hd = rec.hands[s];
          lines.push({ kind: "roll", text: t("log_rolled", { r: r + 1, name: names[s], dice: diceText(rec.rolls[s]), hand: describeLocal(hd.category, hd.value) }) });
        }
        lines.push({ kind: "result", text: t("log_result", { r: r + 1, line: resultLine(names, rec) }) });
      });
      if (state.round < state.rounds && state.order) {
        for (const s of state.order.slice(0, state.pos)) {
          const faces = state.rolls[s];
          if (!faces) continue;
          const hd = state.hands[s];
          lines.push({ kind: "roll", text: t("log_rolled", { r: state.round + 1, name: names[s], dice: diceText(faces), hand: describeLocal(hd.category, hd.value) }) });
        }
      }
    }
    const key = lines.map((l) => l.text).join("\n");
    if (key === this.logKey) return;
    this.logKey = key;
    showLog(this.logEl, lines.map((l) => h("li", { class: `log-${l.kind}` }, l.text)));
  }
}
