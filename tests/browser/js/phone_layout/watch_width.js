() => {
  window.tooWide = [];
  new MutationObserver(() => {
    const scroll = document.scrollingElement.scrollWidth, width = document.documentElement.clientWidth;
    if (scroll <= width || window.tooWide.length >= 3) return;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), range = document.createRange(), past = [];
    for (let node; (node = walker.nextNode()); ) {
      range.selectNodeContents(node);
      if (range.getBoundingClientRect().right > width + 0.5) past.push(`${node.parentElement.className}: ${node.data}`);
    }
    window.tooWide.push(`${scroll} > ${width}: ${past.join(' | ')}`);
  }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
}
