(testid) => [...document.querySelectorAll(`[data-testid="${testid}"] th`)].map((th) => {
  const split = [];
  for (const node of th.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE) continue;
    for (const m of node.data.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) split.push(m[0]);
    }
  }
  return { text: th.textContent, split, overflow: th.scrollWidth > th.clientWidth };
})
