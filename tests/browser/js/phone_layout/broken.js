(sel) => {
  const out = [];
  for (const el of document.querySelectorAll(sel)) {
    if (!el.getClientRects().length || !el.textContent.trim()) continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    let word = [], lines = new Set(), split = [];
    const close = () => { if (lines.size > 1) split.push(word.join('')); word = []; lines = new Set(); };
    for (let node; (node = walker.nextNode()); ) {
      for (let i = 0; i < node.data.length; i++) {
        if (/\s/.test(node.data[i])) { close(); continue; }
        range.setStart(node, i); range.setEnd(node, i + 1);
        const r = range.getClientRects()[0];
        if (r) lines.add(Math.round(r.top + r.height / 2));
        word.push(node.data[i]);
      }
    }
    close();
    if (split.length || el.scrollWidth > el.clientWidth + 1) out.push(`${el.className}: ${el.textContent} (broken: ${split}; ${el.scrollWidth}/${el.clientWidth})`);
  }
  return out;
}
