  const moved = { ...v, result: { ...v.result, winners } };
  const view = new VIEWS[game]({ id: 'headline-' + game, games: () => net.games });
  document.body.appendChild(view.el);
  view.update(moved, tableContext({ view: moved, seat: e.seat, version: e.version + 1 }));
  const head = view.el.querySelector('[data-testid="winners"]');
  const out = head ? head.textContent : null;
  view.el.remove();
  return out;
}
