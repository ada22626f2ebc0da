// Accounts (docs/protocol.md "Accounts"): the password sign-in card of the
// sign-in screen (another device gets the same name, coins and seats, and
// goes to a table it sits at), and the account screen (#account): a guest
// claims its player with a password; an account lists its sessions, signs
// out here, one other session, or everywhere.

import { t, dateLocale } from "../i18n.js";
import { h, fill, setText } from "../dom.js";
import { net, runAction, actionButton, showErrorIn, confirmDialog } from "../shell.js";
import { renderHeader } from "../header.js";
import * as account from "../account.js";

let toSeat = false; // the next welcome follows a password sign-in

net.on("welcome", (w) => {
  if (!toSeat) return;
  toSeat = false;
  const tables = w.tables || [];
  if (tables.length && !/[#&]table=/.test(location.hash)) location.hash = `#table=${tables[0]}`;
});

/** A labelled input (h's `attrs`) as [label, input]. */
function field(id, label, attrs) {
  const input = h("input", { id, ...attrs });
  return [h("label", { for: id }, label), input];
}

/** A form card (test id `testid`): its title, help line (or null), the
 * labelled inputs, the error line `err` next to them and the submit button
 * `btn`; `submit()` when sent. */
function card(testid, title, help, inputs, err, btn, submit) {
  const onsubmit = (e) => {
    e.preventDefault();
    submit();
  };
  return h("form", { class: "card signin", testid, onsubmit, novalidate: true }, h("h2", {}, title), help ? h("p", { class: "muted" }, help) : null, inputs, err, h("div", { class: "row" }, btn));
}

/** The "I have an account" card: name and password, then the account's
 * session on this page. */
export function passwordSignInCard() {
  const [nameLabel, nameIn] = field("acct-name", t("name_label"), { testid: "acct-name", type: "text", autocomplete: "username", required: true });
  const [pwLabel, pwIn] = field("acct-password", t("acct_password"), { testid: "acct-password", type: "password", autocomplete: "current-password", required: true });
  const err = h("div", { class: "form-error", testid: "acct-signin-error", role: "alert" });
  const withinLimit = account.limitName(nameIn, err);
  const btn = h("button", { type: "submit", class: "primary", testid: "acct-signin" }, t("sign_in"));
  const signIn = () =>
    account.signInWithPassword(nameIn.value.trim(), pwIn.value).then((reply) => {
      toSeat = true;
      net.useToken(reply.token);
    });
  // a name too long is said in place (limitName), not sent
  return card("acct-signin-form", t("acct_have_account"), null, [nameLabel, nameIn, pwLabel, pwIn], err, btn, () =>
    withinLimit() ? runAction(btn, signIn, { keep: true, errorEl: err }) : null
  );
}

/** This page ended its own session: back to the sign-in screen, in
 * place (no reload: the page goes on, only without a session). */
function leavePage() {
  location.hash = "";
  net.signedOutHere();
}

function claimCard(done) {
  const [nameLabel, nameIn] = field("claim-name", t("name_label"), { testid: "claim-name", type: "text", autocomplete: "username", value: net.player ? net.player.name : "" });
  const rules = h("p", { class: "muted field-help", id: "claim-password-rules", testid: "password-policy" });
  const [pwLabel, pwIn] = field("claim-password", t("acct_new_password"), {
    testid: "claim-password",
    type: "password",
    autocomplete: "new-password",
    required: true,
    "aria-describedby": "claim-password-rules",
  });
  account.passwordPolicy().then((p) => setText(rules, account.policyText(p) || ""));
  const err = h("div", { class: "form-error", testid: "claim-error", role: "alert" });
  const withinLimit = account.limitName(nameIn, err);
  const btn = h("button", { type: "submit", class: "primary", testid: "claim" }, t("acct_claim"));
  const claim = () => account.claim(nameIn.value.trim(), pwIn.value);
  return card("claim-form", t("acct_claim_title"), t("acct_claim_help"), [nameLabel, nameIn, pwLabel, pwIn, rules], err, btn, () =>
    withinLimit() ? runAction(btn, claim, { errorEl: err, done }) : null
  );
}

/** The sign-out-everywhere confirm: what it ends, and what becomes of our
 * seats meanwhile (the server's seat policy, when it can be read). */
async function everywhereAsk() {
  const seats = await account.seatPolicy();
  if (!seats) return t("acct_everywhere_ask");
  // never more time than the server gives: whole seconds down, tenths below one second
  const s = seats.grace_ms >= 1000 ? Math.floor(seats.grace_ms / 1000) : Math.floor(seats.grace_ms / 100) / 10;
  return [t("acct_everywhere_ask"), t("acct_everywhere_waiting", { s }), t(seats.away_after ? "acct_everywhere_running" : "acct_everywhere_running_no_bot", { n: seats.away_after })].join(t("sentence_sep"));
}

function sessionsCard() {
  const list = h("ul", { class: "sessions", testid: "sessions" }, h("li", { class: "muted" }, t("stats_loading")));
  const err = h("div", { class: "form-error", testid: "sessions-error", role: "alert" });
  const load = () =>
    account.sessions().then(
      (reply) => fill(list, reply.sessions.map(sessionRow)),
      (e) => showErrorIn(err, e)
    );
  const when = (ms) => new Date(ms).toLocaleString(dateLocale(), { dateStyle: "medium", timeStyle: "short" });
  const device = (d) => (d && d.browser && d.os ? t("acct_device", d) : d ? d.browser || d.os : t("acct_device_unknown"));
  const sessionRow = (s) =>
    h(
      "li",
      { testid: s.current ? "session-current" : "session", "data-id": s.id },
      h("strong", { class: "device", testid: "session-device" }, device(s.device)),
      " ",
      h("span", { class: "muted" }, t("acct_session_since", { when: when(s.created) }), s.last_seen ? ` · ${t("acct_last_seen", { when: when(s.last_seen) })}` : ""),
      " ",
      s.current
        ? h("span", { class: "badge" }, t("acct_this_device"))
        : actionButton({ class: "link", testid: `end-session-${s.id}` }, t("acct_sign_out"), () => account.signOut(s.id), { errorEl: err, done: load })
    );
  load();
  const everywhere = h("button", { class: "danger", testid: "sign-out-everywhere" }, t("acct_sign_out_everywhere"));
  everywhere.addEventListener("click", async () => {
    if (!(await confirmDialog(await everywhereAsk(), t("acct_sign_out_everywhere"), t("cancel")))) return;
    runAction(everywhere, () => account.signOut("*"), { keep: true, errorEl: err, done: leavePage });
  });
  return h(
    "div",
    { class: "card" },
    h("h3", {}, t("acct_sessions")),
    list,
    err,
    h(
      "div",
      { class: "row" },
      actionButton({ testid: "sign-out" }, t("acct_sign_out"), () => account.signOut(), { keep: true, errorEl: err, done: leavePage }),
      everywhere
    )
  );
}

/** The account screen (#account). */
export function accountScreen() {
  const el = h("section", { class: "screen screen-account", testid: "account-screen" });
  const draw = () => {
    const p = net.player || {};
    el.dataset.claimed = p.claimed ? "true" : "false";
    fill(
      el,
      h("a", { href: "#", class: "back" }, t("back_to_games")),
      p.claimed
        ? [
            h("h2", {}, t("acct_signed_in_as", { name: p.name })),
            h("p", {}, h("a", { href: `#player=${encodeURIComponent(p.name)}`, testid: "my-profile" }, t("acct_my_profile"))),
            sessionsCard(),
          ]
        : [
            p.id ? h("p", {}, h("a", { href: `#player=${encodeURIComponent(p.id)}`, testid: "my-profile" }, t("acct_my_profile"))) : null,
            claimCard((reply) => {
              net.player = { ...net.player, ...reply.player };
              renderHeader();
              draw();
            }),
          ]
    );
  };
  draw();
  return { el };
}
