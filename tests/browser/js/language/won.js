  const n = v.seats.length;
  const state = JSON.parse(JSON.stringify(v.state));
  if (game === 'stud') state.over = true, state.result = { how: 'fold', winner: 0, pot: 40, nets: [20, -20] };
  if (game === 'six_nimmt') state.history = [state.scores.map(() => 0)];
  if (game === 'shut_the_box') state.round = state.rounds, state.history = [{ round: 0, scores: state.scores.map((s, i) => (i === 0 ? 3 : 9)), winners: [0], box_shut: false }];
  const fin = { ...v, status: 'finished', state, to_act: [], deadlines: {}, result: { winners: [0], scores: Array(n).fill(1), coins: Array(n).fill(0) } };
  const out = {};
  for (const [who, seat] of [['mine', 0], ['spectator', null]]) {
    const view = new VIEWS[game]({ id: 'won-' + game + who, games: () => net.games });
    document.body.appendChild(view.el);
    view.update(fin, tableContext({ view: fin, seat, version: e.version + 1 }));
    const row = view.el.querySelector('[data-testid="standing-0"], [data-testid="final-board-0"]');
    const res = view.el.querySelector('[data-testid="round-result-0"]');
    out[who] = { winners: view.el.querySelector('[data-testid="winners"]').textContent, badge: row ? !!row.querySelector('.badge-you') : null, round: res ? res.textContent : null };
    view.el.remove();
  }
  return out;
}
