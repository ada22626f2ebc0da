async ([names, mySeat]) => {
  const { ratingChanges } = await import('/static/ratings.js');
  const seats = [{ name: names[0] }, { name: names[1], left: true, bot: true }, { name: names[2], left: true, bot: true }, { name: 'Ada', bot: true }];
  const view = {
    seats, players: seats.map((s) => ({ ...s, away: undefined })),
    result: { winners: [3] },
    ratings: [null, { rating: 950, rating_delta: -50, provisional: true }, { rating: 951, rating_delta: -49, provisional: true }, null],
  };
  const el = document.createElement('div');
  el.append(...[ratingChanges(view, names, mySeat)].flat().filter(Boolean));
  return el.querySelector('[data-testid="rating-change-0"]').textContent;
}
