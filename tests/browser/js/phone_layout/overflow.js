() => {
  const width = document.documentElement.clientWidth;
  const felt = document.querySelector('.table-body');
  const edge = felt ? felt.getBoundingClientRect() : null;
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const card = el.parentElement && el.parentElement.closest('.seat, .stud-seat');
    const box = card ? card.getBoundingClientRect() : null;
    const [left, right] = box ? [box.left, box.right] : edge && felt.contains(el) && el !== felt ? [edge.left, edge.right] : [0, width];
    if (r.right > right + 0.5 || r.left < left - 0.5) {
      out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')}[${el.dataset.testid || ''}] ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
  }
  const texts = [];  // text running past the screen's edge, out of a box that does not
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), range = document.createRange();
  for (let node; (node = walker.nextNode()); ) {
    range.selectNodeContents(node);
    if (range.getBoundingClientRect().right > width + 0.5) texts.push(`${node.parentElement.className}[${node.parentElement.dataset.testid || ''}]: ${node.data.slice(0, 60)}`);
  }
  return {scroll: document.scrollingElement.scrollWidth, width, out: out.slice(0, 8), texts: texts.slice(0, 4)};
}
