() => {
  const bar = document.querySelector('.table-body .statusbar').getBoundingClientRect();
  const prompt = document.querySelector('[data-testid=prompt]').getBoundingClientRect();
  const rows = [...document.querySelectorAll('[data-testid=rows] .sn-row')].map((el) => el.getBoundingClientRect());
  return {rows: rows.map((r) => [Math.round(r.top), Math.round(r.bottom)]), bar: bar.bottom, prompt: [prompt.top, prompt.bottom], height: innerHeight,
    ok: rows.length === 4 && rows.every((r) => r.top >= bar.bottom - 0.5 && r.bottom <= prompt.top + 0.5) && prompt.top >= 0 && prompt.bottom <= innerHeight + 0.5};
}
