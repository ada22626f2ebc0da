  const seats = Array.from({ length: n }, (_, i) => ({ ...v.seats[i % v.seats.length], name: i ? 'Marguerite ' + i : v.seats[0].name }));
  const history = Array.from({ length: rounds }, (_, r) => ({ round: r, scores: seats.map((_, i) => 10 + ((i + r) % 35)), winners: [r % n], box_shut: false }));
  const state = { ...v.state, n, rounds, round: rounds, history, stake, wins: seats.map((_, i) => history.filter((h) => h.winners.includes(i)).length), coins: seats.map((_, i) => (i ? -stake * rounds : stake * rounds * (n - 1))), scores: seats.map(() => null) };
  const wide = { ...v, seats, players: seats, state, result: null, forced: [] };
  const view = new VIEWS[game]({ id: 'wide-' + game, games: () => net.games });
  document.querySelector('.table-body').appendChild(view.el);
  view.update(wide, tableContext({ view: wide, seat: 0, version: e.version + 1 }));
  const table = view.el.querySelector('[data-testid="players"]');
  const box = table.parentElement.getBoundingClientRect();
  const out = [...table.querySelectorAll('th, td')].filter((c) => { const r = c.getBoundingClientRect(); return r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5); }).map((c) => c.className + ':' + c.textContent);
  const got = { table: table.getBoundingClientRect().width, box: table.parentElement.clientWidth, scroll: table.parentElement.scrollWidth, out: out.slice(0, 6) };
  view.el.remove();
  return got;
}
