// Motion: short animations (at most MOTION_MS each, Web Animations API)
// that show on the board what a new version changed: dice rolling, tiles
// shutting, cards dealt, chips going to the pot.  Decoration only: the
// view has already drawn the latest state when they start, so a version
// that arrives mid-animation is drawn at once (its own changes animate
// from there) and nothing waits for an animation.
//
// A view marks an element to animate with two attributes:
//   data-motion  its kind: "roll" | "shut" | "deal" | "chip" (KINDS)
//   data-msig    what it shows ("3:5" for a die's roll count and face):
//                a change of it between two versions animates the element
//                ("" never animates: a blank die, an empty slot)
// and its data-testid names it from one version to the next.  A "chip"
// element's data-mto names (a test id) where its chip flies to.
// TableView.update takes a snapshot() of the board before it draws a
// version and play()s the changes after.  prefers-reduced-motion: reduce
// (and a hidden tab) turns every animation off.

/** The longest any one animation lasts (ms). */
export const MOTION_MS = 380;

/** The keyframes and timing of each kind. */
const KINDS = {
  roll: {
    frames: [
      { transform: "translateY(-10px) rotate(-300deg) scale(0.6)", opacity: 0.4 },
      { transform: "translateY(2px) rotate(-40deg) scale(1.08)", opacity: 1, offset: 0.7 },
      { transform: "none", opacity: 1 },
    ],
    timing: { duration: MOTION_MS, easing: "ease-out" },
    // each die of a group of dice rolls on its own, a little after the one before
    each: ".die",
    stagger: 40,
  },
  shut: {
    frames: [{ transform: "perspective(300px) rotateX(-85deg)", filter: "brightness(1.4)" }, { transform: "none", filter: "none" }],
    timing: { duration: 320, easing: "ease-out" },
  },
  deal: {
    frames: [{ transform: "translateY(-40px) rotate(-8deg) scale(0.7)", opacity: 0 }, { transform: "none", opacity: 1 }],
    timing: { duration: 300, easing: "cubic-bezier(0.25, 0.7, 0.3, 1)", fill: "backwards" },
  },
  chip: {
    frames: [{ transform: "scale(1.25)" }, { transform: "none" }],
    timing: { duration: 300, easing: "ease-out" },
  },
};

/** Whether animations are off: the page asks for reduced motion, the tab
 * is hidden, or the browser has no Web Animations API. */
export function motionOff() {
  if (typeof document === "undefined" || document.hidden) return true;
  if (typeof Element === "undefined" || typeof Element.prototype.animate !== "function") return true;
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The marked elements under `root`: Map test id → data-msig. */
export function snapshot(root) {
  const sigs = new Map();
  if (!root || !root.querySelectorAll) return sigs;
  for (const el of root.querySelectorAll("[data-motion][data-testid]")) sigs.set(el.dataset.testid, el.dataset.msig || "");
  return sigs;
}

/** What to animate between two snapshots (Map test id → signature):
 * the ids in `after` whose signature is not "" and differs from
 * `before`'s (an id new in `after` counts as changed), in `after`'s
 * order.  Pure. */
export function changed(before, after) {
  const out = [];
  for (const [id, sig] of after) if (sig !== "" && before.get(id) !== sig) out.push(id);
  return out;
}

/** Animate what changed under `root` since snapshot `before` (null: the
 * first version drawn, nothing animates).  Returns the animations started. */
export function play(root, before) {
  if (!before || motionOff()) return [];
  const after = snapshot(root);
  const started = [];
  for (const id of changed(before, after)) {
    const el = root.querySelector(`[data-motion][data-testid="${CSS.escape(id)}"]`);
    const kind = el && KINDS[el.dataset.motion];
    if (!kind) continue;
    if (el.dataset.motion === "chip") started.push(...flyChip(root, el));
    const parts = kind.each ? [...el.querySelectorAll(kind.each)] : [];
    (parts.length ? parts : [el]).forEach((part, i) => started.push(part.animate(kind.frames, { ...kind.timing, delay: i * (kind.stagger || 0) })));
  }
  return started;
}

/** A chip that flies from `el` to the element its data-mto names (and
 * that target's bump), gone when it lands. */
function flyChip(root, el) {
  const to = el.dataset.mto && root.querySelector(`[data-testid="${CSS.escape(el.dataset.mto)}"]`);
  if (!to) return [];
  const a = el.getBoundingClientRect();
  const b = to.getBoundingClientRect();
  const chip = document.createElement("span");
  chip.className = "motion-chip";
  chip.setAttribute("aria-hidden", "true");
  chip.style.left = `${a.left + a.width / 2 - 9}px`;
  chip.style.top = `${a.top + a.height / 2 - 9}px`;
  document.body.appendChild(chip);
  const dx = b.left + b.width / 2 - (a.left + a.width / 2);
  const dy = b.top + b.height / 2 - (a.top + a.height / 2);
  const fly = chip.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(0.8)`, opacity: 0.9 }], {
    duration: MOTION_MS,
    easing: "cubic-bezier(0.4, 0, 0.6, 1)",
  });
  const gone = () => chip.remove();
  fly.finished.then(gone, gone);
  return [fly, to.animate(KINDS.chip.frames, { ...KINDS.chip.timing, delay: MOTION_MS - 80 })];
}

/** 6 Nimmt!: which of a reveal's cards to show placed now, from what the
 * view showed before (`prev`: {key, placed} or null before the first
 * version) and the reveal in the new state (`key`: "round.turn" of the
 * reveal or null, `list`: the reveal's cards in placing order, each
 * {row: number | null}: null while a row choice holds it and those after
 * it).  Returns {key, placed, from, flip}: the cards from `from` up to
 * `placed` go to their rows now, after the revealed cards flip face up when
 * `flip` (a new reveal); from === placed: nothing to show.  Pure. */
export function revealSteps(prev, key, list) {
  let placed = 0;
  while (placed < list.length && list[placed].row !== null) placed++;
  if (!prev) return { key, placed, from: placed, flip: false };
  if (key !== prev.key) return { key, placed, from: 0, flip: true };
  if (placed > prev.placed) return { key, placed, from: prev.placed, flip: false };
  return { key, placed, from: placed, flip: false };
}
