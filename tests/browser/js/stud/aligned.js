([a, b]) => {
  const left = sel => {
    const el = document.querySelector(sel);
    if (!el) return null;
    const r = document.createRange(); r.selectNodeContents(el);
    const rects = r.getClientRects();
    return rects.length ? rects[0].left : null;
  };
  const x = left(a), y = left(b);
  return x !== null && y !== null && Math.abs(x - y) <= 2;
}
