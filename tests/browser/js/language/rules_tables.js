() => {
  const body = document.querySelector('[data-testid=rules-body]');
  const box = body.getBoundingClientRect();
  const tables = [...body.querySelectorAll('table')];
  return {
    n: tables.length,
    scrolls: [body, ...tables].some((el) => el.scrollWidth > el.clientWidth + 1),
    out: [...body.querySelectorAll('tbody td')].filter((td) => { const r = td.getBoundingClientRect(); return r.left < box.left - 1 || r.right > box.right + 1; }).map((td) => td.textContent),
    labels: [...body.querySelectorAll('tbody tr:first-child td')].map((td) => td.dataset.label || ''),
  };
}
