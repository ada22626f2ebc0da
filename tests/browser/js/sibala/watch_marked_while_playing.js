([id, mark]) => {
  // window.__markedWhilePlaying: whether, at any drawn state, table `id`'s
  // game was on and seat 0's dice carried the clock's `mark` (the DOM and
  // the view read together, at every change of the page)
  window.__markedWhilePlaying = false;
  const check = () => {
    const e = window.lobby.net.tables.get(id);
    const el = document.querySelector('[data-testid=seat-0] [data-testid=forced-0]');
    if (e && e.view && e.view.status === 'playing' && el && el.textContent === mark) window.__markedWhilePlaying = true;
  };
  new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  check();
}
