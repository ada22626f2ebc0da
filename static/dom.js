// Tiny DOM helpers.  Every piece of data goes in as text (textContent or a
// text node), never as HTML: names and server texts may contain markup.

const PROPS = new Set(["value", "checked", "disabled", "hidden", "readOnly"]);

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
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
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

/** Set text only when it changed (keeps selections and avoids layout work). */
export function setText(el, text) {
  const value = text === null || text === undefined ? "" : String(text);
  if (el.textContent !== value) el.textContent = value;
}
