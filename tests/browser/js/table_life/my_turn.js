() => ({
  notice: document.querySelector('[data-testid=timeout-notice]').textContent,
  badge: !!document.querySelector('[data-testid=timeout-0]'),
  roll: !document.querySelector('[data-testid=roll]').disabled,
})
