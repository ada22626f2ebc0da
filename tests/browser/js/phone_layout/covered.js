([sel, scroll]) => {
  const covered = [], off = [];
  for (const el of document.querySelectorAll(sel)) {
    if (scroll) el.scrollIntoView({block: 'center'});
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
    const name = `${el.className}[${el.dataset.testid || el.dataset.seat || ''}]`;
    if (y < 0 || y > innerHeight) { off.push(name); continue; }
    const top = document.elementFromPoint(x, y);
    if (!top || !(el.contains(top) || top.contains(el))) covered.push(`${name} under ${top && top.className}`);
  }
  return {covered, off};
}
