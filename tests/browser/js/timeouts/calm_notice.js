([past, said]) => {
  const el = document.querySelector('[data-testid=timeout-notice]');
  const playing = document.querySelector('[data-testid=table-status]').dataset.status === 'playing'; // a game over shows no notice at all
  const calm = playing && document.querySelector('[data-testid=countdown]').dataset.urgent !== 'true';
  return calm && (!el.hidden && el.textContent.startsWith(past)) === said;
}
