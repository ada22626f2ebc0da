() => {
  const bad = [];
  const astral = (s) => [...s].some((ch) => ch.codePointAt(0) > 0xffff);
  for (const el of document.querySelectorAll("body *")) {
    for (const pseudo of ["::before", "::after"]) {
      const c = getComputedStyle(el, pseudo).content;
      if (c && c !== "none" && c !== "normal" && astral(c)) bad.push(`${el.tagName}.${el.className}${pseudo}: ${c}`);
    }
    for (const n of el.childNodes) if (n.nodeType === 3 && astral(n.textContent)) bad.push(`${el.tagName}.${el.className}: ${n.textContent}`);
  }
  return bad;
}
