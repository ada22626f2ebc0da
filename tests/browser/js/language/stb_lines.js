async (lang) => {
  const i18n = await import('/static/i18n.js');
  i18n.setLang(lang);
  const { ShutTheBoxView } = await import('/static/games/shut_the_box.js');
  const view = new ShutTheBoxView({ id: 'words' });
  return [[3, 4], [2]].map((dice) => view.eventLines([{ type: 'rolled', seat: 0, dice, throw: dice.reduce((a, b) => a + b) }], ['Ann'])[0]);
}
