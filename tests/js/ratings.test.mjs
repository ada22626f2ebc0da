// Unit tests of static/ratings.js's rating figures under Node's test runner (no page).
import { test } from "node:test";
import assert from "node:assert/strict";
import { deltaText, notToTheEnd, ratingText } from "../../static/ratings.js";

test("deltaText signs a change, rounds it, and says ±0 for none", () => {
  assert.equal(deltaText(37), "+37");
  assert.equal(deltaText(-12), "\u221212");
  assert.equal(deltaText(0), "±0");
  assert.equal(deltaText(2.6), "+3");
  assert.equal(deltaText(-0.4), "±0");
});

test("ratingText shows the rating, a ? while provisional, U+2212 below zero", () => {
  assert.equal(ratingText({ rating: 1037, provisional: false }), "1037");
  assert.equal(ratingText({ rating: 1037, provisional: true }), "1037?");
  assert.equal(ratingText({ rating: -5 }), "\u22125");
  assert.equal(ratingText(null), "—");
});

test("ratingText of an older server's figure shows its ordinal with one decimal", () => {
  assert.equal(ratingText({ ordinal: 12.34 }), "12.3");
  assert.equal(ratingText({ ordinal: -3.26 }), "\u22123.3");
  assert.equal(ratingText({}), "0.0");
});

test("notToTheEnd: left (a bot finished), else played to the end, away at the end included", () => {
  const view = {
    players: [{ name: "Ann" }, { name: "Bo", left: true, bot: true }, { name: "Cy", away: true }, { name: "Dee" }],
    seats: [{ name: "Ann" }, { name: "Bo" }, { name: "Cy" }, { name: "Dee", away: true }],
  };
  assert.equal(notToTheEnd(view, 0), null);
  assert.equal(notToTheEnd(view, 1), "left");
  assert.equal(notToTheEnd(view, 2), null);
  assert.equal(notToTheEnd(view, 3), null);
  assert.equal(notToTheEnd(null, 0), null);
});

test("every rating figure below zero is written with U+2212, never a hyphen-minus", () => {
  assert.deepEqual([deltaText(-12.4), ratingText({ rating: -5 }), ratingText({ ordinal: -3.21 })], ["\u221212", "\u22125", "\u22123.2"]);
});
