async (root) => {
  // measure what stays: cards fading in are measured once their animation is done
  await Promise.all(document.getAnimations().filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity).map((a) => a.finished.catch(() => null)));
  // the felt's gradient ends (static/style.css --felt, --felt-dark)
  const felt = ["--felt", "--felt-dark"].map((v) => { const x = getComputedStyle(document.documentElement).getPropertyValue(v).trim().replace("#", ""); return `rgb(${[0, 2, 4].map((i) => parseInt(x.substr(i, 2), 16)).join(", ")})`; });
  const rgba = (s) => { const m = s.match(/rgba?\(([^)]+)\)/); if (!m) return null; const p = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const lum = ([r, g, b]) => { const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const over = (top, under) => { const a = top[3]; return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)); };
  // what is behind el: the nearest ancestor with a background (colour, or the felt's gradient)
  const behind = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (e.classList.contains("table-body")) return { bgs: felt.map((f) => layers.reduceRight((u, l) => over(l, u), rgba(f))) };
      const c = rgba(cs.backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) return { bgs: [layers.reduceRight((u, l) => over(l, u), [255, 255, 255])] }; }
    }
    return { bgs: [layers.reduceRight((u, l) => over(l, u), [255, 255, 255])] };
  };
  const bad = [];
  const walker = document.createTreeWalker(document.querySelector(root), NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.trim();
    const el = n.parentElement;
    if (!text || !el || !el.getClientRects().length || el.closest("button:disabled, [hidden], [aria-hidden=true]")) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === "hidden") continue;
    let opacity = 1;
    let faded = "";
    for (let e = el; e; e = e.parentElement) { const o = Number(getComputedStyle(e).opacity); if (o < 1) faded += ` faded ${o} by [${e.className}]`; opacity *= o; }
    const fg = rgba(cs.color);
    fg[3] *= opacity;
    const size = parseFloat(cs.fontSize), bold = Number(cs.fontWeight) >= 700;
    const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    for (const bg of behind(el).bgs) {
      const r = ratio(over(fg, bg), bg);
      if (r < need) { bad.push(`${text.slice(0, 40)} [${el.className}] ${cs.color} on rgb(${bg.map(Math.round)}): ${r.toFixed(2)} < ${need}${faded}`); break; }
    }
  }
  return [...new Set(bad)];
}
