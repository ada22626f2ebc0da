() => {
  // every 6 Nimmt! card on the page (hand and rows) made to show the widest number, 104: each on one line inside its card
  const bad = [];
  for (const card of document.querySelectorAll('.sn-card')) {
    const num = card.querySelector('.sn-num');
    num.textContent = '104';
    num.className = 'sn-num sn-num3';
    const n = num.getBoundingClientRect();
    const c = card.getBoundingClientRect();
    const size = parseFloat(getComputedStyle(num).fontSize);
    if (n.height > 1.5 * size || n.left < c.left - 0.5 || n.right > c.right + 0.5) bad.push({ card: card.dataset.card, num: [n.left, n.right, n.height], box: [c.left, c.right], size });
  }
  return bad;
}
