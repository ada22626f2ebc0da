  const rounds = 10;
  const state = { ...v.state, history: Array.from({ length: rounds }, () => v.state.history[0]) };
  const seats = (v.players || v.seats).map((s, i) => (i === 0 && 'NAME' ? { ...s, name: 'NAME' } : s));
  const long = { ...v, state, players: seats, seats };
  const view = new VIEWS[game]({ id: 'long-' + game, games: () => net.games });
  document.querySelector('.table-body').appendChild(view.el);
  view.update(long, tableContext({ view: long, seat: 0, version: e.version + 1 }));
  const table = view.el.querySelector('[data-testid="standings"]');
  const width = document.documentElement.clientWidth;
  const heads = [...table.querySelectorAll('th')].map((th) => th.getBoundingClientRect().height);
  const wrap = table.parentElement.getBoundingClientRect();
  const sums = [...table.querySelectorAll('tbody tr')].map((tr) => tr.querySelector('.sn-rounds').textContent);
  const out = { right: table.getBoundingClientRect().right, wrap: wrap.right, width, sums, tallest: Math.max(...heads), row: table.querySelector('td').getBoundingClientRect().height };
  view.el.remove();
  return out;
}
