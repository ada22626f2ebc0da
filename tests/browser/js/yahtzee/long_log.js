  const { setLang } = await import('/static/i18n.js');
  setLang(lang);
  const view = new VIEWS[game]({ id: `long-${lang}`, games: () => net.games });
  document.querySelector('.table-body').appendChild(view.el);
  const log = () => view.el.querySelector('[data-testid="log"]');
  const seen = [];
  for (let k = 0; k < counts[counts.length - 1]; k++) {
    const ev = { type: 'rolled', seat: k % 2, hold: [], dice: [1, 2, 3, 4, (k % 6) + 1], roll: 1 };
    const at = { ...v, events: [ev] };
    view.update(at, tableContext({ view: at, seat: 0, version: e.version + 1 + k }));
    if (counts.includes(k + 1)) {
      const el = log();
      seen.push({ lines: [...el.querySelectorAll('li')].map((li) => li.textContent), height: el.getBoundingClientRect().height, scroll: el.scrollHeight, top: el.scrollTop, client: el.clientHeight });
    }
  }
  view.el.remove();
  setLang('en');
  return seen;
}
