// What every screen of the page shares: the one lobby connection, the page's
// fixed elements, error texts and the toast, the window title, and the one
// way an action button sends a request (runAction / actionButton).

import { Net } from "./net.js";
import { t } from "./i18n.js";
import { h, setText } from "./dom.js";

export const net = new Net();
window.lobby = { net }; // for the console

/** The page's fixed elements (index.html). */
export const ui = {
  main: document.getElementById("main"),
  conn: document.getElementById("conn"),
  who: document.getElementById("who"),
  lang: document.getElementById("lang"),
  banner: document.getElementById("banner"),
  bannerText: document.getElementById("banner-text"),
  reload: document.getElementById("reload"),
  toast: document.getElementById("toast"),
  brand: document.getElementById("brand"),
};

/** The welcome's GameInfo of game `id`, or null. */
export function gameInfo(id) {
  return net.games.find((g) => g.id === id) || null;
}

/** The `reason`s of a bad_name refusal worded in i18n.js (name_bad_<reason>). */
const NAME_REASONS = new Set(["length", "reserved", "control", "invisible", "marks"]);

/** A refusal (a LobbyError: {code, message, reason}) as a sentence. */
export function errorText(err) {
  if (!err) return "";
  if (err.code === "bad_name") return t(NAME_REASONS.has(err.reason) ? `name_bad_${err.reason}` : "name_bad");
  if (err.code === "no_such_table") return t("table_gone");
  if (err.code === "rate_limited") return t("rate_limited");
  return t("error", { msg: `${err.message || err.code}${err.code ? ` (${err.code})` : ""}` });
}

let toastTimer = null;
/** Show a refusal in the toast for 6 s. */
export function showError(err) {
  setText(ui.toast, errorText(err));
  ui.toast.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (ui.toast.hidden = true), 6000);
}

/** A table status ("waiting", ...; null: not known yet) as a word. */
export function statusText(status) {
  return t(`status_${status || "loading"}`);
}

/** The window title: `prefix` (the your-turn cue, or "") and the app's name. */
export function setTitle(prefix) {
  const title = (prefix || "") + t("app_title");
  if (document.title !== title) document.title = title;
}

const running = new WeakSet();

/** Whether button `btn`'s request (runAction) is still on its way. */
export function isRunning(btn) {
  return running.has(btn);
}

/** The one way a button sends a request: `btn` is disabled, `request()` (a
 * promise of the reply) runs, and `btn` is enabled again when it settles
 * (on success not with `keep`: the screen is about to change), after which
 * `done(reply)` runs; a refusal is shown next to the button in `errorEl`
 * when given, else in the toast. */
export function runAction(btn, request, { done = null, keep = false, errorEl = null } = {}) {
  btn.disabled = true;
  running.add(btn);
  if (errorEl) setText(errorEl, "");
  return request().then(
    (reply) => {
      running.delete(btn);
      if (!keep) btn.disabled = false;
      if (done) done(reply);
    },
    (err) => {
      running.delete(btn);
      btn.disabled = false;
      if (errorEl) setText(errorEl, errorText(err));
      else showError(err);
    }
  );
}

/** A button (h's `attrs`, `label`) that runs `request` by runAction (`opts`)
 * when clicked. */
export function actionButton(attrs, label, request, opts) {
  const btn = h("button", attrs, label);
  btn.addEventListener("click", () => runAction(btn, request, opts));
  return btn;
}

/** An in-page question (a modal <dialog>, never window.confirm): `text`
 * with the buttons `yes` and `no`; resolves true when `yes` is pressed,
 * false otherwise (`no`, Escape). */
export function confirmDialog(text, yes, no) {
  return new Promise((resolve) => {
    const dlg = h(
      "dialog",
      { class: "confirm card", testid: "confirm", "aria-labelledby": "confirm-text" },
      h("p", { id: "confirm-text", testid: "confirm-text" }, text),
      h("form", { method: "dialog", class: "row" }, h("button", { class: "primary", testid: "confirm-no", value: "no", autofocus: true }, no), h("button", { class: "danger", testid: "confirm-yes", value: "yes" }, yes))
    );
    dlg.addEventListener("close", () => {
      dlg.remove();
      resolve(dlg.returnValue === "yes");
    });
    document.body.appendChild(dlg);
    dlg.showModal();
  });
}
