// Unit tests of static/i18n.js's pure helpers under Node's test runner (no page).
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { fillText, gameTitle, gameVariant, getLang, localized, namesList, num, setLang, signed, t } from "../../static/i18n.js";

beforeEach(() => setLang("en"));

test("without a page the language is English", () => {
  assert.equal(getLang(), "en");
});

test("num writes a negative number with the minus sign U+2212", () => {
  assert.equal(num(-200), "\u2212200");
  assert.equal(num(0), "0");
  assert.equal(num(37), "37");
});

test("signed gives a plus to gains, U+2212 to losses and the zero text to 0", () => {
  assert.equal(signed(37), "+37");
  assert.equal(signed(-200), "\u2212200");
  assert.equal(signed(0), "0");
  assert.equal(signed(0, "±0"), "±0");
});

test("fillText fills named placeholders and leaves unknown ones", () => {
  assert.equal(fillText("{a} pays {b}", { a: "Ann" }, "en"), "Ann pays {b}");
});

test("an English count takes its singular and plural form", () => {
  assert.equal(t("coins", { n: 1 }), "1 coin");
  assert.equal(t("coins", { n: 2 }), "2 coins");
  assert.equal(t("coins", { n: 0 }), "0 coins");
});

test("a Chinese count has one form", () => {
  setLang("zh");
  assert.equal(t("coins", { n: 1 }), "1 金币");
  assert.equal(t("coins", { n: 5 }), "5 金币");
});

test("an exact count's form wins over the plural category", () => {
  const forms = { 0: "no coins", one: "{n} coin", other: "{n} coins" };
  assert.equal(fillText(forms, { n: 0 }, "en"), "no coins");
  assert.equal(fillText(forms, { n: 1 }, "en"), "1 coin");
});

test("a counted param other than n is named by count", () => {
  assert.equal(fillText({ count: "k", one: "{k} seat", other: "{k} seats" }, { k: 3 }, "en"), "3 seats");
});

test("in Chinese a space beside a value goes only where one side is not CJK", () => {
  assert.equal(fillText("{name} 的牌桌", { name: "李雷" }, "zh"), "李雷的牌桌");
  assert.equal(fillText("{name} 的牌桌", { name: "Bob" }, "zh"), "Bob 的牌桌");
  assert.equal(fillText("付给{name} 1000", { name: "小明" }, "zh"), "付给小明 1000");
});

test("in Chinese a value ending in a full-width bracket takes no space after it", () => {
  assert.equal(fillText("{name} 掷出", { name: "Mei（托管）" }, "zh"), "Mei（托管）掷出");
});

test("in English spaces stay as written", () => {
  assert.equal(fillText("{name} 的牌桌", { name: "李雷" }, "en"), "李雷 的牌桌");
});

test("a key missing in Chinese falls back to the English text", () => {
  setLang("zh");
  assert.equal(t("no_such_key_anywhere"), "no_such_key_anywhere");
});

test("English names lists: one, two, three names", () => {
  assert.equal(namesList([]), "");
  assert.equal(namesList(["Ann"]), "Ann");
  assert.equal(namesList(["Ann", "Bo"]), "Ann and Bo");
  assert.equal(namesList(["Ann", "Bo", "Cy"]), "Ann, Bo and Cy");
});

test("Chinese names lists use 、 and 和, spaced from a name that is not CJK", () => {
  setLang("zh");
  assert.equal(namesList(["小明", "小红", "阿强"]), "小明、小红和阿强");
  assert.equal(namesList(["你", "Bob"]), "你和 Bob");
  assert.equal(namesList(["Bob", "小明"]), "Bob 和小明");
  assert.equal(namesList(["Ann", "Bob"]), "Ann 和 Bob");
  assert.equal(namesList(["Mei（托管）", "小明"]), "Mei（托管）和小明");
});

test("localized takes the page's language, then English, then any, then the fallback", () => {
  assert.equal(localized({ en: "Dice", zh: "骰子" }, "x"), "Dice");
  assert.equal(localized({ zh: "骰子" }, "x"), "骰子");
  assert.equal(localized(undefined, "x"), "x");
  setLang("zh");
  assert.equal(localized({ en: "Dice", zh: "骰子" }, "x"), "骰子");
  assert.equal(localized({ en: "Dice" }, "x"), "Dice");
});

test("gameTitle names a game by its title, else its id, and nothing for no game", () => {
  assert.equal(gameTitle({ id: "stud", title: { en: "Stud", zh: "梭哈" } }), "Stud");
  assert.equal(gameTitle({ id: "stud" }), "stud");
  assert.equal(gameTitle(null), "");
});

test("setLang tells its listeners and ignores an unknown language", async () => {
  const { onLangChange } = await import("../../static/i18n.js");
  const heard = [];
  onLangChange((l) => heard.push(l));
  setLang("xx");
  setLang("zh");
  assert.deepEqual(heard, ["zh"]);
  assert.equal(getLang(), "zh");
});

/** Every text worded with a count {n}: key -> its English for 1 and for 2. */
const COUNTS = {
  coins: ["1 coin", "2 coins"],
  play_chips_n: ["1 play chip", "2 play chips"],
  start_help_people: ["with at least 1 player.", "with at least 2 players."],
  start_needs: ["Start needs at least 1 player seated", "Start needs at least 2 players seated"],
  over_games_played: ["The table's game is played.", "All 2 games are played."],
  acct_pw_distinct: ["at least 1 different character.", "at least 2 different characters."],
};

for (const [key, [one, two]] of Object.entries(COUNTS)) {
  test(`${key} takes the right English plural and a Chinese text with no placeholder left`, () => {
    assert.ok(t(key, { n: 1, k: 0, after: 0 }).includes(one), t(key, { n: 1 }));
    assert.ok(t(key, { n: 2, k: 0, after: 0 }).includes(two), t(key, { n: 2 }));
    setLang("zh");
    const zh = t(key, { n: 1, k: 0, after: 0 });
    assert.ok(!zh.includes("{") && /[\u4e00-\u9fff]/.test(zh), zh);
  });
}

test("gameVariant says a game's own rules in the page's language, and nothing where none differ", () => {
  const yahtzee = { id: "yahtzee", variant: { en: "Kata rules: 15 categories, no bonus", zh: "卡塔规则：15 个类别，没有奖励分" } };
  assert.equal(gameVariant(yahtzee), "Kata rules: 15 categories, no bonus");
  setLang("zh");
  assert.equal(gameVariant(yahtzee), "卡塔规则：15 个类别，没有奖励分");
  assert.equal(gameVariant({ id: "sibala", variant: {} }), "");
  assert.equal(gameVariant({ id: "sibala" }), "");
  assert.equal(gameVariant(null), "");
});

test("a coin table's words agree on bots: they take no free seat, and the waiting words promise no bot to a leaver (stud's escape ends the game)", () => {
  for (const lang of ["en", "zh"]) {
    setLang(lang);
    const waiting = [t("bots_no_coins"), t("start_help_coins"), t("next_help_alone_coins")];
    for (const text of waiting) assert.doesNotMatch(text, /cannot sit|no bots at|不能有机器人|机器人不能入座/i, text);
    for (const text of waiting) assert.doesNotMatch(text, /plays? on|替他打完|打到结束/i, text);
    for (const text of waiting) assert.match(text, lang === "en" ? /bots do not take (free )?seats/i : /不会由机器人补上|不由机器人补上/, text);
    assert.match(t("leave_running_ask_coins"), lang === "en" ? /A bot plays your seat to the end/ : /机器人会替你把座位打到结束/);
  }
});

test("the Chinese texts never speak of chess: the games are dice and cards (下棋 once said 'play' on the arenas page)", async () => {
  const { readFileSync } = await import("node:fs");
  const source = readFileSync(new URL("../../static/i18n.js", import.meta.url), "utf8");
  assert.ok(source.includes("锦标赛"), "the Chinese texts are in this file");
  assert.deepEqual(source.match(/[^\n]*棋[^\n]*/gu) || [], []);
});

test("a refusal's reason picks its own words where the page has them, else the code's", async () => {
  const { errorKey } = await import("../../static/i18n.js");
  assert.equal(errorKey("table_full", "seat_taken"), "err_table_full_seat_taken");
  assert.equal(errorKey("table_full", undefined), "err_table_full");
  assert.equal(errorKey("table_full", "no_such_seat"), "err_table_full");
  for (const lang of ["en", "zh"]) {
    setLang(lang);
    assert.notEqual(t("err_table_full_seat_taken"), t("err_table_full"));
    assert.notEqual(t("err_table_full_seat_taken"), "err_table_full_seat_taken");
  }
  setLang("en");
  assert.match(t("err_table_full_seat_taken"), /pick another/);
});

test("a filled-in value with a right-to-left letter is isolated from the text around it", () => {
  const arabic = "\u0628\u064e \u062a\u064f";
  assert.equal(fillText("Winner: {names}, {n} round won", { names: arabic, n: 1 }), `Winner: \u2068${arabic}\u2069, 1 round won`);
  assert.equal(fillText("Winner: {names}, {n} round won", { names: "Ann", n: 1 }), "Winner: Ann, 1 round won");
  assert.equal(namesList(["Ann", arabic, "\u05e9\u05e8\u05d4"]), `Ann, \u2068${arabic}\u2069 and \u2068\u05e9\u05e8\u05d4\u2069`);
  assert.equal(fillText("{names} won", { names: namesList([arabic]) }), `\u2068${arabic}\u2069 won`); // once, not twice
});
