  const { setLang } = await import('/static/i18n.js');
  setLang(lang);
  const view = new VIEWS[game]({ id: `long-${lines}-${lang}`, games: () => net.games });
  document.querySelector('.table-body').appendChild(view.el);
  for (let k = 0; k < lines; k++) {
    const ev = { type: 'rolled', seat: k % 2, hold: [], dice: [1, 2, 3, 4, (k % 6) + 1], roll: 1 };
    const at = { ...v, events: [ev] };
    view.update(at, tableContext({ view: at, seat: 0, version: e.version + 1 + k }));
  }
  const log = view.el.querySelector('[data-testid="log"]');
  const got = { lines: [...log.querySelectorAll('li')].map((li) => li.textContent), height: log.getBoundingClientRect().height, scroll: log.scrollHeight, top: log.scrollTop, client: log.clientHeight };
  view.el.remove();
  setLang('en');
  return got;
}
