(sel) => {
  const bars = [...document.querySelectorAll('.screen-table *')].filter((b) => {
    const cs = getComputedStyle(b);
    return (cs.position === 'sticky' || cs.position === 'fixed') && b.getClientRects().length && !b.closest('.toast');
  });
  const out = [];
  let n = 0;
  const ways = [['top', {block: 'start'}], ['bottom', {block: 'end'}], ['nearest', {block: 'nearest'}]];
  for (const el of document.querySelectorAll(sel)) {
    if (!el.getClientRects().length) continue;
    n++;
    for (const [how, opts] of ways) {
      if (how === 'nearest') window.scrollTo(0, 0);
      el.scrollIntoView(opts);
      const r = el.getBoundingClientRect();
      for (const b of bars) {
        if (b.contains(el) || el.contains(b)) continue;
        const q = b.getBoundingClientRect();
        if (r.top < q.bottom - 0.5 && q.top < r.bottom - 0.5 && r.left < q.right - 0.5 && q.left < r.right - 0.5) {
          out.push(`${el.className}[${el.dataset.testid || ''}] (${how}: ${Math.round(r.top)}..${Math.round(r.bottom)}) under ${b.className} (${Math.round(q.top)}..${Math.round(q.bottom)})`);
        }
      }
      if (r.top < -0.5 || r.bottom > innerHeight + 0.5) out.push(`${el.className} (${how}) off screen`);
    }
  }
  window.scrollTo(0, 0);
  return {out, n};
}
