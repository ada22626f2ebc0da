async ([names, mySeat]) => {
  const { ratingChanges } = await import('/static/ratings.js');
  const bot = (name) => ({ name, bot: true });
  const seats = [{ name: names[0] }, { name: names[1], left: true, bot: true }, bot('Ada'), bot('Bao'), bot('Cleo')];
  const view = {
    seats, players: seats.map((s) => ({ ...s, away: undefined })),
    result: { winners: [1] },
    ratings: [null, { rating: 928, rating_delta: -72, provisional: true }, null, null, null],
  };
  const el = document.createElement('div');
  el.append(...[ratingChanges(view, names, mySeat)].flat().filter(Boolean));
  return [...el.querySelectorAll('[data-testid^="rating-change-"]')].map((li) => [li.dataset.testid, li.textContent]);
}
