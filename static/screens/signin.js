// The sign-in form (a new guest's name; an account's is account.js's card
// beside it), the same form to change our name,
// and the screen shown while a stored token reconnects.

import { t } from "../i18n.js";
import { h, setText } from "../dom.js";
import { net, showErrorIn, runAction } from "../shell.js";
import { passwordSignInCard } from "./account.js";
import { limitName } from "../account.js";

/** The sign-in screen, or with `rename` the change-name one: `done()` after
 * a rename was saved, `cancel()` to close it; `notice` (or null) a line
 * above the form (why we are here: signed out).  Its signInError(err) shows a
 * refused first sign-in (net's "sign-in-error" event). */
export function signInScreen({ rename = false, done = () => {}, cancel = () => {}, notice = null } = {}) {
  const input = h("input", {
    id: "name-input",
    testid: "name-input",
    type: "text",
    autocomplete: "nickname",
    required: true,
    value: rename && net.player ? net.player.name : "",
  });
  const err = h("div", { class: "form-error", testid: "sign-in-error", role: "alert" });
  const withinLimit = limitName(input, err);
  const submitBtn = h("button", { type: "submit", class: "primary", testid: rename ? "save-name" : "sign-in" }, rename ? t("save_name") : t("sign_in"));
  const submit = () => {
    const name = input.value.trim();
    if (!name) {
      setText(err, t("name_bad_empty"));
      return;
    }
    if (!withinLimit()) return; // too long: said in place, nothing sent
    setText(err, "");
    if (rename) {
      runAction(submitBtn, () => net.signIn(name), { keep: true, done, errorEl: err });
    } else {
      submitBtn.disabled = true; // a refusal comes as net's "sign-in-error" event
      net.signIn(name);
    }
  };
  const form = h(
    "form",
    {
      class: "card signin",
      testid: rename ? "rename-form" : "sign-in-form",
      novalidate: true,
      onsubmit: (e) => {
        e.preventDefault();
        submit();
      },
    },
    h("h2", {}, rename ? t("change_name") : t("sign_in_title")),
    h("p", { class: "muted" }, t("sign_in_help")),
    h("label", { for: "name-input" }, t("name_label")),
    input,
    err,
    h("div", { class: "row" }, submitBtn, rename ? h("button", { type: "button", testid: "cancel-rename", onclick: cancel }, t("cancel")) : null)
  );
  return {
    el: h(
      "section",
      { class: "screen screen-signin" },
      notice ? h("p", { class: "card notice", role: "status", testid: "signed-out-notice" }, notice) : null,
      form,
      rename ? null : passwordSignInCard()
    ),
    focus: () => input.focus(),
    signInError: (e) => {
      submitBtn.disabled = false;
      showErrorIn(err, e);
    },
  };
}

/** While a stored token connects; "Change name" forgets it and starts over. */
export function connectingScreen() {
  const forget = () => {
    net.forget();
    net.stop();
    location.reload();
  };
  return {
    el: h(
      "section",
      { class: "screen screen-connecting", testid: "connecting" },
      h("p", { class: "muted" }, t("connecting")),
      h("button", { class: "link", onclick: forget }, t("change_name"))
    ),
  };
}
