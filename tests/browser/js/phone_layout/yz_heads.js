  const seats = v.seats.slice(0, names.length).map((s, i) => (i === 0 ? s : { ...s, name: names[i], bot: false }));
  const long = { ...v, seats };
  const view = new VIEWS[game]({ id: 'heads-' + game, games: () => net.games });
  document.querySelector('.table-body').appendChild(view.el);
  view.update(long, tableContext({ view: long, seat: 0, version: e.version + 1 }));
  const heads = [...view.el.querySelectorAll('[data-testid=score-card] thead th.seat-col')].map((th) => {
    const el = th.querySelector('.seat-name');
    const box = el.getBoundingClientRect(), cell = th.getBoundingClientRect();
    const turned = [];
    for (let x = el; x && x !== th.parentElement; x = x.parentElement) {
      const cs = getComputedStyle(x);
      if (cs.writingMode !== 'horizontal-tb' || cs.transform !== 'none' || cs.rotate !== 'none') turned.push(x.className);
    }
    const range = document.createRange(), node = el.firstChild, rects = [];
    for (let i = 0; i < node.data.length; i++) { range.setStart(node, i); range.setEnd(node, i + 1); rects.push(range.getBoundingClientRect()); }
    const inside = (r) => r.left >= Math.max(box.left, cell.left) - 0.5 && r.right <= Math.min(box.right, cell.right) + 0.5 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
    let shown = 0;
    while (shown < rects.length && inside(rects[shown])) shown++;
    const line = rects.every((r) => Math.abs(r.top - rects[0].top) < 2) && rects.every((r, i) => i === 0 || r.left > rects[i - 1].left);
    return { title: el.title, text: el.textContent, turned, line, shown, over: el.scrollWidth > el.clientWidth + 0.5, ellipsis: getComputedStyle(el).textOverflow,
      mine: th.classList.contains('me') && !!th.querySelector('.badge-you') && th.querySelector('.badge-you').getBoundingClientRect().width > 0 };
  });
  const list = [...view.el.querySelectorAll('[data-testid=yz-seats] li')].map((li) => {
    const name = li.querySelector('.yz-seat-name');
    const r = name.getBoundingClientRect(), felt = document.querySelector('.table-body').getBoundingClientRect();
    return { text: name.textContent, whole: r.width > 0 && name.scrollWidth <= name.clientWidth + 0.5 && r.right <= felt.right + 0.5 && getComputedStyle(name).textOverflow !== 'ellipsis' };
  });
  view.el.remove();
  return { heads, list };
}
