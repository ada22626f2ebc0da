async ([game, lists]) => {
  const { VIEWS } = await import('/static/games/index.js');
  const { setLang } = await import('/static/i18n.js');
  const out = {};
  for (const lang of ['en', 'zh']) {
    setLang(lang);
    for (const seat of [null, 0]) {
      const view = new VIEWS[game]({ id: 'words', games: () => [] });
      view.ctx = { seat };
      out[`${lang}:${seat}`] = lists.map((events) => view.eventLines(events, ['Ann', 'Ada（bot）']));
    }
  }
  setLang('en');
  return out;
}
