// Unit tests of static/games/motion.js's pure parts: which marked elements a
// new version animates, and 6 Nimmt!'s placing of a reveal's cards step by
// step as its versions arrive.
import { test } from "node:test";
import assert from "node:assert/strict";
import { changed, motionOff, revealSteps } from "../../static/games/motion.js";

const sigs = (o) => new Map(Object.entries(o));

test("an element animates when what it shows changed, or when it is new", () => {
  const before = sigs({ "die-0": "1:4", "die-1": "1:2", "tile-3": "open" });
  const after = sigs({ "die-0": "2:4", "die-1": "1:2", "tile-3": "shut", "up-0-1": "QC" });
  assert.deepEqual(changed(before, after), ["die-0", "tile-3", "up-0-1"]);
});

test("a blank (an unrolled die, no bet) never animates, nor an element that went away", () => {
  assert.deepEqual(changed(sigs({ "die-0": "3:6", "bet-1": "4" }), sigs({ "die-0": "" })), []);
  assert.deepEqual(changed(sigs({}), sigs({ "dice-0": "" })), []);
});

test("without a page nothing animates", () => {
  assert.equal(motionOff(), true);
});

const card = (row) => ({ row });

test("the first version drawn shows its reveal as it stands: nothing flies", () => {
  const got = revealSteps(null, "0.3", [card(1), card(2), card(null)]);
  assert.deepEqual(got, { key: "0.3", placed: 2, from: 2, flip: false });
});

test("a new reveal flips its cards and places each in order up to the first held by a row choice", () => {
  const prev = { key: "0.2", placed: 4 };
  const got = revealSteps(prev, "0.3", [card(0), card(3), card(null), card(null)]);
  assert.deepEqual(got, { key: "0.3", placed: 2, from: 0, flip: true });
});

test("after a row choice only the cards it let go are placed, in their order", () => {
  let shown = revealSteps(null, "1.0", [card(2), card(null), card(null)]);
  shown = revealSteps(shown, "1.0", [card(2), card(1), card(0)]);
  assert.deepEqual(shown, { key: "1.0", placed: 3, from: 1, flip: false });
});

test("a version that changes nothing of the reveal places nothing, and the same version twice places once", () => {
  const list = [card(0), card(1)];
  const first = revealSteps({ key: "0.0", placed: 0 }, "0.1", list);
  assert.deepEqual([first.from, first.placed, first.flip], [0, 2, true]);
  const again = revealSteps(first, "0.1", list);
  assert.equal(again.from, again.placed);
  assert.equal(again.flip, false);
});

test("two reveals arriving together end at the newest: its cards all placed, none of the older", () => {
  const older = revealSteps({ key: "0.0", placed: 3 }, "0.1", [card(0)]);
  const newest = revealSteps(older, "0.2", [card(1), card(3)]);
  assert.deepEqual(newest, { key: "0.2", placed: 2, from: 0, flip: true });
});
