// Unit tests of static/sound.js's turn cue under Node's test runner, with a
// stand-in for the Web Audio context (its state and what was played).
import { test } from "node:test";
import assert from "node:assert/strict";
import { QUIET_MS, turnCue } from "../../static/sound.js";

/** A Web Audio context that records its oscillators' starts; starts
 * "running" (made in a gesture) unless told otherwise. */
function fakeContext(state = "running") {
  const param = () => ({ setValueAtTime() {}, exponentialRampToValueAtTime() {} });
  const node = () => ({ connect: (next) => next, frequency: param(), gain: param(), start() { ctx.played++; }, stop() {} });
  const ctx = {
    state,
    played: 0,
    currentTime: 0,
    destination: {},
    createOscillator: node,
    createGain: node,
    resume: async () => void (ctx.state = "running"),
    suspend: async () => void (ctx.state = "suspended"),
  };
  return ctx;
}

/** setTimeout/clearTimeout run by hand: run() fires what is due. */
function clock() {
  const due = new Map();
  let next = 0;
  return {
    later: (fn, ms) => (due.set(++next, { fn, ms }), next),
    cancel: (id) => due.delete(id),
    pending: () => [...due.values()].map((t) => t.ms),
    run() {
      const now = [...due.values()];
      due.clear();
      for (const t of now) t.fn();
    },
  };
}

const settle = () => new Promise((done) => setImmediate(done));

test("no beep before a gesture made the context", () => {
  let made = 0;
  const cue = turnCue({ makeContext: () => (made++, fakeContext()) });
  cue.beep();
  assert.equal(made, 0);
});

test("a gesture makes one context, which is suspended after a quiet second", async () => {
  const ctx = fakeContext();
  const t = clock();
  let made = 0;
  const cue = turnCue({ makeContext: () => (made++, ctx), ...t });
  cue.unlock();
  cue.unlock();
  assert.equal(made, 1);
  assert.deepEqual(t.pending(), [QUIET_MS]);
  t.run();
  await settle();
  assert.equal(ctx.state, "suspended");
});

test("a beep resumes a suspended context, plays once and suspends it again after the quiet second", async () => {
  const ctx = fakeContext("suspended");
  const t = clock();
  const cue = turnCue({ makeContext: () => ctx, ...t });
  cue.unlock();
  await settle();
  t.run();
  await settle();
  assert.equal(ctx.state, "suspended");
  cue.beep();
  await settle();
  assert.equal(ctx.played, 1);
  assert.equal(ctx.state, "running");
  assert.deepEqual(t.pending(), [QUIET_MS]);
  t.run();
  await settle();
  assert.equal(ctx.state, "suspended");
});

test("two beeps within a second keep the context running till a second after the last", async () => {
  const ctx = fakeContext();
  const t = clock();
  const cue = turnCue({ makeContext: () => ctx, ...t });
  cue.unlock();
  cue.beep();
  cue.beep();
  assert.equal(ctx.played, 2);
  assert.deepEqual(t.pending(), [QUIET_MS]);
});

test("a page without Web Audio, or a closed context, never beeps nor throws", () => {
  const none = turnCue({ makeContext: () => null });
  none.unlock();
  none.beep();
  const ctx = fakeContext("closed");
  const closed = turnCue({ makeContext: () => ctx });
  closed.unlock();
  closed.beep();
  assert.equal(ctx.played, 0);
});
