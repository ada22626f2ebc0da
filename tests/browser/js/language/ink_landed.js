async ([i, shown, hidden, again, clip, strict]) => {
  // the other elements (own text, or a control or picture) on which target i's ink lands
  // outside its own box (below): pixels of the clip (viewport px) that change when its text is hidden
  // (`shown`, `hidden`, then `again` shown: a pixel that changed meanwhile, a clock's, is not counted;
  // `again` null: "again" when some pixel would count, for the caller to shoot it and ask once more)
  const el = document.querySelector(`[data-ink-target="${i}"]`);
  if (!el) return null; // drawn again meanwhile: measured again
  const load = (s) => new Promise((ok, no) => { const img = new Image(); img.onload = () => ok(img); img.onerror = no; img.src = `data:image/png;base64,${s}`; });
  const pixels = (img) => { const c = new OffscreenCanvas(img.width, img.height); const g = c.getContext("2d"); g.drawImage(img, 0, 0); return g.getImageData(0, 0, img.width, img.height).data; };
  const [a, b, c] = await Promise.all([load(shown), load(hidden), load(again === null ? shown : again)]);
  const [p, q, s] = [pixels(a), pixels(b), pixels(c)];
  // its own box: the nearest box that is not inline (a line of a list, a cell, a chip), where
  // the lines of its paragraph may touch each other (a wrapped line's marks reach the line above);
  // a box of its own inside (a date or a score line under a name, display: block) is another's text;
  // `strict`: another element on another line of its paragraph is too (a chat line's name over its text)
  const boxOf = (e) => {
    while (e.parentElement && getComputedStyle(e).display === "inline") e = e.parentElement;
    return e;
  };
  const home = boxOf(el);
  const rects = [...el.getClientRects()];
  const inside = (x, y) => rects.some((r) => x >= Math.floor(r.left) && x < Math.ceil(r.right) && y >= Math.floor(r.top) && y < Math.ceil(r.bottom));
  // beside it on one of its lines (not over or under): its own box's other texts there count too ("#1" before a name)
  const beside = (y) => rects.some((r) => y >= Math.floor(r.top) && y < Math.ceil(r.bottom));
  const own = (e) => [...e.childNodes].some((c) => c.nodeType === Node.TEXT_NODE && c.textContent.trim()) || e.matches("button, input, select, textarea, img, svg, canvas");
  const landed = new Map();
  const sx = a.width / clip.width, sy = a.height / clip.height;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const k = (y * a.width + x) * 4;
      // ink, not a level or two of a neighbour's edge painted again; and not a pixel that changed meanwhile
      if (Math.max(...[0, 1, 2].map((c) => Math.abs(p[k + c] - q[k + c]))) < 40) continue;
      if (p[k] !== s[k] || p[k + 1] !== s[k + 1] || p[k + 2] !== s[k + 2]) continue;
      const vx = clip.x + x / sx, vy = clip.y + y / sy;
      if (inside(vx, vy)) continue;
      for (const other of document.elementsFromPoint(vx + 0.5, vy + 0.5)) {
        if (other.contains(el) || el.contains(other) || !own(other) || (!strict && boxOf(other) === home && !beside(vy))) continue;
        if (again === null) return "again";
        const name = `${other.tagName.toLowerCase()}.${[...other.classList].join(".")} "${other.textContent.trim().slice(0, 24)}"`;
        landed.set(name, (landed.get(name) || 0) + 1);
      }
    }
  }
  return [...landed].map(([name, n]) => `${name} (${n} px)`);
}
