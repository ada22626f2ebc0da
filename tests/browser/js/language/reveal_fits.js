(words) => {
  const rev = document.querySelector('.sn-rev:has(.sn-rev-timeout)');
  const out = rev.querySelector('.sn-rev-out');
  const tag = rev.querySelector('.sn-rev-timeout');
  const box = rev.getBoundingClientRect();
  const bad = [];
  for (const [kind, word] of words) {
    const el = kind === 'tag' ? tag : out;
    const keep = el.textContent;
    el.textContent = word;
    const r = el.getBoundingClientRect();
    if (el.scrollWidth > el.clientWidth + 1 || r.left < box.left - 1 || r.right > box.right + 1) bad.push([word, el.scrollWidth, el.clientWidth, r.left, r.right, box.left, box.right]);
    // a tag of two lines in a pill's round ends: its words stand out of the pill
    const cs = getComputedStyle(el);
    const lines = Math.round(r.height / (parseFloat(cs.lineHeight) || 1.2 * parseFloat(cs.fontSize)));
    const round = Math.min(parseFloat(cs.borderTopLeftRadius), r.height / 2);
    if (kind === 'tag' && lines > 1 && round > r.height / 4) bad.push([word, 'round ends', lines, round, r.height]);
    if (!/ /.test(word) && lines > 1) bad.push([word, 'broken', lines]);
    el.textContent = keep;
  }
  return bad;
}
