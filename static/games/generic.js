// The fallback table view for games without their own: seats, whose turn
// with a countdown, the outcome, the engine's `state` pretty-printed, and
// (for a seated player) a raw JSON move box, so a new game is playable
// before it gets a real view.

import { t } from "../i18n.js";
import { h, fill, setText } from "../dom.js";
import { seatName, countdownText, clocks, myTurn, turnText, seatHead } from "./common.js";

export class GenericView {
  /** ctx: {net, id, onError(err)} */
  constructor(ctx) {
    this.net = ctx.net;
    this.id = ctx.id;
    this.onError = ctx.onError || (() => {});
    this.entry = null;
    this.moveDirty = false;

    this.turnEl = h("span", { class: "turn", testid: "turn" });
    this.countdownEl = h("span", { class: "countdown", testid: "countdown" });
    this.seatsEl = h("div", { class: "seats", testid: "seats" });
    this.resultEl = h("div", { class: "final", testid: "final-result", hidden: true });
    this.moveInput = h("textarea", { class: "move-json", testid: "move-json", rows: 2, spellcheck: "false", oninput: () => (this.moveDirty = true) });
    this.moveInput.value = '{"type": ""}';
    this.sendBtn = h("button", { class: "primary", testid: "send-move", onclick: () => this.send() }, t("send_move"));
    this.moveBox = h("div", { class: "move-box", hidden: true }, h("label", {}, t("move_json"), this.moveInput), this.sendBtn);
    this.stateEl = h("pre", { class: "state-json", testid: "state-json" });

    this.el = h(
      "div",
      { class: "generic" },
      h("div", { class: "statusbar" }, this.turnEl, this.countdownEl),
      this.seatsEl,
      this.moveBox,
      this.resultEl,
      h("h3", {}, t("state")),
      this.stateEl
    );
  }

  send() {
    const turn = myTurn(this.entry);
    if (!turn) return;
    let move;
    try {
      move = JSON.parse(this.moveInput.value);
    } catch (e) {
      this.onError({ code: "bad_move", message: String(e.message || e) });
      return;
    }
    this.sendBtn.disabled = true;
    this.net.move(this.id, turn, move).then(
      () => {
        this.sendBtn.disabled = false;
      },
      (err) => {
        this.sendBtn.disabled = false;
        this.onError(err);
      }
    );
  }

  update(entry) {
    this.entry = entry;
    const view = entry.view;
    const acting = clocks(view, this.net).map((c) => c.seat);
    const turn = myTurn(entry);
    setText(this.turnEl, turnText(view, turn, acting));
    this.tick();

    fill(
      this.seatsEl,
      view.seats.map((s, i) =>
        h(
          "div",
          { class: `seat${acting.includes(i) ? " to-act" : ""}${i === entry.seat ? " me" : ""}${s ? "" : " empty"}`, testid: `seat-${i}` },
          seatHead(view, i, entry.seat)
        )
      )
    );

    this.moveBox.hidden = !turn;

    if (view.result) {
      const names = (view.result.winners || []).map((s) => seatName(view, s)).join(", ");
      fill(
        this.resultEl,
        h("h3", {}, t("final_result")),
        h("div", { class: "winners", testid: "winners" }, t("winners_plain", { names })),
        view.result.summary ? h("div", { class: "summary" }, view.result.summary) : null
      );
      this.resultEl.hidden = false;
    } else {
      this.resultEl.hidden = true;
    }
    setText(this.stateEl, JSON.stringify(view.state, null, 2));
  }

  tick() {
    setText(this.countdownEl, this.entry ? countdownText(this.entry.view, this.net) : "");
  }

  destroy() {}
}
