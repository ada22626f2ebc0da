// A game's rules one click away: a Rules button (the table screen's head,
// a game's lobby page) opens an in-page <dialog> with the rules of that game
// in the current language, from GET /api/rules/{game}?lang=en|zh.  The one
// place the page takes HTML from the server: the lobby renders docs/play.md
// (or play.zh.md: the players' rules) with raw HTML escaped (lobby/rules_text.py), so its html
// is safe to put in as it is.  Esc or the Close button closes the dialog.

import { t, getLang } from "./i18n.js";
import { h, fill, setText } from "./dom.js";
import { showErrorIn } from "./shell.js";

const cache = new Map(); // "game:lang" -> promise of {game, lang, title, html}

function fetchRules(game, lang) {
  const key = `${game}:${lang}`;
  if (!cache.has(key)) {
    const p = fetch(`/api/rules/${encodeURIComponent(game)}?lang=${lang}`).then(async (res) => {
      const body = await res.json().catch(() => null);
      if (!res.ok || !body || typeof body.html !== "string") {
        throw { code: (body && body.code) || "internal", message: (body && body.error) || `${res.status}` };
      }
      return body;
    });
    p.catch(() => cache.delete(key)); // a failed fetch may be tried again
    cache.set(key, p);
  }
  return cache.get(key);
}

let dialog = null;

/** The page's one rules dialog: {el, titleEl, bodyEl}. */
function rulesDialog() {
  if (dialog) return dialog;
  const titleEl = h("h2", { class: "rules-title", testid: "rules-title" });
  const closeBtn = h("button", { type: "button", class: "rules-close", testid: "rules-close" });
  const bodyEl = h("div", { class: "rules-body", testid: "rules-body" });
  const el = h("dialog", { class: "rules-dialog card", testid: "rules-dialog", "aria-labelledby": "rules-title" }, h("div", { class: "rules-head" }, titleEl, closeBtn), bodyEl);
  titleEl.id = "rules-title";
  closeBtn.addEventListener("click", () => el.close());
  // a click on the backdrop (outside the dialog's box) closes it too
  el.addEventListener("click", (e) => {
    if (e.target === el) el.close();
  });
  document.body.appendChild(el);
  dialog = { el, titleEl, bodyEl, closeBtn };
  return dialog;
}

/** Give each body cell of the tables under `root` its column's header as
 * `data-label`: on a phone (style.css) a table's rows stand as small cards,
 * each cell under its header's words, so no table needs a sideways scroll. */
function labelCells(root) {
  for (const table of root.querySelectorAll("table")) {
    const heads = [...table.querySelectorAll("thead th")].map((th) => th.textContent.trim());
    for (const row of table.querySelectorAll("tbody tr")) {
      [...row.cells].forEach((cell, i) => {
        if (heads[i]) cell.dataset.label = heads[i];
      });
    }
  }
}

/** Open the rules of game `game` (its id) in the dialog. */
export function showRules(game) {
  const d = rulesDialog();
  const lang = getLang();
  setText(d.closeBtn, t("close"));
  setText(d.titleEl, t("rules"));
  fill(d.bodyEl, h("p", { class: "muted" }, t("rules_loading")));
  d.el.dataset.game = game;
  d.el.dataset.lang = lang;
  if (!d.el.open) d.el.showModal();
  fetchRules(game, lang).then(
    (r) => {
      if (d.el.dataset.game !== game || d.el.dataset.lang !== lang) return;
      setText(d.titleEl, r.title);
      d.bodyEl.innerHTML = r.html; // server-rendered, raw HTML escaped (see the top)
      labelCells(d.bodyEl);
      d.bodyEl.scrollTop = 0;
    },
    (err) => {
      if (d.el.dataset.game !== game) return;
      const line = h("p", { class: "form-error" });
      showErrorIn(line, err);
      fill(d.bodyEl, line);
    }
  );
}

/** A Rules button for game `game`: its id, or a function giving it (null
 * while not known: the click does nothing). */
export function rulesButton(game, attrs = {}) {
  const id = () => (typeof game === "function" ? game() : game);
  return h("button", { type: "button", class: "rules-btn", testid: "rules", ...attrs, onclick: () => id() && showRules(id()) }, t("rules"));
}
