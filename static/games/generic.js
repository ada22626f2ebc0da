// The fallback table view for games without their own: seats, whose turn
// with a countdown, the outcome, the engine's `state` pretty-printed, and
// (for a seated player) a raw JSON move box, so a new game is playable
// before it gets a real view.

import { t } from "../i18n.js";
import { h, fill, setText } from "../dom.js";
import { seatHead } from "./seats.js";
import { resultNames } from "./results.js";
import { TableView } from "./table_view.js";

export class GenericView extends TableView {
  constructor(host) {
    super(host);
    this.seatsEl = h("div", { class: "seats", testid: "seats" });
    this.moveInput = h("textarea", { class: "move-json", testid: "move-json", rows: 2, spellcheck: "false" });
    this.moveInput.value = '{"type": ""}';
    this.sendBtn = h("button", { class: "primary", testid: "send-move", onclick: () => this.send() }, t("send_move"));
    this.moveBox = h("div", { class: "move-box", hidden: true }, h("label", {}, t("move_json"), this.moveInput), this.sendBtn);
    this.stateEl = h("pre", { class: "state-json", testid: "state-json" });

    this.el = this.frame({ class: "generic" }, [], this.seatsEl, this.moveBox, h("h3", {}, t("state")), this.stateEl);
  }

  send() {
    if (!this.ctx.turn) return;
    let move;
    try {
      move = JSON.parse(this.moveInput.value);
    } catch (e) {
      this.onError({ code: "bad_move", message: String(e.message || e) });
      return;
    }
    this.ctx.send(move);
  }

  render() {
    const { view, ctx, names } = this;
    fill(
      this.seatsEl,
      view.seats.map((s, i) =>
        h(
          "div",
          { class: `seat${ctx.acting.includes(i) ? " to-act" : ""}${i === ctx.seat ? " me" : ""}${s ? "" : " empty"}`, testid: `seat-${i}` },
          seatHead(view, i, ctx.seat)
        )
      )
    );

    this.moveBox.hidden = !ctx.turn;
    this.sendBtn.disabled = ctx.busy;

    this.showFinal(
      view.result && [
        h("h3", {}, t("final_result")),
        h("div", { class: "winners", testid: "winners" }, t("winners_plain", { names: (view.result.winners || []).map((s) => resultNames(view, names)[s]).join(t("list_sep")) })),
        view.result.summary ? h("div", { class: "summary" }, view.result.summary) : null,
      ]
    );
    setText(this.stateEl, JSON.stringify(view.state, null, 2));
  }
}
