  const players = [{ name: 'Zed Quill', bot: true, left: true }, v.seats[1]];
  const back = { ...v, status: 'waiting', seats: [null, v.seats[1]], players, to_act: [], deadlines: {} };
  const view = new VIEWS[game]({ id: 'last-' + game, games: () => net.games });
  document.body.appendChild(view.el);
  view.update(back, tableContext({ view: back, seat: 1, version: e.version + 1 }));
  const name = view.el.querySelector('[data-testid="seat-name-0"]');
  const seat = view.el.querySelector('[data-testid="seat-0"]');
  const out = { name: name.textContent, title: name.title, left: !!seat.querySelector('.badge-left'), you: !!seat.querySelector('.badge-you') };
  view.el.remove();
  return out;
}
