// Unit tests of the table views' pure helpers (static/games/: seat names,
// time's-up marks, clocks, results, the event log) under Node's test runner:
// each module imports without a page.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { setLang } from "../../static/i18n.js";
import { bareName, isBot, logName, markText, markedName, mineKey, seatName, seatNo } from "../../static/games/seats.js";
import { foldTimeouts, forcedLine, forcedList, forcedMarks, markAway } from "../../static/games/forced.js";
import { clocks, fmtSeconds, setUrgentMs, urgent } from "../../static/games/clocks.js";
import { firstPlaceText, winnersSaid } from "../../static/games/results.js";
import { EventLog, LOG_GAP } from "../../static/games/event_log.js";

beforeEach(() => setLang("en"));

test("seatNo counts seats from 1", () => {
  assert.equal(seatNo(0), "#1");
  assert.equal(seatNo(3), "#4");
});

test("a bot's seat is marked in the page's language; a person's is not", () => {
  const bot = { name: "Ada", bot: true };
  assert.equal(isBot(bot), true);
  assert.equal(markedName(bot), "Ada (bot)");
  assert.equal(markedName({ name: "Ann" }), "Ann");
  setLang("zh");
  assert.equal(markedName(bot), "Ada（机器人）");
});

test("a bot finishing a seat its player left is not a bot's own seat", () => {
  assert.equal(isBot({ name: "Mei", bot: true, left: true }), false);
  assert.equal(markedName({ name: "Mei", bot: true, left: true }), "Mei");
});

test("bareName drops an older record's ' (bot)' suffix", () => {
  assert.equal(bareName({ name: "Ada (bot)", bot: true }), "Ada");
});

test("a seat's mark is drawn after its name, in every place a name is, as the server checks it", () => {
  assert.equal(markText(2), "②");
  assert.equal(markText(20), "⑳");
  assert.equal(markText(21), "(21)");
  assert.equal(bareName({ name: "Ana", mark: 2 }), "Ana ②");
  assert.equal(markedName({ name: "Ana", mark: 3 }), "Ana ③");
  assert.equal(markedName({ name: "Ana" }), "Ana");
  assert.equal(seatName({ seats: [{ name: "Ana" }, { name: "Ana", mark: 2 }] }, 1), "Ana ②");
});

test("seatName says 'empty' for a seat nobody holds", () => {
  assert.equal(seatName({ seats: [null] }, 0), "empty");
  assert.equal(seatName(null, 0), "empty");
});

test("fmtSeconds shows one decimal and a dash for no clock", () => {
  assert.equal(fmtSeconds(12.34), "12.3");
  assert.equal(fmtSeconds(0), "0.0");
  assert.equal(fmtSeconds(null), "–");
  assert.equal(fmtSeconds(undefined), "–");
});

test("clocks list the people to act with their seconds left, not bots or away seats", () => {
  const view = {
    status: "playing",
    to_act: [0, 1, 2, 3],
    seats: [{ name: "Ann" }, { name: "Ada", bot: true }, { name: "Bo", away: true }, { name: "Cy" }],
    deadlines: { 0: 10_500 },
  };
  assert.deepEqual(clocks(view, 8_000), [{ seat: 0, seconds: 2.5 }, { seat: 3, seconds: null }]);
  assert.deepEqual(clocks(view, 20_000)[0], { seat: 0, seconds: 0 });
  assert.deepEqual(clocks({ ...view, status: "waiting" }, 0), []);
});

test("a clock never shows more than the turn time: it stands at the full turn through a result's pause", () => {
  const view = { status: "playing", to_act: [0], seats: [{ name: "Ann" }], deadlines: { 0: 31_500 }, turn_ms: 30_000 };
  assert.deepEqual(clocks(view, 0), [{ seat: 0, seconds: 30 }]); // the pause (1.5 s) still runs
  assert.deepEqual(clocks(view, 1_500), [{ seat: 0, seconds: 30 }]);
  assert.deepEqual(clocks(view, 11_500), [{ seat: 0, seconds: 20 }]);
});

test("only my own clock in its last five seconds is urgent", () => {
  assert.equal(urgent({ seat: 1, seconds: 4.9 }, 1), true);
  assert.equal(urgent({ seat: 1, seconds: 5 }, 1), false);
  assert.equal(urgent({ seat: 0, seconds: 1 }, 1), false);
  assert.equal(urgent({ seat: 1, seconds: null }, 1), false);
  assert.equal(urgent(null, 1), false);
});

test("the lobby's urgent part of a turn replaces the five seconds; nonsense is ignored", () => {
  try {
    setUrgentMs(1_000);
    assert.equal(urgent({ seat: 1, seconds: 0.9 }, 1), true);
    assert.equal(urgent({ seat: 1, seconds: 1 }, 1), false);
    for (const bad of [0, -1, "2000", null, undefined]) setUrgentMs(bad);
    assert.equal(urgent({ seat: 1, seconds: 1.5 }, 1), false);
  } finally {
    setUrgentMs(5_000);
  }
  assert.equal(urgent({ seat: 1, seconds: 4.9 }, 1), true);
});

test("forcedLine marks a move the clock made, in both languages", () => {
  assert.equal(forcedLine("Ann folds"), "Ann folds — time's up");
  setLang("zh");
  assert.equal(forcedLine("Ann 弃牌"), "Ann 弃牌——超时");
});

test("forcedList keeps the table's order; a timeout wins over a later bot move on the same decision", () => {
  const view = { forced: [[1, "bot", 3], [0, "timeout", "2.1"], [0, "bot", "2.1"], [2, "left", 4]] };
  assert.deepEqual(forcedList(view), [
    { seat: 1, key: "3", how: true, then: undefined },
    { seat: 0, key: "2.1", how: false, then: true },
    { seat: 2, key: "4", how: "left", then: undefined },
  ]);
  assert.deepEqual([...forcedMarks(view)], [["3:1", true], ["2.1:0", false], ["4:2", "left"]]);
  assert.deepEqual(forcedList(null), []);
});

test("a timeout after a bot's move on the same decision still wins, the bot's kept as then", () => {
  assert.deepEqual(forcedList({ forced: [[0, "bot", 1], [0, "timeout", 1]] }), [{ seat: 0, key: "1", how: false, then: true }]);
});

test("foldTimeouts folds a person's time's-up into the latest move of that seat it carries", () => {
  const events = [
    { type: "roll", seat: 0 },
    { type: "roll", seat: 1 },
    { type: "timeout", seat: 0, bot: false },
  ];
  assert.deepEqual(foldTimeouts(events, () => true), [{ type: "roll", seat: 0, forced: true }, { type: "roll", seat: 1 }]);
});

test("foldTimeouts leaves a timeout nothing carries, and a bot's timeout, as they are", () => {
  const lone = [{ type: "timeout", seat: 2, bot: false }];
  assert.deepEqual(foldTimeouts(lone, () => true), lone);
  const botOne = [{ type: "roll", seat: 0 }, { type: "timeout", seat: 0, bot: true }];
  assert.deepEqual(foldTimeouts(botOne, () => true), botOne);
  const refused = [{ type: "roll", seat: 0 }, { type: "timeout", seat: 0, bot: false }];
  assert.deepEqual(foldTimeouts(refused, () => false), refused);
});

test("markAway marks the moves of seats a bot played while away or after their player left", () => {
  const events = [{ type: "roll", seat: 0 }, { type: "timeout", seat: 0, bot: true }, { type: "roll", seat: 1 }, { type: "roll", seat: 2 }];
  const seats = [{ name: "Ann" }, { name: "Bo", bot: true, left: true }, { name: "Cy" }];
  assert.deepEqual(markAway(events, seats), [
    { type: "roll", seat: 0, away: true },
    { type: "timeout", seat: 0, bot: true },
    { type: "roll", seat: 1, away: "left" },
    { type: "roll", seat: 2 },
  ]);
  const plain = [{ type: "roll", seat: 0 }];
  assert.equal(markAway(plain), plain);
});

test("logName names an away seat's bot move, mine with 'you', and a nameless seat by number", () => {
  const names = ["Mei", "Bo"];
  assert.equal(logName({ seat: 1 }, names, 0), "Bo");
  assert.equal(logName({ seat: 5 }, names, 0), "#6");
  assert.notEqual(logName({ seat: 0, away: true }, names, 1), "Mei");
  assert.match(logName({ seat: 0, away: true }, names, 1), /^Mei/);
  assert.match(logName({ seat: 0, away: true }, names, 0), /^You/);
  assert.match(logName({ seat: 0, away: "left" }, names, 1), /^Mei/);
});

test("mineKey picks the 'you' form for my own move, not for a bot's move for me", () => {
  assert.equal(mineKey("rolled", { seat: 1 }, 1), "rolled_mine");
  assert.equal(mineKey("rolled", { seat: 1, away: true }, 1), "rolled");
  assert.equal(mineKey("rolled", { seat: 0 }, 1), "rolled");
  assert.equal(mineKey("rolled", { seat: 0 }, null), "rolled");
});

test("winnersSaid: one winner, a tie, and the 'you' forms", () => {
  const names = ["Ann", "Bo", "Cy"];
  assert.deepEqual(winnersSaid([1], names, null), { mine: false, alone: true, names: "Bo" });
  assert.deepEqual(winnersSaid([0, 2], names, null), { mine: false, alone: false, names: "Ann and Cy" });
  assert.deepEqual(winnersSaid([0, 1, 2], names, null).names, "Ann, Bo and Cy");
  assert.deepEqual(winnersSaid([1], names, 1), { mine: true, alone: true, names: "you" });
  assert.deepEqual(winnersSaid([0, 1], names, 1), { mine: true, alone: false, names: "you and Ann" });
  assert.deepEqual(winnersSaid([0, 1, 2], names, 2, "You").names, "You, Ann and Bo");
});

test("winnersSaid in Chinese joins with 、 and 和", () => {
  setLang("zh");
  assert.equal(winnersSaid([0, 1, 2], ["小明", "小红", "阿强"], null).names, "小明、小红和阿强");
  assert.equal(winnersSaid([0, 1], ["小明", "Bob"], 0).names, "你和 Bob");
});

const view = (game_no, events = []) => ({ game_no, events, seats: [] });

test("EventLog takes each version's events once", () => {
  const log = new EventLog(10);
  const ev = [{ type: "roll", seat: 0 }];
  assert.deepEqual(log.take(view(1, ev), 1), ev);
  assert.deepEqual(log.take(view(1, ev), 1), []);
});

test("EventLog leaves one gap item where versions passed unseen", () => {
  const log = new EventLog(10);
  log.take(view(1), 1);
  log.take(view(1), 4);
  log.take(view(1), 9);
  assert.deepEqual(log.items, [{ type: LOG_GAP }]);
  log.take(view(1), 10);
  assert.deepEqual(log.items, [{ type: LOG_GAP }]);
});

test("EventLog starts afresh on a new game or a version going back, and a replay's jump leaves no gap", () => {
  const log = new EventLog(10);
  log.take(view(1), 1);
  log.items.push({ type: "x" });
  log.take(view(2), 5);
  assert.deepEqual(log.items, []);
  log.items.push({ type: "x" });
  log.take(view(2), 3);
  assert.deepEqual(log.items, []);
  log.take({ ...view(2), replay: true }, 9);
  assert.deepEqual(log.items, []);
});

test("EventLog trim drops the oldest items beyond max and notes the cut", () => {
  const log = new EventLog(2);
  log.items = [1, 2, 3];
  log.trim();
  assert.deepEqual(log.items, [2, 3]);
  assert.equal(log.cut, true);
});

/** A new log (a reloaded page's) holding what a log of game 1 at version 3, one line in it, kept. */
function reloaded() {
  const before = new EventLog(10);
  before.take(view(1), 3);
  before.items.push({ type: "roll" });
  const after = new EventLog(10);
  after.saved = before.dump();
  return after;
}

test("a log restored after a reload shows the gap once when versions passed meanwhile", () => {
  const after = reloaded();
  after.take(view(1), 6);
  assert.deepEqual(after.items, [{ type: "roll" }, { type: LOG_GAP }]);
  assert.equal(after.version, 6);
});

test("a log restored at the next version has no gap", () => {
  const after = reloaded();
  after.take(view(1), 4);
  assert.deepEqual(after.items, [{ type: "roll" }]);
});

test("a saved log of another game or a newer version is not restored", () => {
  const other = reloaded();
  other.take(view(2), 4);
  assert.deepEqual(other.items, []);
  const older = reloaded();
  older.take(view(1), 2);
  assert.deepEqual(older.items, []);
  assert.equal(older.saved, null);
});

test("a first place whose player left says it counts as a loss, and to the person who stayed below it, that it is a loss for them too", () => {
  // Alice left, a bot finished her seat first; Bob played to the end (his record: lost)
  const view = { status: "finished", result: { winners: [0] }, seats: [{ name: "Alice", left: true, bot: true }, { name: "Bob", bot: false }] };
  const names = ["Alice", "Bob"];
  assert.equal(firstPlaceText(view, names, null), "Alice finished first, but left before the end: counted as a loss");
  assert.equal(firstPlaceText(view, names, 0), "You finished first, but you left before the end: counted as a loss");
  const bob = firstPlaceText(view, names, 1);
  assert.equal(bob, "Alice finished first, but left before the end: counted as a loss. For you it counts as a loss too: the seat a bot finished for Alice ended above yours");
  setLang("zh");
  assert.match(firstPlaceText(view, names, 1), /这场对你也按输一场计/);
  // a bot's own seat below it is told nothing of its own
  const withBot = { ...view, seats: [...view.seats, { name: "Ada", bot: true }] };
  assert.doesNotMatch(firstPlaceText(withBot, [...names, "Ada"], 2) || "", /输一场计：机器人替/);
});
