() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, id: el.dataset.testid || el.className}; };
  const all = (sel) => [...document.querySelectorAll(sel)].map(box);
  return {
    cards: all('[data-testid=seats] .pcard'),
    panel: box(document.querySelector('.stud-middle')),
    controls: all('[data-testid=actions] button, [data-testid=actions] input'),
    pot: box(document.querySelector('[data-testid=pot]')),
    bar: box(document.querySelector('.table-body .statusbar')),
    chooser: !!document.querySelector('[data-testid=amount]'),
    width: document.documentElement.clientWidth, height: innerHeight,
  };
}
