([id, n, away]) => {
  const v = window.lobby.net.tables.get(id).view;
  const bots = (v.forced || []).filter((f) => f[0] === 0 && f[1] === 'bot').length;
  const el = document.querySelector('[data-testid="timeout-notice"]');
  // the other seat is a bot's: no notice of its own
  return v.status === 'playing' && bots >= n && !!el && !el.hidden && el.textContent.trim() === away;
}
