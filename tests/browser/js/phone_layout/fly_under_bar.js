() => {
  const bar = document.querySelector('.six-nimmt .statusbar');
  const card = document.querySelector('.sn-row-cards .sn-card');
  const b = bar.getBoundingClientRect();
  const c = card.getBoundingClientRect();
  const x = b.left + b.width / 2, y = b.top + b.height / 2;
  const dx = x - (c.left + c.width / 2), dy = y - (c.top + c.height / 2);
  card.classList.add('flying');
  const fly = card.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: `translate(${dx}px, ${dy}px)` }], { duration: 60000 });
  fly.pause();
  const at = document.elementFromPoint(x, y);
  const r = card.getBoundingClientRect();
  const drawn = r.left <= x && r.right >= x && r.top <= y && r.bottom >= y;
  fly.cancel();
  card.classList.remove('flying');
  return { bar: bar.contains(at), drawn, at: at ? at.className.baseVal ?? at.className : null };
}
