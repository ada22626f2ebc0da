// The turn cue: a short beep when it becomes your turn.
//
// Browsers allow audio only after a user gesture, so the AudioContext is made
// (or resumed) in one.  A running context renders silence on an audio thread
// of its own for as long as it runs (a phone's battery, a test page's CPU):
// it is suspended after a quiet second and resumed for each beep (allowed
// once the page had a gesture).

/** Milliseconds of quiet after which the context is suspended. */
export const QUIET_MS = 1000;

/** A turn cue: {unlock(), beep()}.  `makeContext()` returns a new Web Audio
 * context (default: the page's AudioContext, null where there is none);
 * `later(fn, ms)`/`cancel(id)` are setTimeout/clearTimeout.  unlock() runs
 * in a gesture's handler; beep() plays 0.2 s of 880 Hz when unlocked, else
 * nothing.  Neither throws. */
export function turnCue({ makeContext = defaultContext, later = setTimeout, cancel = clearTimeout } = {}) {
  let audio = null;
  let quiet = null;
  const hush = () => {
    cancel(quiet);
    quiet = later(() => {
      if (audio && audio.state === "running") audio.suspend().catch(() => {});
    }, QUIET_MS);
  };
  const play = () => {
    try {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      const now = audio.currentTime;
      osc.type = "sine";
      osc.frequency.setValueAtTime(880, now);
      gain.gain.setValueAtTime(0.0001, now);
      gain.gain.exponentialRampToValueAtTime(0.15, now + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.18);
      osc.connect(gain).connect(audio.destination);
      osc.start(now);
      osc.stop(now + 0.2);
    } catch (e) {
      /* no sound: fine */
    }
    hush();
  };
  return {
    unlock() {
      try {
        if (!audio) audio = makeContext();
        if (!audio) return;
        if (audio.state === "suspended") audio.resume().catch(() => {});
        hush();
      } catch (e) {
        audio = null;
      }
    },
    beep() {
      if (!audio || audio.state === "closed") return;
      if (audio.state === "running") play();
      else audio.resume().then(play, () => {});
    },
  };
}

function defaultContext() {
  const Ctx = globalThis.AudioContext || globalThis.webkitAudioContext;
  return Ctx ? new Ctx() : null;
}
