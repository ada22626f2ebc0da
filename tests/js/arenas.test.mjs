// Unit tests of static/arenas.js's arena figures under Node's test runner (no page).
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { setLang } from "../../static/i18n.js";
import { arenaPhase, clockText, countdownText, myState, podium, rulesText, sheetText, standingRows } from "../../static/arenas.js";

beforeEach(() => setLang("en"));

const arena = (over = {}) => ({ start: 100_000, end: 700_000, status: "running", playing: 0, ...over });
const row = (rank, over = {}) => ({ rank, name: `P${rank}`, points: 20 - rank, games: 3, wins: 1, streak: 0, sheet: [2, 0], paused: false, playing: null, you: false, ...over });

test("clockText rounds up to the second and adds hours, then days", () => {
  assert.equal(clockText(4_001), "0:05");
  assert.equal(clockText(750_000), "12:30");
  assert.equal(clockText(3_723_000), "1:02:03");
  assert.equal(clockText(-5), "0:00");
  assert.equal(clockText((2 * 24 + 3) * 3_600_000 + 5), "2 d 3 h");
  setLang("zh");
  assert.equal(clockText((2 * 24 + 3) * 3_600_000), "2 天 3 小时");
});

test("the phase follows the clock, and the server's count of games in play after the end", () => {
  assert.equal(arenaPhase(arena(), 50_000), "upcoming");
  assert.equal(arenaPhase(arena(), 100_000), "running");
  assert.equal(arenaPhase(arena({ playing: 2, status: "ending" }), 700_000), "ending");
  assert.equal(arenaPhase(arena({ playing: 0 }), 700_000), "finished");
  assert.equal(arenaPhase(arena({ playing: 1, status: "finished" }), 800_000), "finished");
});

test("countdownText says when it starts, when it ends, what still counts, and that it finished", () => {
  assert.equal(countdownText(arena(), 40_000), "Starts in 1:00");
  assert.equal(countdownText(arena(), 130_500), "Ends in 9:30");
  assert.equal(countdownText(arena({ playing: 1 }), 700_000), "Ended: 1 game in play still counts");
  assert.equal(countdownText(arena({ playing: 3 }), 700_000), "Ended: 3 games in play still count");
  assert.equal(countdownText(arena(), 900_000), "Finished");
  setLang("zh");
  assert.equal(countdownText(arena(), 40_000), "1:00 后开始");
  assert.equal(countdownText(arena({ playing: 2 }), 700_000), "已到结束时间：进行中的 2 场照样计分");
});

test("standingRows adds my row after the top only when I am not in it, marking skipped ranks", () => {
  const top = [row(1), row(2, { you: true })];
  assert.deepEqual(standingRows({ top, me: top[1] }).map((r) => [r.rank, r.gap]), [[1, false], [2, false]]);
  const ten = Array.from({ length: 10 }, (_, i) => row(i + 1));
  assert.deepEqual(standingRows({ top: ten, me: row(14, { you: true }) }).slice(-2).map((r) => [r.rank, r.gap, r.you]), [[10, false, false], [14, true, true]]);
  assert.deepEqual(standingRows({ top: [row(1)], me: row(2, { you: true }) }).map((r) => r.gap), [false, false]);
  assert.deepEqual(standingRows({ top: [], me: null }), []);
  assert.deepEqual(standingRows(null), []);
});

test("sheetText writes points per game in order, a dash for none", () => {
  assert.equal(sheetText([2, 4, 0]), "2 4 0");
  assert.equal(sheetText([]), "—");
});

test("the podium is the first three ranks who played a game", () => {
  const top = [row(1), row(2), row(3), row(4), row(5, { games: 0 })];
  assert.deepEqual(podium({ top }).map((r) => r.rank), [1, 2, 3]);
  assert.deepEqual(podium({ top: [row(1), row(2, { games: 0 })] }).map((r) => r.rank), [1]);
});

test("myState reads my row: out, paused, playing, waiting", () => {
  assert.equal(myState({ me: null }), "out");
  assert.equal(myState({ me: row(1, { paused: true }) }), "paused");
  assert.equal(myState({ me: row(1, { playing: "t1", paused: true }) }), "playing");
  assert.equal(myState({ me: row(1) }), "waiting");
});

test("the scoring rule names the points of the arena's own number of seats", () => {
  assert.equal(rulesText(2), "Points at each table by place (two seats: a win 2, a draw 1, a loss 0), doubled after two wins in a row; leaving a game scores 0.");
  assert.match(rulesText(3), /\(3 seats, first to last: 4, 2, 0; tied places share theirs\)/);
  assert.match(rulesText(4), /6, 4, 2, 0/);
  assert.doesNotMatch(rulesText(3), /two seats/);
  setLang("zh");
  assert.match(rulesText(3), /3 个座位，从第一名到最后一名：4、2、0/);
});
