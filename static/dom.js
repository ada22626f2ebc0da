// Tiny DOM helpers.  Every piece of data goes in as text (textContent or a
// text node), never as HTML: names and server texts may contain markup.

const PROPS = new Set(["value", "checked", "disabled", "hidden", "readOnly"]);
/** The listeners h() gave each element: [type, fn] pairs (patch moves them). */
const LISTENERS = new WeakMap();

/** h("button", {testid: "roll", onclick: fn}, "Roll") -> an element.
 * `testid` sets data-testid, `class` the class, `on<event>` a listener,
 * `value`/`checked`/`disabled`/`hidden`/`readOnly` the property; children
 * are nodes, strings (as text), numbers, arrays or null. */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null) continue;
    if (key === "class") el.className = value;
    else if (key === "testid") el.dataset.testid = value;
    else if (key === "text") el.textContent = value;
    else if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
      if (!LISTENERS.has(el)) LISTENERS.set(el, []);
      LISTENERS.get(el).push([key.slice(2), value]);
    }
    else if (PROPS.has(key)) el[key] = value;
    else if (value === false) continue;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
  return el;
}

/** Replace an element's children. */
export function fill(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/** Make `el`'s children those given (as fill), keeping the nodes already
 * shown where the new ones match them (morphdom, /vendor/morphdom-umd.min.js:
 * the same tag in the same place), their attributes and text brought up to
 * date: a board a version barely changed is not styled, laid out and
 * painted afresh, and a focused control keeps its focus.  A kept node gets
 * the listeners h() gave its new twin in place of its own.  Only for
 * children built afresh that nothing else holds (a view that keeps a
 * reference to a child, or listens with addEventListener, uses fill).
 * Without morphdom (Node's unit tests), fill. */
export function patch(el, ...children) {
  return morph(el, children, (node) => node.id);
}

/** As patch, but children are matched by their `data-key` attribute (a
 * list's rows: a table's id), wherever they moved: a row whose table went
 * up the list is the same row, and a button pressed in it while the list
 * is drawn again (a push came mid-press) is the button that comes up. */
export function patchKeyed(el, ...children) {
  return morph(el, children, (node) => (node.getAttribute ? node.getAttribute("data-key") || node.id : undefined));
}

function morph(el, children, getNodeKey) {
  if (!globalThis.morphdom) return fill(el, ...children);
  const next = el.cloneNode(false);
  append(next, children);
  globalThis.morphdom(el, next, { childrenOnly: true, onBeforeElUpdated: takeListeners, getNodeKey });
  return el;
}

/** morphdom's hook: `kept` (shown) swaps its h() listeners for `twin`'s;
 * a control busy with its request (aria-busy, shell.js runAction) stays
 * disabled till the reply. */
function takeListeners(kept, twin) {
  if (kept.getAttribute("aria-busy") === "true") {
    twin.setAttribute("aria-busy", "true");
    twin.disabled = true;
  }
  for (const [type, fn] of LISTENERS.get(kept) || []) kept.removeEventListener(type, fn);
  const now = LISTENERS.get(twin) || [];
  for (const [type, fn] of now) kept.addEventListener(type, fn);
  if (now.length) LISTENERS.set(kept, now);
  else LISTENERS.delete(kept);
  return true;
}

/** Set text only when it changed (keeps selections and avoids layout work). */
export function setText(el, text) {
  const value = text === null || text === undefined ? "" : String(text);
  if (el.textContent !== value) el.textContent = value;
}

/** Room kept for the bars `top` and `bottom` (selectors) may pin inside
 * `root` to the screen's top and foot (those whose computed position is
 * sticky or fixed right now): the tallest of each, in CSS px, goes to the
 * page's --pin-top and --pin-bottom, and each pinned bar gets a
 * data-pinned attribute (style.css turns them into the scroll margins of
 * everything outside the bars, and the page's padding under a fixed bar), so
 * anything scrolled to (scrollIntoView, focus) stops clear of them, while a
 * control in a bar is reached where it is. measure() after
 * each redraw (a class can pin or free a bar); a bar's resize and the
 * window's are followed; stop() clears both. Returns {measure, stop}. */
export function pinnedRoom(root, { top, bottom }) {
  const style = document.documentElement.style;
  const seen = new WeakSet();
  const tallest = (selector) => {
    let most = 0;
    for (const el of root.querySelectorAll(selector)) {
      if (!seen.has(el)) {
        seen.add(el);
        sizes.observe(el);
      }
      const position = getComputedStyle(el).position;
      const pinned = position === "sticky" || position === "fixed";
      if (pinned !== el.hasAttribute("data-pinned")) el.toggleAttribute("data-pinned", pinned);
      if (pinned) most = Math.max(most, el.getBoundingClientRect().height);
    }
    return `${Math.ceil(most)}px`;
  };
  const measure = () => {
    for (const [name, selector] of [["--pin-top", top], ["--pin-bottom", bottom]]) {
      const px = tallest(selector);
      if (style.getPropertyValue(name) !== px) style.setProperty(name, px);
    }
  };
  const sizes = new ResizeObserver(measure);
  window.addEventListener("resize", measure);
  const stop = () => {
    sizes.disconnect();
    window.removeEventListener("resize", measure);
    style.removeProperty("--pin-top");
    style.removeProperty("--pin-bottom");
  };
  return { measure, stop };
}

/** A short bracketed value: "(…)" or "（…）" with at most 24 characters in it. */
const SHORT_BRACKETS = /\([^()（）]{1,24}\)|（[^()（）]{1,24}）/g;

/** `text` cut around its short bracketed values ("（点数 8）", "(normal
 * point: 9)"): [{text, keep}] in order, `keep` true for a bracketed value
 * (to stay on one line), no empty parts.  Pure. */
export function bracketParts(text) {
  const parts = [];
  let at = 0;
  for (const m of text.matchAll(SHORT_BRACKETS)) {
    if (m.index > at) parts.push({ text: text.slice(at, m.index), keep: false });
    parts.push({ text: m[0], keep: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), keep: false });
  return parts;
}

/** `text` as nodes for h(): its short bracketed values in nowrap spans
 * (class keep-together) so a line never breaks inside one, the rest as text. */
export function keepBrackets(text) {
  return bracketParts(text).map((p) => (p.keep ? h("span", { class: "keep-together" }, p.text) : p.text));
}
