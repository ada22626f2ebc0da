(() => {
  // every Web Animation the page starts, as {id: the test id of the element it moves or its closest marked ancestor, else its class; ms: duration}
  window.motions = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    const owner = this.closest('[data-testid]');
    window.motions.push({ id: owner ? owner.dataset.testid : this.className, ms: typeof options === 'number' ? options : (options && options.duration) || 0 });
    return animate.call(this, frames, options);
  };
})()
