// Unit tests of static/dom.js's pure helpers: where a log line keeps a
// bracketed value on one line.
import { test } from "node:test";
import assert from "node:assert/strict";
import { bracketParts } from "../../static/dom.js";

test("a Chinese roll line keeps its full-width bracketed hand whole", () => {
  assert.deepEqual(bracketParts("第 1 局：你掷出 ⚀⚁⚂⚃（点数 8）"), [
    { text: "第 1 局：你掷出 ⚀⚁⚂⚃", keep: false },
    { text: "（点数 8）", keep: true },
  ]);
});

test("an English bracketed value is kept whole too, and the text around it stays", () => {
  assert.deepEqual(bracketParts("Ann (left) rolled (normal point: 9) then"), [
    { text: "Ann ", keep: false },
    { text: "(left)", keep: true },
    { text: " rolled ", keep: false },
    { text: "(normal point: 9)", keep: true },
    { text: " then", keep: false },
  ]);
});

test("text without brackets, or with a long bracketed aside, is one part free to wrap", () => {
  assert.deepEqual(bracketParts("Round 1: Ann wins"), [{ text: "Round 1: Ann wins", keep: false }]);
  const long = "a (this aside is far too long to keep on one line) b";
  assert.deepEqual(bracketParts(long), [{ text: long, keep: false }]);
  assert.deepEqual(bracketParts(""), []);
});
