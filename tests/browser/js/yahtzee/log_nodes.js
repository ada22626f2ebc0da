  // feed one roll per version; after `first` versions mark every line shown,
  // scroll the box to its top and draw again with nothing new
  const view = new VIEWS[game]({ id: 'nodes', games: () => net.games });
  document.querySelector('.table-body').appendChild(view.el);
  const log = () => view.el.querySelector('[data-testid="log"]');
  const feed = (k) => {
    const ev = { type: 'rolled', seat: k % 2, hold: [], dice: [1, 2, 3, 4, (k % 6) + 1], roll: 1 };
    const at = { ...v, events: [ev] };
    view.update(at, tableContext({ view: at, seat: 0, version: e.version + 1 + k }));
  };
  let k = 0;
  for (; k < first; k++) feed(k);
  const marked = new Set(log().children);
  log().scrollTop = 0;
  view.redraw();
  const topAfterRedraw = log().scrollTop;
  feed(k++);
  const afterOne = [...log().children];
  const kept = afterOne.filter((li) => marked.has(li)).length;
  const bottom = log().scrollHeight - log().clientHeight;
  const topAfterNew = log().scrollTop;
  for (; k < then - 1; k++) feed(k);
  const full = new Set(log().children);
  feed(k++);
  const last = [...log().children];
  const result = {
    marked: marked.size, kept, lines: afterOne.length, topAfterRedraw, topAfterNew, bottom,
    // beyond what the log keeps: the oldest lines go, the rest stay the same nodes
    cutFirst: last[0].dataset.testid || '', lastLines: last.length,
    lastKept: last.filter((li) => full.has(li)).length, fullLines: full.size,
  };
  view.el.remove();
  return result;
}
