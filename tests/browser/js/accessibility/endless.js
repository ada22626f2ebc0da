() => document.getAnimations()
  .filter((a) => a.playState === 'running' && a.effect && a.effect.getComputedTiming().iterations === Infinity)
  .map((a) => `${a.effect.target ? a.effect.target.className : '?'}: ${a.animationName || a.id || 'animation'}`)
