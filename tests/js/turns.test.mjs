// Unit tests of the table views' turn helpers without a page: the timeout
// notices (static/games/notices.js), whose turn it is (clocks.js), the
// render context (table_view.js) and a result in words (results.js).
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { setLang } from "../../static/i18n.js";
import { NOTICE_MS, TimeoutNotices, tableNotices, drawnWith, seatNotice } from "../../static/games/notices.js";
import { myTurn, turnText, myAway, awayTurn } from "../../static/games/clocks.js";
import { tableContext } from "../../static/games/table_view.js";
import { outcome, resultNames, figureList } from "../../static/games/results.js";

beforeEach(() => setLang("en"));

/** A playing table view of two people (Ann, Bo): `to_act` with turn ids
 * "t<seat>", the version's `events`, `away` the seats away. */
function playing({ to_act = [], events = [], away = [], game_no = 1, status = "playing" } = {}) {
  const seats = ["Ann", "Bo"].map((name, i) => ({ name, bot: false, away: away.includes(i) }));
  return { status, game_no, seats, to_act, turns: Object.fromEntries(to_act.map((s) => [String(s), `t${s}`])), events, state: {} };
}

const timeout = (seat, bot = false) => ({ type: "timeout", seat, bot, moves: [{ type: "roll" }] });
const word = (note) => `up:${note.ev.seat}`;

test("another seat's time's-up notice lasts NOTICE_MS and is the status bar's newest", () => {
  const n = new TimeoutNotices();
  n.take(playing({ to_act: [0], events: [timeout(1)] }), 5, 1000, word, 0);
  assert.equal(n.shown(1).text, "up:1");
  assert.equal(n.latest(0).ev.seat, 1);
  n.take(playing({ to_act: [0] }), 6, 1000 + NOTICE_MS, word, 0);
  assert.equal(n.shown(1), null);
  assert.equal(n.latest(0), null);
});

test("no notice for a seat whose next turn started with its timeout", () => {
  const n = new TimeoutNotices();
  n.take(playing({ to_act: [1], events: [timeout(1)] }), 5, 1000, word, 0);
  assert.equal(n.shown(1), null);
});

test("my own notice stays until I act, and a bot's move for a seat ends its notice", () => {
  const n = new TimeoutNotices();
  n.take(playing({ to_act: [1], events: [timeout(0), timeout(1)] }), 5, 1000, word, 0);
  n.take(playing({ to_act: [1] }), 6, 1000 + 10 * NOTICE_MS, word, 0);
  assert.equal(n.shown(0).text, "up:0"); // mine: no expiry
  assert.equal(n.acted(0), true);
  assert.equal(n.acted(0), false);
  n.take(playing({ to_act: [0], events: [timeout(1)] }), 7, 2000, word, 0);
  n.take(playing({ to_act: [0], away: [1], events: [timeout(1, true)] }), 8, 2100, word, 0);
  assert.equal(n.shown(1), null);
});

test("once the game is over the status bar shows no notice, the seat keeps its badge; a new game drops it", () => {
  const n = new TimeoutNotices();
  n.take(playing({ status: "finished", events: [timeout(1)] }), 9, 1000, word, 0);
  assert.equal(n.latest(0), null);
  assert.equal(n.shown(1).text, "up:1");
  n.take(playing({ game_no: 2, to_act: [0] }), 10, 1100, word, 0);
  assert.equal(n.shown(1), null);
});

test("a table's notices are one object per table id, and a seat's badge note hides mine while I am to act", () => {
  assert.equal(tableNotices("tn1"), tableNotices("tn1"));
  assert.notEqual(tableNotices("tn1"), tableNotices("tn2"));
  const n = tableNotices("tn3");
  const over = playing({ to_act: [1], events: [timeout(0)] });
  n.take(over, 1, 1000, word, 0);
  drawnWith(over, n);
  assert.equal(seatNotice(over, 0).text, "up:0");
  const again = playing({ to_act: [0, 1] });
  n.take(again, 2, 1100, word, 0);
  drawnWith(again, n);
  assert.equal(seatNotice(again, 0), null); // my turn again: the badge waits, the notice stays
  assert.equal(n.shown(0).text, "up:0");
  assert.equal(seatNotice(playing(), 0), null); // a view no game view drew
});

test("myTurn is my seat's turn id while I am to act, else null", () => {
  const view = playing({ to_act: [1] });
  assert.equal(myTurn(view, 1), "t1");
  assert.equal(myTurn(view, 0), null);
  assert.equal(myTurn(view, null), null);
  assert.equal(myTurn({ ...view, status: "finished" }, 1), null);
});

test("turnText says my turn, or whose it is, or nothing", () => {
  const view = playing({ to_act: [0, 1] });
  assert.equal(turnText(view, "t0", [0, 1]), "Your turn!");
  assert.match(turnText(view, null, [0, 1]), /^Ann.*Bo to act$/);
  assert.equal(turnText(view, null, []), "");
});

test("myAway and awayTurn: away only while the game runs, and a turn only while it is mine", () => {
  const view = playing({ to_act: [0], away: [0] });
  assert.equal(myAway(view, 0), true);
  assert.equal(myAway(view, null), false);
  assert.equal(myAway({ ...view, status: "finished" }, 0), false);
  assert.equal(awayTurn(view, { turn: "t0", seat: 0 }), true);
  assert.equal(awayTurn(view, { turn: null, seat: 0 }), false);
});

test("tableContext: a spectator's and a replay's context sends nothing; mine has my turn", () => {
  const view = playing({ to_act: [0] });
  const spectator = tableContext({ seat: null, version: 4, view });
  assert.equal(spectator.spectator, true);
  assert.equal(spectator.turn, null);
  assert.deepEqual(spectator.acting, [0]);
  assert.equal(spectator.busy, false);
  assert.equal(spectator.stepEvents, null);
  assert.equal(spectator.send({ type: "roll" }), undefined);
  const mine = tableContext({ seat: 0, version: 4, view });
  assert.equal(mine.turn, "t0");
  assert.equal(mine.lang, "en");
  const replay = tableContext({ seat: null, version: 2, view: { ...view, status: "finished" }, replay: true, step_events: [timeout(0)] });
  assert.deepEqual(replay.acting, []);
  assert.deepEqual(replay.stepEvents, [timeout(0)]);
});

test("outcome: none while playing; a finished table's winners, best score and leavers marked", () => {
  const view = playing();
  assert.equal(outcome(view, ["Ann", "Bo"]), null);
  const done = { ...view, status: "finished", players: [{ name: "Ann", left: true, bot: true }, { name: "Bo" }], result: { winners: [0], scores: [7, 3], coins: [5, -5] } };
  const o = outcome(done, ["Ann", "Bo"]);
  assert.equal(o.best, 7);
  assert.deepEqual(o.coins, [5, -5]);
  assert.equal(o.who, "Ann (left)");
  assert.deepEqual(resultNames(done, ["Ann", "Bo"]), ["Ann (left)", "Bo"]);
});

test("a tie's winners name a leaver as left, beside a bot", () => {
  const view = { status: "finished", result: { winners: [0, 1], scores: [3, 3] }, seats: [{ name: "Ann", bot: true, left: true }, { name: "Ada", bot: true, left: false }] };
  assert.equal(outcome(view, ["Ann", "Ada (bot)"]).who, "Ann (left), Ada (bot)");
});

test("figureList says 'you' for my own seat's figure", () => {
  const [mine, theirs] = figureList(["Ann", "Bo"], ["+10", "−10"], 0);
  assert.match(mine, /^you /i);
  assert.match(theirs, /^Bo /);
});
