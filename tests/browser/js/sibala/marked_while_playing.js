([id, mark]) => {
  const v = window.lobby.net.tables.get(id).view;
  const el = document.querySelector('[data-testid=seat-0] [data-testid=forced-0]');
  return v.status === 'playing' && !!el && el.textContent === mark;
}
