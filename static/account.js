// The account, leaderboard and profile routes (docs/protocol.md, HTTP):
// JSON in and out, our token as `Authorization: Bearer`, a refusal as a
// LobbyError {code, message} (the server's `code` and `error`).  Also the
// words for their refusals, in the page's language.

import { t } from "./i18n.js";
import { LobbyError, namedError } from "./net.js";
import { net, addErrorTexts, MAX_NAME, setMaxName, watchLength } from "./shell.js";

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
    const err = namedError(new LobbyError((data && data.code) || `http_${res.status}`, (data && data.error) || res.statusText, (data && data.reason) || null), body);
    err.http = true; // worded by accountErrorText
    throw err;
  }
  return data;
}

/** Claim our guest player under `name` with `password`: {player}.  The
 * policy is read first, so that a refusal can be worded with its numbers. */
export async function claim(name, password) {
  await passwordPolicy();
  return keepDevice(await api("/api/account/claim", { method: "POST", body: { name, password, device: deviceKey() }, auth: true }));
}

/** A new session of account `name`: {token, player}. */
export async function signInWithPassword(name, password) {
  return keepDevice(await api("/api/account/signin", { method: "POST", body: { name, password, device: deviceKey() } }));
}

const DEVICE_KEY = "lobby.device";

/** This browser's device key (the lobby gave it at a sign-in or claim; an
 * account it signed in to lets it in while others' guesses lock the
 * account), or undefined. */
function deviceKey() {
  try {
    return localStorage.getItem(DEVICE_KEY) || undefined;
  } catch {
    return undefined; // storage refused (private mode): sign in without one
  }
}

function keepDevice(reply) {
  try {
    if (reply && typeof reply.device === "string") localStorage.setItem(DEVICE_KEY, reply.device);
  } catch {
    // storage refused: the next sign-in gets a new key
  }
  return reply;
}

let policy = null; // GET /api/account/policy's answer, once asked for (a promise)
let known = null; // the password policy as read (for the refusals' numbers)

function readPolicy() {
  if (!policy)
    policy = api("/api/account/policy").then(
      (r) => r,
      () => (policy = null)
    );
  return policy;
}

/** Make text input `input` a player name's: past the longest name the
 * lobby takes (shell.js MAX_NAME, then the policy's `name.max` once read)
 * its error line `errEl` says so in place, and nothing is cut (shell.js
 * watchLength); returns check(): false (the line saying why) while too long. */
export function limitName(input, errEl) {
  const check = watchLength(input, errEl, () => MAX_NAME, "name_bad_length");
  readPolicy().then((r) => {
    if (r && r.name) setMaxName(r.name.max);
    if (input.value) check();
  });
  return check;
}

/** The server's password policy ({min, max, distinct}: lobby.accounts),
 * read once; resolves null when it cannot be read. */
export function passwordPolicy() {
  return readPolicy().then((r) => (r ? (known = r.password) : null));
}

/** What becomes of our seats while no session of ours is connected:
 * {grace_ms (ms: a seat at a table that has not started is given up after
 * it), away_after (timeouts in a row before a bot plays a running game's
 * seat; 0: never)}; resolves null when it cannot be read. */
export function seatPolicy() {
  return readPolicy().then((r) => (r ? r.seats : null));
}

/** Our account's live sessions: {sessions: [{id, created, last_seen (ms), device ({browser, os} | null), current}]}. */
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

/** The password policy's refusal (weak_password; its `reason` says which
 * rule failed: lobby/accounts.py check_password) in the page's language,
 * with the numbers of the policy read; null when we cannot say more than
 * err_weak_password. */
function weakPasswordText(err) {
  if (err.reason === "name") return t("acct_pw_name");
  if (err.reason === "type") return t("acct_pw_type");
  if (!known) return null;
  if (err.reason === "length") return t("acct_pw_length", { lo: known.min, hi: known.max });
  if (err.reason === "distinct") return t("acct_pw_distinct", { n: known.distinct });
  return null;
}

/** The policy `p` (passwordPolicy's) stated up front, in the page's language; null for none. */
export function policyText(p) {
  return p ? t("acct_pw_policy", p) : null;
}

/** A refusal of these routes (an `api` error) that the page words from
 * more than its code (i18n's err_<code> words the rest), else null: the
 * password policy by its rule, too many sign-ins (the websocket's
 * rate_limited keeps its own words). */
export function accountErrorText(err) {
  if (!(err && err.http)) return null;
  if (err.code === "weak_password") return weakPasswordText(err);
  if (err.code === "rate_limited") return t("acct_rate_limited");
  return null;
}

addErrorTexts(accountErrorText);
