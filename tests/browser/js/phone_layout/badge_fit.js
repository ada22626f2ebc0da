(overflow) => {
  const check = eval(overflow);
  window.badgeFit = null;
  new MutationObserver(() => {
    if (window.badgeFit === null && document.querySelector('[data-testid="seats"] .seat.me :is(.badge-timeout, .forced-timeout)')) window.badgeFit = check();
  }).observe(document.body, { subtree: true, childList: true });
}
