() => {
  const flying = [...document.querySelectorAll('.flying')].map((el) => el.dataset.card);
  const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect && a.effect.target && a.effect.target.closest('.sn-rows')).length;
  const outside = [];
  for (const row of document.querySelectorAll('.sn-row')) {
    const box = row.getBoundingClientRect();
    for (const card of row.querySelectorAll('.sn-row-cards .sn-card')) {
      const r = card.getBoundingClientRect();
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) outside.push(card.dataset.card);
    }
  }
  return { flying, running, outside };
}
