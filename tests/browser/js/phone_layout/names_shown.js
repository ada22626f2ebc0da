  const other = v.seats.findIndex((s, i) => i > 0 && s);
  const next = { ...v, events: [{ type: 'timeout', seat: 0, bot: false, moves: [] }], to_act: [other], deadlines: {} };
  const view = new VIEWS[game]({ id, games: () => net.games }); // the table's id: its time's-up notices
  const felt = document.querySelector('.table-body');
  felt.replaceChildren(view.el);  // the live view is drawn no more
  view.update(next, tableContext({ view: next, seat: 0, version: e.version + 1 }));
  const shown = (el) => {
    const text = el.textContent;
    const node = el.firstChild;
    const box = el.getBoundingClientRect();
    if (!node || el.scrollWidth <= el.clientWidth + 1) return text.length;
    const range = document.createRange();
    let n = 0;
    for (let k = 1; k <= text.length; k++) {
      range.setStart(node, 0); range.setEnd(node, k);
      // the ellipsis takes about a character's room at the end
      if (range.getBoundingClientRect().right + 0.6 * parseFloat(getComputedStyle(el).fontSize) <= box.right + 0.5) n = k; else break;
    }
    return n;
  };
  const mine = view.el.querySelector('[data-testid="seat-0"]');
  return {
    badges: !!(mine && mine.querySelector('.badge-you') && mine.querySelector('.badge-timeout')),
    names: [...view.el.querySelectorAll('[data-testid^="seat-name-"]')].filter((el) => el.getClientRects().length).map((el) => [el.textContent, shown(el)]),
  };
}
