// What every screen of the page shares: the one lobby connection, the page's
// fixed elements, error texts (beside the control that caused them:
// showErrorIn; the toast only for what has no control, such as connection
// trouble), the window title, and the one way an action button sends a
// request (runAction / actionButton).

import { Net } from "./net.js";
import { t, errorKey, getLang, localized, gameTitle } from "./i18n.js";
import { h, fill, setText } from "./dom.js";

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

/** Every option of `game` (a GameInfo) by name: `options`' value, else the spec's default. */
function settings(game, options) {
  const out = {};
  for (const o of game.options || []) out[o.name] = options && o.name in options ? options[o.name] : o.default;
  return out;
}

/** My coins as the table shows them (docs/play.md: the coins in a running
 * hand's pot are not spendable): the balance less what my seat has put in
 * at every table I follow whose running game shows my seat a live balance
 * (its view's state.players[seat].balance: stud at a coin table); the
 * balance itself elsewhere.  In coins; 0 before sign-in. */
export function spendableCoins() {
  if (!net.player) return 0;
  let coins = net.player.coins;
  for (const entry of net.tables.values()) {
    const v = entry.view;
    if (!v || v.status !== "playing" || !v.coins_to_sit || entry.seat === null || entry.seat === undefined) continue;
    const me = v.state && Array.isArray(v.state.players) ? v.state.players[entry.seat] : null;
    if (me && typeof me.balance === "number") coins -= Math.max(0, net.player.coins - me.balance);
  }
  return coins;
}

/** The coins a player needs to sit at a table of `game` (a GameInfo) with
 * `options` (by name), by its rule (GameInfo.coins, engines/base.py
 * coins_needed, as the server checks it); 0 where no coins move. */
export function coinsNeeded(game, options) {
  const rule = game && game.coins;
  if (!rule) return 0;
  const opts = settings(game, options);
  if (rule.option) return Number((rule.values || {})[String(opts[rule.option])] || 0);
  return (rule.options || []).reduce((need, name) => need * Number(opts[name] || 0), rule.times || 1);
}

/** The stake of a table of `game` (a GameInfo) with `options`, in words of
 * the page's language: "Stake 100 coins", stud's "Tier: Beginner, ante 100"
 * (play chips said where no coins move); with `coins` (the table's
 * coins_to_sit) > 0 what sitting needs.  Nodes: each part ("needs 1000
 * coins to sit", "入座需要 1000 金币") in a span that never wraps inside
 * (style.css .keep-together: a figure stays with its unit, 金币 never
 * splits), " · " between them, where the line may wrap; [] for a game with
 * no coin options. */
export function stakeLine(game, options, coins) {
  return stakeParts(game, options, coins).flatMap((part, i) => [i ? " · " : null, h("span", { class: "keep-together" }, part)]).filter((x) => x !== null);
}

/** The parts of stakeLine (strings, in the page's language). */
function stakeParts(game, options, coins) {
  if (!game) return [];
  const opts = settings(game, options);
  const tiers = (game.board || {}).tiers;
  const parts = [];
  for (const o of game.options || []) {
    if (!o.no_coins) continue;
    const value = opts[o.name];
    if (o.kind === "choice" && tiers && tiers[value]) {
      const tier = tiers[value];
      const name = localized(tier.name, String(value));
      parts.push(t(tier.coins ? "stake_tier" : "stake_tier_chips", { tier: name.charAt(0).toUpperCase() + name.slice(1), ante: tier.ante }));
    } else if (o.kind === "choice") {
      parts.push(`${localized(o.label, o.name)}: ${localized((o.choice_labels || {})[String(value)], String(value))}`);
    } else if (!o.no_coins.includes(value)) {
      parts.push(t("stake_coins", { n: value }));
    }
  }
  if (coins > 0) parts.push(t("stake_needs", { n: coins }));
  return parts;
}

/** The longest name the lobby takes (characters: lobby/protocol.py
 * MAX_NAME, also sent as GET /api/account/policy's `name.max`; the name
 * inputs say so in place past it: watchLength). */
export let MAX_NAME = 24;
/** Take the server's `max` (characters) for names, once read. */
export function setMaxName(max) {
  if (Number.isInteger(max) && max > 0) MAX_NAME = max;
}

/** The `reason`s of a bad_name refusal worded in i18n.js (name_bad_<reason>). */
const NAME_REASONS = new Set(["empty", "length", "page_word", "reserved", "bracket", "control", "hidden", "invisible", "letters", "marks", "mark", "taken", "script", "mixed_scripts", "symbol", "spelling"]);
/** The `reason`s of a bad_text refusal (a chat line) worded in i18n.js (text_bad_<reason>). */
const TEXT_REASONS = new Set(["empty", "length", "control", "invisible", "marks"]);
/** The longest chat line (characters: lobby/protocol.py MAX_CHAT). */
export const MAX_CHAT = 200;

/** Watch text input `input` for more than `max()` characters (as the
 * lobby counts them: code points, after trimming). Past it, error line
 * `errEl` says so in place with `key`'s words ({max}), as the lobby's
 * refusal would; nothing is cut from what was typed (a maxlength cut it
 * without a word). Returns check(): true within the limit (clearing the
 * line if it said so), else false with the line saying it. */
export function watchLength(input, errEl, max, key) {
  let said = false;
  const check = () => {
    const over = [...input.value.trim()].length > max();
    if (over) setText(errEl, t(key, { max: max() }));
    else if (said) setText(errEl, "");
    said = over;
    input.toggleAttribute("aria-invalid", over);
    return !over;
  };
  input.addEventListener("input", check);
  return check;
}

const moreTexts = [];

/** Let `fn(err)` word refusals first (a sentence, or null: not one it
 * words); account.js words its routes' password policy this way. */
export function addErrorTexts(fn) {
  moreTexts.push(fn);
}

/** A refusal (a LobbyError: {code, message, reason}) in plain words of the
 * player's language (addErrorTexts' words first, a bad name by its reason,
 * else i18n's err_<code>; a code it does not know gets a general sentence). */
export function errorText(err) {
  if (!err) return "";
  for (const fn of moreTexts) {
    const text = fn(err);
    if (text) return text;
  }
  // page_word, reserved and bracket quote the name typed (err.typed, from the request) and say what it reads as
  if (err.code === "bad_name" && NAME_REASONS.has(err.reason)) return t(`name_bad_${err.reason}`, { max: MAX_NAME, name: err.typed ?? "" });
  if (err.code === "bad_text") return t(TEXT_REASONS.has(err.reason) ? `text_bad_${err.reason}` : "err_bad_text", { max: err.max ?? MAX_CHAT });
  if (err.code === "insufficient_coins" && Number.isInteger(err.need)) return t("err_insufficient_coins_figures", { need: err.need, have: err.have ?? 0 });
  // a turn time out of the server's bounds (ms in the frame, seconds in the words)
  if (err.code === "bad_options" && err.reason === "turn_ms" && Number.isInteger(err.min)) return t("err_turn_ms", { lo: Math.ceil(err.min / 1000), hi: Math.floor((err.max ?? 300000) / 1000) });
  // an arena's length, start, or coin options (arena_create)
  if (err.code === "bad_options" && err.reason === "minutes") return t("err_arena_minutes", { lo: err.min ?? 5, hi: err.max ?? 120 });
  if (err.code === "bad_options" && (err.reason === "start" || err.reason === "coins")) return t(`err_arena_${err.reason}`);
  if (err.code === "too_many_arenas") return t("err_too_many_arenas", { max: err.max ?? 3 });
  const key = errorKey(err.code, err.reason);
  return t(key) !== key ? t(key, { max: MAX_NAME }) : t("err_other");
}

/** Per error code, the texts that word its message's figures (the numbers
 * in the server's English message, in order) outside English: by count. */
const FIGURES = { insufficient_coins: { 1: "err_fig_need", 2: "err_fig_need_have" } };

/** A refusal's details line: its code, labelled in the page's language
 * ("Error code: bad_name", "错误代码：bad_name") so it reads as a reference,
 * and the server's words, which are English: a page in another language
 * shows the code and, where FIGURES words them, the message's figures in its
 * own words, never English prose. */
export function errorDetails(err) {
  if (!err) return "";
  const code = t("err_code", { code: err.code || "?" });
  // a refusal the sentence words in full (a bad name's reason, the coins' figures): the code alone
  if ((err.code === "bad_name" && NAME_REASONS.has(err.reason)) || (err.code === "bad_text" && TEXT_REASONS.has(err.reason)) || Number.isInteger(err.need) || (err.reason === "turn_ms" && Number.isInteger(err.min)) || (err.code === "bad_options" && ["minutes", "start", "coins"].includes(err.reason)) || err.code === "too_many_arenas") return code;
  if (getLang() === "en") return err.message ? t("err_code_figures", { code, text: err.message }) : code;
  const figures = String(err.message || "").match(/\d+/g) || [];
  const key = (FIGURES[err.code] || {})[figures.length];
  return key ? t("err_code_figures", { code, text: t(key, { a: figures[0], b: figures[1] }) }) : code;
}

/** Show refusal `err` in element `el` (beside the control that caused it):
 * the plain sentence, then its details line (code and server text) folded
 * away under "Details"; `err` null empties it. */
export function showErrorIn(el, err) {
  if (!err) {
    fill(el);
    return;
  }
  fill(
    el,
    h("span", { class: "error-text", testid: "error-text" }, errorText(err)),
    " ",
    h("details", { class: "error-more", testid: "error-more" }, h("summary", {}, t("err_details")), h("small", { class: "error-details", testid: "error-details" }, errorDetails(err)))
  );
}

let toastTimer = null;
/** Show a refusal that no control caused (connection trouble, an
 * unanswered request) in the toast for 6 s. */
export function showError(err) {
  showErrorIn(ui.toast, err);
  ui.toast.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (ui.toast.hidden = true), 6000);
}

/** The error line beside button `btn` (made after it, once, on first need;
 * test id "<btn's test id>-error"). */
export function errorSlot(btn) {
  if (!btn.errorSlot) {
    btn.errorSlot = h("div", { class: "form-error action-error", role: "alert", testid: btn.dataset.testid ? `${btn.dataset.testid}-error` : null });
    btn.insertAdjacentElement("afterend", btn.errorSlot);
  }
  return btn.errorSlot;
}

const tableNames = new Map(); // id -> {name, opened_by}

/** The Chinese of each word of the lobby's generated table names
 * (lobby/tables.py NAME_WORDS: an adjective, then a creature or thing). */
const NAME_WORDS_ZH = {
  Amber: "琥珀", Azure: "蔚蓝", Brass: "黄铜", Cedar: "雪松", Coral: "珊瑚", Copper: "赤铜", Ivory: "象牙", Jade: "翡翠",
  Lotus: "莲花", Maple: "枫叶", Opal: "欧泊", Pearl: "珍珠", Plum: "梅花", Silver: "白银", Teal: "青碧", Willow: "垂柳",
  Crane: "鹤", Dragon: "龙", Finch: "雀", Fox: "狐", Heron: "鹭", Koi: "锦鲤", Lark: "云雀", Lion: "狮",
  Moon: "月", Otter: "水獭", Panda: "熊猫", Phoenix: "凤凰", River: "河", Star: "星", Tiger: "虎", Wren: "鹪鹩",
};

/** A generated table name ("Ivory Panda") in the page's language: in 中文
 * each word's Chinese ("象牙熊猫"); a name not made of the lists' words as it is. */
function generatedName(name) {
  if (getLang() !== "zh") return name;
  const words = name.split(" ");
  return words.length === 2 && words.every((w) => Object.hasOwn(NAME_WORDS_ZH, w)) ? words.map((w) => NAME_WORDS_ZH[w]).join("") : name;
}

/** An arena's name in the page's language (`name` as the lobby gave it,
 * of game `game`): one named as the lobby names its own ("Sibala arena":
 * lobby/arenas.py new_arena) as "<game> arena" in the page's words
 * (十八啦竞技场), any other as it is. */
export function arenaName(name, game) {
  const info = gameInfo(game);
  if (!info || name !== `${(info.title && info.title.en) || info.id} arena`) return name;
  return t("arena_name", { game: gameTitle(info) });
}

/** A table's readable name: "Ann's table" when a player opened it, an
 * arena's table the arena's (arenaName), else its
 * generated name ("Jade Crane"; 翡翠鹤 on a 中文 page); `v` is a table view or a list summary
 * (protocol.md: name, opened_by), remembered by id, or a table id: the name
 * last seen for it, else "Table <id>".  The id stays the key (links). */
export function tableName(v) {
  if (v && typeof v === "object") tableNames.set(v.id, { name: v.name, opened_by: v.opened_by, arena: v.arena, game: v.game });
  const id = v && typeof v === "object" ? v.id : v;
  const known = tableNames.get(id);
  if (known && known.opened_by) return t("table_of", { name: known.opened_by });
  if (known && known.arena && known.name) return arenaName(known.name, known.game); // an arena's table bears the arena's name
  return known && known.name ? generatedName(known.name) : t("table", { id });
}

/** A table status ("waiting", ...; null: not known yet) as a word. */
export function statusText(status) {
  return t(`status_${status || "loading"}`);
}

let screenTitle = "";
let titlePrefix = "";

/** The window title: `prefix` (the your-turn cue, or "") and the screen's
 * title (setScreenTitle) before the app's name, in the page's language. */
export function setTitle(prefix) {
  titlePrefix = prefix || "";
  const title = titlePrefix + (screenTitle ? `${screenTitle} · ` : "") + t("app_title");
  if (document.title !== title) document.title = title;
}

/** The current screen's part of the window title ("" on the home screen;
 * a game's name, a table's); app.js sets it per screen, a screen may refine it. */
export function setScreenTitle(text) {
  screenTitle = text || "";
  setTitle(titlePrefix);
}

const running = new WeakSet();

/** Whether button `btn`'s request (runAction) is still on its way. */
export function isRunning(btn) {
  return running.has(btn);
}

/** The one way a button sends a request: `btn` is disabled, `request()` (a
 * promise of the reply) runs, and `btn` is enabled again when it settles
 * (on success not with `keep`: the screen is about to change), after which
 * `done(reply)` runs; a refusal is shown beside the button: in `errorEl`
 * when given, else in the button's own error line (errorSlot). */
export function runAction(btn, request, { done = null, keep = false, errorEl = null } = {}) {
  btn.disabled = true;
  btn.setAttribute("aria-busy", "true"); // kept busy across a redraw (dom.js patch)
  running.add(btn);
  // beside the button; none while it is not in the page (then the toast)
  const slot = () => errorEl || (btn.isConnected || btn.errorSlot ? errorSlot(btn) : null);
  if (slot()) showErrorIn(slot(), null);
  return request().then(
    (reply) => {
      running.delete(btn);
      if (!keep) {
        btn.disabled = false;
        btn.removeAttribute("aria-busy");
      }
      if (done) done(reply);
    },
    (err) => {
      running.delete(btn);
      btn.removeAttribute("aria-busy");
      btn.disabled = false;
      if (slot()) showErrorIn(slot(), err);
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
 * false otherwise (`no`, Escape).  The promise also has `set(text, yes)`
 * (new words while it is open: it follows what it asks) and `cancel()`
 * (closes it as `no`: what it asked no longer applies). */
export function confirmDialog(text, yes, no) {
  const textEl = h("p", { id: "confirm-text", testid: "confirm-text" }, text);
  const yesBtn = h("button", { class: "danger", testid: "confirm-yes", value: "yes" }, yes);
  const dlg = h(
    "dialog",
    { class: "confirm card", testid: "confirm", "aria-labelledby": "confirm-text" },
    textEl,
    h("form", { method: "dialog", class: "row" }, h("button", { class: "primary", testid: "confirm-no", value: "no", autofocus: true }, no), yesBtn)
  );
  const asked = new Promise((resolve) => {
    dlg.addEventListener("close", () => {
      dlg.remove();
      resolve(dlg.returnValue === "yes");
    });
  });
  asked.set = (words, label) => {
    setText(textEl, words);
    setText(yesBtn, label);
  };
  asked.cancel = () => dlg.open && dlg.close("no");
  document.body.appendChild(dlg);
  dlg.showModal();
  return asked;
}
