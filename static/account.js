// The account, leaderboard and profile routes (docs/protocol.md, HTTP):
// JSON in and out, our token as `Authorization: Bearer`, a refusal as a
// LobbyError {code, message} (the server's `code` and `error`).  Also the
// words for their refusals, in the page's language.

import { t } from "./i18n.js";
import { LobbyError } from "./net.js";
import { net, addErrorTexts } from "./shell.js";

/** `method` `path` (a body object: sent as JSON; `auth`: with our token);
 * resolves with the answer's JSON, rejects with a LobbyError. */
export async function api(path, { method = "GET", body = null, auth = false } = {}) {
  const headers = {};
  if (body !== null) headers["Content-Type"] = "application/json";
  if (auth && net.token) headers.Authorization = `Bearer ${net.token}`;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === null ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new LobbyError("disconnected", "no answer from the server");
  }
  let data = null;
  try {
    data = await res.json();
  } catch (e) {
    /* not JSON: handled below */
  }
  if (!res.ok) {
    const err = new LobbyError((data && data.code) || `http_${res.status}`, (data && data.error) || res.statusText);
    err.http = true; // worded by accountErrorText
    throw err;
  }
  return data;
}

/** Claim our guest player under `name` with `password`: {player}. */
export function claim(name, password) {
  return api("/api/account/claim", { method: "POST", body: { name, password }, auth: true });
}

/** A new session of account `name`: {token, player}. */
export function signInWithPassword(name, password) {
  return api("/api/account/signin", { method: "POST", body: { name, password } });
}

/** Our account's live sessions: {sessions: [{id, created (ms), current}]}. */
export function sessions() {
  return api("/api/account/sessions", { auth: true });
}

/** End this session (`session` null), session id `session`, or all ("*"): {ended}. */
export function signOut(session = null) {
  return api("/api/account/signout", { method: "POST", body: session === null ? {} : { session }, auth: true });
}

/** Page `page` (0: the top) of `game`'s leaderboard, with our own place. */
export function leaderboard(game, page = 0) {
  return api(`/api/leaderboard/${encodeURIComponent(game)}?page=${page}`, { auth: true });
}

/** A player's profile by public id or account name. */
export function profile(ref) {
  return api(`/api/players/${encodeURIComponent(ref)}`);
}

/** The password policy's refusal (weak_password: the server's English
 * sentence saying which rule failed, lobby/accounts.py check_password) in
 * the page's language; null when it is not one we know (err_weak_password). */
function weakPasswordText(message) {
  const m = message || "";
  let got = m.match(/needs (\d+) to (\d+) characters/);
  if (got) return t("acct_pw_length", { lo: got[1], hi: got[2] });
  got = m.match(/at least (\d+) different characters/);
  if (got) return t("acct_pw_distinct", { n: got[1] });
  if (/contain your name/.test(m)) return t("acct_pw_name");
  return null;
}

/** A refusal of these routes (an `api` error) that the page words from
 * more than its code (i18n's err_<code> words the rest), else null: the
 * password policy by its rule, too many sign-ins (the websocket's
 * rate_limited keeps its own words). */
export function accountErrorText(err) {
  if (!(err && err.http)) return null;
  if (err.code === "weak_password") return weakPasswordText(err.message);
  if (err.code === "rate_limited") return t("acct_rate_limited");
  return null;
}

addErrorTexts(accountErrorText);
