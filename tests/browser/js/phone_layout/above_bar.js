el => { const r = el.getBoundingClientRect();
  const bar = document.querySelector('.next-actions').getBoundingClientRect();
  return r.top >= 0 && r.bottom <= Math.min(innerHeight, bar.top); }
