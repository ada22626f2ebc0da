() => {
  window.round2 = [];
  const read = () => {
    const status = document.querySelector('[data-testid=table-status]').dataset.status;
    const round = document.querySelector('[data-testid=round]');
    if (status !== 'playing' || !round || round.textContent !== 'Round 2 of 2') return;
    const el = document.querySelector('[data-testid=timeout-notice]');
    window.round2.push({notice: el.hidden ? '' : el.textContent, badge: !!document.querySelector('[data-testid=timeout-0]')});
  };
  new MutationObserver(read).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}
