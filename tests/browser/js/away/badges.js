  const seats = (away) => v.seats.map((s, i) => (i === 1 ? { ...s, bot: false, away } : s));
  const at = (fields) => ({ ...v, players: null, result: null, forced: [], events: [], ...fields });
  const timedOut = at({ status: 'playing', seats: seats(true), to_act: [0], turns: { 0: 'turn-a' }, events: [{ type: 'timeout', seat: 1, bot: false }] });
  const next = then === 'back'
    ? at({ status: 'playing', seats: seats(false), to_act: [0], turns: { 0: 'turn-a' } })
    : at({ status: 'finished', seats: seats(false), to_act: [], turns: {} });
  const view = new VIEWS[game]({ id: 'away-back-' + then, games: () => net.games, now: () => net.serverNow() });
  document.querySelector('.table-body').appendChild(view.el);
  const badge = () => !!view.el.querySelector('[data-testid="timeout-1"]');
  view.update(timedOut, tableContext({ view: timedOut, seat: 0, version: e.version + 1 }));
  const got = [badge()];
  view.update(next, tableContext({ view: next, seat: 0, version: e.version + 2 }));
  got.push(badge());
  view.el.remove();
  return got;
}
