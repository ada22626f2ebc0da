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

const moreTexts = [];

/** Let `fn(err)` word refusals first (a sentence, or null: not one of its
 * codes); account.js words the account routes' this way. */
export function addErrorTexts(fn) {
  moreTexts.push(fn);
}

/** A refusal (a LobbyError: {code, message}) as a sentence. */
export function errorText(err) {
  if (!err) return "";
  for (const fn of moreTexts) {
    const text = fn(err);
    if (text) return text;
  }
  if (err.code === "bad_name") return t("name_bad");
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
