  const state = { ...v.state, history: Array.from({ length: ROUNDS }, () => v.state.history[0]) };
  const seats = (v.players || v.seats).map((s, i) => (i === 0 && 'NAME' ? { ...s, name: 'NAME' } : s));
  const long = { ...v, state, players: seats, seats };
  const view = new VIEWS[game]({ id: 'long-' + game, games: () => net.games });
  document.querySelector('.table-body').appendChild(view.el);
  view.update(long, tableContext({ view: long, seat: 0, version: e.version + 1 }));
  const table = view.el.querySelector('[data-testid="standings"]');
  let box = table.parentElement;
  while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
  const edge = box.getBoundingClientRect();
  const inside = (el) => { const r = el.getBoundingClientRect(); return r.left >= edge.left - 0.5 && r.right <= edge.right + 0.5 && r.width > 0; };
  const cut = [];
  for (const tr of table.querySelectorAll('tr')) {
    for (const cell of tr.querySelectorAll('.name, .total')) if (!inside(cell)) cut.push(tr.rowIndex + ':' + cell.className + ':' + cell.textContent);
  }
  const head = table.querySelector('th.total');
  const names = [...table.querySelectorAll('td.name .sn-name')].filter((c) => c.scrollWidth > c.clientWidth + 0.5).map((c) => c.textContent);
  const wide = table.getBoundingClientRect().width > edge.width + 0.5;
  const out = { cut, head: head ? head.textContent : null, whole: head ? head.scrollWidth <= head.clientWidth + 0.5 : false, rounds: table.querySelectorAll('tbody tr:first-child .round').length, names, wide };
  view.el.remove();
  return out;
}
