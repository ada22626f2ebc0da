() => {
  window.notices = [];
  const el = document.querySelector('[data-testid=timeout-notice]');
  new MutationObserver(() => {
    const mark = (seat) => document.querySelector(`[data-testid=seat-${seat}] .badge-timeout, [data-testid=seat-${seat}] .forced-timeout`);
    const mine = mark(0);
    const seen = {text: el.hidden ? '' : el.textContent, kind: el.dataset.kind || '', mine: mine ? mine.textContent : null, other: !!mark(1)};
    if (seen.kind !== 'hurry') window.notices.push(seen);
  }).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}
