([texts, header]) => {
  // every visible element with a text node of its own holding one of `texts`, tagged data-ink-target="i"
  // (the header's elements only when `header`)
  for (const el of document.querySelectorAll("[data-ink-target]")) el.removeAttribute("data-ink-target");
  const found = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || found.has(el) || !texts.some((t) => n.textContent.includes(t))) continue;
    if (!header && el.closest("header.topbar")) continue;
    if (!el.getClientRects().length || getComputedStyle(el).visibility !== "visible" || el.closest("[hidden], [aria-hidden=true], dialog:not([open])")) continue;
    found.add(el);
  }
  return [...found].map((el, i) => { el.dataset.inkTarget = String(i); return `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`; });
}
