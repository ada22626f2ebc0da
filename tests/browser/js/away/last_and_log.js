() => {
  const box = document.querySelector('[data-testid=last-turn-text]');
  if (!box || box.closest('[hidden]')) return false;
  const ends = [...document.querySelectorAll('[data-testid=log] li.log-result')];
  const end = ends[ends.length - 1];
  if (!end || end.classList.contains('log-timeout')) return false;
  const line = end.cloneNode(true);
  for (const m of line.querySelectorAll('.forced-mark')) m.remove();
  return [box.textContent.trim(), line.textContent.trim()];
}
