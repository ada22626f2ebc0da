(id) => {
  window.urgency = [];
  const el = document.querySelector('[data-testid=countdown]');
  new MutationObserver(() => {
    const v = window.lobby.net.tables.get(id).view;
    window.urgency.push({urgent: el.classList.contains('urgent'), acting: (v.to_act || []).map((s) => !!(v.seats[s] && v.seats[s].bot))});
  }).observe(el, {attributes: true, attributeFilter: ['class']});
}
