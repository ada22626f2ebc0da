// Unit tests of static/games/stud.js's pure helpers: a showdown hand's cards
// grouped by rank as poker sites show them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { groupedHand } from "../../static/games/stud.js";

test("three of a kind shows its three cards first, then the rest high to low", () => {
  assert.deepEqual(groupedHand(["QC", "JH", "JD", "TS", "JS"]), ["JH", "JD", "JS", "QC", "TS"]);
});

test("two pairs show the higher pair, the lower pair, then the odd card", () => {
  assert.deepEqual(groupedHand(["9C", "KH", "AS", "9D", "KS"]), ["KH", "KS", "9C", "9D", "AS"]);
});

test("a full house shows its three before its pair, even when the pair ranks higher", () => {
  assert.deepEqual(groupedHand(["AH", "8C", "AS", "8D", "8H"]), ["8C", "8D", "8H", "AH", "AS"]);
});

test("a hand of five ranks (high card, straight, flush) goes high to low", () => {
  assert.deepEqual(groupedHand(["9H", "QH", "TH", "KH", "JH"]), ["KH", "QH", "JH", "TH", "9H"]);
});

test("fewer cards (a hand cut short) are grouped the same; the input is not changed", () => {
  const cards = ["7S", "AD", "7C"];
  assert.deepEqual(groupedHand(cards), ["7S", "7C", "AD"]);
  assert.deepEqual(cards, ["7S", "AD", "7C"]);
  assert.deepEqual(groupedHand([]), []);
});
