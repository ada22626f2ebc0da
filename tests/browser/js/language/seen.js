() => {
  window.seenTimeouts = new Set();
  const look = () => document.querySelectorAll('[data-testid=log] li.log-timeout').forEach((li) => window.seenTimeouts.add(li.textContent));
  look();
  new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
}
