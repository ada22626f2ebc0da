() => [...document.querySelectorAll('[data-testid=log] li')].map((li) => ({
  text: li.textContent, cls: li.className, marks: [...li.querySelectorAll('.forced-mark')].map((m) => m.dataset.how) }))
