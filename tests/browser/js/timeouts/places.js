([word, past]) => {
  const re = new RegExp(word, 'i');
  const note = document.querySelector('[data-testid=timeout-notice]');
  const playing = document.querySelector('[data-testid=table-status]').dataset.status === 'playing';
  const calm = document.querySelector('[data-testid=countdown]').dataset.urgent !== 'true';
  if (!(playing && calm && !note.hidden && note.textContent.startsWith(past))) return null;
  const screen = document.querySelector('[data-testid=table-screen]');
  const walker = document.createTreeWalker(screen, NodeFilter.SHOW_TEXT);
  const out = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!re.test(n.textContent) || !el.checkVisibility()) continue;
    const where = el.closest('[data-testid]');
    out.push({where: where ? where.dataset.testid : '', cls: el.className, text: el.closest('li, td, th, span, div').textContent});
  }
  return out;
}
