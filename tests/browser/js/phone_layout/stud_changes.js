() => {
  const box = document.querySelector('[data-testid="changes"]');
  const edge = box.getBoundingClientRect();
  return [...box.querySelectorAll('.change')].map((c) => {
    const name = c.querySelector('.change-name');
    const r = c.getBoundingClientRect();
    return { name: name.textContent, cut: name.scrollWidth > name.clientWidth + 0.5, full: r.width >= edge.width - 1, inside: r.left >= edge.left - 0.5 && r.right <= edge.right + 0.5 };
  });
}
