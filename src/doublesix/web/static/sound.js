// @ts-check
/**
 * Sound effects made with the Web Audio API: no sound files. Every sound also has a visible and
 * announced counterpart, so nothing is said by sound alone.
 */

/** @type {AudioContext|null} */
let ctx = null;
let enabled = true;

/** @param {boolean} on */
export function setEnabled(on) {
  enabled = on;
}

function audio() {
  if (!enabled) return null;
  const Ctor = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
  if (!Ctor) return null;
  // Browsers refuse sound before the page has been used; wait for the first tap or key.
  const activation = /** @type {any} */ (navigator).userActivation;
  if (!ctx && activation && !activation.hasBeenActive) return null;
  if (!ctx) {
    try {
      ctx = new Ctor();
    } catch {
      return null;
    }
  }
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  return ctx;
}

/**
 * A short tone.
 * @param {number} freq @param {number} start seconds from now @param {number} length seconds
 * @param {OscillatorType} [type] @param {number} [volume]
 */
function tone(freq, start, length, type = "sine", volume = 0.18) {
  const ac = audio();
  if (!ac) return;
  const t0 = ac.currentTime + start;
  const osc = ac.createOscillator();
  const gain = ac.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  gain.gain.setValueAtTime(0.0001, t0);
  gain.gain.exponentialRampToValueAtTime(volume, t0 + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
  osc.connect(gain).connect(ac.destination);
  osc.start(t0);
  osc.stop(t0 + length + 0.02);
}

/** A click of bone on wood: a burst of filtered noise. @param {number} [start] @param {number} [freq] */
function knock(start = 0, freq = 1800) {
  const ac = audio();
  if (!ac) return;
  const t0 = ac.currentTime + start;
  const length = 0.07;
  const buffer = ac.createBuffer(1, Math.ceil(ac.sampleRate * length), ac.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 3;
  const src = ac.createBufferSource();
  src.buffer = buffer;
  const filter = ac.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = freq;
  filter.Q.value = 1.2;
  const gain = ac.createGain();
  gain.gain.value = 0.6;
  src.connect(filter).connect(gain).connect(ac.destination);
  src.start(t0);
}

/** @type {Record<string, () => void>} */
const SOUNDS = {
  lay: () => knock(0, 1600),
  draw: () => { knock(0, 900); knock(0.08, 1100); },
  pass: () => tone(220, 0, 0.18, "triangle", 0.12),
  score: () => { tone(880, 0, 0.12); tone(1320, 0.1, 0.2); },
  win: () => [523, 659, 784, 1047].forEach((f, i) => tone(f, i * 0.11, 0.25, "triangle")),
  lose: () => [392, 330, 262].forEach((f, i) => tone(f, i * 0.16, 0.3, "sine", 0.14)),
  turn: () => tone(660, 0, 0.15, "sine", 0.1),
};

/** Play a named effect: lay, draw, pass, score, win, lose, turn. @param {string} name */
export function play(name) {
  if (!enabled) return;
  try {
    SOUNDS[name]?.();
  } catch {
    // Sound is a nicety: never let it break the game.
  }
}
