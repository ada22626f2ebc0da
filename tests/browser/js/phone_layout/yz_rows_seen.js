() => {
  const head = document.querySelector('.table-body .statusbar').getBoundingClientRect().bottom;
  const foot = document.querySelector('.yz-controls').getBoundingClientRect().top;
  const rows = [...document.querySelectorAll('[data-testid=score-card] tbody tr, [data-testid=score-card] tfoot tr')];
  const seen = rows.filter((r) => { const b = r.getBoundingClientRect(); return b.top >= head - 1 && b.bottom <= foot + 1; });
  const box = (sel) => { const r = document.querySelector(sel).getBoundingClientRect(); return [Math.round(r.top), Math.round(r.bottom)]; };
  return {seen: seen.length, rows: rows.length, head, foot, height: innerHeight,
    rowh: rows.map((r) => Math.round(r.getBoundingClientRect().height)), hint: box('.yz-hint'), card: box('[data-testid=score-card]'), thead: box('[data-testid=score-card] thead'), dice: box('.yz-dice'), actions: box('.yz-actions'), felt: box('.table-body')};
}
