([away, late]) => [...document.querySelectorAll('[data-testid=log] li')].filter((li) => li.querySelector('.forced-away')).map((li) => {
  const text = li.textContent;
  const count = (w) => text.split(w).length - 1;
  const marks = [...li.querySelectorAll('.forced-away')].map((m) => {
    const before = document.createRange();
    before.setStart(li, 0);
    before.setEndBefore(m);
    const rects = [...before.getClientRects()].filter((r) => r.width > 0);
    const prev = rects[rects.length - 1];
    const q = m.getBoundingClientRect();
    return {word: m.textContent, before: before.toString().slice(-1), gap: prev && Math.abs(prev.top - q.top) < q.height ? Math.round(q.left - prev.right) : null};
  });
  return {text, away: count(away), late: count(late), timeouts: li.querySelectorAll('.sn-log-timeout').length, marks};
})
