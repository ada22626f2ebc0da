() => [...document.querySelectorAll('[data-testid=log] li')].map((li) => li.textContent)
