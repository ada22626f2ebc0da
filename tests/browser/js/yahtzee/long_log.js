  const { setLang } = await import('/static/i18n.js');
  setLang(lang);
  const view = new VIEWS[game]({ id: `long-${lang}`, games: () => net.games });
  // a felt of its own: the table screen draws its own again in the new language
  const felt = document.createElement('div');
  felt.className = 'table-body';
  document.body.appendChild(felt);
  felt.appendChild(view.el);
  const log = () => view.el.querySelector('[data-testid="log"]');
  const seen = [];
  for (let k = 0; k < counts[counts.length - 1]; k++) {
    const ev = { type: 'rolled', seat: k % 2, hold: [], dice: [1, 2, 3, 4, (k % 6) + 1], roll: 1 };
    const at = { ...v, events: [ev] };
    const newest = log() && log().lastElementChild;
    view.update(at, tableContext({ view: at, seat: 0, version: e.version + 1 + k }));
    if (counts.includes(k + 1)) {
      const el = log();
      // the log scrolls to its newest line in the next frame
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      seen.push({ lines: [...el.querySelectorAll('li')].map((li) => li.textContent), height: el.getBoundingClientRect().height, scroll: el.scrollHeight, top: el.scrollTop, client: el.clientHeight, kept: !!newest && newest.isConnected });
    }
  }
  felt.remove();
  setLang('en');
  return seen;
}
