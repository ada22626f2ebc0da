// Unit tests of static/games/yahtzee.js's dice signatures: a roll turns the
// dice it threw, and nothing turns when dice are held or scored.
import { test } from "node:test";
import assert from "node:assert/strict";
import { dieSigs } from "../../static/games/yahtzee.js";

const rolled = (roll, hold, dice) => ({ type: "rolled", seat: 0, roll, hold, dice });
const scored = (dice) => ({ type: "scored", seat: 0, dice });

test("a re-roll changes the signatures of the dice it threw only", () => {
  const first = [rolled(1, [], [1, 2, 3, 4, 5])];
  const second = [...first, rolled(2, [0, 1], [1, 2, 6, 6, 6])];
  const a = dieSigs(first, [1, 2, 3, 4, 5], 4, 1);
  const b = dieSigs(second, [1, 2, 6, 6, 6], 4, 2);
  assert.deepEqual(b.map((sig, i) => sig !== a[i]), [false, false, true, true, true]);
});

test("scoring the last roll keeps every die's signature: the dice do not roll again", () => {
  const items = [rolled(1, [], [1, 2, 3, 4, 5]), rolled(2, [0], [1, 6, 6, 6, 6]), rolled(3, [1, 2, 3, 4], [2, 6, 6, 6, 6])];
  const before = dieSigs(items, [2, 6, 6, 6, 6], 7, 3);
  const after = dieSigs([...items, scored([2, 6, 6, 6, 6])], [2, 6, 6, 6, 6], 7, 0, true); // the state's turn is 8 now
  assert.deepEqual(after, before);
});

test("dice scored by the clock in the version that rolled them are new: they roll", () => {
  const earlier = [rolled(3, [], [4, 4, 4, 4, 4]), scored([4, 4, 4, 4, 4])];
  const before = dieSigs(earlier, [4, 4, 4, 4, 4], 2, 0, true);
  const after = dieSigs([...earlier, scored([4, 4, 4, 4, 4])], [4, 4, 4, 4, 4], 3, 0, true);
  assert.ok(after.every((sig, i) => sig !== before[i]));
});

test("no dice, no signatures; a blank die none", () => {
  assert.deepEqual(dieSigs([], null, 0, 0), []);
  assert.deepEqual(dieSigs([], [null, 3], 0, 1), ["", "0:1:3"]);
});

test("after a reload mid-turn, a die held through the next roll keeps its signature", () => {
  const before = dieSigs([], [5, 5, 1, 2, 3], 0, 1); // the page saw no roll of this turn
  const after = dieSigs([rolled(2, [0, 1], [5, 5, 6, 6, 4])], [5, 5, 6, 6, 4], 0, 2);
  assert.deepEqual(after.map((sig, i) => sig !== before[i]), [false, false, true, true, true]);
});
