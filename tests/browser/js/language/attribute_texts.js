() => {
  const out = [];
  for (const el of document.querySelectorAll('*')) {
    const where = el.tagName + (el.dataset.testid ? '#' + el.dataset.testid : '');
    for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
      const v = el.getAttribute(a);
      if (v && v.trim()) out.push([where, a, v]);
    }
    const button = el.tagName === 'BUTTON' || (el.tagName === 'INPUT' && ['button', 'submit', 'reset'].includes(el.type));
    if (button && el.getAttribute('value')) out.push([where, 'value', el.getAttribute('value')]);
  }
  return out;
}
